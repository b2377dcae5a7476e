// The program's Anchor IDL (programs/marquee/idl/marquee.json, generated from the program) and what
// follows from it: the program id, the Borsh coder of its instructions, accounts and events, and the
// fixed program addresses its instructions name (so every client follows the program, e.g. its
// token program).
import { BorshCoder, type Idl } from '@coral-xyz/anchor';
import { PublicKey } from '@solana/web3.js';
import { Buffer } from 'buffer';
import idlJson from '../../../programs/marquee/idl/marquee.json' with { type: 'json' };

export const MARQUEE_IDL = idlJson as Idl;
/** The program's address (the IDL's `address`, the program's declare_id!). */
export const MARQUEE_PROGRAM_ID = new PublicKey(MARQUEE_IDL.address);
/** The same address as base58 text (how transactions and the index name it). */
export const MARQUEE_PROGRAM_ADDRESS: string = MARQUEE_IDL.address;
/** Encodes and decodes with the IDL's own (snake_case) names: instructions, accounts, types and events. */
export const coder = new BorshCoder(MARQUEE_IDL);

export type IdlInstruction = Idl['instructions'][number];
/** An account of an instruction as the IDL lists it (its flags, and a fixed address or PDA when it has one). */
export interface IdlInstructionAccount {
  name: string;
  writable?: boolean;
  signer?: boolean;
  address?: string;
  pda?: { program?: { kind: string; value?: number[] } };
}

export function idlInstruction(name: string): IdlInstruction {
  const instruction = MARQUEE_IDL.instructions.find((candidate) => candidate.name === name);
  if (!instruction) throw new Error(`The IDL has no instruction ${name}`);
  return instruction;
}

function idlAccount(instruction: string, account: string): IdlInstructionAccount {
  const entry = idlInstruction(instruction).accounts.find((candidate) => candidate.name === account);
  if (!entry) throw new Error(`The IDL's ${instruction} has no account ${account}`);
  return entry as IdlInstructionAccount;
}

/** The token program of the share mints (Token-2022, for non-transferable shares): invest's fixed token_program. */
export const SHARE_TOKEN_PROGRAM_ID = (() => {
  const address = idlAccount('invest', 'token_program').address;
  if (!address) throw new Error("The IDL's invest fixes no token_program");
  return new PublicKey(address);
})();

/** The Associated Token program: the program under which the IDL derives invest's investor_share_account. */
export const ASSOCIATED_TOKEN_PROGRAM_ID = (() => {
  const program = idlAccount('invest', 'investor_share_account').pda?.program;
  if (!program?.value || program.kind !== 'const') throw new Error("The IDL derives invest's investor_share_account under no program");
  return new PublicKey(Uint8Array.from(program.value));
})();

/** The BPF upgradeable loader: its ProgramData account of the program names the upgrade authority. */
export const UPGRADEABLE_LOADER_ID = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');

/** Decodes a program account with the IDL ('Platform', 'Project', …); fields in snake_case. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function decodeAccount<T = any>(name: string, data: Uint8Array): T {
  return coder.accounts.decode(name, Buffer.from(data)) as T;
}

export { programErrorCode, programErrorMessage } from './errors.ts';
