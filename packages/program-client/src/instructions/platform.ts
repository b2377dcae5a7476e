// initialize_platform, update_platform and accept_admin: the platform's one account, its rules and
// its admin (the program's upgrade authority initialises it).
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { PLATFORM_RULES, type PlatformRules } from '../constants.ts';
import { marqueePdas } from '../pdas.ts';
import { bn, buildInstruction, type ProgramOption } from './build.ts';

function rulesArgs(rules: PlatformRules) {
  return {
    publisher_bps: rules.publisherBps,
    investor_bps: rules.investorBps,
    platform_bps: rules.platformBps,
    min_investment_lamports: bn(rules.minInvestmentLamports),
    unverified_funding_cap_lamports: bn(rules.unverifiedFundingCapLamports),
    verified_funding_cap_lamports: bn(rules.verifiedFundingCapLamports),
    max_funding_days: rules.maxFundingDays,
  };
}

/** initialize_platform: signed by the program's upgrade authority, who becomes the admin. */
export function initializePlatformInstruction({
  admin,
  treasury,
  settlementAuthority,
  rules = PLATFORM_RULES,
  programId,
}: { admin: PublicKey; treasury: PublicKey; settlementAuthority: PublicKey; rules?: PlatformRules } & ProgramOption): TransactionInstruction {
  return buildInstruction(
    'initialize_platform',
    { args: { treasury, settlement_authority: settlementAuthority, ...rulesArgs(rules) } },
    { admin, program_data: marqueePdas(programId).programData(), treasury },
    { programId },
  );
}

/** update_platform: the admin changes the rules and accounts, and may propose a new admin. */
export function updatePlatformInstruction({
  admin,
  proposedAdmin,
  treasury,
  settlementAuthority,
  rules,
  programId,
}: { admin: PublicKey; proposedAdmin: PublicKey; treasury: PublicKey; settlementAuthority: PublicKey; rules: PlatformRules } & ProgramOption): TransactionInstruction {
  return buildInstruction(
    'update_platform',
    { args: { proposed_admin: proposedAdmin, treasury, settlement_authority: settlementAuthority, ...rulesArgs(rules) } },
    { admin, treasury },
    { programId },
  );
}

/** accept_admin: the proposed admin takes over. */
export function acceptAdminInstruction({ newAdmin, programId }: { newAdmin: PublicKey } & ProgramOption): TransactionInstruction {
  return buildInstruction('accept_admin', {}, { new_admin: newAdmin }, { programId });
}
