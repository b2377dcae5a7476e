// The chain-log aggregate: ingested transactions, the append-only event log, the per-stream seq
// bookkeeping of the projection, and the backfill cursors.
import type { Executor } from './executor.ts';
import type { EventRow, NewEvent } from './schema.ts';

export interface StreamGapRow {
  stream: string;
  /** null: the stream's first event has not arrived yet. */
  nextSeq: number | null;
  firstPendingSeq: number;
  pending: number;
}

export async function isIngested(db: Executor, signature: string): Promise<boolean> {
  const row = await db.selectFrom('transactions').select('signature').where('signature', '=', signature).executeTakeFirst();
  return row !== undefined;
}

export async function isFailed(db: Executor, signature: string): Promise<boolean> {
  const row = await db.selectFrom('transactions').select('failed').where('signature', '=', signature).executeTakeFirst();
  return row?.failed === 1;
}

export async function transactionCount(db: Executor): Promise<number> {
  const row = await db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertTransaction(
  db: Executor,
  tx: { signature: string; slot: number; blockTime: number | null; failed: boolean; eventCount: number; ingestedAt: number },
): Promise<void> {
  await db
    .insertInto('transactions')
    .values({
      signature: tx.signature,
      slot: tx.slot,
      block_time: tx.blockTime,
      failed: tx.failed ? 1 : 0,
      event_count: tx.eventCount,
      ingested_at: tx.ingestedAt,
    })
    .execute();
}

/** Stores events; one already stored (same signature, instruction and event index) is left as it is. */
export async function insertEvents(db: Executor, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('events')
    .values(events)
    .onConflict((oc) => oc.columns(['signature', 'ix_index', 'event_index']).doNothing())
    .execute();
}

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

/** The name of any one stored event of a stream (its kind), or undefined for a stream with none. */
export async function anEventName(db: Executor, stream: string): Promise<string | undefined> {
  const row = await db.selectFrom('events').select('name').where('stream', '=', stream).limit(1).executeTakeFirst();
  return row?.name;
}

/**
 * The stream's next event to project: the one at `next_seq`, or, before the stream's first event
 * is applied, its first waiting event named `genesis`.
 */
export async function nextPendingEvent(db: Executor, stream: string, genesis: string): Promise<EventRow | undefined> {
  const state = await db.selectFrom('streams').select('next_seq').where('stream', '=', stream).executeTakeFirst();
  const pending = db.selectFrom('events').selectAll().where('stream', '=', stream).where('applied', '=', 0);
  return state
    ? pending.where('seq', '=', state.next_seq).limit(1).executeTakeFirst()
    : pending.where('name', '=', genesis).orderBy('seq').limit(1).executeTakeFirst();
}

/** Marks an event projected and moves its stream past it. */
export async function markApplied(db: Executor, event: Pick<EventRow, 'signature' | 'ix_index' | 'event_index' | 'stream' | 'seq'>): Promise<void> {
  await db
    .updateTable('events')
    .set({ applied: 1 })
    .where('signature', '=', event.signature)
    .where('ix_index', '=', event.ix_index)
    .where('event_index', '=', event.event_index)
    .execute();
  await db
    .insertInto('streams')
    .values({ stream: event.stream, next_seq: event.seq + 1 })
    .onConflict((oc) => oc.column('stream').doUpdateSet({ next_seq: (eb) => eb.ref('excluded.next_seq') }))
    .execute();
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
  return rows.map((row) => ({
    stream: row.stream,
    nextSeq: row.nextSeq === null ? null : Number(row.nextSeq),
    firstPendingSeq: Number(row.firstPendingSeq),
    pending: Number(row.pending),
  }));
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
