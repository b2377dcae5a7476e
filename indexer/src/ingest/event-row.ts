// A decoded event as every ingestion path stores and projects it, written once: the events table's
// columns, its data as the table's JSON (u64/u128 as decimal text) and that data parsed back, which
// is what the projection reads.
import type { NewEvent } from '../db/schema.ts';
import { storedEventData, type DecodedEvent } from '@marquee/program-client';
import type { StoredEvent } from './projector.ts';

/** A decoded event with its events-table row. */
export interface IngestedEvent extends StoredEvent {
  slot: number;
  json: string;
}

export function ingestedEventOf(event: DecodedEvent): IngestedEvent {
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

/** The events-table row; `applied` when the projection has applied it already. */
export function eventsTableRow(event: IngestedEvent, applied = false): NewEvent {
  return {
    signature: event.signature,
    ix_index: event.ix_index,
    event_index: event.event_index,
    slot: event.slot,
    block_time: event.block_time,
    name: event.name,
    stream: event.stream,
    seq: event.seq,
    data: event.json,
    applied: applied ? 1 : 0,
  };
}

/** The event as the events table reads back (what IngestResult and the hooks carry). */
export function storedEvent({ json: _json, slot: _slot, ...event }: IngestedEvent): StoredEvent {
  return event;
}
