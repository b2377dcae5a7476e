// ClusterIndexer: the one ingestion path of a cluster. Every source's transactions go through
// `ingestTransaction`, which, in one database transaction, stores the decoded events
// (idempotent: keyed by signature + instruction index + event index), moves the backfill cursor
// and projects the events of each seq stream in order. An event whose predecessor is missing waits
// in the log (a gap) until a backfill of its stream brings the predecessor. Ingestions run one at a
// time, in the order they were asked for (the queue below), as the synchronous SQLite code did.
import anchor from '@coral-xyz/anchor';
import { chainLog, inTransaction, type DataStore, type Executor } from '../db/index.ts';
import {
  decodeTransactionEvents,
  eventDataToJson,
  type ChainTransaction,
} from '../program/decoder.ts';
import { PLATFORM_STREAM, PROGRAM_ID, streamGenesis } from '../program/idl.ts';
import type { ChainSource, SourceNotification } from '../sources/source.ts';
import { applyEvent, type StoredEvent } from './projector.ts';

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
}

export interface StreamGap {
  stream: string;
  /** null: the stream's first event has not arrived yet. */
  nextSeq: number | null;
  firstPendingSeq: number;
  pending: number;
}

export interface IndexerHooks {
  /** Runs inside the ingesting database transaction after each stored event (tests kill the process here). */
  afterEventStored?(event: StoredEvent): void;
  /** Runs after each committed transaction (tests kill the process here). */
  afterCommit?(result: IngestResult): void;
}

export interface ClusterIndexerOptions {
  cluster: string;
  store: DataStore;
  source: ChainSource;
  programId?: string;
  hooks?: IndexerHooks;
  now?: () => number;
}

export class ClusterIndexer {
  readonly cluster: string;
  readonly store: DataStore;
  readonly source: ChainSource;
  readonly programId: string;
  private readonly hooks: IndexerHooks;
  private readonly now: () => number;
  private readonly listeners = new Set<(result: IngestResult) => void>();
  private unsubscribe?: () => void;
  private pollTimer?: NodeJS.Timeout;
  private syncing?: Promise<number>;
  /** The tail of the ingestion queue: each ingestion starts when the previous one has settled. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: ClusterIndexerOptions) {
    this.cluster = options.cluster;
    this.store = options.store;
    this.source = options.source;
    this.programId = options.programId ?? PROGRAM_ID;
    this.hooks = options.hooks ?? {};
    this.now = options.now ?? Date.now;
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
   */
  async ingestTransaction(tx: ChainTransaction, options: { recordEmpty?: boolean; cursor?: string } = {}): Promise<IngestResult> {
    const decoded = decodeTransactionEvents(tx, this.programId);
    const failed = Boolean(tx.err);
    const result = await this.serialize(() =>
      inTransaction(this.db, async (trx): Promise<IngestResult> => {
        if (options.cursor) await chainLog.moveCursor(trx, options.cursor, tx.signature, tx.slot, this.now());
        if (await chainLog.isIngested(trx, tx.signature)) {
          return { signature: tx.signature, duplicate: true, failed, events: await this.storedEvents(tx.signature, trx) };
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
        for (const stream of new Set(decoded.map((event) => event.stream))) await this.applyStream(trx, stream);
        return { signature: tx.signature, duplicate: false, failed, events: await this.storedEvents(tx.signature, trx) };
      }),
    );
    if (!result.duplicate && result.events.length > 0) {
      this.hooks.afterCommit?.(result);
      for (const listener of this.listeners) listener(result);
    }
    return result;
  }

  /** Looks a signature up through the source and ingests it; null when the cluster has no such transaction. */
  async ingestSignature(signature: string): Promise<IngestResult | null> {
    if (await this.isIngested(signature)) {
      return { signature, duplicate: true, failed: false, events: await this.storedEvents(signature) };
    }
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

  /** Projects the stream's waiting events while each one is the next in seq order. */
  private async applyStream(trx: Executor, stream: string): Promise<void> {
    // The first event of a stream, what its projection starts from, depends on the stream's kind.
    const anEventName = await chainLog.anEventName(trx, stream);
    if (anEventName === undefined) return;
    const genesis = streamGenesis(stream, anEventName);
    for (;;) {
      const row = await chainLog.nextPendingEvent(trx, stream, genesis);
      if (!row) return;
      await applyEvent(trx, { ...row, data: JSON.parse(row.data) });
      await chainLog.markApplied(trx, row);
    }
  }

  /** Streams with events waiting for a missing predecessor. */
  gaps(): Promise<StreamGap[]> {
    return chainLog.streamGaps(this.db);
  }

  /** The account whose signature history holds a stream's transactions. */
  streamAddress(stream: string): string {
    if (stream !== PLATFORM_STREAM) return stream;
    const [platform] = anchor.web3.PublicKey.findProgramAddressSync(
      [Buffer.from('platform')],
      new anchor.web3.PublicKey(this.programId),
    );
    return platform.toBase58();
  }

  /** Every transaction that touched `address` and is not ingested yet, oldest first. */
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
    for (const entry of pending.reverse()) {
      if (await this.isIngested(entry.signature)) {
        if (cursor) await this.serialize(() => chainLog.moveCursor(this.db, cursor, entry.signature, entry.slot, this.now()));
        continue;
      }
      const tx = await this.source.getTransaction(entry.signature);
      // Listed but not yet served (RPC nodes lag): stop here and resume from the cursor next time.
      if (!tx) break;
      await this.ingestTransaction(tx, { recordEmpty: true, cursor });
      ingested++;
    }
    return ingested;
  }

  /** Backfills each gapped stream from its account's history; returns the gaps that remain. */
  async resolveGaps(): Promise<StreamGap[]> {
    for (const gap of await this.gaps()) await this.backfillAddress(this.streamAddress(gap.stream));
    return this.gaps();
  }

  /** Catches up from the persisted cursor to the newest program transaction, then fills gaps. */
  sync(): Promise<number> {
    this.syncing ??= (async () => {
      try {
        const ingested = await this.backfillAddress(this.programId, (await this.cursor())?.signature, PROGRAM_CURSOR);
        await this.resolveGaps();
        return ingested;
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }

  /** Live mode: subscription for new transactions plus a periodic sync as the integrity pass. */
  start(options: { pollMs?: number } = {}): void {
    const onNotification = (notification: SourceNotification) => {
      const work = notification.transaction ? this.ingestTransaction(notification.transaction) : this.ingestSignature(notification.signature);
      work.then(async (result) => (result && (await this.gaps()).length > 0 ? this.resolveGaps() : undefined)).catch(logError);
    };
    this.unsubscribe = this.source.subscribe?.(this.programId, onNotification);
    this.sync().catch(logError);
    this.pollTimer = setInterval(() => this.sync().catch(logError), options.pollMs ?? DEFAULT_POLL_MS);
    this.pollTimer.unref();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }
}

function logError(error: unknown): void {
  console.error('[indexer]', error instanceof Error ? error.message : error);
}
