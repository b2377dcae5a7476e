// The LiteSVM harness: the real marquee.so in LiteSVM (in process, synchronous), with the events
// of every transaction decoded from its inner instructions. Transactions are built with
// @solana/web3.js 1.x and the program client's builders (tests/utils/fixtures.ts), then handed to
// LiteSVM in @solana/kit's shape `{ messageBytes, signatures }`.
//
// Events are Anchor `emit_cpi!`-style self-invocations of the program (programs/marquee/src/events.rs):
// an inner instruction to the program whose data is EVENT_IX_TAG ‖ event discriminator ‖ Borsh
// body. `decodeEvents` turns a transaction's inner instructions into `{ name, data }` events with
// the IDL's coder; `decodeEventData` does one instruction's data, for callers (the indexer) whose
// inner instructions come from another source (RPC `getTransaction`, a webhook).
import { AnchorProvider, BN, Program, type Idl } from '@coral-xyz/anchor';
import { unpackAccount, unpackMint, type Account as TokenAccount, type Mint } from '@solana/spl-token';
import { Connection, Keypair, PublicKey, Transaction, type AccountInfo, type TransactionInstruction } from '@solana/web3.js';
import { Clock, FailedTransactionMetadata, LiteSVM, type InnerInstruction, type TransactionMetadata } from 'litesvm';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marqueePdas, UPGRADEABLE_LOADER_ID } from '@marquee/program-client';
import type { TestChain } from './chain.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const idl = JSON.parse(readFileSync(join(root, 'programs/marquee/idl/marquee.json'), 'utf8')) as Idl;
const PROGRAM_ID = new PublicKey(idl.address);
// MARQUEE_DEPLOY_DIR points at another build of the program (the CU bench compares two builds).
const PROGRAM_PATH = join(process.env.MARQUEE_DEPLOY_DIR ?? join(root, 'target/deploy'), 'marquee.so');

/**
 * The accounts of a program deployed by the BPF upgradeable loader: the program account (state 2,
 * naming its ProgramData account) and the ProgramData account (state 3: slot, `Some(authority)`,
 * then the ELF), as the loader writes them (bincode, little-endian).
 */
export function upgradeableProgramAccounts(programId: PublicKey, elf: Buffer, authority: PublicKey) {
  const programData = marqueePdas(programId).programData();
  const programAccount = Buffer.concat([u32(2), programData.toBuffer()]);
  const programDataAccount = Buffer.concat([u32(3), Buffer.alloc(8), Buffer.from([1]), authority.toBuffer(), elf]);
  const rentExempt = (length: number) => BigInt((128 + length) * 6960);
  return [
    { address: programId, info: { lamports: Number(rentExempt(programAccount.length)), data: programAccount, owner: UPGRADEABLE_LOADER_ID, executable: true } },
    { address: programData, info: { lamports: Number(rentExempt(programDataAccount.length)), data: programDataAccount, owner: UPGRADEABLE_LOADER_ID, executable: false } },
  ];
}

function u32(value: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

/** An account as a test writes it over the chain's own (a corruption from outside, a forgery). */
export interface RawAccount {
  lamports: number;
  data: Uint8Array;
  owner: PublicKey;
  executable: boolean;
}

/** Anchor's EVENT_IX_TAG (0x1d9acb512ea545e4) as the bytes that open an event instruction's data. */
export const EVENT_IX_TAG = Uint8Array.from([0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d]);
/** 2026-01-01T00:00:00Z: every chain starts here, so timestamps in tests are deterministic. */
export const GENESIS_UNIX_TIMESTAMP = 1_767_225_600n;

/** An event decoded with the IDL: `name` as in the IDL (PascalCase), `data` with camelCase fields. */
export interface DecodedEvent<T = any> {
  name: string;
  data: T;
}

/** Anchor's Program over the IDL, offline: for its camelCase coders (it never talks to an RPC). */
function offlineProgram(wallet: PublicKey): Program {
  const provider = { connection: new Connection('http://127.0.0.1:1'), publicKey: wallet };
  return new Program(idl, provider as unknown as AnchorProvider);
}

const eventCoder = offlineProgram(PublicKey.default).coder.events;

/**
 * Decodes the data of one instruction if it is an event of this program: `null` for any other
 * instruction. `data` is the raw instruction data (not base58/base64).
 */
export function decodeEventData(data: Uint8Array): DecodedEvent | null {
  if (data.length < EVENT_IX_TAG.length + 8) return null;
  for (let index = 0; index < EVENT_IX_TAG.length; index += 1) {
    if (data[index] !== EVENT_IX_TAG[index]) return null;
  }
  const event = eventCoder.decode(Buffer.from(data.subarray(EVENT_IX_TAG.length)).toString('base64'));
  // The Program's coder names events in camelCase; callers match the IDL's PascalCase names.
  return event ? { name: event.name.charAt(0).toUpperCase() + event.name.slice(1), data: event.data } : null;
}

/**
 * The events in a transaction's inner instructions (LiteSVM's `meta.innerInstructions()`: one list
 * per top-level instruction), in execution order. With `accountKeys` (the message's static keys),
 * only instructions to `programId` count, so another program's event-shaped data cannot pass as ours.
 */
export function decodeEvents(
  innerInstructions: InnerInstruction[][],
  accountKeys?: PublicKey[],
  programId: PublicKey = PROGRAM_ID,
): DecodedEvent[] {
  const events: DecodedEvent[] = [];
  for (const group of innerInstructions) {
    for (const inner of group) {
      const instruction = inner.instruction();
      if (accountKeys && !accountKeys[instruction.programIdIndex()]?.equals(programId)) continue;
      const event = decodeEventData(instruction.data());
      if (event) events.push(event);
    }
  }
  return events;
}

/** An event with PublicKeys as base58 and BNs as bigints, for exact deep comparisons. */
export function plain(value: unknown): unknown {
  if (value instanceof PublicKey) return value.toBase58();
  if (BN.isBN(value)) return BigInt(String(value));
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

export interface SvmResult {
  computeUnits: number;
  logs: string[];
  events: DecodedEvent[];
  signature: Uint8Array;
}

/** A failed LiteSVM transaction: `code` is the custom program error, if the failure was one. */
export class SvmFailure extends Error {
  readonly code: number | null;
  readonly logs: string[];
  constructor(readonly result: FailedTransactionMetadata) {
    const logs = result.meta().logs();
    super(`${result.err().toString()}\n${logs.join('\n')}`);
    this.logs = logs;
    const match = /custom program error: (0x[0-9a-f]+)/i.exec(logs.join('\n'));
    this.code = match ? Number(match[1]) : null;
  }
}

export class SvmChain {
  /** Anchor's Program over the IDL, for its camelCase coders. */
  readonly program: Program;
  readonly payer = Keypair.generate();

  private constructor(
    readonly svm: LiteSVM,
    /** The program's upgrade authority (its ProgramData account names it): the only key that may initialise the platform. */
    readonly upgradeAuthority: Keypair,
  ) {
    this.program = offlineProgram(this.payer.publicKey);
    this.svm.airdrop(address(this.payer.publicKey), lamports(1_000_000_000_000n));
  }

  /**
   * A fresh LiteSVM (builtins, sysvars, SPL Token, Token-2022 and Associated Token programs) with
   * marquee.so loaded; `logBytesLimit` truncates transaction logs as a validator does.
   */
  static start(options: { logBytesLimit?: bigint; upgradeAuthority?: Keypair } = {}): SvmChain {
    if (!existsSync(PROGRAM_PATH)) throw new Error('target/deploy/marquee.so is missing: run `npm run build:program` first');
    // A log limit as small as wanted shows that events do not depend on logs (validators cut at 10 kB).
    const svm = options.logBytesLimit === undefined ? new LiteSVM() : new LiteSVM().withLogBytesLimit(options.logBytesLimit);
    svm.addProgramFromFile(address(PROGRAM_ID), PROGRAM_PATH);
    const chain = new SvmChain(svm, options.upgradeAuthority ?? Keypair.generate());
    // The ProgramData account the upgradeable loader would have written, naming the upgrade authority.
    const [, programData] = upgradeableProgramAccounts(PROGRAM_ID, readFileSync(PROGRAM_PATH), chain.upgradeAuthority.publicKey);
    svm.setAccount({
      address: address(programData.address),
      data: programData.info.data,
      executable: false,
      lamports: lamports(BigInt(programData.info.lamports)),
      programAddress: address(programData.info.owner),
      space: BigInt(programData.info.data.length),
    });
    svm.airdrop(address(chain.upgradeAuthority.publicKey), lamports(100_000_000_000n));
    chain.warpTo(GENESIS_UNIX_TIMESTAMP);
    return chain;
  }

  /**
   * This chain where tests/utils/fixtures.ts wants a TestChain: its fixtures only use what both
   * harnesses provide (send, wallet, fund, account, now).
   */
  get builders(): TestChain {
    return this as unknown as TestChain;
  }

  /** A new wallet holding `amount` lamports. */
  wallet(amount: bigint = 100_000_000_000n): Keypair {
    const wallet = Keypair.generate();
    this.svm.airdrop(address(wallet.publicKey), lamports(amount));
    return wallet;
  }

  /**
   * The platform's roles before initialize_platform: the admin (the upgrade authority), a treasury, a
   * settlement authority funded to pay the rent of what settlement creates, and one studio.
   */
  platformRoles(): { admin: Keypair; treasury: Keypair; settlement: Keypair; studio: Keypair } {
    return { admin: this.upgradeAuthority, treasury: this.wallet(1_000_000_000n), settlement: this.wallet(100_000_000_000n), studio: this.wallet() };
  }

  /** Credits `amount` lamports to `key` (as TestChain.fund does, for the shared fixtures). */
  async fund(key: PublicKey, amount: bigint): Promise<void> {
    this.svm.airdrop(address(key), lamports(amount));
  }

  balance(account: PublicKey): bigint {
    return this.svm.getBalance(address(account)) ?? 0n;
  }

  exists(account: PublicKey): boolean {
    return this.svm.getAccount(address(account)).exists;
  }

  now(): bigint {
    return this.svm.getClock().unixTimestamp;
  }

  /** Moves the clock to `unixTimestamp` (and the slot one forward). */
  warpTo(unixTimestamp: bigint): void {
    const clock = this.svm.getClock();
    this.svm.setClock(new Clock(clock.slot + 1n, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, unixTimestamp));
  }

  /** Moves to the next slot (a new blockhash), keeping the clock's time. */
  nextSlot(): void {
    const clock = this.svm.getClock();
    this.svm.warpToSlot(clock.slot + 1n);
    this.svm.setClock(new Clock(clock.slot + 1n, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, clock.unixTimestamp));
  }

  /** The lamports an account of `space` bytes needs to be rent-exempt. */
  rentExempt(space: number | bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(space));
  }

  /** An account as stored (lamports, data, owner), or null. */
  rawAccount(account: PublicKey): RawAccount | null {
    const info = this.svm.getAccount(address(account));
    if (!info.exists) return null;
    return { lamports: Number(info.lamports), data: info.data, owner: new PublicKey(info.programAddress), executable: info.executable };
  }

  /** Overwrites an account from outside the program: how a test stages a corruption or a forgery. */
  setRawAccount(account: PublicKey, raw: RawAccount): void {
    this.svm.setAccount({
      address: address(account),
      data: raw.data,
      executable: raw.executable,
      lamports: lamports(BigInt(raw.lamports)),
      programAddress: address(raw.owner),
      space: BigInt(raw.data.length),
    });
  }

  /** A token account (SPL Token or Token-2022, by `tokenProgram`), decoded; throws if it is not one. */
  tokenAccount(account: PublicKey, tokenProgram?: PublicKey): TokenAccount {
    return unpackAccount(account, this.accountInfo(account), tokenProgram ?? this.accountInfo(account)?.owner);
  }

  /** A mint (SPL Token or Token-2022), decoded. */
  mint(account: PublicKey, tokenProgram: PublicKey): Mint {
    return unpackMint(account, this.accountInfo(account), tokenProgram);
  }

  private accountInfo(account: PublicKey): AccountInfo<Buffer> | null {
    const raw = this.rawAccount(account);
    return raw && { ...raw, data: Buffer.from(raw.data) };
  }

  /** Decodes a program account with the IDL (`name` as in the IDL, e.g. 'Project'). */
  account<T = any>(name: string, account: PublicKey): T {
    const info = this.svm.getAccount(address(account));
    if (!info.exists) throw new Error(`account ${account.toBase58()} does not exist`);
    const camelName = name.charAt(0).toLowerCase() + name.slice(1);
    return this.program.coder.accounts.decode(camelName, Buffer.from(info.data)) as T;
  }

  /**
   * Sends `instructions` in one transaction signed by the fee payer and `signers`. Returns compute
   * units, logs and the decoded events; throws an `SvmFailure` when the transaction fails.
   */
  send(instructions: TransactionInstruction[], signers: Keypair[], feePayer: Keypair = this.payer): SvmResult {
    const transaction = new Transaction().add(...instructions);
    transaction.recentBlockhash = this.svm.latestBlockhash();
    transaction.feePayer = feePayer.publicKey;
    const unique = new Map([feePayer, ...signers].map((signer) => [signer.publicKey.toBase58(), signer]));
    transaction.sign(...unique.values());
    const accountKeys = transaction.compileMessage().accountKeys;
    // @solana/kit's Transaction: the message bytes and the signatures keyed by signer, in order.
    const signatures = Object.fromEntries(transaction.signatures.map(({ publicKey, signature }) => [publicKey.toBase58(), signature]));
    const result = this.svm.sendTransaction({ messageBytes: transaction.serializeMessage(), signatures } as never);
    // A new blockhash per transaction: an identical retry is a new transaction, not a duplicate.
    this.svm.expireBlockhash();
    if (result instanceof FailedTransactionMetadata) throw new SvmFailure(result);
    const meta = result as TransactionMetadata;
    return {
      computeUnits: Number(meta.computeUnitsConsumed()),
      logs: meta.logs(),
      events: decodeEvents(meta.innerInstructions(), accountKeys),
      signature: meta.signature(),
    };
  }
}

const address = (key: PublicKey) => key.toBase58() as never;
const lamports = (amount: bigint) => amount as never;
