// The program suites' chain: the real marquee.so (SBPF v3) in LiteSVM, driven with the program
// client's instruction builders (@marquee/program-client) and read through @coral-xyz/anchor's
// coders (camelCase accounts). Start a chain, fund wallets, warp the clock, read accounts, and send
// instructions getting back their compute units or their program error.
//
// The suites were written against solana-bankrun, whose calls are asynchronous; bankrun's runtime
// (Agave 1.18) cannot load an SBPF v3 program, so `TestChain` keeps that asynchronous surface over
// the synchronous SvmChain (tests/utils/litesvm.ts), the one LiteSVM harness.
import { BN, type Program } from '@coral-xyz/anchor';
import { MARQUEE_IDL, MARQUEE_PROGRAM_ID, marqueePdas } from '@marquee/program-client';
import type { Account as TokenAccount, Mint } from '@solana/spl-token';
import { type Keypair, LAMPORTS_PER_SOL, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { SvmChain, SvmFailure, type RawAccount } from './litesvm.ts';

export const idl = MARQUEE_IDL;
export const PROGRAM_ID = MARQUEE_PROGRAM_ID;
export const addresses = marqueePdas(PROGRAM_ID);
/** A failed transaction: `code` is the custom program error, if the failure was one; `logs` what the runtime logged. */
export { SvmFailure as ProgramFailure };

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
  private constructor(readonly svm: SvmChain) {}

  /**
   * A chain with marquee.so deployed (a program account and the upgradeable loader's ProgramData
   * account), so `initialize_platform`'s upgrade-authority check reads a real record:
   * `upgradeAuthority` (a fresh key unless given) is the program's upgrade authority.
   */
  static async start(upgradeAuthority?: Keypair): Promise<TestChain> {
    return new TestChain(SvmChain.start({ upgradeAuthority }));
  }

  get payer(): Keypair {
    return this.svm.payer;
  }

  get upgradeAuthority(): Keypair {
    return this.svm.upgradeAuthority;
  }

  /** Anchor's Program over the IDL, for its coders. */
  get program(): Program {
    return this.svm.program;
  }

  /** A new wallet holding `lamports`. */
  async wallet(lamports: bigint = sol(100)): Promise<Keypair> {
    return this.svm.wallet(lamports);
  }

  /** Credits `lamports` to `address`. */
  async fund(address: PublicKey, lamports: bigint): Promise<void> {
    await this.svm.fund(address, lamports);
  }

  async balance(address: PublicKey): Promise<bigint> {
    return this.svm.balance(address);
  }

  async exists(address: PublicKey): Promise<boolean> {
    return this.svm.exists(address);
  }

  async now(): Promise<bigint> {
    return this.svm.now();
  }

  /** Moves the clock to `unixTimestamp` (and the slot one forward). */
  async warpTo(unixTimestamp: bigint): Promise<void> {
    this.svm.warpTo(unixTimestamp);
  }

  /** Moves to the next slot (a new blockhash), keeping the clock's time. */
  async nextSlot(): Promise<void> {
    this.svm.nextSlot();
  }

  /** The lamports an account of `space` bytes needs to be rent-exempt. */
  async rentExempt(space: number | bigint): Promise<bigint> {
    return this.svm.rentExempt(space);
  }

  /** An account as stored, or null. */
  async rawAccount(address: PublicKey): Promise<RawAccount | null> {
    return this.svm.rawAccount(address);
  }

  /** Overwrites an account from outside the program (a corruption, a forgery). */
  async setRawAccount(address: PublicKey, account: RawAccount): Promise<void> {
    this.svm.setRawAccount(address, account);
  }

  /** A token account, decoded (its token program read from its owner unless given). */
  async tokenAccount(address: PublicKey, tokenProgram?: PublicKey): Promise<TokenAccount> {
    return this.svm.tokenAccount(address, tokenProgram);
  }

  async mint(address: PublicKey, tokenProgram: PublicKey): Promise<Mint> {
    return this.svm.mint(address, tokenProgram);
  }

  /** Decodes a program account with the IDL (`name` as in the IDL, e.g. 'Platform'). */
  async account<T = any>(name: string, address: PublicKey): Promise<T> {
    return this.svm.account<T>(name, address);
  }

  /**
   * Sends `instructions` signed by the payer and `signers`, in a fresh transaction. Resolves with
   * compute units and logs; rejects with a `ProgramFailure` carrying the custom error code.
   */
  async send(instructions: TransactionInstruction[], signers: Keypair[], feePayer: Keypair = this.payer): Promise<SendResult> {
    const { computeUnits, logs } = this.svm.send(instructions, signers, feePayer);
    return { computeUnits, logs };
  }
}

/** Asserts that `promise` fails with the program error `name` (see the IDL's `errors`). */
export async function expectProgramError(promise: Promise<unknown>, name: string): Promise<void> {
  const expected = errorCode(name);
  try {
    await promise;
  } catch (error) {
    if (error instanceof SvmFailure && error.code === expected) return;
    throw new Error(`expected program error ${name} (${expected}), got: ${(error as Error).message}`, { cause: error });
  }
  throw new Error(`expected program error ${name} (${expected}), but the transaction succeeded`);
}

/** Asserts that `promise` fails with logs matching `pattern`: a refusal another program (the token program) words. */
export async function expectFailureLogs(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SvmFailure && pattern.test(error.logs.join('\n'))) return;
    throw new Error(`expected a failure logging ${pattern}, got: ${(error as Error).message}`, { cause: error });
  }
  throw new Error(`expected a failure logging ${pattern}, but the transaction succeeded`);
}
