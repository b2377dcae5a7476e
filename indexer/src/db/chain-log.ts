// The chain-log aggregate: ingested transactions, the append-only event log, the per-stream seq
// bookkeeping of the projection, the backfill cursors, and what rolling a vanished transaction back
// needs (deleting it, resetting the projected tables to replay the log).
import { sql } from 'kysely';
import { inChunks, insertRows, signaturesAmong } from './batches.ts';
import type { DialectName } from './connection.ts';
import { countRows, type Executor } from './executor.ts';
import type { EventRow, NewEvent } from './schema.ts';

export interface StreamGapRow {
  stream: string;
  /** null: the stream's first event has not arrived yet. */
  nextSeq: number | null;
  firstPendingSeq: number;
  pending: number;
  /** Present when the event the stream waits for belongs to a quarantined transaction. */
  quarantined?: { signature: string; stage: string; reason: string };
}

/**
 * The tables applyEvent writes, children before parents (the order they are emptied in). Everything
 * else (users, views, chat, settlement batches, …) is written off chain and survives a replay.
 */
export const PROJECTED_TABLES = [
  'investor_distributions',
  'distribution_embeds',
  'distributions',
  'revenue_claims',
  'publisher_claims',
  'campaign_settlements',
  'campaigns',
  'refunds',
  'positions',
  'investments',
  'embeds',
  'projects',
  'studios',
  'platform',
] as const;

export async function isIngested(db: Executor, signature: string): Promise<boolean> {
  const row = await db.selectFrom('transactions').select('signature').where('signature', '=', signature).executeTakeFirst();
  return row !== undefined;
}

/** Which of `signatures` are ingested already (one query per chunk). */
export function ingestedAmong(db: Executor, signatures: readonly string[]): Promise<Set<string>> {
  return signaturesAmong(db, 'transactions', signatures);
}

export async function isFailed(db: Executor, signature: string): Promise<boolean> {
  const row = await db.selectFrom('transactions').select('failed').where('signature', '=', signature).executeTakeFirst();
  return row?.failed === 1;
}

export async function transactionCount(db: Executor): Promise<number> {
  return countRows(db.selectFrom('transactions'));
}

export function insertTransaction(db: Executor, tx: NewTransaction): Promise<void> {
  return insertTransactions(db, [tx]);
}

export interface NewTransaction {
  signature: string;
  slot: number;
  blockTime: number | null;
  failed: boolean;
  eventCount: number;
  ingestedAt: number;
}

/** insertTransaction for many, as multi-row statements. */
export async function insertTransactions(db: Executor, transactions: readonly NewTransaction[]): Promise<void> {
  await insertRows(
    db,
    'transactions',
    ['signature', 'slot', 'block_time', 'failed', 'event_count', 'ingested_at'],
    transactions.map((tx) => ({
      signature: tx.signature,
      slot: tx.slot,
      block_time: tx.blockTime,
      failed: tx.failed ? 1 : 0,
      event_count: tx.eventCount,
      ingested_at: tx.ingestedAt,
    })),
  );
}

/** When the transaction `signature` was ingested (ms), if it was. */
export async function ingestedAt(db: Executor, signature: string): Promise<number | undefined> {
  const row = await db.selectFrom('transactions').select('ingested_at').where('signature', '=', signature).executeTakeFirst();
  return row === undefined ? undefined : Number(row.ingested_at);
}

/** Stores events; one already stored (same signature, instruction and event index) is left as it is. */
export async function insertEvents(db: Executor, events: readonly NewEvent[]): Promise<void> {
  await insertRows(
    db,
    'events',
    EVENT_COLUMNS,
    events.map((event) => ({ ...event, applied: event.applied ?? 0 })),
    ['signature', 'ix_index', 'event_index'],
  );
}

const EVENT_COLUMNS = ['signature', 'ix_index', 'event_index', 'slot', 'block_time', 'name', 'stream', 'seq', 'data', 'applied'] as const satisfies readonly (keyof NewEvent)[];

export function eventsOf(db: Executor, signature: string): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('signature', '=', signature).orderBy('ix_index').orderBy('event_index').execute();
}

export async function isEventApplied(db: Executor, key: { signature: string; ix_index: number; event_index: number }): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select('applied')
    .where('signature', '=', key.signature)
    .where('ix_index', '=', key.ix_index)
    .where('event_index', '=', key.event_index)
    .executeTakeFirst();
  return row?.applied === 1;
}

/** The next seq of each of `streams` that has applied an event (the others are absent). */
export async function nextSeqs(db: Executor, streams: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const chunk of inChunks(streams)) {
    for (const row of await db.selectFrom('streams').select(['stream', 'next_seq']).where('stream', 'in', chunk).execute()) found.set(row.stream, Number(row.next_seq));
  }
  return found;
}

/** The stored events of `streams` still waiting to be projected (behind a gap), in seq order. */
export async function pendingEventsOf(db: Executor, streams: readonly string[]): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  for (const chunk of inChunks(streams)) {
    rows.push(...(await db.selectFrom('events').selectAll().where('stream', 'in', chunk).where('applied', '=', 0).orderBy('stream').orderBy('seq').execute()));
  }
  return rows;
}

/** The stored events marked projected, each stream moved to its given next seq. */
export async function markManyApplied(
  db: Executor,
  events: readonly Pick<EventRow, 'signature' | 'ix_index' | 'event_index'>[],
  nextSeqOf: ReadonlyMap<string, number>,
): Promise<void> {
  for (const chunk of inChunks(events)) {
    // Typed: PostgreSQL reads the untyped parameters of a VALUES list of several rows as text.
    const keys = sql.join(chunk.map((event) => sql`(${event.signature}, CAST(${event.ix_index} AS INTEGER), CAST(${event.event_index} AS INTEGER))`));
    await sql`UPDATE events SET applied = 1 WHERE (signature, ix_index, event_index) IN (VALUES ${keys})`.execute(db);
  }
  for (const chunk of inChunks([...nextSeqOf])) {
    await db
      .insertInto('streams')
      .values(chunk.map(([stream, next_seq]) => ({ stream, next_seq })))
      .onConflict((oc) => oc.column('stream').doUpdateSet({ next_seq: (eb) => eb.ref('excluded.next_seq') }))
      .execute();
  }
}

/** Streams with events waiting for a missing predecessor. */
export async function streamGaps(db: Executor): Promise<StreamGapRow[]> {
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('streams as s', 's.stream', 'e.stream')
    .select((eb) => [
      'e.stream as stream',
      's.next_seq as nextSeq',
      eb.fn.min('e.seq').as('firstPendingSeq'),
      eb.fn.countAll().as('pending'),
    ])
    .where('e.applied', '=', 0)
    .groupBy(['e.stream', 's.next_seq'])
    .orderBy('e.stream')
    .execute();
  const gaps: StreamGapRow[] = [];
  for (const row of rows) {
    const gap: StreamGapRow = {
      stream: row.stream,
      nextSeq: row.nextSeq === null ? null : Number(row.nextSeq),
      firstPendingSeq: Number(row.firstPendingSeq),
      pending: Number(row.pending),
    };
    const waitingFor = await db
      .selectFrom('events as e')
      .innerJoin('quarantined_transactions as q', 'q.signature', 'e.signature')
      .select(['q.signature as signature', 'q.stage as stage', 'q.reason as reason'])
      .where('e.stream', '=', gap.stream)
      .where('e.seq', '=', gap.nextSeq ?? gap.firstPendingSeq)
      .where('e.applied', '=', 0)
      .limit(1)
      .executeTakeFirst();
    if (waitingFor) gap.quarantined = waitingFor;
    gaps.push(gap);
  }
  return gaps;
}

export async function moveCursor(db: Executor, name: string, signature: string, slot: number, now: number): Promise<void> {
  await db
    .insertInto('cursors')
    .values({ name, signature, slot, updated_at: now })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        signature: (eb) => eb.ref('excluded.signature'),
        slot: (eb) => eb.ref('excluded.slot'),
        updated_at: (eb) => eb.ref('excluded.updated_at'),
      }),
    )
    .execute();
}

export function cursorOf(db: Executor, name: string): Promise<{ signature: string; slot: number } | undefined> {
  return db.selectFrom('cursors').select(['signature', 'slot']).where('name', '=', name).executeTakeFirst();
}

/** Forgets every cursor (tests: a full re-sync from scratch). */
export async function clearCursors(db: Executor): Promise<void> {
  await db.deleteFrom('cursors').execute();
}

/** Ingested transactions not yet read back at `finalized`, up to `maxSlot`, oldest first. */
export function unfinalizedTransactions(db: Executor, maxSlot: number, limit: number): Promise<{ signature: string; slot: number }[]> {
  return db
    .selectFrom('transactions')
    .select(['signature', 'slot'])
    .where('finalized', '=', 0)
    .where('slot', '<=', maxSlot)
    .orderBy('slot')
    .orderBy('signature')
    .limit(limit)
    .execute();
}

export async function markFinalized(db: Executor, signatures: string[]): Promise<void> {
  if (signatures.length === 0) return;
  await db.updateTable('transactions').set({ finalized: 1 }).where('signature', 'in', signatures).execute();
}

/** Counts one more confirmed miss of each signature at `finalized`; returns their miss counts. */
export async function recordFinalityMisses(db: Executor, signatures: string[]): Promise<Map<string, number>> {
  const misses = new Map<string, number>();
  if (signatures.length === 0) return misses;
  await db
    .updateTable('transactions')
    .set((eb) => ({ finality_misses: eb('finality_misses', '+', 1) }))
    .where('signature', 'in', signatures)
    .execute();
  const rows = await db.selectFrom('transactions').select(['signature', 'finality_misses']).where('signature', 'in', signatures).execute();
  for (const row of rows) misses.set(row.signature, Number(row.finality_misses));
  return misses;
}

/** Forgets transactions the cluster no longer has: their rows, their events, cursors naming them. */
export async function deleteTransactions(db: Executor, signatures: string[]): Promise<void> {
  if (signatures.length === 0) return;
  await db.deleteFrom('events').where('signature', 'in', signatures).execute();
  await db.deleteFrom('transactions').where('signature', 'in', signatures).execute();
  // A cursor at a vanished signature would be an `until` the cluster never lists: the next backfill
  // of that address lists its history from the newest instead (once).
  await db.deleteFrom('cursors').where('signature', 'in', signatures).execute();
}

/**
 * Empties the projected tables and marks every stored event unapplied, so the caller can replay the
 * log into them within the same database transaction. Off-chain rows keep referencing projects by
 * their on-chain id: foreign keys are checked at commit, when the replay has put the films back.
 */
export async function resetProjection(db: Executor, dialect: DialectName): Promise<void> {
  if (!db.isTransaction) throw new Error('resetProjection must run inside the replaying transaction');
  if (dialect === 'sqlite') await sql`PRAGMA defer_foreign_keys = ON`.execute(db);
  else await sql`SET CONSTRAINTS ALL DEFERRED`.execute(db);
  for (const table of PROJECTED_TABLES) await db.deleteFrom(table).execute();
  await db.deleteFrom('streams').execute();
  await db.updateTable('events').set({ applied: 0 }).execute();
}

/** Every stored event's stream and seq in chain order (slot, then position in the transaction). */
export function eventsInChainOrder(db: Executor): Promise<{ stream: string; seq: number }[]> {
  return db
    .selectFrom('events')
    .select(['stream', 'seq'])
    .orderBy('slot')
    .orderBy('signature')
    .orderBy('ix_index')
    .orderBy('event_index')
    .execute();
}
