// Finality reconciliation: transactions ingested at `confirmed` are read back at `finalized` once
// their slot is final. Found: marked finalized. Gone (forked out): their events are deleted and the
// projected tables rebuilt by replaying the remaining event log, in one database transaction, so the
// projection equals one that never saw them; a settlement batch one of them had settled waits to be
// sent again. A read that fails is tried again next pass. One RPC node's null is not "gone": a
// transaction is rolled back only after FINALITY_MISSES_BEFORE_ROLLBACK passes missed it, each miss
// confirmed by getSignatureStatuses searching the cluster's whole history.
import { FINALITY_MISSES_BEFORE_ROLLBACK, RECONCILE_BATCH } from '../constants.ts';
import { chainLog, inTransaction, quarantine, settlement, type DialectName } from '../db/index.ts';
import type { ChainTransaction } from '@marquee/program-client';
import type { ChainSource } from '../sources/source.ts';
import type { Ingestion } from './ingestion.ts';
import { replayLog } from './stream-projection.ts';

export interface ReconcileResult {
  /** The finalized slot the pass read back to. */
  finalizedSlot: number;
  /** Read back at `finalized` and marked so. */
  finalized: number;
  /** Gone from the cluster (forked out): deleted, the projection rebuilt without them. */
  rolledBack: string[];
}

export async function reconcileFinalized(ingestion: Ingestion, source: ChainSource, dialect: DialectName, cluster: string): Promise<ReconcileResult> {
  if (!source.finalizedSlot) return { finalizedSlot: 0, finalized: 0, rolledBack: [] };
  const finalizedSlot = await source.finalizedSlot();
  const finalized: string[] = [];
  const missed: string[] = [];
  for (const entry of await chainLog.unfinalizedTransactions(ingestion.db, finalizedSlot, RECONCILE_BATCH)) {
    let tx: ChainTransaction | null;
    try {
      tx = await source.getTransaction(entry.signature, { commitment: 'finalized' });
    } catch {
      continue;
    }
    (tx ? finalized : missed).push(entry.signature);
  }
  const vanished = await confirmedGone(ingestion, source, missed);
  await ingestion.serialize(() =>
    inTransaction(ingestion.db, async (trx) => {
      await chainLog.markFinalized(trx, finalized);
      if (vanished.length === 0) return;
      await chainLog.deleteTransactions(trx, vanished);
      await quarantine.release(trx, vanished);
      await replayLog(trx, dialect, ingestion.now());
      // A settlement the chain dropped paid nobody: its batch waits to be sent again.
      await settlement.reopenBatchesSettledBy(trx, vanished);
    }),
  );
  if (vanished.length > 0) console.warn(`[indexer] ${cluster}: rolled back ${vanished.length} transaction(s) gone at finalized: ${vanished.join(', ')}`);
  return { finalizedSlot, finalized: finalized.length, rolledBack: vanished };
}

/** Of the signatures a pass could not read, those the cluster's history confirms missing for the FINALITY_MISSES_BEFORE_ROLLBACK-th time. */
async function confirmedGone(ingestion: Ingestion, source: ChainSource, missed: string[]): Promise<string[]> {
  if (missed.length === 0 || !source.signatureKnown) return [];
  let known: boolean[];
  try {
    known = await source.signatureKnown(missed);
  } catch {
    return [];
  }
  const unknown = missed.filter((_, index) => !known[index]);
  const misses = await chainLog.recordFinalityMisses(ingestion.db, unknown);
  return unknown.filter((signature) => (misses.get(signature) ?? 0) >= FINALITY_MISSES_BEFORE_ROLLBACK);
}
