// The limits on counted views over a sliding window, by address group rather than by
// address: the tight group (IPv4 address, IPv6 /64), the looser IPv4 /24, and a fair share of each
// embed's cap per (embed, /24-or-/64 group). An embed at its cap still counts views from a group
// that has used less than its share (the cap over the groups using the embed), so one source —
// however many addresses it rotates — cannot lock a publisher's other viewers out.
import { views, type Executor } from '../db/index.ts';
import type { AddressGroups } from './address-group.ts';

/**
 * The refusal message of the first limit the request is over, or null: the same `limits` the one
 * statement of a view counted at first sight checks (db/views.ts countViewWithinRules).
 */
export async function limitProblem(db: Executor, request: { embed: string; groups: AddressGroups }, limits: views.WindowLimits): Promise<string | null> {
  const { embed, groups } = request;
  const { since } = limits;
  const use = await views.ledgerUseSince(db, { narrow: groups.narrow, wide: groups.wide, embed, since });
  if (use.narrow >= limits.perAddress) return 'Too many views from this address; try again in a minute';
  if (limits.perNetwork !== null && use.wide >= limits.perNetwork) return 'Too many views from this network; try again in a minute';
  if (use.embedTotal < limits.perEmbed) return null;
  // The embed is at its cap: a group that has not used its share yet (a newcomer always) still gets in.
  const share = await views.embedShareSince(db, { wide: groups.wide, embed, since });
  const groupsSharing = share.embedGroups + (share.embedOfGroup === 0 ? 1 : 0);
  const fairShare = Math.max(1, Math.floor(limits.perEmbed / groupsSharing));
  return share.embedOfGroup >= fairShare ? 'Too many views of this embed from this network; try again in a minute' : null;
}
