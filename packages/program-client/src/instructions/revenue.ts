// register_embed, distribute_revenue, claim_revenue and claim_publisher_revenue: a publisher's embed
// of a funded film, revenue deposited into the film's vault, and the claims of investors and
// publishers on it.
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { marqueePdas } from '../pdas.ts';
import { bn, buildInstruction, writableAccount, type ProgramOption } from './build.ts';

/** An embed paid by a distribution, with the views it counted. */
export interface EmbedViews {
  embed: PublicKey;
  views: bigint;
}

/** register_embed; `embed` passes another account than the id's PDA where a test checks that the program refuses it. */
export function registerEmbedInstruction({
  publisher,
  project,
  embedId,
  websiteUrl,
  programId,
  embed = marqueePdas(programId).embed(project, publisher, embedId),
}: { publisher: PublicKey; project: PublicKey; embedId: string; websiteUrl: string; embed?: PublicKey } & ProgramOption): TransactionInstruction {
  return buildInstruction('register_embed', { embed_id: embedId, website_url: websiteUrl }, { publisher, project, embed }, { programId });
}

/** The accounts distribute_revenue and settle_campaign share: the deposit into the project's vault as distribution `index`. */
export interface Deposit {
  settlementAuthority: PublicKey;
  treasury: PublicKey;
  project: PublicKey;
  /** The project's distribution count: the RevenueDistribution this deposit creates. */
  distributionIndex: bigint | number;
  embeds: EmbedViews[];
}

export function depositAccounts({ settlementAuthority, treasury, project, distributionIndex, programId }: Deposit & ProgramOption) {
  const pdas = marqueePdas(programId);
  return {
    settlement_authority: settlementAuthority,
    project,
    vault: pdas.vault(project),
    distribution: pdas.distribution(project, distributionIndex),
    treasury,
  };
}

/** The embeds follow the fixed accounts, writable, in the order of `views`. */
export const embedAccounts = (embeds: EmbedViews[]) => embeds.map(({ embed }) => writableAccount(embed));
export const embedViews = (embeds: EmbedViews[]) => embeds.map(({ views }) => bn(views));

/** distribute_revenue: `amountLamports` split between the embeds, the investors and the platform. */
export function distributeRevenueInstruction({ amountLamports, ...deposit }: Deposit & ProgramOption & { amountLamports: bigint }): TransactionInstruction {
  return buildInstruction(
    'distribute_revenue',
    { amount_lamports: bn(amountLamports), views: embedViews(deposit.embeds) },
    depositAccounts(deposit),
    { programId: deposit.programId, remaining: embedAccounts(deposit.embeds) },
  );
}

/** claim_revenue: the investor's accrued revenue of one project. */
export function claimRevenueInstruction({ investor, project, programId }: { investor: PublicKey; project: PublicKey } & ProgramOption): TransactionInstruction {
  const pdas = marqueePdas(programId);
  return buildInstruction(
    'claim_revenue',
    {},
    { investor, project, investment: pdas.investment(project, investor), vault: pdas.vault(project) },
    { programId },
  );
}

/** claim_publisher_revenue: the publisher's earnings of one embed, paid from the project's vault. */
export function claimPublisherRevenueInstruction({
  publisher,
  project,
  embed,
  programId,
}: { publisher: PublicKey; project: PublicKey; embed: PublicKey } & ProgramOption): TransactionInstruction {
  return buildInstruction('claim_publisher_revenue', {}, { publisher, project, embed, vault: marqueePdas(programId).vault(project) }, { programId });
}
