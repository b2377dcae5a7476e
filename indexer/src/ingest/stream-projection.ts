// Applies stored events to the projected tables, stream by stream in seq order, inside the caller's
// database transaction: after an ingestion (its streams), on re-projection (a quarantined
// transaction's streams) and when the whole log is replayed after a rollback.
import { sql } from 'kysely';
import { chainLog, quarantine, type DialectName, type Executor } from '../db/index.ts';
import { streamGenesis } from '@marquee/program-client';
import { applyEvent } from './projector.ts';

export interface ApplyOptions {
  /** When a failure is recorded (ms). */
  now: number;
  /** Stop before events past this seq (replaying the log in chain order). */
  maxSeq?: number;
  /** The quarantined transaction being re-projected: its events are tried, not waited at. */
  retrying?: string;
}

/**
 * Projects the stream's waiting events while each one is the next in seq order. An event whose
 * projection throws is undone (a savepoint) and its transaction quarantined; the stream then waits
 * at that seq, as it does at any event of a quarantined transaction (but `retrying`), rather than
 * skip it. Returns false when an event failed.
 */
export async function applyStream(trx: Executor, stream: string, options: ApplyOptions): Promise<boolean> {
  const maxSeq = options.maxSeq ?? Number.POSITIVE_INFINITY;
  // The first event of a stream, what its projection starts from, depends on the stream's kind.
  const anEventName = await chainLog.anEventName(trx, stream);
  if (!anEventName) return true;
  const genesis = streamGenesis(stream, anEventName);
  for (;;) {
    const row = await chainLog.nextPendingEvent(trx, stream, genesis);
    if (!row || row.seq > maxSeq) return true;
    if (row.signature !== options.retrying && (await quarantine.stageOf(trx, row.signature))) return true;
    await sql`SAVEPOINT apply_event`.execute(trx);
    try {
      await applyEvent(trx, { ...row, data: JSON.parse(row.data) });
      await chainLog.markApplied(trx, row);
      await sql`RELEASE SAVEPOINT apply_event`.execute(trx);
    } catch (error) {
      // PostgreSQL refuses every statement after a failed one until the savepoint is rolled back.
      await sql`ROLLBACK TO SAVEPOINT apply_event`.execute(trx);
      await sql`RELEASE SAVEPOINT apply_event`.execute(trx);
      await quarantine.record(trx, {
        signature: row.signature,
        slot: row.slot,
        stage: 'project',
        reason: `${row.name} (seq ${row.seq} of ${stream}) does not project: ${error instanceof Error ? error.message : String(error)}`,
        now: options.now,
      });
      return false;
    }
  }
}

/**
 * Rebuilds the projected tables from the event log: emptied, then every event applied in chain
 * order, each stream only as far as the event in hand (so a campaign's settlement is not applied
 * before the film it pays is created), as an in-order sync would have.
 */
export async function replayLog(trx: Executor, dialect: DialectName, now: number): Promise<void> {
  await chainLog.resetProjection(trx, dialect);
  for (const event of await chainLog.eventsInChainOrder(trx)) await applyStream(trx, event.stream, { now, maxSeq: event.seq });
}
