// The two requests of a play, as the player page's script sends them: the ads of its slots when the
// viewer presses Play (one of them carrying the play's ticket), and the view report with that
// ticket. Written once, so that the script (client.ts), the play lane's tests and the views bench
// send the same requests: the lane answers these shapes ahead of the app's layers (play-lane.ts),
// and a bench or test sending other shapes would measure or prove a path no player takes.
// Dependency-free: bundled into the page's script.
import type { AdSlot } from './machine.ts';

/** What the page gives both requests: its film, cluster, embed and signed token. */
export interface PlayPage {
  projectId: number;
  cluster: string;
  embedId: string | null;
  /** The embed's publisher (film, publisher and embed id name an embed), sent with the play. */
  publisher: string | null;
  pageToken: string | null;
}

/**
 * The path of the ads request at Play (GET): the page's slots, its cluster and, when it has one, its
 * token, which gets the play a ticket (on the ad it pays for).
 */
export function adsRequestPath(page: PlayPage, slots: readonly AdSlot[]): string {
  const token = page.pageToken ? `&page=${encodeURIComponent(page.pageToken)}` : '';
  return `/player/${page.projectId}/ads?cluster=${encodeURIComponent(page.cluster)}&slots=${slots.join(',')}${token}`;
}

/** The path the view report is posted to (JSON). */
export function viewReportPath(page: Pick<PlayPage, 'cluster'>): string {
  return `/api/views?cluster=${encodeURIComponent(page.cluster)}`;
}

/** The view report of a play of a counted embed (`embedId` set): the ticket of the ad served, and the player's clock (informational). */
export function viewReport(page: PlayPage & { embedId: string }, ticket: string, now: number) {
  return {
    projectId: page.projectId,
    embedId: page.embedId,
    ...(page.publisher ? { publisher: page.publisher } : {}),
    ticket,
    timestamp: now,
  };
}
