// The views aggregate: the views counted of plays (each play is an ad ticket the server signed: its
// random id is the play's id, unique among the views, and its campaign is the one the view records),
// waiting in `views` for the settlement job. The limits count address groups
// (player/address-group.ts), not addresses, over the counted views.
import { sql } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';

/** What the limits of one request count among the views counted since a time: its address groups' and its embed's. */
export interface LedgerUse {
  /** Rows of the tight group (IPv4 address, IPv6 /64). */
  narrow: number;
  /** Rows of the loose group (IPv4 /24; the /64 again for IPv6). */
  wide: number;
  /** The embed's rows, of every group. */
  embedTotal: number;
}

/** How an embed at its cap is shared: the request's loose group's rows, and how many loose groups used it. */
export interface EmbedShare {
  embedOfGroup: number;
  embedGroups: number;
}

/**
 * The counts every view's limits need, in one statement (one round trip, each count on its own
 * index: (ip_group, time), (wide_group, time), (embed, time, wide_group)).
 */
const ledgerUse = compiledOnce((db: Executor, narrow: string, wide: string, embed: string, since: number) => {
  const query = sql<Record<'narrow' | 'wide' | 'embed_total', number | string>>`SELECT
    (SELECT COUNT(*) FROM views WHERE ip_group = ${narrow} AND counted_at > ${since}) AS narrow,
    (SELECT COUNT(*) FROM views WHERE wide_group = ${wide} AND counted_at > ${since}) AS wide,
    (SELECT COUNT(*) FROM views WHERE embed = ${embed} AND counted_at > ${since}) AS embed_total`;
  return { compile: () => query.compile(db) };
});

/** The share counts, read only for an embed at its cap (they walk the embed's whole window). */
const embedShare = compiledOnce((db: Executor, wide: string, embed: string, since: number) => {
  const query = sql<Record<'embed_of_group' | 'embed_groups', number | string>>`SELECT
    (SELECT COUNT(*) FROM views WHERE embed = ${embed} AND wide_group = ${wide} AND counted_at > ${since}) AS embed_of_group,
    (SELECT COUNT(DISTINCT wide_group) FROM views WHERE embed = ${embed} AND counted_at > ${since}) AS embed_groups`;
  return { compile: () => query.compile(db) };
});

/** The counts the view limits need for one request (player/view-limits.ts). */
export async function ledgerUseSince(db: Executor, request: { narrow: string; wide: string; embed: string; since: number }): Promise<LedgerUse> {
  const { narrow, wide, embed, since } = request;
  const row = (await ledgerUse(db, narrow, wide, embed, since)).rows[0];
  return { narrow: Number(row.narrow), wide: Number(row.wide), embedTotal: Number(row.embed_total) };
}

/** How the embed's window is shared between loose groups (player/view-limits.ts, at the embed's cap). */
export async function embedShareSince(db: Executor, request: { wide: string; embed: string; since: number }): Promise<EmbedShare> {
  const row = (await embedShare(db, request.wide, request.embed, request.since)).rows[0];
  return { embedOfGroup: Number(row.embed_of_group), embedGroups: Number(row.embed_groups) };
}

const countViewQuery = compiledOnce(
  (db: Executor, play: string, projectId: number, embed: string, ip: string, ipGroup: string, wideGroup: string, countedAt: number, campaign: string | null) =>
    db
      .insertInto('views')
      .values({ project_id: projectId, embed, nonce: play, ip, ip_group: ipGroup, wide_group: wideGroup, counted_at: countedAt, campaign })
      .onConflict((oc) => oc.column('nonce').doNothing())
      .returning('id'),
);

/**
 * Counts the view of one play, atomically by itself (one statement): the play's id is unique among
 * the views, so of two reports of the same play only the first counts. Returns whether this one did.
 */
export async function countView(
  db: Executor,
  view: { play: string; projectId: number; embed: string; ip: string; ipGroup: string; wideGroup: string; countedAt: number; campaign: string | null },
): Promise<boolean> {
  const counted = await countViewQuery(db, view.play, view.projectId, view.embed, view.ip, view.ipGroup, view.wideGroup, view.countedAt, view.campaign);
  return counted.rows.length > 0;
}
