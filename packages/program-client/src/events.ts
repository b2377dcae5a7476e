// The program's events and the one decoder of them: the event names and the seq stream each is
// numbered in, then the decoder that finds the program's emit_cpi! self-CPIs in a transaction's
// inner instructions and reads them (the fast reader of event-reader.ts, anchor's BorshCoder for
// what it does not read). Every source (RPC, Helius webhook, demo chain) hands transactions over as
// a ChainTransaction, built from RPC-shaped JSON by `toChainTransaction`.
import BN from 'bn.js';
import { PublicKey } from '@solana/web3.js';
import { Buffer } from 'buffer';
import { decodeBase58, encodeBase58 } from './base58.ts';
import { readEvent } from './event-reader.ts';
import type { MarqueeEvents } from './event-types.ts';
import { coder, MARQUEE_IDL, MARQUEE_PROGRAM_ADDRESS } from './idl.ts';

/**
 * The instruction tag of an emit_cpi! self-CPI: Anchor's EVENT_IX_TAG, the u64 0x1d9acb512ea545e4
 * (sha256("anchor:event")[..8] read big-endian), written little-endian.
 */
export const EVENT_IX_TAG = Buffer.from([0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d]);

export const EVENT_NAMES = [
  'PlatformInitialized',
  'PlatformUpdated',
  'StudioRegistered',
  'StudioVerified',
  'ProjectCreated',
  'Invested',
  'LicenseClaimed',
  'Refunded',
  'EmbedRegistered',
  'RevenueDistributed',
  'RevenueClaimed',
  'PublisherRevenueClaimed',
  'ProjectMetadataUpdated',
] as const;
/**
 * Ad campaign events (programs/marquee/src/instructions/*_campaign.rs): each campaign numbers its
 * events in its own stream, keyed by the campaign's address.
 */
export const CAMPAIGN_EVENT_NAMES = [
  'CampaignCreated',
  'CampaignToppedUp',
  'CampaignPauseSet',
  'CampaignSettled',
  'CampaignClosed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number] | (typeof CAMPAIGN_EVENT_NAMES)[number];
export const CAMPAIGN_EVENTS: ReadonlySet<string> = new Set(CAMPAIGN_EVENT_NAMES);

/** Events numbered in the platform-wide seq stream; every other event is in its project's stream. */
export const PLATFORM_EVENTS: ReadonlySet<string> = new Set([
  'PlatformInitialized',
  'PlatformUpdated',
  'StudioRegistered',
  'StudioVerified',
]);
export const PLATFORM_STREAM = 'platform';

/** The seq stream an event belongs to: the platform's, its campaign's, or its project's. */
export function eventStream(name: string, data: { campaign?: unknown; project?: unknown }): string {
  if (PLATFORM_EVENTS.has(name)) return PLATFORM_STREAM;
  // CampaignSettled names its project too, but is numbered in the campaign's stream.
  if (CAMPAIGN_EVENTS.has(name)) return String(data.campaign);
  return String(data.project);
}

/** The event that opens a stream, by the kind of event the stream holds. */
export function streamGenesis(stream: string, anEventName: string): string {
  if (stream === PLATFORM_STREAM) return 'PlatformInitialized';
  return CAMPAIGN_EVENTS.has(anEventName) ? 'CampaignCreated' : 'ProjectCreated';
}

export function eventDiscriminator(name: EventName): Buffer {
  const event = MARQUEE_IDL.events?.find((candidate) => candidate.name === name);
  if (!event) throw new Error(`The IDL has no event ${name}`);
  return Buffer.from(event.discriminator);
}

export interface ChainInstruction {
  programIdIndex: number;
  /** Raw bytes, or base58 text as JSON-RPC returns it. */
  data: Uint8Array | string;
}

/** A confirmed transaction, as much of it as the indexer reads. */
export interface ChainTransaction {
  signature: string;
  slot: number;
  /** Unix seconds, when the cluster knows it. */
  blockTime: number | null;
  /** The transaction error; a failed transaction carries no events. */
  err: unknown;
  /** Static keys, then loaded writable, then loaded read-only addresses (v0 lookup tables). */
  accountKeys: string[];
  /** `index` is the outer instruction the inner instructions ran under. */
  innerInstructions: { index: number; instructions: ChainInstruction[] }[];
}

export type EventValue = string | number | boolean | bigint | null | EventValue[] | { [key: string]: EventValue };
export type EventData = Record<string, EventValue>;

export interface DecodedEvent {
  signature: string;
  slot: number;
  blockTime: number | null;
  /** Outer instruction index. */
  ixIndex: number;
  /** Position among the program's events under that outer instruction. */
  eventIndex: number;
  name: string;
  /** 'platform', the campaign or the project address: the seq numbering the event belongs to. */
  stream: string;
  seq: number;
  data: EventData;
}

/** A decoded event with its data typed by its name: a `switch` on `name` narrows `data`. */
export type TypedDecodedEvent = {
  [Name in keyof MarqueeEvents]: Omit<DecodedEvent, 'name' | 'data'> & { name: Name; data: MarqueeEvents[Name] };
}[keyof MarqueeEvents];

/** The event with its data's type: the decoder read the data with the IDL, so it has that shape. */
export function typedEvent(event: DecodedEvent): TypedDecodedEvent {
  return event as unknown as TypedDecodedEvent;
}

/** Pubkeys become base58, integers bigint (u64/u128/i64) or number, enums their variant name. */
function plain(value: unknown): EventValue {
  if (value === null || value === undefined) return null;
  if (value instanceof PublicKey) return encodeBase58(value.toBytes());
  if (BN.isBN(value)) return BigInt((value as BN).toString());
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Uint8Array) return Array.from(value);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // A Borsh enum without fields decodes as { Variant: {} }.
    if (entries.length === 1 && isEmptyObject(entries[0][1])) return entries[0][0].toLowerCase();
    return Object.fromEntries(entries.map(([key, inner]) => [key, plain(inner)]));
  }
  return value as EventValue;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

function instructionBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? decodeBase58(data) : data;
}

/**
 * An event-CPI payload of the program that the IDL cannot decode. Only the program can emit these
 * (its event authority signs them), so this means the IDL is out of date or the projection of a
 * newer program version is missing: ingestion quarantines the transaction instead of leaving the
 * event out, so the gap it leaves in its stream says why and heals after a fix.
 */
export class UndecodableEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndecodableEventError';
  }
}

/** Decodes one event-CPI payload (tag + discriminator + Borsh body), or null if it is not one. */
export function decodeEventInstruction(data: Uint8Array): { name: string; data: EventData } | null {
  if (data.length < 16 || !Buffer.from(data.subarray(0, 8)).equals(EVENT_IX_TAG)) return null;
  const payload = Buffer.from(data.subarray(8));
  let read;
  try {
    read = readEvent(payload);
  } catch (error) {
    throw new UndecodableEventError(`event body does not decode with the IDL: ${error instanceof Error ? error.message : String(error)}`);
  }
  return read ? { name: read.name, data: read.data as EventData } : decodeWithCoder(payload);
}

/**
 * anchor's BorshCoder for what the event reader does not read (an unknown discriminator, a layout
 * with types it does not know); the tests hold the reader to it.
 */
export function decodeWithCoder(payload: Buffer): { name: string; data: EventData } {
  let decoded;
  try {
    decoded = coder.events.decode(payload.toString('base64'));
  } catch (error) {
    throw new UndecodableEventError(`event body does not decode with the IDL: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!decoded) {
    throw new UndecodableEventError(`unknown event discriminator ${payload.subarray(0, 8).toString('hex')}`);
  }
  // Borsh is canonical: a body that does not encode back to the same bytes (short, or longer than
  // the IDL's layout) was not written with this IDL.
  let reencoded: Buffer;
  try {
    reencoded = coder.types.encode(decoded.name, decoded.data);
  } catch (error) {
    throw new UndecodableEventError(`${decoded.name} does not encode back: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!reencoded.equals(payload.subarray(8))) throw new UndecodableEventError(`${decoded.name} does not match the IDL's layout`);
  return { name: decoded.name, data: plain(decoded.data) as EventData };
}

/**
 * The program's events in a transaction, in execution order; none for a failed transaction. Throws
 * an UndecodableEventError naming the instruction when one of the program's events does not decode.
 */
export function decodeTransactionEvents(tx: ChainTransaction, programId: string = MARQUEE_PROGRAM_ADDRESS): DecodedEvent[] {
  if (tx.err) return [];
  const events: DecodedEvent[] = [];
  for (const group of [...tx.innerInstructions].sort((a, b) => a.index - b.index)) {
    let eventIndex = 0;
    for (const instruction of group.instructions) {
      if (tx.accountKeys[instruction.programIdIndex] !== programId) continue;
      let event;
      try {
        event = decodeEventInstruction(instructionBytes(instruction.data));
      } catch (error) {
        if (!(error instanceof UndecodableEventError)) throw error;
        throw new UndecodableEventError(`instruction ${group.index}, event ${eventIndex}: ${error.message}`);
      }
      if (!event) continue;
      events.push({
        signature: tx.signature,
        slot: tx.slot,
        blockTime: tx.blockTime,
        ixIndex: group.index,
        eventIndex: eventIndex++,
        name: event.name,
        stream: eventStream(event.name, event.data),
        seq: Number(event.data.seq),
        data: event.data,
      });
    }
  }
  return events;
}

function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  if (key && typeof key === 'object' && 'pubkey' in key) return String((key as { pubkey: unknown }).pubkey);
  return String(key);
}

/**
 * Builds a ChainTransaction from what `getTransaction` answers: the JSON-RPC result (as Helius raw
 * webhooks deliver it too) or @solana/web3.js's parsed-out response (PublicKey account keys).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function toChainTransaction(raw: any, signature?: string): ChainTransaction {
  const message = raw?.transaction?.message;
  if (!message || !raw.meta) throw new Error('Not a transaction response');
  const staticKeys: unknown[] = message.staticAccountKeys ?? message.accountKeys ?? [];
  const loaded = raw.meta.loadedAddresses ?? {};
  const accountKeys = [...staticKeys, ...(loaded.writable ?? []), ...(loaded.readonly ?? [])].map(keyText);
  return {
    signature: signature ?? raw.transaction.signatures[0],
    slot: Number(raw.slot),
    blockTime: raw.blockTime ?? null,
    err: raw.meta.err ?? null,
    accountKeys,
    innerInstructions: (raw.meta.innerInstructions ?? []).map(
      (group: { index: number; instructions: { programIdIndex: number; data: string }[] }) => ({
        index: group.index,
        instructions: group.instructions.map((instruction) => ({
          programIdIndex: instruction.programIdIndex,
          data: instruction.data,
        })),
      }),
    ),
  };
}

/**
 * A ChainTransaction as JSON (instruction data in base58, as JSON-RPC gives it): how the leader
 * hands demo-chain transactions to API processes (roles/leader-chain-source.ts). Parsed back, it
 * is a ChainTransaction again.
 */
export function chainTransactionToJson(tx: ChainTransaction): unknown {
  return {
    ...tx,
    err: tx.err === null ? null : JSON.parse(JSON.stringify(tx.err, (_key, value) => (typeof value === 'bigint' ? value.toString() : value))),
    innerInstructions: tx.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((instruction) => ({
        programIdIndex: instruction.programIdIndex,
        data: typeof instruction.data === 'string' ? instruction.data : encodeBase58(instruction.data),
      })),
    })),
  };
}

/** The event's data as the events table's JSON reads back: bigints as decimal text (JSON has no 64-bit integers). */
export function storedEventData(data: EventData): Record<string, unknown> {
  return storedValue(data) as Record<string, unknown>;
}

function storedValue(value: EventValue): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(storedValue);
  if (value !== null && typeof value === 'object') {
    const stored: Record<string, unknown> = {};
    for (const key in value) stored[key] = storedValue(value[key]);
    return stored;
  }
  return value;
}

export function eventDataToJson(data: EventData): string {
  return JSON.stringify(data, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
}
