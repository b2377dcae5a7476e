// The ordering rule of the projection, written once: each seq stream applies its events in seq
// order, starting from the event that opens a stream of its kind, and waits at a missing seq (a gap)
// or at an event of a quarantined transaction. Every path projects through it, in one database
// transaction: a batch of chain transactions (a backfill batch, or a live one as a batch of one),
// the streams of one transaction (the quarantining path, re-projection) and the whole log (replay).
// The streams' positions, their waiting events and which of those wait for a quarantined
// transaction are read once; the events are applied from memory.
// - Unguarded (batches): runs of Invested events (the bulk of any history) are written as sets
//   (InvestmentRun), every other event through applyEvent after the run before it is flushed.
//   Nothing catches: an event that does not project fails the batch, which is then ingested one
//   transaction at a time through the quarantining path.
// - Guarded: each event is applied alone under a savepoint; one whose projection throws is undone,
//   its transaction quarantined, and its stream waits at that seq (as at any event of a quarantined
//   transaction, but the one being re-projected) rather than skip it.
import { sql } from 'kysely';
import { chainLog, projects, quarantine, type Executor } from '../db/index.ts';
import { streamGenesis } from '@marquee/program-client';
import { InvestmentRun } from './investment-run.ts';
import { applyEvent, type StoredEvent } from './projector.ts';

/** An event with the slot of its transaction (what its quarantine records). */
type SlotEvent = StoredEvent & { slot: number };

/** An event of the batch or a stored one waiting behind a gap. */
interface PendingEvent {
  event: SlotEvent;
  /** Already in the events table (stored unapplied by an earlier ingestion). */
  stored: boolean;
}

/** Guarded projection: when a failure is recorded, and the quarantined transaction being re-projected (tried, not waited at). */
export interface Guard {
  now: number;
  retrying?: string;
}

const eventKey = (event: Pick<StoredEvent, 'signature' | 'ix_index' | 'event_index'>) => `${event.signature}/${event.ix_index}/${event.event_index}`;

export class BatchProjection {
  private readonly investments = new InvestmentRun();
  private readonly projectIds = new Map<string, number>();
  /** Keys of the events applied by this batch. */
  private readonly applied = new Set<string>();
  /** Stored events this batch applied: their rows are marked when it finishes. */
  private readonly appliedStored: StoredEvent[] = [];
  /** Streams whose next seq moved. */
  private readonly moved = new Set<string>();

  private constructor(
    private readonly trx: Executor,
    /** Next seq per stream that has applied an event. */
    private readonly nextSeq: Map<string, number>,
    /** Waiting events per stream. */
    private readonly pending: Map<string, PendingEvent[]>,
    /** An event name per stream: the kind of stream it is, which says its first event. */
    private readonly kind: Map<string, string>,
    /** Transactions in quarantine: their events are waited at, not applied. */
    private readonly quarantined: Set<string>,
    private readonly guard: Guard | undefined,
  ) {}

  /** Reads what the streams of the batch's events and `options.streams` have applied and what waits in them. */
  static async load(trx: Executor, batchEvents: readonly SlotEvent[], options: { streams?: Iterable<string>; guard?: Guard } = {}): Promise<BatchProjection> {
    const streams = [...new Set([...(options.streams ?? []), ...batchEvents.map((event) => event.stream)])];
    const nextSeq = await chainLog.nextSeqs(trx, streams);
    const pending = new Map<string, PendingEvent[]>();
    const kind = new Map<string, string>();
    const stored = await chainLog.pendingEventsOf(trx, streams);
    for (const row of stored) {
      const event: SlotEvent = { ...row, data: JSON.parse(row.data) };
      if (!pending.has(row.stream)) pending.set(row.stream, []);
      pending.get(row.stream)!.push({ event, stored: true });
      if (!kind.has(row.stream)) kind.set(row.stream, row.name);
    }
    for (const event of batchEvents) if (!kind.has(event.stream)) kind.set(event.stream, event.name);
    const signatures = [...new Set([...stored.map((row) => row.signature), ...batchEvents.map((event) => event.signature)])];
    const quarantined = await quarantine.quarantinedAmong(trx, signatures);
    return new BatchProjection(trx, nextSeq, pending, kind, quarantined, options.guard);
  }

  /** One chain transaction's events arrive: each stream it touched applies what is now in order. */
  async applyTransaction(events: readonly SlotEvent[]): Promise<void> {
    for (const event of events) {
      if (!this.pending.has(event.stream)) this.pending.set(event.stream, []);
      this.pending.get(event.stream)!.push({ event, stored: false });
    }
    for (const stream of new Set(events.map((event) => event.stream))) await this.applyStream(stream);
  }

  /** Whether the batch applied this event. */
  isApplied(event: Pick<StoredEvent, 'signature' | 'ix_index' | 'event_index'>): boolean {
    return this.applied.has(eventKey(event));
  }

  /** Writes what is still buffered and the streams' new positions. */
  async finish(): Promise<void> {
    await this.investments.flush(this.trx);
    const nextSeqOf = new Map([...this.moved].map((stream) => [stream, this.nextSeq.get(stream)!]));
    await chainLog.markManyApplied(this.trx, this.appliedStored, nextSeqOf);
  }

  /**
   * Applies the stream's next event while there is one (up to `maxSeq`: a replay in chain order) and
   * it is not quarantined. False when a guarded event failed.
   */
  async applyStream(stream: string, maxSeq = Number.POSITIVE_INFINITY): Promise<boolean> {
    const waiting = this.pending.get(stream);
    if (!waiting) return true;
    for (;;) {
      const next = this.nextEvent(stream, waiting);
      if (!next || next.event.seq > maxSeq) return true;
      if (next.event.signature !== this.guard?.retrying && this.quarantined.has(next.event.signature)) return true;
      if (!(await this.apply(next.event))) return false;
      waiting.splice(waiting.indexOf(next), 1);
      this.applied.add(eventKey(next.event));
      if (next.stored) this.appliedStored.push(next.event);
      this.nextSeq.set(stream, next.event.seq + 1);
      this.moved.add(stream);
    }
  }

  /** The one at the stream's next seq or, before the stream's first event is applied, its first event of the kind that opens it. */
  private nextEvent(stream: string, waiting: PendingEvent[]): PendingEvent | undefined {
    const seq = this.nextSeq.get(stream);
    if (seq !== undefined) return waiting.find((candidate) => candidate.event.seq === seq);
    const genesis = streamGenesis(stream, this.kind.get(stream)!);
    let first: PendingEvent | undefined;
    for (const candidate of waiting) if (candidate.event.name === genesis && (!first || candidate.event.seq < first.event.seq)) first = candidate;
    return first;
  }

  private async apply(event: SlotEvent): Promise<boolean> {
    if (this.guard) return this.applyGuarded(event, this.guard);
    if (event.name !== 'Invested') {
      // Any other event may read or write what the run buffers (positions, totals): it goes after.
      await this.investments.flush(this.trx);
      await applyEvent(this.trx, event);
      return true;
    }
    this.investments.add(await this.projectId(event.data.project), event);
    return true;
  }

  private async applyGuarded(event: SlotEvent, guard: Guard): Promise<boolean> {
    await sql`SAVEPOINT apply_event`.execute(this.trx);
    try {
      await applyEvent(this.trx, event);
      await sql`RELEASE SAVEPOINT apply_event`.execute(this.trx);
      return true;
    } catch (error) {
      // PostgreSQL refuses every statement after a failed one until the savepoint is rolled back.
      await sql`ROLLBACK TO SAVEPOINT apply_event`.execute(this.trx);
      await sql`RELEASE SAVEPOINT apply_event`.execute(this.trx);
      await quarantine.record(this.trx, {
        signature: event.signature,
        slot: event.slot,
        stage: 'project',
        reason: `${event.name} (seq ${event.seq} of ${event.stream}) does not project: ${error instanceof Error ? error.message : String(error)}`,
        now: guard.now,
      });
      this.quarantined.add(event.signature);
      return false;
    }
  }

  private async projectId(address: string): Promise<number> {
    let id = this.projectIds.get(address);
    if (id === undefined) {
      id = await projects.projectIdByAddress(this.trx, address);
      if (id === undefined) throw new Error(`Event for unknown project ${address}`);
      this.projectIds.set(address, id);
    }
    return id;
  }
}
