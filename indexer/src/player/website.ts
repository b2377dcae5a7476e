// The website embedding the player, as the embed host derives it (compared by origin: ../origin.ts).
import { originOf } from '../origin.ts';

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
