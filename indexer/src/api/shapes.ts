// Reads of the indexed tables in the spec's shapes (SPEC §3, docs/API.md "Shapes"): amounts in
// thousandths of SOL, USD at 1 SOL = 1000 USD, token share as a fraction, plus addresses and lamports.
import { DEFAULT_CLUSTER, LAMPORTS_PER_AMOUNT_UNIT, LAMPORTS_PER_USD } from '../constants.ts';
import type { Db } from '../db/database.ts';
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

interface ProjectRow {
  id: number;
  address: string;
  studio: string;
  share_mint: string;
  vault: string;
  title: string;
  metadata_uri: string;
  goal_lamports: number;
  raised_lamports: number;
  investor_count: number;
  deadline: number;
  created_at: number;
  funded_at: number | null;
  status: string;
  funds_released: number;
  total_revenue_lamports: number;
  total_views: number;
  signature: string;
  studio_id: number | null;
  studio_name: string | null;
  studio_verified: number | null;
  studio_address: string | null;
  metadata: string | null;
}

const PROJECT_SELECT = `
  SELECT p.*, s.id AS studio_id, s.name AS studio_name, s.verified AS studio_verified, s.address AS studio_address,
         m.body AS metadata
  FROM projects p
  LEFT JOIN studios s ON s.authority = p.studio  -- the program records a project's studio by its authority wallet
  -- a studio's edit of its listing points the film to newer metadata (the chain keeps the listed hash)
  LEFT JOIN metadata m ON m.sha256 = COALESCE((SELECT e.metadata_hash FROM listing_edits e WHERE e.project_id = p.id), p.metadata_hash)`;

/** The iframe of the embed player page (/player/{id}); with an embed id its views are counted. */
export function embedCode(origin: string, cluster: string, projectId: number, embedId?: string): string {
  const query = new URLSearchParams({ ...(embedId ? { embed: embedId } : {}), ...(cluster !== DEFAULT_CLUSTER ? { cluster } : {}) }).toString();
  return `<iframe src="${origin}/player/${projectId}${query ? `?${query.replace(/&/g, '&amp;')}` : ''}" width="640" height="360" frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>`;
}

export type Project = ReturnType<typeof projectShape>;

function projectShape(row: ProjectRow, ctx: ClusterContext, origin: string, nowMs: number) {
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
    studioVerified: row.studio_verified === 1,
    fundingGoal: toUsd(row.goal_lamports),
    currentFunding: toUsd(row.raised_lamports),
    goalLamports: String(row.goal_lamports),
    raisedLamports: String(row.raised_lamports),
    investorCount: row.investor_count,
    deadline: isoDate(row.deadline)!,
    createdAt: isoDate(row.created_at)!,
    fundedAt: isoDate(row.funded_at),
    status: failed ? 'failed' : (row.status as 'funding' | 'funded'),
    fundsReleased: row.funds_released === 1,
    embeddableCode: row.status === 'funded' ? embedCode(origin, ctx.name, row.id) : null,
    releaseYear: metadata.releaseYear ?? null,
    licenseType: metadata.licenseType ?? null,
    shareMint: row.share_mint,
    vault: row.vault,
    metadataUri: row.metadata_uri,
    totalRevenue: toUsd(row.total_revenue_lamports),
    totalViews: row.total_views,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  };
}

export function listProjects(ctx: ClusterContext, origin: string, nowMs: number, where = '', params: unknown[] = []) {
  const rows = ctx.db.prepare(`${PROJECT_SELECT} ${where} ORDER BY p.created_at DESC, p.id DESC`).all(...params) as ProjectRow[];
  return rows.map((row) => projectShape(row, ctx, origin, nowMs));
}

export function getProject(ctx: ClusterContext, origin: string, nowMs: number, id: number): Project | undefined {
  return listProjects(ctx, origin, nowMs, 'WHERE p.id = ?', [id])[0];
}

interface InvestmentRow {
  id: number;
  project_id: number;
  investor: string;
  amount_lamports: number;
  shares_minted: number;
  goal_lamports: number;
  created_at: number;
  signature: string;
  user_id: number | null;
  refunded: number;
}

export function listInvestments(ctx: ClusterContext, where: string, params: unknown[]) {
  const rows = ctx.db
    .prepare(
      `SELECT i.*, u.id AS user_id,
              EXISTS (SELECT 1 FROM refunds r WHERE r.project_id = i.project_id AND r.investor = i.investor
                      AND r.refunded_at >= i.created_at) AS refunded
       FROM investments i LEFT JOIN users u ON u.chain_address = i.investor
       ${where} ORDER BY i.created_at DESC, i.id DESC`,
    )
    .all(...params) as InvestmentRow[];
  return rows.map((row) => ({
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
    refunded: row.refunded === 1,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  }));
}

export interface UserRow {
  id: number;
  wallet_address: string;
  chain_address: string;
  username: string;
  is_studio: number;
  created_at: number;
}

export function userShape(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    walletAddress: row.wallet_address,
    chainAddress: row.chain_address,
    isStudio: row.is_studio === 1,
  };
}

/** A `{userId}`: the numeric id, or a wallet address (registered or not). */
export function resolveUser(db: Db, userId: string): { user?: UserRow; chainAddress?: string } {
  if (/^\d+$/.test(userId)) {
    const user = db.prepare('SELECT * FROM users WHERE id = ?').get(Number(userId)) as UserRow | undefined;
    return { user, chainAddress: user?.chain_address };
  }
  const user = db
    .prepare('SELECT * FROM users WHERE wallet_address = ? OR chain_address = ? ORDER BY wallet_address = ? DESC LIMIT 1')
    .get(userId, userId, userId) as UserRow | undefined;
  return { user, chainAddress: user?.chain_address ?? userId };
}

interface EmbedRow {
  id: number;
  address: string;
  project_id: number;
  publisher: string;
  embed_id: string;
  website_url: string;
  total_views: number;
  earned_lamports: number;
  claimed_lamports: number;
  registered_at: number;
  signature: string;
}

export function listEmbeds(ctx: ClusterContext, origin: string, where: string, params: unknown[]) {
  const rows = ctx.db
    .prepare(`SELECT * FROM embeds ${where} ORDER BY registered_at DESC, id DESC`)
    .all(...params) as EmbedRow[];
  return rows.map((row) => ({
    id: row.id,
    projectId: row.project_id,
    embedId: row.embed_id,
    websiteUrl: row.website_url,
    publisher: row.publisher,
    address: row.address,
    embedCode: embedCode(origin, ctx.name, row.project_id, row.embed_id),
    totalViews: row.total_views,
    earned: toAmount(row.earned_lamports),
    claimed: toAmount(row.claimed_lamports),
    earnedLamports: String(row.earned_lamports),
    registeredAt: isoDate(row.registered_at)!,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  }));
}

interface InvestorDistributionRow {
  id: number;
  distribution_id: number;
  project_id: number;
  project_title: string;
  amount_lamports: number;
  claimed: number;
  claim_signature: string | null;
  distributed_at: number;
  signature: string;
  investment_id: number | null;
}

/** The spec's revenue distribution rows of one investor (distribution × investor). */
export function investorDistributions(ctx: ClusterContext, investor: string, onlyUnclaimed: boolean) {
  const rows = ctx.db
    .prepare(
      `SELECT x.id, x.distribution_id, x.project_id, p.title AS project_title, x.amount_lamports, x.claimed,
              x.claim_signature, d.distributed_at, d.signature,
              (SELECT MAX(i.id) FROM investments i WHERE i.project_id = x.project_id AND i.investor = x.investor) AS investment_id
       FROM investor_distributions x JOIN distributions d ON d.id = x.distribution_id JOIN projects p ON p.id = x.project_id
       WHERE x.investor = ? ${onlyUnclaimed ? 'AND x.claimed = 0 AND x.amount_lamports > 0' : ''}
       ORDER BY d.distributed_at DESC, x.id DESC`,
    )
    .all(investor) as InvestorDistributionRow[];
  return rows.map((row) => ({
    id: row.id,
    distributionId: row.distribution_id,
    investmentId: row.investment_id,
    amount: toAmount(row.amount_lamports),
    amountLamports: String(row.amount_lamports),
    claimed: row.claimed === 1,
    claimTxHash: row.claim_signature,
    projectId: row.project_id,
    projectTitle: row.project_title,
    distributedAt: isoDate(row.distributed_at)!,
    txHash: row.signature,
    explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
  }));
}
