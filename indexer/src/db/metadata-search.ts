// The searchable fields of a project's metadata JSON, lower-cased once when stored so that search
// is one LIKE on both databases (title, description or directorName, case-insensitive).
export function searchFields(body: string): { search_description: string; search_director: string } {
  let parsed: { description?: unknown; directorName?: unknown } = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // Metadata is stored as JSON by POST /api/metadata; anything else simply is not searchable.
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : '');
  return { search_description: text(parsed.description), search_director: text(parsed.directorName) };
}
