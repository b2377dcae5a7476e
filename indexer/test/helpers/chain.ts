// A fake ChainSource and transaction builders for tests: real Borsh event bytes made with the IDL's
// coder, wrapped in emit_cpi!-shaped inner instructions exactly as the program emits them.
import anchor from '@coral-xyz/anchor';
import { createHash, randomBytes } from 'node:crypto';
import { coder, MARQUEE_IDL as idl, EVENT_IX_TAG, eventDiscriminator, MARQUEE_PROGRAM_ADDRESS, type ChainTransaction, type EventName } from '@marquee/program-client';
import type { ChainSource, SignatureInfo, SignatureQuery, SourceNotification } from '../../src/sources/source.ts';

const { PublicKey, Keypair } = anchor.web3;
const { bs58 } = anchor.utils.bytes;
const BN = anchor.BN;

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** A deterministic address from a label (tests read better with names than with random keys). */
export function address(label: string): string {
  return new PublicKey(createHash('sha256').update(label).digest()).toBase58();
}

export function randomSignature(): string {
  return bs58.encode(randomBytes(64));
}

/** Converts plain test values to what the coder encodes: base58 → PublicKey, bigint/number → BN for integer fields. */
function toCoderValue(value: any): any {
  if (typeof value === 'bigint') return new BN(value.toString());
  if (Array.isArray(value)) return value.map(toCoderValue);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toCoderValue(inner)]));
  }
  return value;
}

export function encodeEvent(name: EventName, data: Record<string, any>): Buffer {
  const body = coder.types.encode(name, withPublicKeys(name, toCoderValue(data)));
  return Buffer.concat([EVENT_IX_TAG, eventDiscriminator(name), body]);
}

/** Per the IDL field types: pubkeys as PublicKey, u64/u128/i64 as BN, ProjectStatus as its enum object. */
function withPublicKeys(typeName: string, value: Record<string, any>): Record<string, any> {
  const type = idl.types?.find((candidate) => candidate.name === typeName);
  const fields = (type?.type.kind === 'struct' ? type.type.fields ?? [] : []) as { name: string; type: unknown }[];
  const out = { ...value };
  for (const field of fields) {
    const fieldValue = out[field.name];
    if (field.type === 'pubkey' && typeof fieldValue === 'string') out[field.name] = new PublicKey(fieldValue);
    if (['u64', 'u128', 'i64'].includes(field.type as string) && typeof fieldValue === 'number') {
      out[field.name] = new BN(fieldValue);
    }
    const vecOf = (field.type as { vec?: { defined?: { name: string } } })?.vec?.defined?.name;
    if (vecOf && Array.isArray(fieldValue)) out[field.name] = fieldValue.map((item) => withPublicKeys(vecOf, item));
    if ((field.type as { defined?: { name: string } })?.defined?.name === 'ProjectStatus' && typeof fieldValue === 'string') {
      out[field.name] = { [fieldValue[0].toUpperCase() + fieldValue.slice(1)]: {} };
    }
  }
  return out;
}

export interface TestEvent {
  name: EventName;
  data: Record<string, any>;
}

let slotCounter = 1000;

/** A confirmed transaction whose outer instruction 0 emitted the events through self-CPIs. */
export function buildTransaction(
  events: TestEvent[],
  options: { signature?: string; slot?: number; blockTime?: number; err?: unknown; programId?: string } = {},
): ChainTransaction {
  const programId = options.programId ?? MARQUEE_PROGRAM_ADDRESS;
  const payer = Keypair.generate().publicKey.toBase58();
  const accountKeys = [payer, SYSTEM_PROGRAM, programId];
  return {
    signature: options.signature ?? randomSignature(),
    slot: options.slot ?? slotCounter++,
    blockTime: options.blockTime ?? 1_750_000_000,
    err: options.err ?? null,
    accountKeys,
    innerInstructions: [
      {
        index: 0,
        instructions: [
          { programIdIndex: 1, data: bs58.encode(Buffer.from([2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0])) },
          ...events.map((event) => ({ programIdIndex: 2, data: bs58.encode(encodeEvent(event.name, event.data)) })),
        ],
      },
    ],
  };
}

/** Raw JSON-RPC getTransaction shape of a ChainTransaction (what Helius raw webhooks deliver). */
export function toRpcJson(tx: ChainTransaction) {
  return {
    slot: tx.slot,
    blockTime: tx.blockTime,
    meta: {
      err: tx.err,
      innerInstructions: tx.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((instruction) => ({
          programIdIndex: instruction.programIdIndex,
          accounts: [],
          data: typeof instruction.data === 'string' ? instruction.data : bs58.encode(instruction.data),
        })),
      })),
      loadedAddresses: { writable: [], readonly: [] },
    },
    transaction: { signatures: [tx.signature], message: { accountKeys: tx.accountKeys, instructions: [] } },
  };
}

/**
 * In-memory chain: transactions in order, each touching the program and the addresses it names.
 * `hidden` signatures are left out of getSignatures (to make gaps), `unserved` return null.
 */
export class FakeChainSource implements ChainSource {
  readonly cluster: string;
  readonly transactions: { tx: ChainTransaction; addresses: string[] }[] = [];
  readonly hidden = new Set<string>();
  private listeners = new Set<(notification: SourceNotification) => void>();

  constructor(cluster = 'demo') {
    this.cluster = cluster;
  }

  add(tx: ChainTransaction, addresses: string[] = []): ChainTransaction {
    this.transactions.push({ tx, addresses: [MARQUEE_PROGRAM_ADDRESS, ...addresses] });
    for (const listener of this.listeners) listener({ signature: tx.signature });
    return tx;
  }

  /** Any commitment: what the fake cluster has is final up to `finalizedSlot`. */
  async getTransaction(signature: string): Promise<ChainTransaction | null> {
    return this.transactions.find((entry) => entry.tx.signature === signature)?.tx ?? null;
  }

  /** The newest transaction's slot, unless a test set `finalized`. */
  finalized?: number;
  async finalizedSlot(): Promise<number> {
    return this.finalized ?? Math.max(0, ...this.transactions.map((entry) => entry.tx.slot));
  }

  /** Signatures `signatureKnown` still reports after forkOut (a lagging node's stale answer). */
  readonly stillKnown = new Set<string>();
  async signatureKnown(signatures: string[]): Promise<boolean[]> {
    return signatures.map((signature) => this.stillKnown.has(signature) || this.transactions.some((entry) => entry.tx.signature === signature));
  }

  /** A fork the cluster abandoned: the transaction is gone at every commitment. */
  forkOut(signature: string): void {
    const index = this.transactions.findIndex((entry) => entry.tx.signature === signature);
    if (index < 0) throw new Error(`no transaction ${signature} to fork out`);
    this.transactions.splice(index, 1);
  }

  async getSignatures(address: string, query: SignatureQuery): Promise<SignatureInfo[]> {
    const newestFirst = this.transactions
      .filter((entry) => entry.addresses.includes(address) && !this.hidden.has(entry.tx.signature))
      .map((entry) => ({ signature: entry.tx.signature, slot: entry.tx.slot, failed: Boolean(entry.tx.err) }))
      .reverse();
    let start = 0;
    if (query.before) start = newestFirst.findIndex((entry) => entry.signature === query.before) + 1;
    let end = newestFirst.length;
    if (query.until) {
      const untilIndex = newestFirst.findIndex((entry) => entry.signature === query.until);
      if (untilIndex >= 0) end = untilIndex;
    }
    return newestFirst.slice(start, end).slice(0, query.limit ?? 1000);
  }

  subscribe(_programId: string, listener: (notification: SourceNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
