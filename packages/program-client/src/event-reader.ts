// Reads event bodies straight from their Borsh bytes, following the IDL's type definitions, into
// the plain values the decoder hands on (pubkeys as base58, 64- and 128-bit integers as bigint,
// smaller ones as numbers, unit enums as their variant's lower-case name). anchor's BorshCoder
// builds PublicKey and BN objects first and the decoder then encoded the body again to prove it
// canonical: together about five times the cost of this, for every ingested event. Canonical
// here means what that re-encoding proved: the body is read to its last byte and no further, and
// every value is one Borsh writes (a bool is 0 or 1, an enum's tag names a variant, a string is
// valid UTF-8). An event whose layout uses a type this reader does not know gets no reader (the
// decoder then uses anchor's coder for it).
import { Buffer } from 'buffer';
import { encodeBase58 } from './base58.ts';
import { MARQUEE_IDL as idl } from './idl.ts';

// The IDL's type syntax (Anchor 0.30), as far as this reader follows it.
type IdlType = string | { array: [IdlType, number] } | { vec: IdlType } | { defined: { name: string } | string };
interface IdlTypeDef {
  name: string;
  type: { kind: 'struct'; fields?: { name: string; type: IdlType }[] } | { kind: 'enum'; variants: { name: string; fields?: unknown[] }[] } | { kind: string };
}

export type ReadValue = string | number | boolean | bigint | ReadValue[] | { [key: string]: ReadValue };

/** A body that is not what the IDL describes. */
export class EventBodyError extends Error {}

/** The read position in a body. */
class Cursor {
  offset = 0;
  constructor(readonly bytes: Buffer) {}

  take(length: number): number {
    const at = this.offset;
    if (at + length > this.bytes.length) throw new EventBodyError(`the body ends at byte ${this.bytes.length}, ${at + length} needed`);
    this.offset += length;
    return at;
  }
}

type Reader = (cursor: Cursor) => ReadValue;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The base58 text of pubkeys read lately, by their bytes: a film's, its investors' and their
 * positions' keys recur event after event, and encoding one (~3 µs) cost more than reading the rest
 * of an Invested event. Bounded: emptied when full.
 */
const PUBKEY_TEXT = new Map<string, string>();
const PUBKEY_TEXT_ENTRIES = 10_000;

const PRIMITIVES: Record<string, Reader> = {
  u8: (c) => c.bytes.readUInt8(c.take(1)),
  u16: (c) => c.bytes.readUInt16LE(c.take(2)),
  u32: (c) => c.bytes.readUInt32LE(c.take(4)),
  u64: (c) => c.bytes.readBigUInt64LE(c.take(8)),
  i64: (c) => c.bytes.readBigInt64LE(c.take(8)),
  u128: (c) => {
    const at = c.take(16);
    return (c.bytes.readBigUInt64LE(at + 8) << 64n) | c.bytes.readBigUInt64LE(at);
  },
  bool: (c) => {
    const value = c.bytes[c.take(1)];
    if (value > 1) throw new EventBodyError(`invalid bool ${value}`);
    return value === 1;
  },
  pubkey: (c) => {
    const at = c.take(32);
    const raw = c.bytes.toString('latin1', at, at + 32);
    let text = PUBKEY_TEXT.get(raw);
    if (text === undefined) {
      if (PUBKEY_TEXT.size >= PUBKEY_TEXT_ENTRIES) PUBKEY_TEXT.clear();
      text = encodeBase58(c.bytes.subarray(at, at + 32));
      PUBKEY_TEXT.set(raw, text);
    }
    return text;
  },
  string: (c) => {
    const length = c.bytes.readUInt32LE(c.take(4));
    const at = c.take(length);
    try {
      return utf8.decode(c.bytes.subarray(at, at + length));
    } catch {
      throw new EventBodyError('a string is not valid UTF-8');
    }
  },
};

/** A reader for `type`, or undefined when it uses a type this reader does not know. */
function readerOf(type: IdlType, types: Map<string, IdlTypeDef>): Reader | undefined {
  if (typeof type === 'string') return PRIMITIVES[type];
  if ('array' in type) {
    const [element, length] = type.array;
    const read = readerOf(element, types);
    return read && ((c) => Array.from({ length }, () => read(c)));
  }
  if ('vec' in type) {
    const read = readerOf(type.vec, types);
    return read && ((c) => Array.from({ length: c.bytes.readUInt32LE(c.take(4)) }, () => read(c)));
  }
  if ('defined' in type) {
    const definition = types.get(typeof type.defined === 'string' ? type.defined : type.defined.name);
    return definition && definitionReader(definition, types);
  }
  return undefined;
}

function definitionReader(definition: IdlTypeDef, types: Map<string, IdlTypeDef>): Reader | undefined {
  const { type } = definition;
  if (type.kind === 'struct' && 'fields' in type && type.fields) {
    const fields: [string, Reader][] = [];
    for (const field of type.fields) {
      const read = readerOf(field.type, types);
      if (!read) return undefined;
      fields.push([field.name, read]);
    }
    return (c) => {
      const value: Record<string, ReadValue> = {};
      for (const [name, read] of fields) value[name] = read(c);
      return value;
    };
  }
  if (type.kind === 'enum' && 'variants' in type) {
    // Unit variants only (what the program's enums are).
    if (type.variants.some((variant) => variant.fields && variant.fields.length > 0)) return undefined;
    const names = type.variants.map((variant) => variant.name.toLowerCase());
    return (c) => {
      const tag = c.bytes[c.take(1)];
      if (tag >= names.length) throw new EventBodyError(`${definition.name} has no variant ${tag}`);
      return names[tag];
    };
  }
  return undefined;
}

/** Per event discriminator (hex): the event's name and, when its layout is all known types, its reader. */
const EVENTS = (() => {
  const types = new Map((idl.types as IdlTypeDef[] | undefined)?.map((definition) => [definition.name, definition]) ?? []);
  const events = new Map<string, { name: string; read?: Reader }>();
  for (const event of idl.events ?? []) {
    const definition = types.get(event.name);
    events.set(Buffer.from(event.discriminator).toString('hex'), { name: event.name, read: definition && definitionReader(definition, types) });
  }
  return events;
})();

/**
 * Reads an event payload (discriminator + Borsh body). Returns undefined when the discriminator is
 * not an IDL event or its layout has no reader here; throws an EventBodyError when the body is not
 * exactly what the IDL describes.
 */
export function readEvent(payload: Buffer): { name: string; data: Record<string, ReadValue> } | undefined {
  const event = EVENTS.get(payload.toString('hex', 0, 8));
  if (!event?.read) return undefined;
  const cursor = new Cursor(payload.subarray(8));
  const data = event.read(cursor) as Record<string, ReadValue>;
  if (cursor.offset !== cursor.bytes.length) throw new EventBodyError(`${event.name} does not match the IDL's layout (${cursor.bytes.length - cursor.offset} bytes left over)`);
  return { name: event.name, data };
}
