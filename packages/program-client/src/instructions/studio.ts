// register_studio and verify_studio: a wallet becomes a studio; the admin verifies it.
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { marqueePdas } from '../pdas.ts';
import { buildInstruction, type ProgramOption } from './build.ts';

export function registerStudioInstruction({ authority, name, programId }: { authority: PublicKey; name: string } & ProgramOption): TransactionInstruction {
  return buildInstruction('register_studio', { name }, { authority, studio: marqueePdas(programId).studio(authority) }, { programId });
}

/** verify_studio, signed by the platform admin. */
export function verifyStudioInstruction({
  admin,
  studioAuthority,
  verified,
  programId,
}: { admin: PublicKey; studioAuthority: PublicKey; verified: boolean } & ProgramOption): TransactionInstruction {
  return buildInstruction('verify_studio', { verified }, { admin, studio: marqueePdas(programId).studio(studioAuthority) }, { programId });
}
