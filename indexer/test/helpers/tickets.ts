// Ad tickets for tests, the two ways a play gets one: as a browser does (the player page requested
// with its embedding page's Referer, the ticket taken from the page's config, where the server chose
// the ad), or minted with the test app's ticket secret for a chosen campaign (settlement tests,
// which are about paying views, not about which ad was served).
import { TicketSigner } from '../../src/player/ticket.ts';
import { playTicket, type AdSlot } from '../../src/player/machine.ts';
import { AD_TICKET_TTL_MS } from '../../src/constants.ts';

/** The secret the test apps derive their ticket key from (helpers/app.ts passes it). */
export const TEST_TICKET_SECRET = Buffer.alloc(32, 7);
export const testTickets = new TicketSigner(TEST_TICKET_SECRET);

export interface ServedPlay {
  slot: AdSlot;
  ticket: string;
  /** The campaign the server chose for the play (null: the house ad). */
  campaign: string | null;
}

/** The player page's config as served to a browser on `website` (Referer: a page of it). */
export async function playerConfig(
  fetchPage: (path: string, headers: Record<string, string>) => Promise<Response>,
  play: { projectId: number; embedId: string; website: string; cluster?: string; headers?: Record<string, string> },
): Promise<{ ads: Record<string, { campaign: string | null; ticket: string | null }>; slots: AdSlot[]; pageToken: string | null; notCounting: string | null }> {
  const query = `embed=${encodeURIComponent(play.embedId)}${play.cluster ? `&cluster=${play.cluster}` : ''}`;
  const page = await fetchPage(`/player/${play.projectId}?${query}`, { referer: `${play.website}/films/page.html`, 'sec-fetch-site': 'cross-site', ...play.headers });
  if (page.status !== 200) throw new Error(`The player page answered ${page.status}`);
  const html = await page.text();
  const json = /<script type="application\/json" id="player-config">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('The player page has no config');
  return JSON.parse(json);
}

/** The ticket a browser's player on `website` presents for its play nonce. */
export async function servedPlay(
  fetchPage: (path: string, headers: Record<string, string>) => Promise<Response>,
  play: { projectId: number; embedId: string; website: string; cluster?: string; headers?: Record<string, string> },
): Promise<ServedPlay> {
  const config = await playerConfig(fetchPage, play);
  const chosen = playTicket(config.slots, config.ads);
  if (!chosen) throw new Error(`The player page carries no ticket (${config.notCounting ?? 'no reason given'})`);
  return { ...chosen, campaign: config.ads[chosen.slot].campaign };
}

/** A ticket minted for `campaign` (null: the house ad), as the ad endpoint would issue it now. */
export function mintedTicket(play: {
  projectId: number;
  embedId: string;
  origin: string;
  campaign: string | null;
  nowMs: number;
  slot?: AdSlot;
  cluster?: string;
  ttlMs?: number;
  /** The embed's publisher, as a page that found the embed names it (none: a snippet older than publishers in URLs). */
  publisher?: string;
}): { slot: AdSlot; ticket: string } {
  const slot = play.slot ?? 'pre-roll';
  const ticket = testTickets.issueTicket({
    campaign: play.campaign,
    projectId: play.projectId,
    cluster: play.cluster ?? 'demo',
    embed: play.embedId,
    ...(play.publisher ? { publisher: play.publisher } : {}),
    slot,
    origin: play.origin,
    issuedAt: play.nowMs,
    expiresAt: play.nowMs + (play.ttlMs ?? AD_TICKET_TTL_MS),
  });
  return { slot, ticket };
}
