// ClusterIndexer: the one ingestion path of a cluster. Every source's transactions go through
// `ingestTransaction`, which, in one synchronous SQLite transaction, stores the decoded events
// (idempotent: keyed by signature + instruction index + event index), moves the backfill cursor
// and projects the events of each seq stream in order. An event whose predecessor is missing waits
// in the log (a gap) until a backfill of its stream brings the predecessor.
import anchor from '@coral-xyz/anchor';
import type { Db } from '../db/database.ts';
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
  /** Runs inside the ingesting SQLite transaction after each stored event (tests kill the process here). */
  afterEventStored?(event: StoredEvent): void;
  /** Runs after each committed transaction (tests kill the process here). */
  afterCommit?(result: IngestResult): void;
}

export interface ClusterIndexerOptions {
  cluster: string;
  db: Db;
  source: ChainSource;
  programId?: string;
  hooks?: IndexerHooks;
  now?: () => number;
}

export class ClusterIndexer {
  readonly cluster: string;
  readonly db: Db;
  readonly source: ChainSource;
  readonly programId: string;
  private readonly hooks: IndexerHooks;
  private readonly now: () => number;
  private readonly listeners = new Set<(result: IngestResult) => void>();
  private unsubscribe?: () => void;
  private pollTimer?: NodeJS.Timeout;
  private syncing?: Promise<number>;

  constructor(options: ClusterIndexerOptions) {
    this.cluster = options.cluster;
    this.db = options.db;
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

  isIngested(signature: string): boolean {
    return this.db.prepare('SELECT 1 FROM transactions WHERE signature = ?').get(signature) !== undefined;
  }

  storedEvents(signature: string): StoredEvent[] {
    const rows = this.db
      .prepare(
        `SELECT signature, ix_index, event_index, block_time, name, stream, seq, data FROM events
         WHERE signature = ? ORDER BY ix_index, event_index`,
      )
      .all(signature) as (Omit<StoredEvent, 'data'> & { data: string })[];
    return rows.map((row) => ({ ...row, data: JSON.parse(row.data) }));
  }

  /**
   * Stores and projects a transaction's events. `recordEmpty` also remembers a transaction without
   * events (a failed one from the program's signature list) so it is not fetched again; the
   * optional cursor moves in the same SQLite transaction, so a crash never separates the two.
   */
  ingestTransaction(
    tx: ChainTransaction,
    options: { recordEmpty?: boolean; cursor?: string } = {},
  ): IngestResult {
    const decoded = decodeTransactionEvents(tx, this.programId);
    const failed = Boolean(tx.err);
    const result = this.db.transaction((): IngestResult => {
      if (options.cursor) this.moveCursor(options.cursor, tx.signature, tx.slot);
      if (this.isIngested(tx.signature)) {
        return { signature: tx.signature, duplicate: true, failed, events: this.storedEvents(tx.signature) };
      }
      if (decoded.length === 0 && !options.recordEmpty) {
        return { signature: tx.signature, duplicate: false, failed, events: [] };
      }
      this.db
        .prepare(
          'INSERT INTO transactions (signature, slot, block_time, failed, event_count, ingested_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(tx.signature, tx.slot, tx.blockTime, failed ? 1 : 0, decoded.length, this.now());
      const insert = this.db.prepare(
        `INSERT OR IGNORE INTO events (signature, ix_index, event_index, slot, block_time, name, stream, seq, data)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const event of decoded) {
        insert.run(
          event.signature,
          event.ixIndex,
          event.eventIndex,
          event.slot,
          event.blockTime,
          event.name,
          event.stream,
          event.seq,
          eventDataToJson(event.data),
        );
        this.hooks.afterEventStored?.(this.storedEvents(tx.signature).at(-1)!);
      }
      for (const stream of new Set(decoded.map((event) => event.stream))) this.applyStream(stream);
      return { signature: tx.signature, duplicate: false, failed, events: this.storedEvents(tx.signature) };
    })();
    if (!result.duplicate && result.events.length > 0) {
      this.hooks.afterCommit?.(result);
      for (const listener of this.listeners) listener(result);
    }
    return result;
  }

  /** Looks a signature up through the source and ingests it; null when the cluster has no such transaction. */
  async ingestSignature(signature: string): Promise<IngestResult | null> {
    if (this.isIngested(signature)) {
      return { signature, duplicate: true, failed: false, events: this.storedEvents(signature) };
    }
    const tx = await this.source.getTransaction(signature);
    return tx ? this.ingestTransaction(tx) : null;
  }

  /** True when the event is projected (not waiting behind a gap). */
  isApplied(event: Pick<StoredEvent, 'signature' | 'ix_index' | 'event_index'>): boolean {
    const row = this.db
      .prepare('SELECT applied FROM events WHERE signature = ? AND ix_index = ? AND event_index = ?')
      .get(event.signature, event.ix_index, event.event_index) as { applied: number } | undefined;
    return row?.applied === 1;
  }

  private moveCursor(name: string, signature: string, slot: number): void {
    this.db
      .prepare(
        `INSERT INTO cursors (name, signature, slot, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET signature = excluded.signature, slot = excluded.slot, updated_at = excluded.updated_at`,
      )
      .run(name, signature, slot, this.now());
  }

  cursor(name = PROGRAM_CURSOR): { signature: string; slot: number } | undefined {
    return this.db.prepare('SELECT signature, slot FROM cursors WHERE name = ?').get(name) as
      | { signature: string; slot: number }
      | undefined;
  }

  /** Projects the stream's waiting events while each one is the next in seq order. */
  private applyStream(stream: string): void {
    // The first event of a stream, what its projection starts from, depends on the stream's kind.
    const anEvent = this.db.prepare('SELECT name FROM events WHERE stream = ? LIMIT 1').get(stream) as { name: string } | undefined;
    if (!anEvent) return;
    const genesis = streamGenesis(stream, anEvent.name);
    const nextSeq = this.db.prepare('SELECT next_seq FROM streams WHERE stream = ?');
    const firstEvent = this.db.prepare(
      'SELECT * FROM events WHERE stream = ? AND applied = 0 AND name = ? ORDER BY seq LIMIT 1',
    );
    const eventAt = this.db.prepare('SELECT * FROM events WHERE stream = ? AND applied = 0 AND seq = ? LIMIT 1');
    for (;;) {
      const state = nextSeq.get(stream) as { next_seq: number } | undefined;
      const row = (state ? eventAt.get(stream, state.next_seq) : firstEvent.get(stream, genesis)) as
        | (Omit<StoredEvent, 'data'> & { data: string })
        | undefined;
      if (!row) return;
      applyEvent(this.db, { ...row, data: JSON.parse(row.data) });
      this.db
        .prepare('UPDATE events SET applied = 1 WHERE signature = ? AND ix_index = ? AND event_index = ?')
        .run(row.signature, row.ix_index, row.event_index);
      this.db
        .prepare(
          `INSERT INTO streams (stream, next_seq) VALUES (?, ?)
           ON CONFLICT (stream) DO UPDATE SET next_seq = excluded.next_seq`,
        )
        .run(stream, row.seq + 1);
    }
  }

  /** Streams with events waiting for a missing predecessor. */
  gaps(): StreamGap[] {
    return this.db
      .prepare(
        `SELECT e.stream AS stream, s.next_seq AS nextSeq, MIN(e.seq) AS firstPendingSeq, COUNT(*) AS pending
         FROM events e LEFT JOIN streams s ON s.stream = e.stream
         WHERE e.applied = 0 GROUP BY e.stream ORDER BY e.stream`,
      )
      .all() as StreamGap[];
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
      if (this.isIngested(entry.signature)) {
        if (cursor) this.db.transaction(() => this.moveCursor(cursor, entry.signature, entry.slot))();
        continue;
      }
      const tx = await this.source.getTransaction(entry.signature);
      // Listed but not yet served (RPC nodes lag): stop here and resume from the cursor next time.
      if (!tx) break;
      this.ingestTransaction(tx, { recordEmpty: true, cursor });
      ingested++;
    }
    return ingested;
  }

  /** Backfills each gapped stream from its account's history; returns the gaps that remain. */
  async resolveGaps(): Promise<StreamGap[]> {
    for (const gap of this.gaps()) await this.backfillAddress(this.streamAddress(gap.stream));
    return this.gaps();
  }

  /** Catches up from the persisted cursor to the newest program transaction, then fills gaps. */
  sync(): Promise<number> {
    this.syncing ??= (async () => {
      try {
        const ingested = await this.backfillAddress(this.programId, this.cursor()?.signature, PROGRAM_CURSOR);
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
      const work = notification.transaction
        ? Promise.resolve(this.ingestTransaction(notification.transaction))
        : this.ingestSignature(notification.signature);
      work.then((result) => (result && this.gaps().length > 0 ? this.resolveGaps() : undefined)).catch(logError);
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
