// Websites as Marquee compares them: by origin (scheme, host and port), the unit a browser isolates,
// the unit a publisher verifies and the one an embed's views count on.

/** The origin of an http(s) URL, or null for anything else. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
