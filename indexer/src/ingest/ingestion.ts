// Ingestion: how chain transactions enter the database, shared by every path that brings them (live
// notifications, backfill, retries of unavailable signatures, re-projection). Ingestions run one at
// a time, in the order they were asked for (the queue below), as the synchronous SQLite code did.
// The ordering rule is written once: `storeBatch` stores a batch of transactions (idempotent: events
// keyed by signature + instruction index + event index) and projects the events of each seq stream
// in order (BatchProjection), in one database transaction; a live transaction is a batch of one. A
// batch where anything fails (an event that does not decode or project) is rolled back and its
// transactions taken one at a time through the quarantining path (quarantining-ingest.ts), which
// quarantines such a transaction while every other stream goes on.
import { chainLog, inTransaction, quarantine, unavailableSignatures, type Executor } from '../db/index.ts';
import { decodeTransactionEvents, type ChainTransaction, type DecodedEvent } from '@marquee/program-client';
import { BatchProjection } from './batch-projection.ts';
import { eventsTableRow, ingestedEventOf, storedEvent } from './event-row.ts';
import type { StoredEvent } from './projector.ts';
import { ingestQuarantining } from './quarantining-ingest.ts';

export interface IngestResult {
  signature: string;
  /** The transaction was already ingested: nothing changed. */
  duplicate: boolean;
  failed: boolean;
  events: StoredEvent[];
  /** Set when the transaction went to quarantine: its events did not decode, or one did not project. */
  quarantined?: { stage: quarantine.QuarantineStage; reason: string };
}

export interface IndexerHooks {
  /** Runs inside the ingesting database transaction after each stored event (tests kill the process here). */
  afterEventStored?(event: StoredEvent): void;
  /**
   * Runs after each committed database transaction that stored chain transactions, with them: one
   * from ingestTransaction, a whole batch from a backfill (tests kill the process here).
   */
  afterCommit?(results: IngestResult[]): void;
}

/** A chain transaction the source returned, with its decoded events. */
export interface ArrivedTransaction {
  tx: ChainTransaction;
  events: DecodedEvent[];
}

export interface IngestionOptions {
  db: Executor;
  programId: string;
  hooks: IndexerHooks;
  now: () => number;
  /** The IDL's event decoder (tests stand in an out-of-date one, then its fix). */
  decode: typeof decodeTransactionEvents;
}

export class Ingestion {
  readonly db: Executor;
  readonly programId: string;
  readonly hooks: IndexerHooks;
  readonly now: () => number;
  readonly decode: typeof decodeTransactionEvents;
  private readonly listeners = new Set<(result: IngestResult) => void>();
  /** The tail of the ingestion queue: each ingestion starts when the previous one has settled. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: IngestionOptions) {
    this.db = options.db;
    this.programId = options.programId;
    this.hooks = options.hooks;
    this.now = options.now;
    this.decode = options.decode;
  }

  /** Runs `work` after every ingestion asked for before it has settled. */
  serialize<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  onIngested(listener: (result: IngestResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** After a database transaction committed `results`: the hook, then the listeners of each that brought new events. */
  committed(results: IngestResult[]): void {
    if (results.length > 0) this.hooks.afterCommit?.(results);
    for (const result of results) {
      if (result.duplicate || result.events.length === 0) continue;
      for (const listener of this.listeners) listener(result);
    }
  }

  async storedEvents(signature: string, db: Executor = this.db): Promise<StoredEvent[]> {
    const rows = await chainLog.eventsOf(db, signature);
    return rows.map(({ signature, ix_index, event_index, block_time, name, stream, seq, data }) => ({
      signature,
      ix_index,
      event_index,
      block_time,
      name,
      stream,
      seq,
      data: JSON.parse(data),
    }));
  }

  async alreadyIngested(signature: string, failed: boolean, db: Executor): Promise<IngestResult> {
    const quarantined = await this.quarantineOf(db, signature);
    return { signature, duplicate: true, failed, events: await this.storedEvents(signature, db), ...(quarantined ? { quarantined } : {}) };
  }

  async quarantineOf(db: Executor, signature: string): Promise<IngestResult['quarantined']> {
    const entry = await quarantine.get(db, signature);
    return entry ? { stage: entry.stage, reason: entry.reason } : undefined;
  }

  /**
   * Stores a transaction's events and projects them: a batch of one. `recordEmpty` also remembers a
   * transaction without events (a failed one from the program's signature list) so it is not
   * fetched again; the optional cursor moves in the same database transaction, so a crash never
   * separates the two. A transaction whose events do not decode, or whose projection throws, goes
   * through the quarantining path: either way the cursor moves on.
   */
  async ingestTransaction(tx: ChainTransaction, options: { recordEmpty?: boolean; cursor?: string } = {}): Promise<IngestResult> {
    let decoded: DecodedEvent[] = [];
    let undecodable: string | undefined;
    try {
      decoded = this.decode(tx, this.programId);
    } catch (error) {
      undecodable = errorText(error);
    }
    const failed = Boolean(tx.err);
    const attempt = (quarantining: boolean) =>
      inTransaction(this.db, async (trx): Promise<IngestResult> => {
        if (options.cursor) await chainLog.moveCursor(trx, options.cursor, tx.signature, tx.slot, this.now());
        if (await chainLog.isIngested(trx, tx.signature)) return this.alreadyIngested(tx.signature, failed, trx);
        // Whatever happens next, the source has returned it.
        await unavailableSignatures.remove(trx, tx.signature);
        if (quarantining) return ingestQuarantining(this, trx, tx, undecodable === undefined ? { decoded } : { undecodable }, options.recordEmpty);
        if (decoded.length === 0 && !options.recordEmpty) return { signature: tx.signature, duplicate: false, failed, events: [] };
        return (await this.storeBatch(trx, [{ tx, events: decoded }]))[0];
      });
    const result = await this.serialize(async () => {
      if (undecodable !== undefined) return attempt(true);
      try {
        return await attempt(false);
      } catch {
        return attempt(true);
      }
    });
    this.committed(result.duplicate || result.events.length === 0 ? [] : [result]);
    return result;
  }

  /**
   * Stores `fresh` (none of them ingested yet) and projects their events, in the caller's database
   * transaction, in the order the transactions would apply one by one. Throws rather than
   * quarantine: the caller then takes them one at a time through the quarantining path.
   */
  async storeBatch(trx: Executor, fresh: ArrivedTransaction[]): Promise<IngestResult[]> {
    const signatures = fresh.map((item) => item.tx.signature);
    if ((await quarantine.quarantinedAmong(trx, signatures)).size > 0) throw new Error('a transaction of the batch is quarantined');
    await chainLog.insertTransactions(
      trx,
      fresh.map(({ tx, events }) => ({
        signature: tx.signature,
        slot: tx.slot,
        blockTime: tx.blockTime,
        failed: Boolean(tx.err),
        eventCount: events.length,
        ingestedAt: this.now(),
      })),
    );
    const perTransaction = fresh.map(({ events }) => events.map(ingestedEventOf));
    const batchEvents = perTransaction.flat();
    const projection = await BatchProjection.load(trx, batchEvents);
    for (const events of perTransaction) await projection.applyTransaction(events);
    await projection.finish();
    // Stored after projecting, each with whether it was applied (one statement instead of two).
    const rows = batchEvents.map((event) => eventsTableRow(event, projection.isApplied(event)));
    if (this.hooks.afterEventStored) {
      // One at a time, so a test can stop the process between two events of the batch.
      for (const [index, row] of rows.entries()) {
        await chainLog.insertEvents(trx, [row]);
        this.hooks.afterEventStored(storedEvent(batchEvents[index]));
      }
    } else {
      await chainLog.insertEvents(trx, rows);
    }
    return fresh.map(({ tx }, index) => ({ signature: tx.signature, duplicate: false, failed: Boolean(tx.err), events: perTransaction[index].map(storedEvent) }));
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
