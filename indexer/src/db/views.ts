// The views aggregate: play nonces the embed player asks for (each with the ad ticket it came with
// and the address groups it came from), and the views counted with them (waiting in `views` for the
// settlement job). The limits count address groups (player/address-group.ts), not addresses.
import { PostgresAdapter, sql } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import { inTransaction, type Executor } from './executor.ts';
import type { PlayedEmbed } from './embeds.ts';

/** Which rows a limit counts: the plays (by issue time) or the counted views (by count time). */
export type ViewLedger = 'play_nonces' | 'views';

const timeColumn = (ledger: ViewLedger) => (ledger === 'play_nonces' ? 'issued_at' : 'counted_at');

/** What the limits of one request count in a ledger since a time: its address groups' rows and its embed's use. */
export interface LedgerUse {
  /** Rows of the tight group (IPv4 address, IPv6 /64). */
  narrow: number;
  /** Rows of the loose group (IPv4 /24; the /64 again for IPv6). */
  wide: number;
  /** The embed's rows, of every group. */
  embedTotal: number;
  /** The embed's rows from the request's loose group. */
  embedOfGroup: number;
  /** How many loose groups used the embed. */
  embedGroups: number;
}

/**
 * Every count the limits need, in one statement (one round trip, each count on its own index:
 * (ip_group, time), (wide_group, time), (embed, wide_group, time)).
 */
/** The statement of ledgerUseSince for one ledger (the table is part of the SQL, the rest are values). */
function ledgerUseQuery(ledger: ViewLedger) {
  return compiledOnce((db: Executor, narrow: string, wide: string, embed: string, since: number) => {
    const table = sql.table(ledger);
    const time = sql.ref(timeColumn(ledger));
    const query = sql<Record<'narrow' | 'wide' | 'embed_total' | 'embed_of_group' | 'embed_groups', number | string>>`SELECT
      (SELECT COUNT(*) FROM ${table} WHERE ip_group = ${narrow} AND ${time} > ${since}) AS narrow,
      (SELECT COUNT(*) FROM ${table} WHERE wide_group = ${wide} AND ${time} > ${since}) AS wide,
      (SELECT COUNT(*) FROM ${table} WHERE embed = ${embed} AND ${time} > ${since}) AS embed_total,
      (SELECT COUNT(*) FROM ${table} WHERE embed = ${embed} AND wide_group = ${wide} AND ${time} > ${since}) AS embed_of_group,
      (SELECT COUNT(DISTINCT wide_group) FROM ${table} WHERE embed = ${embed} AND ${time} > ${since}) AS embed_groups`;
    return { compile: () => query.compile(db) };
  });
}

const ledgerUse = { play_nonces: ledgerUseQuery('play_nonces'), views: ledgerUseQuery('views') };

/**
 * Every count the limits need, in one statement (one round trip, each count on its own index:
 * (ip_group, time), (wide_group, time), (embed, time), (embed, wide_group, time)).
 */
export async function ledgerUseSince(db: Executor, ledger: ViewLedger, request: { narrow: string; wide: string; embed: string; since: number }): Promise<LedgerUse> {
  const { narrow, wide, embed, since } = request;
  const row = (await ledgerUse[ledger](db, narrow, wide, embed, since)).rows[0];
  return {
    narrow: Number(row.narrow),
    wide: Number(row.wide),
    embedTotal: Number(row.embed_total),
    embedOfGroup: Number(row.embed_of_group),
    embedGroups: Number(row.embed_groups),
  };
}

/** Plays that never reported a view expire; their nonces are dropped so the table stays small. */
export async function dropExpiredNonces(db: Executor, issuedBefore: number): Promise<void> {
  await db.deleteFrom('play_nonces').where('used_at', 'is', null).where('issued_at', '<', issuedBefore).execute();
}

export interface NewPlay {
  nonce: string;
  embed: string;
  ip: string;
  ipGroup: string;
  wideGroup: string;
  issuedAt: number;
  /** The campaign of the play's ad ticket (null: the house ad). */
  campaign: string | null;
  ticketId: string;
}

const insertNonceQuery = compiledOnce(
  (db: Executor, nonce: string, embed: string, ip: string, ipGroup: string, wideGroup: string, issuedAt: number, campaign: string | null, ticketId: string) =>
    db
      .insertInto('play_nonces')
      .values({ nonce, embed, ip, ip_group: ipGroup, wide_group: wideGroup, issued_at: issuedAt, campaign, ticket_id: ticketId })
      .onConflict((oc) => oc.column('ticket_id').doNothing())
      .returning('nonce'),
);

/** Stores the play; false when its ticket already bought a play (the ticket id is unique). */
export async function insertNonce(db: Executor, play: NewPlay): Promise<boolean> {
  const stored = await insertNonceQuery(db, play.nonce, play.embed, play.ip, play.ipGroup, play.wideGroup, play.issuedAt, play.campaign, play.ticketId);
  return stored.rows.length > 0;
}

/** A play and the embed it was issued for (one query: the view report reads both). */
export interface Play {
  embed: PlayedEmbed;
  issued_at: number;
  used_at: number | null;
}

const findPlayQuery = compiledOnce((db: Executor, nonce: string) =>
  db
    .selectFrom('play_nonces as n')
    .innerJoin('embeds as e', 'e.address', 'n.embed')
    .select(['n.issued_at', 'n.used_at', 'e.address', 'e.project_id', 'e.publisher', 'e.embed_id', 'e.website_url'])
    .where('n.nonce', '=', nonce),
);

export async function findPlay(db: Executor, nonce: string): Promise<Play | undefined> {
  const row = (await findPlayQuery(db, nonce)).rows[0];
  if (!row) return undefined;
  const { issued_at, used_at, ...embed } = row;
  return { embed, issued_at, used_at };
}

const useNonceQuery = compiledOnce((db: Executor, nonce: string, usedAt: number) =>
  db.updateTable('play_nonces').set({ used_at: usedAt }).where('nonce', '=', nonce).where('used_at', 'is', null).returning('campaign'),
);

const insertViewQuery = compiledOnce(
  (db: Executor, projectId: number, embed: string, nonce: string, ip: string, ipGroup: string, wideGroup: string, countedAt: number, campaign: string | null) =>
    db
      .insertInto('views')
      .values({ project_id: projectId, embed, nonce, ip, ip_group: ipGroup, wide_group: wideGroup, counted_at: countedAt, campaign }),
);

// On PostgreSQL the nonce is used and the view written by one statement (a data-modifying WITH; one
// round trip, atomic by itself, where BEGIN … COMMIT takes four). SQLite has no UPDATE inside WITH;
// its transaction costs no round trips.
const countViewOnPostgres = compiledOnce(
  (db: Executor, nonce: string, projectId: number, embed: string, ip: string, ipGroup: string, wideGroup: string, countedAt: number) => {
    const query = sql<{ id: number }>`WITH used AS (
        UPDATE play_nonces SET used_at = ${countedAt} WHERE nonce = ${nonce} AND used_at IS NULL RETURNING campaign
      )
      INSERT INTO views (project_id, embed, nonce, ip, ip_group, wide_group, counted_at, campaign)
      SELECT CAST(${projectId} AS integer), ${embed}, ${nonce}, ${ip}, ${ipGroup}, ${wideGroup}, CAST(${countedAt} AS bigint), campaign FROM used
      RETURNING id`;
    return { compile: () => query.compile(db) };
  },
);

/**
 * Uses the nonce and counts its view, atomically: of two reports of the same play only the one
 * that marks the nonce used counts. Returns whether this one did.
 */
export async function countView(
  db: Executor,
  view: { nonce: string; projectId: number; embed: string; ip: string; ipGroup: string; wideGroup: string; countedAt: number },
): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const counted = await countViewOnPostgres(db, view.nonce, view.projectId, view.embed, view.ip, view.ipGroup, view.wideGroup, view.countedAt);
    return counted.rows.length > 0;
  }
  return inTransaction(db, async (trx) => {
    // The view is the impression of the campaign its play's ticket named (read as the nonce is used).
    const play = (await useNonceQuery(trx, view.nonce, view.countedAt)).rows[0];
    if (!play) return false;
    await insertViewQuery(trx, view.projectId, view.embed, view.nonce, view.ip, view.ipGroup, view.wideGroup, view.countedAt, play.campaign);
    return true;
  });
}
