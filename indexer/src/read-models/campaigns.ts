// The campaign read model: a campaign row as the API's CampaignSummary, its sponsored film's id
// resolved. Shared by /api/campaigns and the demo chain's advertiser actions.
import { creativeKindFromExtension } from '../campaigns/creative.ts';
import { campaignStatus, genresOfMask, remainingOf, settlementDeadline } from '../campaigns/rules.ts';
import { campaigns, projects, type Executor } from '../db/index.ts';
import { isoDate } from './units.ts';

/** A campaign as the API answers it (CampaignSummary). */
export function campaignSummary(row: campaigns.CampaignWithDetails, nowSeconds: number) {
  const creativeKind = row.creative_kind ?? creativeKindFromExtension(row.creative_uri);
  return {
    address: row.address,
    advertiser: row.advertiser,
    campaignId: row.campaign_id,
    adType: row.ad_type as 'display' | 'video' | 'sponsorship',
    pricePerMilleLamports: String(row.price_per_mille_lamports),
    sponsoredProjectId: null as number | null,
    budgetLamports: String(row.budget_lamports),
    spentLamports: String(row.spent_lamports),
    remainingLamports: String(remainingOf(row)),
    impressions: Number(row.impressions),
    creativeUri: row.creative_uri,
    creativeHash: row.creative_hash,
    creativeKind: creativeKind as 'image' | 'video' | null,
    targetGenres: genresOfMask(row.target_genres),
    startAt: isoDate(Number(row.start_at))!,
    endAt: isoDate(Number(row.end_at))!,
    createdAt: isoDate(Number(row.created_at))!,
    paused: Boolean(Number(row.paused)),
    status: campaignStatus(row, nowSeconds),
    closableAt: isoDate(settlementDeadline({ end_at: Number(row.end_at) }))!,
    closedAt: isoDate(row.closed_at === null ? null : Number(row.closed_at)),
    refundedLamports: row.refunded_lamports === null ? null : String(row.refunded_lamports),
    companyName: row.company_name,
    email: row.email,
    website: row.website,
    targetAudience: row.target_audience,
    monthlyBudgetUsd: row.monthly_budget_usd === null ? null : Number(row.monthly_budget_usd),
  };
}
export type CampaignSummary = ReturnType<typeof campaignSummary>;

/** A campaign's summary (its sponsored film's id resolved), or undefined when it is not indexed. */
export async function loadCampaignSummary(db: Executor, address: string, nowSeconds: number): Promise<CampaignSummary | undefined> {
  const row = await campaigns.byAddress(db, address);
  return row && withSponsoredProject(db, row, nowSeconds);
}

export async function withSponsoredProject(db: Executor, row: campaigns.CampaignWithDetails, nowSeconds: number): Promise<CampaignSummary> {
  const summary = campaignSummary(row, nowSeconds);
  if (row.sponsored_project) {
    summary.sponsoredProjectId = (await projects.projectIdByAddress(db, row.sponsored_project)) ?? null;
  }
  return summary;
}

