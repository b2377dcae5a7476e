// The test harness: the real marquee.so in solana-bankrun, driven with the program client's
// instruction builders (@marquee/program-client) and read through @coral-xyz/anchor's Program
// (camelCase accounts). Start a chain, fund wallets, warp the clock, read accounts, and send
// instructions getting back their compute units or their program error.
import { AnchorProvider, BN, Program } from '@coral-xyz/anchor';
import { MARQUEE_IDL, MARQUEE_PROGRAM_ID, marqueePdas, UPGRADEABLE_LOADER_ID } from '@marquee/program-client';
import { BankrunProvider } from 'anchor-bankrun';
import { Keypair, LAMPORTS_PER_SOL, type PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { Clock, start, type ProgramTestContext } from 'solana-bankrun';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const idl = MARQUEE_IDL;
export const PROGRAM_ID = MARQUEE_PROGRAM_ID;
export const addresses = marqueePdas(PROGRAM_ID);

const deployDir = process.env.MARQUEE_DEPLOY_DIR ?? join(root, 'target/deploy');
if (!existsSync(join(deployDir, 'marquee.so'))) {
  throw new Error('target/deploy/marquee.so is missing: run `npm run build:program` first');
}
// solana-program-test looks for `<name>.so` in SBF_OUT_DIR.
process.env.SBF_OUT_DIR = deployDir;
// The runtime's per-instruction debug log is noise in test output; RUST_LOG=debug brings it back.
process.env.RUST_LOG ??= 'error';

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

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};

export const sol = (amount: number) => BigInt(Math.round(amount * LAMPORTS_PER_SOL));
export const bn = (value: bigint | number) => new BN(value.toString());

/** An error code of the program, by name, from the IDL. */
export function errorCode(name: string): number {
  const entry = idl.errors?.find((error) => error.name === name);
  if (!entry) throw new Error(`no program error named ${name}`);
  return entry.code;
}

export interface SendResult {
  computeUnits: number;
  logs: string[];
}

export class TestChain {
  private constructor(
    readonly context: ProgramTestContext,
    readonly provider: BankrunProvider,
    readonly program: Program,
    /** The program's upgrade authority: the only key that may initialise the platform. */
    readonly upgradeAuthority: Keypair,
  ) {}

  /**
   * A chain with marquee.so deployed through the BPF upgradeable loader (a program account and its
   * ProgramData account), so `initialize_platform`'s upgrade-authority check reads a real record:
   * `upgradeAuthority` (a fresh key unless given) is the program's upgrade authority.
   */
  static async start(upgradeAuthority: Keypair = Keypair.generate()): Promise<TestChain> {
    const elf = readFileSync(join(deployDir, 'marquee.so'));
    const context = await start([], upgradeableProgramAccounts(PROGRAM_ID, elf, upgradeAuthority.publicKey));
    const provider = new BankrunProvider(context);
    const program = new Program(idl, provider as unknown as AnchorProvider);
    return new TestChain(context, provider, program, upgradeAuthority);
  }

  get payer(): Keypair {
    return this.context.payer;
  }

  /** A new wallet holding `lamports`. */
  async wallet(lamports: bigint = sol(100)): Promise<Keypair> {
    const wallet = Keypair.generate();
    await this.fund(wallet.publicKey, lamports);
    return wallet;
  }

  /** Sends `lamports` from the payer to `address`. */
  async fund(address: PublicKey, lamports: bigint): Promise<void> {
    await this.send([SystemProgram.transfer({ fromPubkey: this.payer.publicKey, toPubkey: address, lamports })], []);
  }

  async balance(address: PublicKey): Promise<bigint> {
    return this.context.banksClient.getBalance(address);
  }

  async exists(address: PublicKey): Promise<boolean> {
    return (await this.context.banksClient.getAccount(address)) !== null;
  }

  async now(): Promise<bigint> {
    return (await this.context.banksClient.getClock()).unixTimestamp;
  }

  /** Moves the clock to `unixTimestamp` (a new Clock must be set: editing the returned one does nothing). */
  async warpTo(unixTimestamp: bigint): Promise<void> {
    const clock = await this.context.banksClient.getClock();
    this.context.setClock(
      new Clock(clock.slot + 1n, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, unixTimestamp),
    );
  }

  /** Moves the bank to the next slot (a new blockhash), keeping the clock's time. */
  async nextSlot(): Promise<void> {
    const clock = await this.context.banksClient.getClock();
    this.context.warpToSlot(clock.slot + 1n);
    this.context.setClock(new Clock(clock.slot + 1n, clock.epochStartTimestamp, clock.epoch, clock.leaderScheduleEpoch, clock.unixTimestamp));
  }

  /** Decodes a program account with the IDL (`name` as in the IDL, e.g. 'Platform'). */
  async account<T = any>(name: string, address: PublicKey): Promise<T> {
    const info = await this.context.banksClient.getAccount(address);
    if (!info) throw new Error(`account ${address.toBase58()} does not exist`);
    // Program's coder holds the camelCase IDL: account names start lower-case there.
    const camelName = name.charAt(0).toLowerCase() + name.slice(1);
    return this.program.coder.accounts.decode(camelName, Buffer.from(info.data)) as T;
  }

  /**
   * Sends `instructions` signed by the payer and `signers`, in a fresh transaction. Resolves with
   * compute units and logs; rejects with a `ProgramFailure` carrying the custom error code.
   */
  async send(instructions: TransactionInstruction[], signers: Keypair[], feePayer: Keypair = this.payer): Promise<SendResult> {
    const unique = new Map([feePayer, ...signers].map((signer) => [signer.publicKey.toBase58(), signer]));
    let result: Awaited<ReturnType<ProgramTestContext['banksClient']['tryProcessTransaction']>>;
    // On a loaded machine solana-program-test's slot-advancing thread can leave the blockhash just
    // read unknown to the bank that processes the transaction ("Blockhash not found", the transaction
    // never ran): read a fresh one and send again.
    for (let attempt = 1; ; attempt += 1) {
      const transaction = new Transaction();
      transaction.add(...instructions);
      transaction.recentBlockhash = (await this.context.banksClient.getLatestBlockhash())![0];
      transaction.feePayer = feePayer.publicKey;
      transaction.sign(...unique.values());
      result = await this.context.banksClient.tryProcessTransaction(transaction);
      // The same instructions sent again under the same blockhash are byte-for-byte the same
      // transaction, rejected as a duplicate before the program runs; every call to `send` means
      // "run these now", so move to a new slot (a new blockhash) and send again.
      if (result.result?.includes('already been processed') && attempt < 5) {
        await this.nextSlot();
        continue;
      }
      if (!result.result?.includes('Blockhash not found') || attempt === 5) break;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
    const logs = result.meta?.logMessages ?? [];
    if (result.result) throw new ProgramFailure(result.result, logs);
    return { computeUnits: Number(result.meta?.computeUnitsConsumed ?? 0n), logs };
  }
}

/** A failed transaction: `code` is the custom program error, if the failure was one. */
export class ProgramFailure extends Error {
  readonly code: number | null;
  constructor(readonly raw: string, readonly logs: string[]) {
    super(`${raw}\n${logs.join('\n')}`);
    const match = /custom program error: (0x[0-9a-f]+)/i.exec(logs.join('\n')) ?? /Custom\((\d+)\)/.exec(raw);
    this.code = match ? Number(match[1]) : null;
  }
}

/** Asserts that `promise` fails with the program error `name` (see the IDL's `errors`). */
export async function expectProgramError(promise: Promise<unknown>, name: string): Promise<void> {
  const expected = errorCode(name);
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProgramFailure && error.code === expected) return;
    throw new Error(`expected program error ${name} (${expected}), got: ${(error as Error).message}`, { cause: error });
  }
  throw new Error(`expected program error ${name} (${expected}), but the transaction succeeded`);
}

/** Asserts that `promise` fails with logs matching `pattern`: a refusal another program (the token program) words. */
export async function expectFailureLogs(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProgramFailure && pattern.test(error.logs.join('\n'))) return;
    throw new Error(`expected a failure logging ${pattern}, got: ${(error as Error).message}`, { cause: error });
  }
  throw new Error(`expected a failure logging ${pattern}, but the transaction succeeded`);
}
