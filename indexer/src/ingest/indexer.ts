// ClusterIndexer: the one ingestion path of a cluster, and the face the rest of the indexer sees. It
// wires the rooms that each hold one of its jobs and runs them live:
// - ingestion.ts: every transaction enters through one queue and one store-and-project step (the
//   ordering rule, BatchProjection); a live transaction is a batch of one; what fails is quarantined
//   (quarantining-ingest.ts) and nothing stops ingestion;
// - backfill.ts: catch-up from the program's cursor, in batches;
// - gap-resolution.ts: a stream's missing predecessor backfilled from its own account's history;
// - unavailable.ts: signatures the source cannot return, asked for again with backoff;
// - reconciliation.ts: finality, transactions forked out rolled back by replaying the log;
// - reprojection.ts: quarantined transactions applied again after a fix;
// - health.ts: what /api/health reports of all this.
import { BACKFILL_BATCH, RECONCILE_INTERVAL_MS } from '../constants.ts';
import { chainLog, type DataStore, type Executor } from '../db/index.ts';
import { decodeTransactionEvents, MARQUEE_PROGRAM_ADDRESS as PROGRAM_ID, type ChainTransaction } from '@marquee/program-client';
import type { ChainSource, SourceNotification } from '../sources/source.ts';
import { Backfill } from './backfill.ts';
import { GapResolution, streamCursor, streamGaps, type StreamGap } from './gap-resolution.ts';
import { ingestionHealth, type IngestionHealth } from './health.ts';
import { errorText, Ingestion, type IndexerHooks, type IngestResult } from './ingestion.ts';
import type { StoredEvent } from './projector.ts';
import { reconcileFinalized, type ReconcileResult } from './reconciliation.ts';
import { reprojectQuarantined, type ReprojectResult } from './reprojection.ts';
import { retryUnavailable } from './unavailable.ts';

export type { IndexerHooks, IngestionHealth, IngestResult, ReconcileResult, ReprojectResult, StreamGap };
export { unavailableRetryDelay } from './unavailable.ts';

/** Program-wide backfill cursor name. */
export const PROGRAM_CURSOR = 'program';
const DEFAULT_POLL_MS = 30_000;

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
  private readonly ingestion: Ingestion;
  private readonly backfill: Backfill;
  private readonly gapResolution: GapResolution;
  private unsubscribe?: () => void;
  private pollTimer?: NodeJS.Timeout;
  private reconcileTimer?: NodeJS.Timeout;
  private syncing?: Promise<number>;

  constructor(options: ClusterIndexerOptions) {
    this.cluster = options.cluster;
    this.store = options.store;
    this.source = options.source;
    this.programId = options.programId ?? PROGRAM_ID;
    this.ingestion = new Ingestion({
      db: options.store.db,
      programId: this.programId,
      hooks: options.hooks ?? {},
      now: options.now ?? Date.now,
      decode: options.decode ?? decodeTransactionEvents,
    });
    this.backfill = new Backfill(this.ingestion, this.source, options.backfillBatch ?? BACKFILL_BATCH);
    this.gapResolution = new GapResolution(this.store.db, this.backfill, this.programId);
  }

  /** Called after every transaction that brought new events (settlement job, demo chain). */
  onIngested(listener: (result: IngestResult) => void): () => void {
    return this.ingestion.onIngested(listener);
  }

  get db(): Executor {
    return this.store.db;
  }

  isIngested(signature: string): Promise<boolean> {
    return chainLog.isIngested(this.db, signature);
  }

  storedEvents(signature: string, db: Executor = this.db): Promise<StoredEvent[]> {
    return this.ingestion.storedEvents(signature, db);
  }

  /** Stores and projects a transaction's events (see Ingestion.ingestTransaction). */
  ingestTransaction(tx: ChainTransaction, options: { recordEmpty?: boolean; cursor?: string } = {}): Promise<IngestResult> {
    return this.ingestion.ingestTransaction(tx, options);
  }

  /** Looks a signature up through the source and ingests it; null when the cluster has no such transaction. */
  async ingestSignature(signature: string): Promise<IngestResult | null> {
    if (await this.isIngested(signature)) return this.ingestion.alreadyIngested(signature, false, this.db);
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
    return streamGaps(this.db);
  }

  /** Quarantined transactions and unavailable signatures: how many, and the newest ones. */
  ingestionHealth(): Promise<IngestionHealth> {
    return ingestionHealth(this.db);
  }

  /** The account whose signature history holds a stream's transactions. */
  streamAddress(stream: string): string {
    return this.gapResolution.streamAddress(stream);
  }

  /** Every transaction that touched `address` and is not ingested yet (see Backfill.address). */
  backfillAddress(address: string, until?: string, cursor?: string): Promise<number> {
    return this.backfill.address(address, until, cursor);
  }

  /** Asks again for the unavailable signatures whose backoff is over; returns how many arrived. */
  retryUnavailable(): Promise<number> {
    return retryUnavailable(this.ingestion, this.source);
  }

  /** The stream's own backfill cursor: the newest signature of its account already listed. */
  static streamCursor(address: string): string {
    return streamCursor(address);
  }

  /** Backfills each gapped stream from its account's history; returns the gaps that remain. */
  resolveGaps(): Promise<StreamGap[]> {
    return this.gapResolution.resolve();
  }

  /** One gap resolution at a time; asked while one runs, it runs once more afterwards. */
  requestGapResolution(): Promise<void> {
    return this.gapResolution.request();
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

  /** Reads transactions ingested at `confirmed` back at `finalized`; those gone are rolled back (reconciliation.ts). */
  reconcileFinalized(): Promise<ReconcileResult> {
    return reconcileFinalized(this.ingestion, this.source, this.store.dialect, this.cluster);
  }

  /** Applies the quarantined transactions again after a fix (reprojection.ts). */
  reprojectQuarantined(): Promise<ReprojectResult> {
    return reprojectQuarantined(this.ingestion);
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

function logError(error: unknown): void {
  console.error('[indexer]', errorText(error));
}
