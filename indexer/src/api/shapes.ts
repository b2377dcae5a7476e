// Reads of the indexed tables in the spec's shapes (SPEC §3, docs/API.md "Shapes"): amounts in
// thousandths of SOL, USD at 1 SOL = 1000 USD, token share as a fraction, plus addresses and lamports.
import { embedSnippet } from '../player/snippet.ts';
import { LAMPORTS_PER_AMOUNT_UNIT, LAMPORTS_PER_USD } from '../constants.ts';
import { embeds, flag, investments, projects, revenue, users } from '../db/index.ts';
import { mapPage, type KeysetPage } from '../db/keyset.ts';
import type { ClusterContext } from './context.ts';

export const toAmount = (lamports: number) => lamports / LAMPORTS_PER_AMOUNT_UNIT;
export const toUsd = (lamports: number) => lamports / LAMPORTS_PER_USD;
export const isoDate = (unixSeconds: number | null) => (unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString());

export interface ProjectMetadata {
  title?: string;
  description?: string;
  directorName?: string;
  genres?: string[];
  thumbnailUrl?: string;
  videoUrl?: string;
  releaseYear?: number;
  licenseType?: string;
}

export type Project = ReturnType<typeof projectShape>;

export function projectShape(row: projects.ProjectRow, ctx: ClusterContext, origin: string, nowMs: number) {
  const metadata: ProjectMetadata = row.metadata ? JSON.parse(row.metadata) : {};
  const failed = row.status === 'funding' && row.deadline * 1000 < nowMs;
  return {
    id: row.id,
    address: row.address,
    title: row.title,
    description: metadata.description ?? '',
    thumbnailUrl: metadata.thumbnailUrl ?? '',
    videoUrl: metadata.videoUrl ?? null,
    genres: metadata.genres ?? [],
    directorName: metadata.directorName ?? '',
    studioId: row.studio_id,
    studioAddress: row.studio_address,
    studioAuthority: row.studio,
    studioName: row.studio_name ?? '',
    studioVerified: flag(row.studio_verified),
    fundingGoal: toUsd(row.goal_lamports),
    currentFunding: toUsd(row.raised_lamports),
    goalLamports: String(row.goal_lamports),
    raisedLamports: String(row.raised_lamports),
    investorCount: row.investor_count,
    deadline: isoDate(row.deadline)!,
    createdAt: isoDate(row.created_at)!,
    fundedAt: isoDate(row.funded_at),
    status: failed ? 'failed' : (row.status as 'funding' | 'funded'),
    fundsReleased: flag(row.funds_released),
    embeddableCode: row.status === 'funded' ? embedSnippet({ origin, cluster: ctx.name, projectId: row.id }) : null,
    releaseYear: metadata.releaseYear ?? null,
    licenseType: metadata.licenseType ?? null,
    shareMint: row.share_mint,
    vault: row.vault,
    metadataUri: row.metadata_uri,
    /** sha256 (hex) of the metadata document, as the chain records it. */
    metadataHash: row.metadata_hash,
    totalRevenue: toUsd(row.total_revenue_lamports),
    totalViews: row.total_views,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  };
}

export async function listProjects(ctx: ClusterContext, origin: string, nowMs: number, filter: Omit<projects.ProjectFilter, 'nowMs'> = {}, sort?: projects.ProjectSort) {
  const rows = await projects.listProjects(ctx.db, { ...filter, nowMs }, sort);
  return rows.map((row) => projectShape(row, ctx, origin, nowMs));
}

/** One page of the funded films (/api/catalogue), in listProjects' `newest` order. */
export async function pageFundedProjects(ctx: ClusterContext, origin: string, nowMs: number, page: KeysetPage) {
  return mapPage(await projects.pageFunded(ctx.db, page), (row) => projectShape(row, ctx, origin, nowMs));
}

export async function getProject(ctx: ClusterContext, origin: string, nowMs: number, id: number): Promise<Project | undefined> {
  const row = await projects.getProject(ctx.db, id);
  return row && projectShape(row, ctx, origin, nowMs);
}

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
