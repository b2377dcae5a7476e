// A view report at first sight: its ticket checked against the report, the play as the views table
// records it, and the one statement that counts it when every rule lets it (db/views.ts
// countViewWithinRules). POST /api/views (api/routes/views.ts) and the play lane (play-lane.ts)
// both count a view this way; a report the statement does not count is for the route's rules, taken
// one by one, to answer.
import type { ViewRules } from '../api/context.ts';
import { views, type Executor } from '../db/index.ts';
import { originOf } from '../origin.ts';
import { addressGroups, type AddressGroups } from './address-group.ts';
import type { AdTicket, TicketSigner } from './ticket.ts';

/** What a view report names: its film, its embed (and the embed's publisher, optionally) and its ticket. */
export interface Report {
  projectId: number;
  embedId: string;
  publisher?: string;
  ticket: string;
}

/**
 * The report's ticket and the publisher its play is for; or why the ticket does not fit the report.
 * One the server did not sign, or signed too long ago, is a credential that authorises nothing (403);
 * a genuine ticket of another play is a mismatch (400). The body may repeat the ticket's publisher, never change it.
 */
export function checkedTicket(
  tickets: TicketSigner,
  report: Report,
  cluster: string,
  nowMs: number,
): { ticket: AdTicket; publisher: string | undefined } | { status: 400 | 403; message: string } {
  const ticket = tickets.verifyTicket(report.ticket, nowMs);
  if ('problem' in ticket) return { status: 403, message: ticket.problem };
  if (ticket.projectId !== report.projectId || ticket.cluster !== cluster) return { status: 400, message: 'The ad ticket is for another film' };
  if (ticket.embed !== report.embedId) return { status: 400, message: 'The ad ticket is for another embed' };
  if (ticket.publisher && report.publisher && ticket.publisher !== report.publisher) return { status: 400, message: "The ad ticket is for another publisher's embed" };
  return { ticket, publisher: ticket.publisher ?? report.publisher };
}

/** A report's play as the views table records it, its viewer's address groups and the limits it counts under. */
export interface ReportedPlay {
  groups: AddressGroups;
  limits: views.WindowLimits;
  play: { play: string; ip: string; ipGroup: string; wideGroup: string; countedAt: number; campaign: string | null };
}

export function reportedPlay(ticket: AdTicket, ip: string, reportedAt: number, rules: ViewRules): ReportedPlay {
  const groups = addressGroups(ip);
  return {
    groups,
    // The loose group is the tight one for IPv6 (its /64): no second count under a looser cap.
    limits: {
      since: reportedAt - rules.windowMs,
      perAddress: rules.maxViewsPerIp,
      perNetwork: groups.wide === groups.narrow ? null : rules.maxViewsPerNetwork,
      perEmbed: rules.maxViewsPerEmbed,
    },
    play: { play: ticket.id, ip, ipGroup: groups.narrow, wideGroup: groups.wide, countedAt: reportedAt, campaign: ticket.campaign },
  };
}

/**
 * Counts the view by the one statement when the ticket's origin is a website's and the player
 * stayed visible long enough; whether it did (when not, nothing was written).
 */
export async function countAtFirstSight(
  db: Executor,
  report: { projectId: number; embedId: string; publisher: string | undefined; ticket: AdTicket },
  reported: ReportedPlay,
  minWatchMs: number,
): Promise<boolean> {
  const { ticket } = report;
  // The origin the server derived when it served the player page, never one the body names.
  const origin = originOf(ticket.origin);
  if (!origin || reported.play.countedAt - ticket.issuedAt < minWatchMs) return false;
  const view = { ...reported.play, projectId: report.projectId, embedId: report.embedId, publisher: report.publisher ?? null, origin };
  return views.countViewWithinRules(db, view, reported.limits);
}

/** View reports whose one statement already ran and counted nothing (the play lane's, handed on to the route). */
const triedAtFirstSight = new WeakSet<Request>();

/** Says the request's one statement ran and counted nothing: the route takes the rules one by one without running it again. */
export function markFirstSightTried(request: Request): void {
  triedAtFirstSight.add(request);
}

export function firstSightTried(request: Request): boolean {
  return triedAtFirstSight.has(request);
}
