// The film read model: a project row in the API's Project shape. Shared by every entrance that shows
// a film (the /api routes, the transaction verifier, the player page, the demo chain).
import type { ClusterContext } from '../cluster.ts';
import { flag, projects } from '../db/index.ts';
import { mapPage, type KeysetPage } from '../db/keyset.ts';
import { embedSnippet } from '../player/snippet.ts';
import { isoDate, toUsd } from './units.ts';

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
    status: (failed ? 'failed' : row.status) as 'funding' | 'funded' | 'failed',
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
