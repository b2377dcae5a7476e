// invest and refund, and the share account every investment needs first: the investor's associated
// Token-2022 account of the project's share mint, created idempotently and paid by the investor
// (`invest` requires it to exist and no longer creates it).
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { ASSOCIATED_TOKEN_PROGRAM_ID, SHARE_TOKEN_PROGRAM_ID } from '../idl.ts';
import { marqueePdas } from '../pdas.ts';
import { bn, buildInstruction, type ProgramOption } from './build.ts';

type Position = { investor: PublicKey; project: PublicKey } & ProgramOption;

/** The accounts of the investor's position in the project that invest and refund share. */
function positionAccounts({ investor, project, programId }: Position) {
  const pdas = marqueePdas(programId);
  const shareMint = pdas.shareMint(project);
  return {
    investor,
    project,
    investment: pdas.investment(project, investor),
    share_mint: shareMint,
    investor_share_account: pdas.shareAccount(shareMint, investor),
    vault: pdas.vault(project),
  };
}

/** The Associated Token program's CreateIdempotent of the investor's share account. */
export function createShareAccountInstruction({ investor, project, programId }: Position): TransactionInstruction {
  const pdas = marqueePdas(programId);
  const shareMint = pdas.shareMint(project);
  return createAssociatedTokenAccountIdempotentInstruction(
    investor,
    pdas.shareAccount(shareMint, investor),
    investor,
    shareMint,
    SHARE_TOKEN_PROGRAM_ID,
    ASSOCIATED_TOKEN_PROGRAM_ID,
  );
}

/** invest alone: SOL into the project's vault, shares to the investor's existing share account. */
export function investInstruction({ amountLamports, ...position }: Position & { amountLamports: bigint }): TransactionInstruction {
  return buildInstruction('invest', { amount_lamports: bn(amountLamports) }, positionAccounts(position), { programId: position.programId });
}

/** An investment's instructions, as every client sends them: the share account's CreateIdempotent, then invest. */
export function investmentInstructions(input: Position & { amountLamports: bigint }): TransactionInstruction[] {
  return [createShareAccountInstruction(input), investInstruction(input)];
}

/** refund: the investor's SOL back from a film past its deadline unfunded; the shares are burned. */
export function refundInstruction(position: Position): TransactionInstruction {
  return buildInstruction('refund', {}, positionAccounts(position), { programId: position.programId });
}
