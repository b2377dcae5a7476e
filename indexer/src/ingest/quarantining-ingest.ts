// The per-transaction path a failed batch falls back to (and an undecodable transaction takes at
// once): nothing stops ingestion. A transaction whose events do not decode is quarantined whole
// (kept with its body, not stored as empty); one whose projection throws is stored and quarantined
// by the stream projection (stream-projection.ts), which undoes the failing event and makes its
// stream wait at that seq, while every other stream goes on.
import { chainLog, quarantine, type Executor } from '../db/index.ts';
import { chainTransactionToJson, type ChainTransaction, type DecodedEvent } from '@marquee/program-client';
import { eventsTableRow, ingestedEventOf, storedEvent } from './event-row.ts';
import type { IngestResult, Ingestion } from './ingestion.ts';
import { applyStreams } from './stream-projection.ts';

/** Ingests one transaction not ingested yet, in the caller's database transaction, quarantining what fails. */
export async function ingestQuarantining(
  ingestion: Ingestion,
  trx: Executor,
  tx: ChainTransaction,
  decoding: { decoded: DecodedEvent[] } | { undecodable: string },
  recordEmpty = false,
): Promise<IngestResult> {
  const failed = Boolean(tx.err);
  const now = ingestion.now();
  if ('undecodable' in decoding) {
    const reason = `undecodable: ${decoding.undecodable}`;
    await quarantine.record(trx, { signature: tx.signature, slot: tx.slot, stage: 'decode', reason, transactionJson: JSON.stringify(chainTransactionToJson(tx)), now });
    return { signature: tx.signature, duplicate: false, failed, events: [], quarantined: { stage: 'decode', reason } };
  }
  const { decoded } = decoding;
  if (decoded.length === 0 && !recordEmpty) return { signature: tx.signature, duplicate: false, failed, events: [] };
  await chainLog.insertTransaction(trx, { signature: tx.signature, slot: tx.slot, blockTime: tx.blockTime, failed, eventCount: decoded.length, ingestedAt: now });
  const events = decoded.map(ingestedEventOf);
  if (ingestion.hooks.afterEventStored) {
    // One at a time, so a test can stop the process between two events of one transaction.
    for (const event of events) {
      await chainLog.insertEvents(trx, [eventsTableRow(event)]);
      ingestion.hooks.afterEventStored(storedEvent(event));
    }
  } else {
    await chainLog.insertEvents(trx, events.map((event) => eventsTableRow(event)));
  }
  // It decodes now (an IDL fix): out of the decode quarantine; projecting may quarantine it again.
  if ((await quarantine.stageOf(trx, tx.signature)) === 'decode') await quarantine.release(trx, [tx.signature]);
  const projected = await applyStreams(
    trx,
    decoded.map((event) => event.stream),
    { now },
  );
  // Only a stream whose projection threw can have quarantined it: no lookup on the clean path.
  const stillQuarantined = projected ? undefined : await ingestion.quarantineOf(trx, tx.signature);
  return {
    signature: tx.signature,
    duplicate: false,
    failed,
    events: await ingestion.storedEvents(tx.signature, trx),
    ...(stillQuarantined ? { quarantined: stillQuarantined } : {}),
  };
}
