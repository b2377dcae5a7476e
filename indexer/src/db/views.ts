// The views aggregate: the views counted of plays (each play is an ad ticket the server signed: its
// random id is the play's id, unique among the views, and its campaign is the one the view records),
// waiting in `views` for the settlement job. The limits count address groups
// (player/address-group.ts), not addresses, over the counted views.
import { sql, type RawBuilder } from 'kysely';
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

// The three counts the limits read, as subqueries: what limitProblem reads (ledgerUse) and what the
// one statement of a view counted at first sight tests (countWithinRulesQuery) are the same SQL.
/** The tight group's views since `since`. */
const narrowGroupViews = (narrow: string, wide: string, since: number) =>
  sql<number>`(SELECT COUNT(*) FROM views v WHERE v.wide_group = ${wide} AND v.counted_at > ${since} AND v.ip_group = ${narrow})`;
/** The loose group's views since `since`. */
const wideGroupViews = (wide: string, since: number) => sql<number>`(SELECT COUNT(*) FROM views v WHERE v.wide_group = ${wide} AND v.counted_at > ${since})`;
/** The embed's views since `since`, of every group (`embed`: its address, or a column holding it). */
const embedViews = (embed: string | RawBuilder<string>, since: number) => sql<number>`(SELECT COUNT(*) FROM views v WHERE v.embed = ${embed} AND v.counted_at > ${since})`;

/**
 * The counts every view's limits need, in one statement (one round trip): the address groups' from
 * one index (wide_group, time, ip_group; the tight group lies inside the loose one, migration 029),
 * the embed's from (embed, time, wide_group).
 */
const ledgerUse = compiledOnce((db: Executor, narrow: string, wide: string, embed: string, since: number) => {
  const query = sql<Record<'narrow' | 'wide' | 'embed_total', number | string>>`SELECT
    ${narrowGroupViews(narrow, wide, since)} AS narrow,
    ${wideGroupViews(wide, since)} AS wide,
    ${embedViews(embed, since)} AS embed_total`;
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

/** A view report's play and where it was played: the ticket's id, campaign, embed and origin, and the viewer's address groups. */
export interface PlayedView {
  play: string;
  projectId: number;
  embedId: string;
  /** The embed's publisher as the ticket names it; without one, the only publisher's embed of that id (embeds.findEmbedWithVerifiedOrigins). */
  publisher: string | null;
  /** The origin the ticket was issued for (the page's, as the server derived it). */
  origin: string;
  ip: string;
  ipGroup: string;
  wideGroup: string;
  countedAt: number;
  campaign: string | null;
}

/** The limits of player/view-limits.ts over the window since `since`; `perNetwork` null when the loose group is the tight one (IPv6). */
export interface WindowLimits {
  since: number;
  perAddress: number;
  perNetwork: number | null;
  perEmbed: number;
}

// Every argument is bound (none changes the statement's shape); the time is cast because
// PostgreSQL types a bare parameter in a SELECT list as text, the publisher where it is only tested for null.
const countWithinRulesQuery = compiledOnce(
  (
    db: Executor,
    play: string,
    projectId: number,
    embedId: string,
    publisher: string | null,
    origin: string,
    ip: string,
    ipGroup: string,
    wideGroup: string,
    countedAt: number,
    campaign: string | null,
    since: number,
    perAddress: number,
    perNetwork: number,
    perEmbed: number,
  ) => {
    const query = sql<{ id: number }>`INSERT INTO views (project_id, embed, nonce, ip, ip_group, wide_group, counted_at, campaign)
    SELECT e.project_id, e.address, ${play}, ${ip}, ${ipGroup}, ${wideGroup}, CAST(${countedAt} AS BIGINT), ${campaign}
    FROM embeds e
    WHERE e.project_id = ${projectId} AND e.embed_id = ${embedId}
      AND (e.publisher = ${publisher}
        OR (CAST(${publisher} AS TEXT) IS NULL
          AND NOT EXISTS (SELECT 1 FROM embeds o WHERE o.project_id = e.project_id AND o.embed_id = e.embed_id AND o.address <> e.address)))
      AND e.website_origin = ${origin}
      AND EXISTS (SELECT 1 FROM publisher_websites w WHERE w.status = 'verified' AND w.origin = e.website_origin
        AND (w.wallet = e.publisher OR w.wallet IN (SELECT u.wallet_address FROM users u WHERE u.chain_address = e.publisher)))
      AND ${narrowGroupViews(ipGroup, wideGroup, since)} < ${perAddress}
      AND ${wideGroupViews(wideGroup, since)} < ${perNetwork}
      AND ${embedViews(sql.ref('e.address'), since)} < ${perEmbed}
    ON CONFLICT (nonce) DO NOTHING
    RETURNING id`;
    return { compile: () => query.compile(db) };
  },
  // Most of the API's writes are this one: committed with the others of its turn on SQLite.
  { groupCommit: true },
);

/**
 * Counts the view when every rule lets it count at first sight, in one statement: the embed the
 * ticket names (as embeds.findEmbedWithVerifiedOrigins finds it), registered for the ticket's origin, which its
 * publisher verified; every limit
 * under its cap; the play not counted before. Whether it counted: when not, nothing was written, and
 * the caller takes the rules one by one (findEmbedWithVerifiedOrigins, counting.ts, view-limits.ts,
 * countView) to say which one refuses, or to count it within an embed's fair share at its cap.
 */
export async function countViewWithinRules(db: Executor, view: PlayedView, limits: WindowLimits): Promise<boolean> {
  const counted = await countWithinRulesQuery(
    db,
    view.play,
    view.projectId,
    view.embedId,
    view.publisher,
    view.origin,
    view.ip,
    view.ipGroup,
    view.wideGroup,
    view.countedAt,
    view.campaign,
    limits.since,
    limits.perAddress,
    // The loose group is the tight one: its count is the same, under the tighter cap already.
    limits.perNetwork ?? Number.MAX_SAFE_INTEGER,
    limits.perEmbed,
  );
  return counted.rows.length > 0;
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
