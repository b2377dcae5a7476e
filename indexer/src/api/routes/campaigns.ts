// /api/campaigns (issue 14): advertisers' campaigns as the chain left them, with their dashboard
// figures, the genre list of the target-genre bitmask, and the advertiser's off-chain request
// details (PUT, the advertiser's session only). The shapes are docs/API.md's CampaignSummary.
import { Hono } from 'hono';
import { requireWallet } from '../../auth/guard.ts';
import { AD_GENRES } from '../../constants.ts';
import { campaigns, projects, users, type Executor } from '../../db/index.ts';
import { creativeKindFromExtension, creativeKindOf } from '../../campaigns/creative.ts';
import { campaignStatus, genresOfMask, remainingOf, settlementDeadline } from '../../campaigns/rules.ts';
import { chainSeconds, type AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { nextCursor, requestedPage } from '../page-cursor.ts';
import { campaignDetailsBody, campaignListQuery, campaignParams } from '../schemas.ts';
import { isoDate } from '../shapes.ts';
import { validate } from '../validate.ts';

/** docs/API.md CampaignSummary. */
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

async function withSponsoredProject(db: Executor, row: campaigns.CampaignWithDetails, nowSeconds: number): Promise<CampaignSummary> {
  const summary = campaignSummary(row, nowSeconds);
  if (row.sponsored_project) {
    summary.sponsoredProjectId = (await projects.projectIdByAddress(db, row.sponsored_project)) ?? null;
  }
  return summary;
}

/** The dashboard's figures: impressions and spend per UTC day, and per film, from the settled batches. */
async function campaignFigures(db: Executor, address: string) {
  const byDate = new Map<string, { impressions: number; spent: bigint }>();
  const byFilm = new Map<number, { title: string; impressions: number; spent: bigint }>();
  for (const batch of await campaigns.settlementsOf(db, address)) {
    const date = isoDate(Number(batch.settled_at))!.slice(0, 10);
    const day = byDate.get(date) ?? { impressions: 0, spent: 0n };
    day.impressions += Number(batch.impressions);
    day.spent += BigInt(batch.amount_lamports);
    byDate.set(date, day);
    const film = byFilm.get(Number(batch.project_id)) ?? { title: batch.title, impressions: 0, spent: 0n };
    film.impressions += Number(batch.impressions);
    film.spent += BigInt(batch.amount_lamports);
    byFilm.set(Number(batch.project_id), film);
  }
  return {
    series: [...byDate].map(([date, day]) => ({ date, impressions: day.impressions, spentLamports: day.spent.toString() })),
    byFilm: [...byFilm]
      .map(([projectId, film]) => ({ projectId, title: film.title, impressions: film.impressions, spentLamports: film.spent.toString() }))
      .sort((a, b) => b.impressions - a.impressions || a.projectId - b.projectId),
  };
}

/** The address that signs for a wallet on this cluster (its demo key on the demo chain). */
export async function advertiserAddressOf(db: Executor, walletAddress: string): Promise<string> {
  return (await users.resolveUser(db, walletAddress)).chainAddress ?? walletAddress;
}

const emptyToNull = (text: string | undefined) => (text === undefined ? undefined : text === '' ? null : text);

export function campaignRoutes(now: () => number) {
  return new Hono<AppEnv>()
    .get('/', validate('query', campaignListQuery), async (c) => {
      const ctx = c.var.cluster;
      const query = c.req.valid('query');
      const advertiser = await advertiserAddressOf(ctx.db, query.advertiser);
      const nowSeconds = chainSeconds(ctx, now);
      const summaries = (rows: campaigns.CampaignWithDetails[]) => Promise.all(rows.map((row) => withSponsoredProject(ctx.db, row, nowSeconds)));
      const page = requestedPage(query, campaigns.ADVERTISER_CAMPAIGN_ORDER);
      if (!page) return c.json({ campaigns: await summaries(await campaigns.byAdvertiser(ctx.db, advertiser)) });
      const found = await campaigns.pageByAdvertiser(ctx.db, advertiser, page);
      return c.json({ campaigns: await summaries(found.rows), nextCursor: nextCursor(campaigns.ADVERTISER_CAMPAIGN_ORDER, found) });
    })
    .get('/genres', (c) => c.json({ genres: [...AD_GENRES] }))
    .get('/:address', validate('param', campaignParams), async (c) => {
      const ctx = c.var.cluster;
      const { address } = c.req.valid('param');
      const summary = await loadCampaignSummary(ctx.db, address, chainSeconds(ctx, now));
      if (!summary) fail(404, 'Campaign not found');
      return c.json({ ...summary, ...(await campaignFigures(ctx.db, address)) });
    })
    .put('/:address/details', validate('param', campaignParams), validate('json', campaignDetailsBody), async (c) => {
      const ctx = c.var.cluster;
      const { address } = c.req.valid('param');
      const body = c.req.valid('json');
      requireWallet(c, body.walletAddress);
      const row = await campaigns.byAddress(ctx.db, address);
      if (!row) fail(404, 'Campaign not found: it is not indexed yet');
      if ((await advertiserAddressOf(ctx.db, body.walletAddress)) !== row.advertiser) {
        fail(403, 'Only the advertiser of this campaign can change its details');
      }
      await campaigns.upsertDetails(
        ctx.db,
        address,
        {
          companyName: emptyToNull(body.companyName),
          email: emptyToNull(body.email),
          website: emptyToNull(body.website),
          targetAudience: emptyToNull(body.targetAudience),
          ...(body.monthlyBudgetUsd !== undefined ? { monthlyBudgetUsd: body.monthlyBudgetUsd } : {}),
          // A creative uploaded to this server is known by its bytes' type from now on.
          ...(row.creative_kind ? {} : { creativeKind: await creativeKindOf(row.creative_uri, c.var.media) }),
        },
        Math.floor(now() / 1000),
      );
      return c.json((await loadCampaignSummary(ctx.db, address, chainSeconds(ctx, now)))!);
    });
}
