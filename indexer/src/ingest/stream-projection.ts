// Applies stored events to the projected tables, guarded (see BatchProjection: a failing event is
// undone and its transaction quarantined, its stream waits there), inside the caller's database
// transaction: a transaction's streams after the quarantining path stored it, a quarantined
// transaction's streams on re-projection, and the whole log when it is replayed after a rollback.
import { chainLog, type DialectName, type Executor } from '../db/index.ts';
import { BatchProjection, type Guard } from './batch-projection.ts';

/** Projects each stream's waiting events while each one is the next in seq order; false when an event failed. */
export async function applyStreams(trx: Executor, streams: readonly string[], guard: Guard): Promise<boolean> {
  const projection = await BatchProjection.load(trx, [], { streams, guard });
  let projected = true;
  for (const stream of new Set(streams)) projected = (await projection.applyStream(stream)) && projected;
  await projection.finish();
  return projected;
}

/**
 * Rebuilds the projected tables from the event log: emptied, then every event applied in chain
 * order, each stream only as far as the event in hand (so a campaign's settlement is not applied
 * before the film it pays is created), as an in-order sync would have.
 */
export async function replayLog(trx: Executor, dialect: DialectName, now: number): Promise<void> {
  await chainLog.resetProjection(trx, dialect);
  const inChainOrder = await chainLog.eventsInChainOrder(trx);
  const projection = await BatchProjection.load(trx, [], { streams: inChainOrder.map((event) => event.stream), guard: { now } });
  for (const event of inChainOrder) await projection.applyStream(event.stream, event.seq);
  await projection.finish();
}
