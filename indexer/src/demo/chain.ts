// The demo chain: LiteSVM in the server process running the same marquee.so as devnet, behind the
// indexer's ChainSource interface (cluster 'demo'). Every transaction it runs is committed to the
// data folder (ChainStore) before anyone hears of it, so the indexer can only be behind the chain,
// never ahead, and catches up from the transaction log after a restart.
import anchor from '@coral-xyz/anchor';
import { Clock, FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import { existsSync, readFileSync } from 'node:fs';
import type { ChainSource, SignatureInfo, SignatureQuery, SourceNotification } from '../sources/source.ts';
import { decodeAccount, MARQUEE_PROGRAM_ID, pda, programErrorMessage, UPGRADEABLE_LOADER_ID, type ChainTransaction } from '@marquee/program-client';
import { ChainStore, type CommitStage, type StateHeader } from './store.ts';

const { Keypair, Transaction } = anchor.web3;
type Keypair = anchor.web3.Keypair;
type PublicKey = anchor.web3.PublicKey;
type TransactionInstruction = anchor.web3.TransactionInstruction;
const { bs58 } = anchor.utils.bytes;

export const DEMO_CLUSTER = 'demo';
export const DEFAULT_PROGRAM_PATH = new URL('../../../target/deploy/marquee.so', import.meta.url).pathname;

/** A transaction the program (or the runtime) rejected; `message` is the program's error text when it has one. */
export class DemoTransactionError extends Error {
  constructor(
    message: string,
    readonly code: number | null,
    readonly logs: string[],
  ) {
    super(message);
  }
}

export interface DemoChainOptions {
  dataDir: string;
  programPath?: string;
  /** Crash-test hooks: called at each stage of a commit and after a transaction ran but before it is committed. */
  hooks?: { stage?(stage: CommitStage | 'executed'): void };
  /** Wall clock in ms (tests). */
  now?: () => number;
}

const address = (key: PublicKey | string) => (typeof key === 'string' ? key : key.toBase58()) as never;

export class DemoChain implements ChainSource {
  readonly cluster = DEMO_CLUSTER;
  private svm: LiteSVM;
  /** The marquee.so this chain runs (its bytes go into the ProgramData account too). */
  private readonly programPath: string;
  private readonly store: ChainStore;
  private header: StateHeader;
  private readonly log: ChainTransaction[];
  private readonly bySignature = new Map<string, ChainTransaction>();
  /** Run but not yet committed (inside a batch). */
  private pending: ChainTransaction[] = [];
  private batchDepth = 0;
  private dirty = false;
  private broken = false;
  private readonly listeners = new Set<(notification: SourceNotification) => void>();
  private readonly hooks: DemoChainOptions['hooks'];
  /** Compute units each transaction sent since this process opened the chain consumed (the bench's settlement cost). */
  private readonly computeUnits = new Map<string, bigint>();
  private readonly wallClock: () => number;

  private constructor(options: DemoChainOptions) {
    this.hooks = options.hooks;
    this.wallClock = options.now ?? Date.now;
    this.programPath = options.programPath ?? DEFAULT_PROGRAM_PATH;
    this.store = new ChainStore(options.dataDir, (stage) => this.hooks?.stage?.(stage));
    const stored = this.store.load();
    if (stored) {
      this.svm = LiteSVM.fromBytes(stored.snapshot).withTransactionHistory(0n);
      this.header = stored.header;
      this.log = stored.transactions;
    } else {
      const programPath = this.programPath;
      if (!existsSync(programPath)) throw new Error(`${programPath} is missing: run \`npm run build:program\` first`);
      // No transaction history in the runtime: the log is the history, and every transaction gets
      // a fresh blockhash, so the snapshot does not grow with the runtime's duplicate-check cache.
      this.svm = new LiteSVM().withTransactionHistory(0n);
      this.svm.addProgramFromFile(address(MARQUEE_PROGRAM_ID), programPath);
      this.header = { commit: 0, logBytes: 0, logCount: 0, slot: 0, time: 0, keys: {}, wallets: {}, seeded: false };
      this.log = [];
    }
    for (const tx of this.log) this.bySignature.set(tx.signature, tx);
  }

  /** Opens the chain committed in `dataDir`/demo-chain, or a new one with the program loaded. */
  static open(options: DemoChainOptions): DemoChain {
    return new DemoChain(options);
  }

  /** Releases the folder's lock (the server is shutting down). */
  close(): void {
    this.store.release();
  }

  /** True until the first commit: nothing of this chain is on disk yet. */
  get isNew(): boolean {
    return this.header.commit === 0;
  }

  get isSeeded(): boolean {
    return this.header.seeded;
  }

  get transactionCount(): number {
    return this.log.length;
  }

  /** The chain's clock (unix seconds). */
  now(): number {
    return this.header.time;
  }

  /** The time the next transaction runs at (unix seconds): the wall clock plus the advances, never before the last one. */
  clockNow(): number {
    return Math.max(this.header.time, Math.floor(this.wallClock() / 1000) + (this.header.clockOffsetSeconds ?? 0));
  }

  /** How far the clock was moved ahead of the wall clock in all (seconds). */
  clockOffsetSeconds(): number {
    return this.header.clockOffsetSeconds ?? 0;
  }

  /** Moves the chain's clock `seconds` forward for good (committed like a transaction); returns the new time. */
  advanceClock(seconds: number): number {
    this.assertUsable();
    this.header.clockOffsetSeconds = (this.header.clockOffsetSeconds ?? 0) + seconds;
    this.dirty = true;
    this.commitUnlessBatched();
    return this.clockNow();
  }

  // --- keys ---------------------------------------------------------------------------------------

  /** The server-held keypair called `name`, created (and committed with the next commit) if new. */
  keypair(name: string): Keypair {
    const secret = this.header.keys[name];
    if (secret) return Keypair.fromSecretKey(Uint8Array.from(secret));
    const created = Keypair.generate();
    this.header.keys[name] = Array.from(created.secretKey);
    this.serverKeyAddresses?.add(created.publicKey.toBase58());
    this.dirty = true;
    return created;
  }

  keyNames(): string[] {
    return Object.keys(this.header.keys);
  }

  private serverKeyAddresses?: Set<string>;

  /** Whether `address` is one of the server-held keys (a secret key's last 32 bytes are its public key). */
  isServerKey(address: string): boolean {
    this.serverKeyAddresses ??= new Set(Object.values(this.header.keys).map((secret) => bs58.encode(Uint8Array.from(secret.slice(32)))));
    return this.serverKeyAddresses.has(address);
  }

  /** The demo key name of a connected wallet, if it has one. */
  walletKeyName(walletAddress: string): string | undefined {
    return this.header.wallets[walletAddress];
  }

  wallets(): [walletAddress: string, keyName: string][] {
    return Object.entries(this.header.wallets);
  }

  setWalletKey(walletAddress: string, keyName: string): void {
    this.header.wallets[walletAddress] = keyName;
    this.dirty = true;
  }

  markSeeded(): void {
    this.header.seeded = true;
    this.dirty = true;
  }

  // --- state --------------------------------------------------------------------------------------

  balance(key: PublicKey | string): bigint {
    return this.svm.getBalance(address(key)) ?? 0n;
  }

  /** Lamports an account of `space` bytes needs to be rent-exempt. */
  minimumBalance(space: number): number {
    return Number(this.svm.minimumBalanceForRentExemption(BigInt(space)));
  }

  exists(key: PublicKey | string): boolean {
    return this.svm.getAccount(address(key)).exists;
  }

  /** Any account's owner and raw data (token mints, for instance), or null if it does not exist. */
  rawAccount(key: PublicKey | string): { owner: string; data: Uint8Array } | null {
    const account = this.svm.getAccount(address(key));
    if (!account.exists) return null;
    return { owner: String(account.programAddress), data: account.data };
  }

  /** A program account decoded with the IDL (snake_case fields), or null if it does not exist. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  account<T = any>(name: string, key: PublicKey | string): T | null {
    const account = this.svm.getAccount(address(key));
    if (!account.exists) return null;
    return decodeAccount<T>(name, account.data);
  }

  /**
   * Records `authority` as the program's upgrade authority in its ProgramData account, as the
   * upgradeable loader's deployment does on a cluster (only that key may initialise the platform).
   * Written as the loader lays it out (bincode: state 3, slot, Some(authority), then the ELF);
   * committed like a transaction.
   */
  setUpgradeAuthority(authority: PublicKey): void {
    this.assertUsable();
    const header = Buffer.alloc(45);
    header.writeUInt32LE(3, 0);
    header[12] = 1;
    authority.toBuffer().copy(header, 13);
    const data = Buffer.concat([header, readFileSync(this.programPath)]);
    this.svm.setAccount({
      address: address(pda.programData()),
      data,
      executable: false,
      lamports: this.svm.minimumBalanceForRentExemption(BigInt(data.length)) as never,
      programAddress: address(UPGRADEABLE_LOADER_ID),
      space: BigInt(data.length),
    });
    this.dirty = true;
    this.commitUnlessBatched();
  }

  /** Credits `lamports` to `key` (LiteSVM's faucet); committed like a transaction. */
  airdrop(key: PublicKey, lamports: bigint): void {
    this.assertUsable();
    const result = this.svm.airdrop(address(key), lamports as never);
    if (!result || result instanceof FailedTransactionMetadata) throw new Error(`Airdrop to ${key.toBase58()} failed`);
    this.svm.expireBlockhash();
    this.dirty = true;
    this.commitUnlessBatched();
  }

  /**
   * Runs one transaction, signed by `signers` (the first pays the fee), at the chain time `at`
   * (unix seconds; default: now, and never before the previous transaction). Commits it unless a
   * batch is open; throws a DemoTransactionError when it fails (having charged only its fee, as a
   * cluster does).
   */
  send(instructions: TransactionInstruction[], signers: Keypair[], options: { at?: number } = {}): ChainTransaction {
    this.assertUsable();
    const time = options.at === undefined ? this.clockNow() : Math.max(this.header.time, Math.floor(options.at));
    const slot = this.header.slot + 1;
    const clock = this.svm.getClock();
    this.svm.setClock(new Clock(BigInt(slot), clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, BigInt(time)));
    const transaction = new Transaction().add(...instructions);
    transaction.recentBlockhash = this.svm.latestBlockhash();
    transaction.feePayer = signers[0].publicKey;
    transaction.sign(...signers);
    const message = transaction.compileMessage();
    const signatures = Object.fromEntries(transaction.signatures.map(({ publicKey, signature }) => [publicKey.toBase58(), signature]));
    const result = this.svm.sendTransaction({ messageBytes: transaction.serializeMessage(), signatures } as never);
    // A fresh blockhash per transaction: an identical action later is a new transaction.
    this.svm.expireBlockhash();
    this.header.slot = slot;
    this.header.time = time;
    this.dirty = true;
    if (result instanceof FailedTransactionMetadata) {
      // A failed transaction changes nothing but its fee, which the runtime still charged.
      this.commitUnlessBatched();
      throw failure(result);
    }
    const meta = result as TransactionMetadata;
    const tx: ChainTransaction = {
      signature: bs58.encode(meta.signature()),
      slot,
      blockTime: time,
      err: null,
      accountKeys: message.accountKeys.map((key) => key.toBase58()),
      innerInstructions: meta
        .innerInstructions()
        .map((group, index) => ({
          index,
          instructions: group.map((inner) => {
            const instruction = inner.instruction();
            return { programIdIndex: instruction.programIdIndex(), data: bs58.encode(instruction.data()) };
          }),
        }))
        .filter((group) => group.instructions.length > 0),
    };
    this.pending.push(tx);
    this.bySignature.set(tx.signature, tx);
    this.computeUnits.set(tx.signature, meta.computeUnitsConsumed());
    this.hooks?.stage?.('executed');
    this.commitUnlessBatched();
    return tx;
  }

  /**
   * Runs `work` as one commit: its transactions reach the disk and the listeners together when it
   * ends (seeding: a crash leaves no half-seeded chain). If `work` throws, nothing it did is
   * committed and this chain refuses further work: the process must restart from the disk.
   */
  async batch<T>(work: () => Promise<T>): Promise<T> {
    this.batchDepth++;
    let result: T;
    try {
      result = await work();
    } catch (error) {
      this.broken = true;
      throw error;
    } finally {
      this.batchDepth--;
    }
    this.commitUnlessBatched();
    return result;
  }

  private assertUsable(): void {
    if (this.broken) throw new Error('A batch of the demo chain failed: restart the server to reopen the committed state');
  }

  private commitUnlessBatched(): void {
    this.assertUsable();
    if (this.batchDepth > 0 || !this.dirty) return;
    const added = this.pending;
    const { logBytes, logCount, ...rest } = this.header;
    this.header = this.store.commit({ ...rest, commit: rest.commit + 1 }, this.svm.toBytes(), { logBytes, logCount }, added);
    this.log.push(...added);
    this.pending = [];
    this.dirty = false;
    for (const tx of added) for (const listener of this.listeners) listener({ signature: tx.signature, transaction: tx });
  }

  // --- ChainSource --------------------------------------------------------------------------------

  /** A committed transaction: what is not on disk yet does not exist for anyone. */
  committed(signature: string): ChainTransaction | undefined {
    const tx = this.bySignature.get(signature);
    return tx && !this.pending.includes(tx) ? tx : undefined;
  }

  /** The compute units a transaction sent since the chain was opened consumed; undefined for older ones. */
  computeUnitsOf(signature: string): bigint | undefined {
    return this.computeUnits.get(signature);
  }

  /** Any commitment: the demo chain has no forks, a committed transaction is final at once. */
  async getTransaction(signature: string): Promise<ChainTransaction | null> {
    return this.committed(signature) ?? null;
  }

  /** The newest committed transaction's slot (final as soon as it is on disk). */
  async finalizedSlot(): Promise<number> {
    return this.log.at(-1)?.slot ?? 0;
  }

  async getSignatures(key: string, query: SignatureQuery): Promise<SignatureInfo[]> {
    const newestFirst: SignatureInfo[] = [];
    let started = query.before === undefined;
    for (let index = this.log.length - 1; index >= 0; index--) {
      const tx = this.log[index];
      if (!started) {
        started = tx.signature === query.before;
        continue;
      }
      if (tx.signature === query.until) break;
      if (!tx.accountKeys.includes(key)) continue;
      newestFirst.push({ signature: tx.signature, slot: tx.slot, failed: false });
      if (newestFirst.length >= (query.limit ?? 1000)) break;
    }
    return newestFirst;
  }

  subscribe(_programId: string, listener: (notification: SourceNotification) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** SOL of a lamport count, as the demo's messages write it (every significant decimal). */
const solOf = (lamports: string) => `${Number(lamports) / 1e9} SOL`;

/**
 * Why a transaction the wallet cannot pay for failed: with the balance and the amount a transfer
 * needed when the system program logged them ("Transfer: insufficient lamports X, need Y").
 */
export function insufficientFundsMessage(logs: readonly string[]): string {
  const transfer = logs.map((line) => /insufficient lamports (\d+), need (\d+)/i.exec(line)).find((match) => match !== null);
  if (!transfer) return 'Insufficient funds: the demo wallet cannot pay for this transaction';
  return `Insufficient funds: this needs ${solOf(transfer[2])} and the demo wallet has ${solOf(transfer[1])}`;
}

function failure(result: FailedTransactionMetadata): DemoTransactionError {
  const logs = result.meta().logs();
  const match = /custom program error: (0x[0-9a-f]+)/i.exec(logs.join('\n'));
  const code = match ? Number(match[1]) : null;
  const programMessage = code === null ? undefined : programErrorMessage(code);
  const text = result.err().toString();
  const message =
    programMessage ??
    (/insufficient/i.test(text) || logs.some((line) => /insufficient lamports/i.test(line)) ? insufficientFundsMessage(logs) : `Transaction failed: ${text}`);
  return new DemoTransactionError(message, code, logs);
}

