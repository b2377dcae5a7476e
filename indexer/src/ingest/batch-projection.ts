// The projection of a backfill batch: many chain transactions' events applied in one database
// transaction, in exactly the order the per-transaction path (ingestTransaction → applyStream)
// applies them, and to the same tables. The streams' positions, their waiting events and which of
// those wait for a quarantined transaction are read once per batch; the events are applied from
// memory; runs of Invested events (the bulk of any history) are written as sets (InvestmentRun),
// every other event through applyEvent after the run before it is flushed. Nothing here catches:
// an event that does not project fails the batch, which the indexer then ingests one transaction
// at a time, where quarantine takes over.
import { chainLog, projects, quarantine, type Executor } from '../db/index.ts';
import { streamGenesis } from '@marquee/program-client';
import { InvestmentRun } from './investment-run.ts';
import { applyEvent, type StoredEvent } from './projector.ts';

/** An event of the batch or a stored one waiting behind a gap. */
interface PendingEvent {
  event: StoredEvent;
  /** Already in the events table (stored unapplied by an earlier ingestion). */
  stored: boolean;
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
  ) {}

  /** Reads what the batch's streams have applied and what waits in them. */
  static async load(trx: Executor, batchEvents: readonly StoredEvent[]): Promise<BatchProjection> {
    const streams = [...new Set(batchEvents.map((event) => event.stream))];
    const nextSeq = await chainLog.nextSeqs(trx, streams);
    const pending = new Map<string, PendingEvent[]>();
    const kind = new Map<string, string>();
    const stored = await chainLog.pendingEventsOf(trx, streams);
    for (const row of stored) {
      const event: StoredEvent = { ...row, data: JSON.parse(row.data) };
      if (!pending.has(row.stream)) pending.set(row.stream, []);
      pending.get(row.stream)!.push({ event, stored: true });
      if (!kind.has(row.stream)) kind.set(row.stream, row.name);
    }
    for (const event of batchEvents) if (!kind.has(event.stream)) kind.set(event.stream, event.name);
    const signatures = [...new Set([...stored.map((row) => row.signature), ...batchEvents.map((event) => event.signature)])];
    const quarantined = await quarantine.quarantinedAmong(trx, signatures);
    return new BatchProjection(trx, nextSeq, pending, kind, quarantined);
  }

  /** One chain transaction's events arrive: each stream it touched applies what is now in order. */
  async applyTransaction(events: readonly StoredEvent[]): Promise<void> {
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

  /** As applyStream: the stream's next event while there is one and it is not quarantined. */
  private async applyStream(stream: string): Promise<void> {
    const waiting = this.pending.get(stream)!;
    for (;;) {
      const next = this.nextEvent(stream, waiting);
      if (!next || this.quarantined.has(next.event.signature)) return;
      await this.apply(next.event);
      waiting.splice(waiting.indexOf(next), 1);
      this.applied.add(eventKey(next.event));
      if (next.stored) this.appliedStored.push(next.event);
      this.nextSeq.set(stream, next.event.seq + 1);
      this.moved.add(stream);
    }
  }

  /** As chainLog.nextPendingEvent: the one at the stream's next seq, or its first genesis event. */
  private nextEvent(stream: string, waiting: PendingEvent[]): PendingEvent | undefined {
    const seq = this.nextSeq.get(stream);
    if (seq !== undefined) return waiting.find((candidate) => candidate.event.seq === seq);
    const genesis = streamGenesis(stream, this.kind.get(stream)!);
    let first: PendingEvent | undefined;
    for (const candidate of waiting) if (candidate.event.name === genesis && (!first || candidate.event.seq < first.event.seq)) first = candidate;
    return first;
  }

  private async apply(event: StoredEvent): Promise<void> {
    if (event.name !== 'Invested') {
      // Any other event may read or write what the run buffers (positions, totals): it goes after.
      await this.investments.flush(this.trx);
      await applyEvent(this.trx, event);
      return;
    }
    this.investments.add(await this.projectId(event.data.project), event);
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
