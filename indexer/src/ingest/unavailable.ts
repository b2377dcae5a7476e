// Signatures the source lists but cannot return: fetching one records it (with its reason) instead
// of failing, and it is asked for again with exponential backoff (`retryUnavailable`) while the
// cursors move on.
import { UNAVAILABLE_RETRY_BASE_MS, UNAVAILABLE_RETRY_MAX_MS } from '../constants.ts';
import { unavailableSignatures, type Executor } from '../db/index.ts';
import type { ChainTransaction } from '@marquee/program-client';
import type { ChainSource } from '../sources/source.ts';
import { errorText, type Ingestion } from './ingestion.ts';

export type Fetched = { transaction: ChainTransaction } | { error: string };

/** getTransaction, with "none" and a failed request both as the reason it is unavailable. */
export async function fetchTransaction(source: ChainSource, signature: string): Promise<Fetched> {
  try {
    const transaction = await source.getTransaction(signature);
    return transaction ? { transaction } : { error: 'the source has no transaction by this signature (yet)' };
  } catch (error) {
    return { error: `getTransaction failed: ${errorText(error)}` };
  }
}

export function recordUnavailable(db: Executor, entry: { signature: string; slot: number }, error: string, now: number): Promise<void> {
  return unavailableSignatures.recordFailure(db, { ...entry, error, now, retryDelay: unavailableRetryDelay });
}

/** Asks again for the unavailable signatures whose backoff is over; returns how many arrived. */
export async function retryUnavailable(ingestion: Ingestion, source: ChainSource): Promise<number> {
  let arrived = 0;
  for (const entry of await unavailableSignatures.due(ingestion.db, ingestion.now())) {
    const tx = await fetchTransaction(source, entry.signature);
    if ('error' in tx) {
      await ingestion.serialize(() => recordUnavailable(ingestion.db, entry, tx.error, ingestion.now()));
      continue;
    }
    await ingestion.ingestTransaction(tx.transaction, { recordEmpty: true });
    arrived++;
  }
  return arrived;
}

/** Exponential backoff: the base delay doubled per earlier attempt, capped. */
export function unavailableRetryDelay(attempts: number): number {
  return Math.min(UNAVAILABLE_RETRY_MAX_MS, UNAVAILABLE_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
