// Where the player may play (the DRM promise: films play only on verified websites): framed by the
// embed's website once its publisher verified it, by a publisher's verified websites for an
// Auto-List player (a publisher named, no embed id), and always by Marquee itself (the film page's
// previews). The browser enforces it through the page's `frame-ancestors`; the page also says why it
// refuses when the request shows it was opened elsewhere (another site's Referer, or top-level).
import { publishers, type Executor } from '../db/index.ts';
import { originOf } from '../origin.ts';

/**
 * The origins besides Marquee's own that may frame a player page. An embed comes with the origins
 * its publisher verified (embeds.findEmbedWithVerifiedOrigins), so the page reads it once; only an
 * Auto-List player (no embed) reads its publisher's.
 */
export async function framingOrigins(
  db: Executor,
  player: { embed?: { website_url: string; verifiedOrigins: readonly string[] }; publisher?: string },
): Promise<string[]> {
  if (player.embed) {
    const origin = originOf(player.embed.website_url);
    return origin && player.embed.verifiedOrigins.includes(origin) ? [origin] : [];
  }
  return player.publisher ? publishers.verifiedOriginsOf(db, player.publisher) : [];
}

/**
 * The `frame-ancestors` source list: this server ('self'), its other public origins, the allowed
 * sites. CSP host sources cannot name an IPv6 literal (browsers ignore http://[::1] with a console
 * error), so those are left out: such a page is reached as 'self' or not at all.
 */
export function frameAncestors(ownOrigins: readonly string[], allowed: readonly string[]): string {
  const sources = [...new Set([...ownOrigins, ...allowed])].filter((origin) => !new URL(origin).hostname.startsWith('['));
  return ["'self'", ...sources].join(' ');
}

/**
 * Why this page refuses to play, from what its request says, or null. `framedBy`: the origin of the
 * page that asked for it (Referer), `destination`: Sec-Fetch-Dest. A page without either (an old
 * browser, a no-referrer frame) plays: the browser's frame-ancestors check still applies to it.
 */
export function framingRefusal(
  request: { framedBy: string | null; destination: string | undefined; embedded: boolean },
  allowed: readonly string[],
  own: readonly string[],
): string | null {
  const sites = allowed.length > 0 ? allowed.join(', ') : null;
  const where = sites ? `on ${sites}` : 'on a website its publisher verified';
  if (request.embedded && request.destination === 'document') return `This film plays only inside its player ${where}`;
  if (request.framedBy && !allowed.includes(request.framedBy) && !own.includes(request.framedBy))
    return `This film plays only ${where}, not on ${request.framedBy}`;
  return null;
}
