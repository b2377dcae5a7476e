// Backfill: every transaction that touched an address and is not ingested yet, listed from the
// source's signature history down to a cursor and ingested oldest first, in batches of
// BACKFILL_BATCH chain transactions, one database transaction each (Ingestion.storeBatch), the
// cursor moving past each batch. A batch where anything fails is rolled back and ingested one
// transaction at a time, so quarantine works as it does for a live transaction; a listed signature
// the source cannot return is recorded as unavailable (unavailable.ts) and the backfill goes on.
import { chainLog, inTransaction, quarantine, unavailableSignatures, type Executor } from '../db/index.ts';
import type { ChainSource } from '../sources/source.ts';
import type { ArrivedTransaction, IngestResult, Ingestion } from './ingestion.ts';
import { fetchTransaction, recordUnavailable, type Fetched } from './unavailable.ts';

const SIGNATURE_PAGE = 1000;

type ListedSignature = { signature: string; slot: number };

export class Backfill {
  constructor(
    private readonly ingestion: Ingestion,
    private readonly source: ChainSource,
    private readonly batchSize: number,
  ) {}

  /**
   * Every transaction that touched `address` and is not ingested yet, oldest first, down to `until`
   * (exclusive). `cursor` names the cursor that moves past each one.
   */
  async address(address: string, until?: string, cursor?: string): Promise<number> {
    const pending: ListedSignature[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await this.source.getSignatures(address, { before, until, limit: SIGNATURE_PAGE });
      pending.push(...page);
      if (page.length < SIGNATURE_PAGE) break;
      before = page[page.length - 1].signature;
    }
    let ingested = 0;
    const oldestFirst = pending.reverse();
    for (let start = 0; start < oldestFirst.length; start += this.batchSize) {
      ingested += await this.batch(oldestFirst.slice(start, start + this.batchSize), cursor);
    }
    return ingested;
  }

  /**
   * Ingests a batch of listed signatures in one database transaction (those known already are
   * passed over, those the source cannot return recorded as unavailable), the cursor moved past the
   * last. Should anything fail, the batch is rolled back and ingested one transaction at a time.
   */
  private async batch(entries: ListedSignature[], cursor?: string): Promise<number> {
    const known = await this.knownSignatures(entries.map((entry) => entry.signature));
    const fetched = new Map<string, Fetched>();
    for (const entry of entries) {
      if (!known.has(entry.signature) && !fetched.has(entry.signature)) fetched.set(entry.signature, await fetchTransaction(this.source, entry.signature));
    }
    const arrived: ArrivedTransaction[] = [];
    const unavailable: { entry: ListedSignature; error: string }[] = [];
    const listed = new Set<string>();
    for (const entry of entries) {
      const outcome = fetched.get(entry.signature);
      if (!outcome || listed.has(entry.signature)) continue;
      listed.add(entry.signature);
      if ('error' in outcome) unavailable.push({ entry, error: outcome.error });
      else arrived.push({ tx: outcome.transaction, events: [] });
    }
    const ingestion = this.ingestion;
    let results: IngestResult[];
    try {
      // An undecodable transaction throws here: quarantining it is the per-transaction path's job.
      for (const item of arrived) item.events = ingestion.decode(item.tx, ingestion.programId);
      results = await ingestion.serialize(() =>
        inTransaction(ingestion.db, (trx) => this.ingestBatch(trx, arrived, unavailable, cursor ? { name: cursor, at: entries[entries.length - 1] } : undefined)),
      );
    } catch {
      return this.oneByOne(entries, fetched, cursor);
    }
    ingestion.committed(results);
    return arrived.length;
  }

  /** Which of `signatures` are known already: ingested, quarantined (re-projection's business) or waiting for their retry. */
  private async knownSignatures(signatures: string[]): Promise<Set<string>> {
    const db = this.ingestion.db;
    const known = await chainLog.ingestedAmong(db, signatures);
    for (const signature of await quarantine.quarantinedAmong(db, signatures)) known.add(signature);
    for (const signature of await unavailableSignatures.unavailableAmong(db, signatures)) known.add(signature);
    return known;
  }

  /** The batch in the caller's database transaction: the cursor, the unavailable ones, then storeBatch of those not ingested meanwhile. */
  private async ingestBatch(
    trx: Executor,
    arrived: ArrivedTransaction[],
    unavailable: { entry: ListedSignature; error: string }[],
    cursor: { name: string; at: ListedSignature } | undefined,
  ): Promise<IngestResult[]> {
    const now = this.ingestion.now();
    if (cursor) await chainLog.moveCursor(trx, cursor.name, cursor.at.signature, cursor.at.slot, now);
    for (const { entry, error } of unavailable) await recordUnavailable(trx, entry, error, now);
    // Ingested meanwhile (a live notification between the listing and now): nothing to do for it.
    const ingested = await chainLog.ingestedAmong(
      trx,
      arrived.map((item) => item.tx.signature),
    );
    const fresh = arrived.filter((item) => !ingested.has(item.tx.signature));
    await unavailableSignatures.removeMany(
      trx,
      fresh.map((item) => item.tx.signature),
    );
    return this.ingestion.storeBatch(trx, fresh);
  }

  /** The per-transaction backfill a failed batch falls back to (transactions already fetched are not asked for again). */
  private async oneByOne(entries: ListedSignature[], fetched: Map<string, Fetched>, cursor?: string): Promise<number> {
    const ingestion = this.ingestion;
    let ingested = 0;
    for (const entry of entries) {
      // Known already: ingested, quarantined (re-projection's business) or waiting for its retry.
      if ((await this.knownSignatures([entry.signature])).size > 0) {
        if (cursor) await ingestion.serialize(() => chainLog.moveCursor(ingestion.db, cursor, entry.signature, entry.slot, ingestion.now()));
        continue;
      }
      const tx = fetched.get(entry.signature) ?? (await fetchTransaction(this.source, entry.signature));
      fetched.delete(entry.signature);
      if ('error' in tx) {
        await ingestion.serialize(() =>
          inTransaction(ingestion.db, async (trx) => {
            await recordUnavailable(trx, entry, tx.error, ingestion.now());
            if (cursor) await chainLog.moveCursor(trx, cursor, entry.signature, entry.slot, ingestion.now());
          }),
        );
        continue;
      }
      await ingestion.ingestTransaction(tx.transaction, { recordEmpty: true, cursor });
      ingested++;
    }
    return ingested;
  }
}
