// ClusterIndexer: the one ingestion path of a cluster. A live transaction goes through
// `ingestTransaction`, which, in one database transaction, stores the decoded events
// (idempotent: keyed by signature + instruction index + event index), moves the backfill cursor
// and projects the events of each seq stream in order. An event whose predecessor is missing waits
// in the log (a gap) until a backfill of its stream brings the predecessor. Ingestions run one at a
// time, in the order they were asked for (the queue below), as the synchronous SQLite code did.
// A backfill (catch-up and gap resolution) ingests its transactions in batches of BACKFILL_BATCH,
// one database transaction each (`ingestBatch`), with the same result: the batch's events are
// projected in the order the per-transaction path would apply them (BatchProjection). A batch
// where anything fails (an event that does not decode or project) is rolled back and ingested one
// transaction at a time, so quarantine works as it does for a live transaction.
//
// Nothing stops ingestion (issue 10):
// - a transaction whose events do not decode, or whose projection throws, is quarantined with its
//   reason; the cursor moves past it. A stream whose next event belongs to a quarantined transaction
//   waits at that seq (a gap that names the quarantine) instead of skipping the event, until
//   `reprojectQuarantined` applies it after a fix; every other stream goes on.
// - a signature the source lists but cannot return is remembered and asked for again with
//   exponential backoff (`retryUnavailable`), while the cursor moves on.
// - gap backfill lists a stream account's history only down to that stream's own cursor, and live
//   notifications coalesce into one gap resolution at a time.
// - `reconcileFinalized` reads transactions ingested at `confirmed` back at `finalized` once their
//   slot is final; those the cluster no longer has are deleted and the projection is rebuilt by
//   replaying the remaining event log, in one database transaction; a settlement batch one of them
//   had settled waits to be sent again.
import anchor from '@coral-xyz/anchor';
import {
  BACKFILL_BATCH,
  HEALTH_RECENT_ISSUES,
  RECONCILE_BATCH,
  RECONCILE_INTERVAL_MS,
  UNAVAILABLE_RETRY_BASE_MS,
  UNAVAILABLE_RETRY_MAX_MS,
} from '../constants.ts';
import { chainLog, inTransaction, quarantine, settlement, unavailableSignatures, type DataStore, type Executor } from '../db/index.ts';
import {
  chainTransactionToJson,
  decodeTransactionEvents,
  eventDataToJson,
  storedEventData,
  type ChainTransaction,
  type DecodedEvent,
} from '@marquee/program-client';
import { marqueePdas, PLATFORM_STREAM, MARQUEE_PROGRAM_ADDRESS as PROGRAM_ID } from '@marquee/program-client';
import type { ChainSource, SourceNotification } from '../sources/source.ts';
import { BatchProjection } from './batch-projection.ts';
import type { StoredEvent } from './projector.ts';
import { applyStream, replayLog } from './stream-projection.ts';

/** Program-wide backfill cursor name. */
export const PROGRAM_CURSOR = 'program';
const SIGNATURE_PAGE = 1000;
const DEFAULT_POLL_MS = 30_000;


export interface IngestResult {
  signature: string;
  /** The transaction was already ingested: nothing changed. */
  duplicate: boolean;
  failed: boolean;
  events: StoredEvent[];
  /** Set when the transaction went to quarantine: its events did not decode, or one did not project. */
  quarantined?: { stage: quarantine.QuarantineStage; reason: string };
}

export interface ReconcileResult {
  /** The finalized slot the pass read back to. */
  finalizedSlot: number;
  /** Read back at `finalized` and marked so. */
  finalized: number;
  /** Gone from the cluster (forked out): deleted, the projection rebuilt without them. */
  rolledBack: string[];
}

/** What /api/health reports of ingestion beside cursor and gaps. */
export interface IngestionHealth {
  quarantine: {
    count: number;
    newest: { signature: string; slot: number; stage: string; reason: string; attempts: number; firstAttemptAt: number; lastAttemptAt: number }[];
  };
  unavailableSignatures: {
    count: number;
    newest: { signature: string; slot: number; attempts: number; lastError: string; lastAttemptAt: number; nextAttemptAt: number }[];
  };
}

export interface ReprojectResult {
  /** Applied now: out of quarantine. */
  reprojected: string[];
  /** Failed again (still quarantined, with the new reason). */
  stillQuarantined: string[];
}

export interface StreamGap {
  stream: string;
  /** null: the stream's first event has not arrived yet. */
  nextSeq: number | null;
  firstPendingSeq: number;
  pending: number;
  /** The stream waits for an event of this quarantined transaction. */
  quarantined?: { signature: string; stage: string; reason: string };
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

export interface ClusterIndexerOptions {
  cluster: string;
  store: DataStore;
  source: ChainSource;
  programId?: string;
  hooks?: IndexerHooks;
  now?: () => number;
  /** The IDL's event decoder (tests stand in an out-of-date one, then its fix). */
  decode?: typeof decodeTransactionEvents;
  /** Chain transactions per backfill batch (BACKFILL_BATCH; the crash test makes a small history take several). */
  backfillBatch?: number;
}

export class ClusterIndexer {
  readonly cluster: string;
  readonly store: DataStore;
  readonly source: ChainSource;
  readonly programId: string;
  private readonly hooks: IndexerHooks;
  private readonly now: () => number;
  private readonly decode: typeof decodeTransactionEvents;
  private readonly backfillBatchSize: number;
  private readonly listeners = new Set<(result: IngestResult) => void>();
  private unsubscribe?: () => void;
  private pollTimer?: NodeJS.Timeout;
  private reconcileTimer?: NodeJS.Timeout;
  private syncing?: Promise<number>;
  /** The running gap resolution, and whether a notification asked for another one meanwhile. */
  private resolving?: Promise<void>;
  private resolveAgain = false;
  /** The tail of the ingestion queue: each ingestion starts when the previous one has settled. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: ClusterIndexerOptions) {
    this.cluster = options.cluster;
    this.store = options.store;
    this.source = options.source;
    this.programId = options.programId ?? PROGRAM_ID;
    this.hooks = options.hooks ?? {};
    this.now = options.now ?? Date.now;
    this.decode = options.decode ?? decodeTransactionEvents;
    this.backfillBatchSize = options.backfillBatch ?? BACKFILL_BATCH;
  }

  /** Called after every transaction that brought new events (settlement job, demo chain). */
  onIngested(listener: (result: IngestResult) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get db(): Executor {
    return this.store.db;
  }

  isIngested(signature: string): Promise<boolean> {
    return chainLog.isIngested(this.db, signature);
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

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Stores and projects a transaction's events. `recordEmpty` also remembers a transaction without
   * events (a failed one from the program's signature list) so it is not fetched again; the
   * optional cursor moves in the same database transaction, so a crash never separates the two.
   * A transaction whose events do not decode is quarantined (kept whole, not stored as empty), one
   * whose projection throws is stored and quarantined: either way the cursor moves on.
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
    const result = await this.serialize(() =>
      inTransaction(this.db, async (trx): Promise<IngestResult> => {
        if (options.cursor) await chainLog.moveCursor(trx, options.cursor, tx.signature, tx.slot, this.now());
        if (await chainLog.isIngested(trx, tx.signature)) return this.alreadyIngested(tx.signature, failed, trx);
        // Whatever happens next, the source has returned it.
        await unavailableSignatures.remove(trx, tx.signature);
        if (undecodable !== undefined) {
          const reason = `undecodable: ${undecodable}`;
          await quarantine.record(trx, {
            signature: tx.signature,
            slot: tx.slot,
            stage: 'decode',
            reason,
            transactionJson: JSON.stringify(chainTransactionToJson(tx)),
            now: this.now(),
          });
          return { signature: tx.signature, duplicate: false, failed, events: [], quarantined: { stage: 'decode', reason } };
        }
        if (decoded.length === 0 && !options.recordEmpty) {
          return { signature: tx.signature, duplicate: false, failed, events: [] };
        }
        await chainLog.insertTransaction(trx, {
          signature: tx.signature,
          slot: tx.slot,
          blockTime: tx.blockTime,
          failed,
          eventCount: decoded.length,
          ingestedAt: this.now(),
        });
        const rows = decoded.map((event) => ({
          signature: event.signature,
          ix_index: event.ixIndex,
          event_index: event.eventIndex,
          slot: event.slot,
          block_time: event.blockTime,
          name: event.name,
          stream: event.stream,
          seq: event.seq,
          data: eventDataToJson(event.data),
        }));
        if (this.hooks.afterEventStored) {
          // One at a time, so a test can stop the process between two events of one transaction.
          for (const row of rows) {
            await chainLog.insertEvents(trx, [row]);
            this.hooks.afterEventStored({ ...row, data: JSON.parse(row.data) });
          }
        } else {
          await chainLog.insertEvents(trx, rows);
        }
        // It decodes now (an IDL fix): out of the decode quarantine; projecting may quarantine it again.
        if ((await quarantine.stageOf(trx, tx.signature)) === 'decode') await quarantine.release(trx, [tx.signature]);
        let projected = true;
        for (const stream of new Set(decoded.map((event) => event.stream))) projected = (await applyStream(trx, stream, { now: this.now() })) && projected;
        // Only a stream whose projection threw can have quarantined it: no lookup on the clean path.
        const stillQuarantined = projected ? undefined : await this.quarantineOf(trx, tx.signature);
        return {
          signature: tx.signature,
          duplicate: false,
          failed,
          events: await this.storedEvents(tx.signature, trx),
          ...(stillQuarantined ? { quarantined: stillQuarantined } : {}),
        };
      }),
    );
    if (!result.duplicate && result.events.length > 0) this.hooks.afterCommit?.([result]);
    this.announce(result);
    return result;
  }

  /** Tells the listeners about a committed transaction that brought new events. */
  private announce(result: IngestResult): void {
    if (result.duplicate || result.events.length === 0) return;
    for (const listener of this.listeners) listener(result);
  }

  private async alreadyIngested(signature: string, failed: boolean, db: Executor): Promise<IngestResult> {
    const quarantined = await this.quarantineOf(db, signature);
    return { signature, duplicate: true, failed, events: await this.storedEvents(signature, db), ...(quarantined ? { quarantined } : {}) };
  }

  private async quarantineOf(db: Executor, signature: string): Promise<IngestResult['quarantined']> {
    const entry = await quarantine.get(db, signature);
    return entry ? { stage: entry.stage, reason: entry.reason } : undefined;
  }

  /** Looks a signature up through the source and ingests it; null when the cluster has no such transaction. */
  async ingestSignature(signature: string): Promise<IngestResult | null> {
    if (await this.isIngested(signature)) return this.alreadyIngested(signature, false, this.db);
    const tx = await this.source.getTransaction(signature);
    return tx ? this.ingestTransaction(tx) : null;
  }

  /** True when the event is projected (not waiting behind a gap). */
  isApplied(event: Pick<StoredEvent, 'signature' | 'ix_index' | 'event_index'>): Promise<boolean> {
    return chainLog.isEventApplied(this.db, event);
  }

  /** True when the transaction is stored as failed on chain. */
  isFailed(signature: string): Promise<boolean> {
    return chainLog.isFailed(this.db, signature);
  }

  cursor(name = PROGRAM_CURSOR): Promise<{ signature: string; slot: number } | undefined> {
    return chainLog.cursorOf(this.db, name);
  }

  /** Streams with events waiting for a missing predecessor. */
  gaps(): Promise<StreamGap[]> {
    return chainLog.streamGaps(this.db);
  }

  /** Quarantined transactions and unavailable signatures: how many, and the newest ones. */
  async ingestionHealth(): Promise<IngestionHealth> {
    const quarantined = await quarantine.newest(this.db, HEALTH_RECENT_ISSUES);
    const unavailable = await unavailableSignatures.newest(this.db, HEALTH_RECENT_ISSUES);
    return {
      quarantine: {
        count: await quarantine.count(this.db),
        newest: quarantined.map(({ transactionJson: _body, ...entry }) => entry),
      },
      unavailableSignatures: {
        count: await unavailableSignatures.count(this.db),
        newest: unavailable.map(({ firstAttemptAt: _first, ...entry }) => entry),
      },
    };
  }

  /** The account whose signature history holds a stream's transactions. */
  streamAddress(stream: string): string {
    if (stream !== PLATFORM_STREAM) return stream;
    return marqueePdas(new anchor.web3.PublicKey(this.programId)).platform().toBase58();
  }

  /**
   * Every transaction that touched `address` and is not ingested yet, oldest first, down to `until`
   * (exclusive). `cursor` names the cursor that moves past each one. A listed signature the source
   * cannot return is recorded as unavailable (retried with backoff by `retryUnavailable`) and the
   * backfill goes on past it.
   */
  async backfillAddress(address: string, until?: string, cursor?: string): Promise<number> {
    const pending: { signature: string; slot: number }[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await this.source.getSignatures(address, { before, until, limit: SIGNATURE_PAGE });
      pending.push(...page);
      if (page.length < SIGNATURE_PAGE) break;
      before = page[page.length - 1].signature;
    }
    let ingested = 0;
    const oldestFirst = pending.reverse();
    for (let start = 0; start < oldestFirst.length; start += this.backfillBatchSize) {
      ingested += await this.backfillBatch(oldestFirst.slice(start, start + this.backfillBatchSize), cursor);
    }
    return ingested;
  }

  /**
   * Ingests a batch of listed signatures in one database transaction (those known already are
   * passed over, those the source cannot return recorded as unavailable), the cursor moved past the
   * last. Should anything fail, the batch is rolled back and ingested one transaction at a time.
   */
  private async backfillBatch(entries: { signature: string; slot: number }[], cursor?: string): Promise<number> {
    const known = await this.knownSignatures(entries.map((entry) => entry.signature));
    const fetched = new Map<string, { transaction: ChainTransaction } | { error: string }>();
    for (const entry of entries) {
      if (!known.has(entry.signature) && !fetched.has(entry.signature)) fetched.set(entry.signature, await this.fetchTransaction(entry.signature));
    }
    const arrived: { tx: ChainTransaction; events: DecodedEvent[] }[] = [];
    const unavailable: { entry: { signature: string; slot: number }; error: string }[] = [];
    const listed = new Set<string>();
    for (const entry of entries) {
      const outcome = fetched.get(entry.signature);
      if (!outcome || listed.has(entry.signature)) continue;
      listed.add(entry.signature);
      if ('error' in outcome) unavailable.push({ entry, error: outcome.error });
      else arrived.push({ tx: outcome.transaction, events: [] });
    }
    let results: IngestResult[];
    try {
      // An undecodable transaction throws here: quarantining it is the per-transaction path's job.
      for (const item of arrived) item.events = this.decode(item.tx, this.programId);
      results = await this.serialize(() =>
        inTransaction(this.db, (trx) => this.ingestBatch(trx, arrived, unavailable, cursor ? { name: cursor, at: entries[entries.length - 1] } : undefined)),
      );
    } catch {
      return this.backfillOneByOne(entries, fetched, cursor);
    }
    if (results.length > 0) this.hooks.afterCommit?.(results);
    for (const result of results) this.announce(result);
    return arrived.length;
  }

  /** Which of `signatures` are known already: ingested, quarantined (re-projection's business) or waiting for their retry. */
  private async knownSignatures(signatures: string[]): Promise<Set<string>> {
    const known = await chainLog.ingestedAmong(this.db, signatures);
    for (const signature of await quarantine.quarantinedAmong(this.db, signatures)) known.add(signature);
    for (const signature of await unavailableSignatures.unavailableAmong(this.db, signatures)) known.add(signature);
    return known;
  }

  /**
   * What ingestTransaction does for each of `arrived` (recordEmpty), for all of them in the caller's
   * database transaction: throws rather than quarantine, the caller then falls back to it.
   */
  private async ingestBatch(
    trx: Executor,
    arrived: { tx: ChainTransaction; events: DecodedEvent[] }[],
    unavailable: { entry: { signature: string; slot: number }; error: string }[],
    cursor: { name: string; at: { signature: string; slot: number } } | undefined,
  ): Promise<IngestResult[]> {
    if (cursor) await chainLog.moveCursor(trx, cursor.name, cursor.at.signature, cursor.at.slot, this.now());
    for (const { entry, error } of unavailable) await this.recordUnavailable(trx, entry, error);
    const signatures = arrived.map((item) => item.tx.signature);
    // Ingested meanwhile (a live notification between the listing and now): nothing to do for it.
    const ingested = await chainLog.ingestedAmong(trx, signatures);
    const fresh = arrived.filter((item) => !ingested.has(item.tx.signature));
    if ((await quarantine.quarantinedAmong(trx, signatures)).size > 0) throw new Error('a transaction of the batch was quarantined meanwhile');
    await unavailableSignatures.removeMany(
      trx,
      fresh.map((item) => item.tx.signature),
    );
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
    const perTransaction = fresh.map(({ events }) => events.map(batchEventOf));
    const batchEvents = perTransaction.flat();
    const projection = await BatchProjection.load(trx, batchEvents);
    for (const events of perTransaction) await projection.applyTransaction(events);
    await projection.finish();
    // Stored after projecting, each with whether it was applied (one statement instead of two).
    const rows = batchEvents.map((event) => ({
      signature: event.signature,
      ix_index: event.ix_index,
      event_index: event.event_index,
      slot: event.slot,
      block_time: event.block_time,
      name: event.name,
      stream: event.stream,
      seq: event.seq,
      data: event.json,
      applied: projection.isApplied(event) ? 1 : 0,
    }));
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

  /** The per-transaction backfill a failed batch falls back to (transactions already fetched are not asked for again). */
  private async backfillOneByOne(
    entries: { signature: string; slot: number }[],
    fetched: Map<string, { transaction: ChainTransaction } | { error: string }>,
    cursor?: string,
  ): Promise<number> {
    let ingested = 0;
    for (const entry of entries) {
      // Known already: ingested, quarantined (re-projection's business) or waiting for its retry.
      if ((await this.knownSignatures([entry.signature])).size > 0) {
        if (cursor) await this.serialize(() => chainLog.moveCursor(this.db, cursor, entry.signature, entry.slot, this.now()));
        continue;
      }
      const tx = fetched.get(entry.signature) ?? (await this.fetchTransaction(entry.signature));
      fetched.delete(entry.signature);
      if ('error' in tx) {
        await this.serialize(() =>
          inTransaction(this.db, async (trx) => {
            await this.recordUnavailable(trx, entry, tx.error);
            if (cursor) await chainLog.moveCursor(trx, cursor, entry.signature, entry.slot, this.now());
          }),
        );
        continue;
      }
      await this.ingestTransaction(tx.transaction, { recordEmpty: true, cursor });
      ingested++;
    }
    return ingested;
  }

  /** getTransaction, with "none" and a failed request both as the reason it is unavailable. */
  private async fetchTransaction(signature: string): Promise<{ transaction: ChainTransaction } | { error: string }> {
    try {
      const transaction = await this.source.getTransaction(signature);
      return transaction ? { transaction } : { error: 'the source has no transaction by this signature (yet)' };
    } catch (error) {
      return { error: `getTransaction failed: ${errorText(error)}` };
    }
  }

  private recordUnavailable(db: Executor, entry: { signature: string; slot: number }, error: string): Promise<void> {
    return unavailableSignatures.recordFailure(db, { ...entry, error, now: this.now(), retryDelay: unavailableRetryDelay });
  }

  /** Asks again for the unavailable signatures whose backoff is over; returns how many arrived. */
  async retryUnavailable(): Promise<number> {
    let arrived = 0;
    for (const entry of await unavailableSignatures.due(this.db, this.now())) {
      const tx = await this.fetchTransaction(entry.signature);
      if ('error' in tx) {
        await this.serialize(() => this.recordUnavailable(this.db, entry, tx.error));
        continue;
      }
      await this.ingestTransaction(tx.transaction, { recordEmpty: true });
      arrived++;
    }
    return arrived;
  }

  /** The stream's own backfill cursor: the newest signature of its account already listed. */
  static streamCursor(address: string): string {
    return `stream:${address}`;
  }

  /**
   * Backfills each gapped stream from its account's history, listing only what is newer than the
   * stream's cursor; returns the gaps that remain. A stream waiting for a quarantined transaction is
   * not re-listed: its missing event is known, and only re-projection can apply it.
   */
  async resolveGaps(): Promise<StreamGap[]> {
    for (const gap of await this.gaps()) {
      if (gap.quarantined) continue;
      const address = this.streamAddress(gap.stream);
      const cursor = ClusterIndexer.streamCursor(address);
      await this.backfillAddress(address, (await this.cursor(cursor))?.signature, cursor);
    }
    return this.gaps();
  }

  /**
   * What a live notification (and each sync) asks for: one gap resolution at a time. Asked while one
   * runs, it runs once more afterwards (however many asked meanwhile), so a burst of notifications
   * costs two.
   */
  requestGapResolution(): Promise<void> {
    if (this.resolving) {
      this.resolveAgain = true;
      return this.resolving;
    }
    this.resolving = (async () => {
      try {
        do {
          this.resolveAgain = false;
          await this.resolveGaps();
        } while (this.resolveAgain);
      } finally {
        this.resolving = undefined;
      }
    })();
    return this.resolving;
  }

  /** Catches up from the persisted cursor to the newest program transaction, retries unavailable signatures, then fills gaps. */
  sync(): Promise<number> {
    this.syncing ??= (async () => {
      try {
        const ingested = await this.backfillAddress(this.programId, (await this.cursor())?.signature, PROGRAM_CURSOR);
        const arrived = await this.retryUnavailable();
        await this.requestGapResolution();
        return ingested + arrived;
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }

  /**
   * Reads the transactions ingested at `confirmed` whose slot the cluster has since finalized back at
   * `finalized`. Found: marked finalized. Gone (forked out): their events are deleted and the
   * projected tables rebuilt by replaying the remaining log, in one database transaction, so the
   * projection equals one that never saw them. A read that fails is tried again next pass.
   */
  async reconcileFinalized(): Promise<ReconcileResult> {
    if (!this.source.finalizedSlot) return { finalizedSlot: 0, finalized: 0, rolledBack: [] };
    const finalizedSlot = await this.source.finalizedSlot();
    const finalized: string[] = [];
    const vanished: string[] = [];
    for (const entry of await chainLog.unfinalizedTransactions(this.db, finalizedSlot, RECONCILE_BATCH)) {
      let tx: ChainTransaction | null;
      try {
        tx = await this.source.getTransaction(entry.signature, { commitment: 'finalized' });
      } catch {
        continue;
      }
      (tx ? finalized : vanished).push(entry.signature);
    }
    await this.serialize(() =>
      inTransaction(this.db, async (trx) => {
        await chainLog.markFinalized(trx, finalized);
        if (vanished.length === 0) return;
        await chainLog.deleteTransactions(trx, vanished);
        await quarantine.release(trx, vanished);
        await replayLog(trx, this.store.dialect, this.now());
        // A settlement the chain dropped paid nobody: its batch waits to be sent again.
        await settlement.reopenBatchesSettledBy(trx, vanished);
      }),
    );
    if (vanished.length > 0) console.warn(`[indexer] ${this.cluster}: rolled back ${vanished.length} transaction(s) gone at finalized: ${vanished.join(', ')}`);
    return { finalizedSlot, finalized: finalized.length, rolledBack: vanished };
  }

  /**
   * Applies the quarantined transactions again (after a fix of the IDL or the projection): a
   * decode-stage one is decoded from its stored body and ingested, a project-stage one has its
   * streams projected again. One that still fails stays quarantined with the new reason.
   */
  async reprojectQuarantined(): Promise<ReprojectResult> {
    const reprojected: string[] = [];
    const stillQuarantined: string[] = [];
    for (const entry of await quarantine.list(this.db)) {
      if (entry.stage === 'decode') {
        if (!entry.transactionJson) throw new Error(`quarantined transaction ${entry.signature} has no stored body to decode again`);
        const result = await this.ingestTransaction(JSON.parse(entry.transactionJson) as ChainTransaction, { recordEmpty: true });
        (result.quarantined ? stillQuarantined : reprojected).push(entry.signature);
        continue;
      }
      const stillFails = await this.serialize(() =>
        inTransaction(this.db, async (trx) => {
          let projected = true;
          const streams = new Set((await chainLog.eventsOf(trx, entry.signature)).map((event) => event.stream));
          for (const stream of streams) projected = (await applyStream(trx, stream, { now: this.now(), retrying: entry.signature })) && projected;
          // A failure has counted one more attempt, with its reason, on the quarantined row.
          if (projected) await quarantine.release(trx, [entry.signature]);
          return !projected;
        }),
      );
      (stillFails ? stillQuarantined : reprojected).push(entry.signature);
    }
    return { reprojected, stillQuarantined };
  }

  /** Live mode: subscription for new transactions plus a periodic sync as the integrity pass. */
  start(options: { pollMs?: number; reconcileMs?: number } = {}): void {
    const onNotification = (notification: SourceNotification) => {
      const work = notification.transaction ? this.ingestTransaction(notification.transaction) : this.ingestSignature(notification.signature);
      work.then(async (result) => (result && (await this.gaps()).length > 0 ? this.requestGapResolution() : undefined)).catch(logError);
    };
    this.unsubscribe = this.source.subscribe?.(this.programId, onNotification);
    this.sync().catch(logError);
    this.pollTimer = setInterval(() => this.sync().catch(logError), options.pollMs ?? DEFAULT_POLL_MS);
    this.pollTimer.unref();
    if (this.source.finalizedSlot) {
      this.reconcileTimer = setInterval(() => this.reconcileFinalized().catch(logError), options.reconcileMs ?? RECONCILE_INTERVAL_MS);
      this.reconcileTimer.unref();
    }
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    this.reconcileTimer = undefined;
  }
}

/** A decoded event with its events-table row: data as stored (JSON) and parsed back (u64/u128 as decimal text). */
interface BatchEvent extends StoredEvent {
  slot: number;
  json: string;
}

function batchEventOf(event: DecodedEvent): BatchEvent {
  const data = storedEventData(event.data);
  return {
    signature: event.signature,
    ix_index: event.ixIndex,
    event_index: event.eventIndex,
    slot: event.slot,
    block_time: event.blockTime,
    name: event.name,
    stream: event.stream,
    seq: event.seq,
    data,
    json: JSON.stringify(data),
  };
}

function storedEvent({ json: _json, ...event }: BatchEvent): StoredEvent {
  return event;
}

function logError(error: unknown): void {
  console.error('[indexer]', errorText(error));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Exponential backoff: the base delay doubled per earlier attempt, capped. */
export function unavailableRetryDelay(attempts: number): number {
  return Math.min(UNAVAILABLE_RETRY_MAX_MS, UNAVAILABLE_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
