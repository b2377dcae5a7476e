// The one encoder of the program's instructions, straight from the IDL: the data encoded with the
// IDL's BorshCoder, the accounts listed in the IDL's order with its signer/writable flags, the
// program's fixed PDAs and program addresses filled in. Synchronous on purpose: a caller reads an
// account, builds and sends in one turn of the event loop (the demo chain relies on it).
import { PublicKey, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import BN from 'bn.js';
import { coder, idlInstruction, MARQUEE_PROGRAM_ID, type IdlInstructionAccount } from '../idl.ts';
import { marqueePdas } from '../pdas.ts';

/** Every builder takes the program's address; the IDL's unless a test deploys it elsewhere. */
export interface ProgramOption {
  programId?: PublicKey;
}

/** A u64/i64 argument as the Borsh coder takes it. */
export const bn = (value: bigint | number) => new BN(value.toString());

/** Accounts the program's handler reads after the IDL's: writable embeds, read-only others. */
export const writableAccount = (pubkey: PublicKey): AccountMeta => ({ pubkey, isSigner: false, isWritable: true });
export const readonlyAccount = (pubkey: PublicKey): AccountMeta => ({ pubkey, isSigner: false, isWritable: false });

/**
 * One instruction: `accounts` names the accounts the IDL does not fix (fixed program addresses,
 * the program itself, the platform and the event authority are filled in); `remaining` follow in
 * order. Arguments carry the IDL's snake_case names.
 */
export function buildInstruction(
  name: string,
  args: Record<string, unknown>,
  accounts: Record<string, PublicKey>,
  { programId = MARQUEE_PROGRAM_ID, remaining = [] }: ProgramOption & { remaining?: AccountMeta[] } = {},
): TransactionInstruction {
  const pdas = marqueePdas(programId);
  const implied: Record<string, () => PublicKey> = {
    platform: pdas.platform,
    event_authority: pdas.eventAuthority,
    program: () => programId,
  };
  const keys = (idlInstruction(name).accounts as IdlInstructionAccount[]).map((account) => {
    const pubkey = accounts[account.name] ?? implied[account.name]?.() ?? (account.address ? new PublicKey(account.address) : undefined);
    if (!pubkey) throw new Error(`${name}: account ${account.name} is missing`);
    return { pubkey, isSigner: Boolean(account.signer), isWritable: Boolean(account.writable) };
  });
  return new TransactionInstruction({ programId, keys: [...keys, ...remaining], data: coder.instruction.encode(name, args) });
}
