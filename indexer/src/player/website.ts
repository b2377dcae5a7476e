// Websites as the embed host compares them: by origin (scheme, host and port), the unit a browser
// isolates and the unit a publisher verifies.

/** The origin of an http(s) URL, or null for anything else. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin of the page embedding the player, as the browser's own request for the player page
 * says it: its Referer's origin (what the default referrer policy sends cross-origin). A navigation
 * nobody's page made (Sec-Fetch-Site: none, a typed address) has no embedding page. A `?website=`
 * the loader passes is never read here: anyone can write it.
 */
export function embeddingOrigin(referer: string | undefined, fetchSite: string | undefined): string | null {
  if (fetchSite === 'none') return null;
  return originOf(referer ?? '');
}
