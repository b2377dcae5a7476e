// The API's own read shapes (investments, embeds, users, an investor's distributions): token share as
// a fraction, plus addresses and lamports. Films and campaigns are read models (read-models/).
import type { ClusterContext } from '../cluster.ts';
import { embeds, flag, investments, revenue, users } from '../db/index.ts';
import { mapPage, type KeysetPage } from '../db/keyset.ts';
import { embedSnippet } from '../player/snippet.ts';
import { isoDate, toAmount } from '../read-models/units.ts';

export async function listInvestments(ctx: ClusterContext, filter: investments.InvestmentFilter) {
  return (await investments.listInvestments(ctx.db, filter)).map(investmentShape(ctx));
}

export async function pageInvestments(ctx: ClusterContext, filter: investments.InvestmentFilter, page: KeysetPage) {
  return mapPage(await investments.pageInvestments(ctx.db, filter, page), investmentShape(ctx));
}

function investmentShape(ctx: ClusterContext) {
  return (row: investments.InvestmentRow) => ({
    id: row.id,
    userId: row.user_id,
    projectId: row.project_id,
    amount: toAmount(row.amount_lamports),
    tokenShare: row.shares_minted / row.goal_lamports,
    txHash: row.signature,
    createdAt: isoDate(row.created_at)!,
    investorAddress: row.investor,
    amountLamports: String(row.amount_lamports),
    sharesMinted: String(row.shares_minted),
    refunded: flag(row.refunded),
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  });
}

export function userShape(row: users.UserRow) {
  return {
    id: row.id,
    username: row.username,
    walletAddress: row.wallet_address,
    chainAddress: row.chain_address,
    isStudio: flag(row.is_studio),
  };
}

export async function listEmbeds(ctx: ClusterContext, origin: string, filter: embeds.EmbedFilter) {
  return (await embeds.listEmbeds(ctx.db, filter)).map(embedShape(ctx, origin));
}

export async function pageEmbeds(ctx: ClusterContext, origin: string, filter: embeds.EmbedFilter, page: KeysetPage) {
  return mapPage(await embeds.pageEmbeds(ctx.db, filter, page), embedShape(ctx, origin));
}

function embedShape(ctx: ClusterContext, origin: string) {
  return (row: embeds.EmbedRow) => ({
    id: row.id,
    projectId: row.project_id,
    embedId: row.embed_id,
    websiteUrl: row.website_url,
    publisher: row.publisher,
    address: row.address,
    embedCode: embedSnippet({
      origin,
      cluster: ctx.name,
      projectId: row.project_id,
      embedId: row.embed_id,
      publisherId: row.publisher,
      website: row.website_url,
    }),
    totalViews: row.total_views,
    earned: toAmount(row.earned_lamports),
    claimed: toAmount(row.claimed_lamports),
    earnedLamports: String(row.earned_lamports),
    claimedLamports: String(row.claimed_lamports),
    registeredAt: isoDate(row.registered_at)!,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  });
}

/** The spec's revenue distribution rows of one investor (distribution × investor). */
export async function investorDistributions(ctx: ClusterContext, investor: string, onlyUnclaimed: boolean) {
  return (await revenue.investorDistributions(ctx.db, investor, onlyUnclaimed)).map(investorDistributionShape(ctx));
}

export async function pageInvestorDistributions(ctx: ClusterContext, investor: string, onlyUnclaimed: boolean, page: KeysetPage) {
  return mapPage(await revenue.pageInvestorDistributions(ctx.db, investor, onlyUnclaimed, page), investorDistributionShape(ctx));
}

function investorDistributionShape(ctx: ClusterContext) {
  return (row: revenue.InvestorDistributionRow) => ({
    id: row.id,
    distributionId: row.distribution_id,
    investmentId: row.investment_id,
    amount: toAmount(row.amount_lamports),
    amountLamports: String(row.amount_lamports),
    claimed: flag(row.claimed),
    claimTxHash: row.claim_signature,
    projectId: row.project_id,
    projectTitle: row.project_title,
    distributedAt: isoDate(row.distributed_at)!,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  });
}
