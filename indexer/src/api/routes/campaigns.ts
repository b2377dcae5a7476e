// /api/campaigns: advertisers' campaigns as the chain left them, with their dashboard
// figures, the genre list of the target-genre bitmask, and the advertiser's off-chain request
// details (PUT, the advertiser's session only). The answers are @marquee/api-contract's campaign shapes.
import * as contract from '@marquee/api-contract';
import type { Context } from 'hono';
import { ApiRoutes, get, put } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import type { AppEnv } from '../context.ts';
import { currentSession, requireWallet } from '../../auth/guard.ts';
import { AD_GENRES } from '../../constants.ts';
import { campaigns, users, type Executor } from '../../db/index.ts';
import { creativeKindOf } from '../../campaigns/creative.ts';
import { chainSeconds } from '../../cluster.ts';
import { fail } from '../errors.ts';
import { nextCursor, requestedPage } from '../page-cursor.ts';
import { campaignDetailsBody, campaignListQuery, campaignParams } from '../schemas.ts';
import { loadCampaignSummary, withSponsoredProject } from '../../read-models/campaigns.ts';
import { isoDate } from '../../read-models/units.ts';

/**
 * The dashboard's figures: impressions and spend per UTC day, and per film, from the settled batches;
 * and the rent the campaign paid beside them (the distribution account each settlement creates).
 */
async function campaignFigures(db: Executor, address: string) {
  const byDate = new Map<string, { impressions: number; spent: bigint }>();
  const byFilm = new Map<number, { title: string; impressions: number; spent: bigint }>();
  let rent = 0n;
  for (const batch of await campaigns.settlementsOf(db, address)) {
    rent += BigInt(batch.rent_lamports);
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
    settlementRentLamports: rent.toString(),
  };
}

/** The address that signs for a wallet on this cluster (its demo key on the demo chain). */
export async function advertiserAddressOf(db: Executor, walletAddress: string): Promise<string> {
  return (await users.resolveUser(db, walletAddress)).chainAddress ?? walletAddress;
}

/** The advertiser's request details: private to the advertiser's session (contract.campaign vs contract.campaignPublic). */
const REQUEST_DETAILS = ['companyName', 'email', 'website', 'targetAudience', 'monthlyBudgetUsd'] as const;

/** A campaign without its request details, for anyone but its advertiser. */
function withoutRequestDetails<Summary extends Record<string, unknown>>(summary: Summary): Omit<Summary, (typeof REQUEST_DETAILS)[number]> {
  const shown: Record<string, unknown> = { ...summary };
  for (const field of REQUEST_DETAILS) delete shown[field];
  return shown as Omit<Summary, (typeof REQUEST_DETAILS)[number]>;
}

/** Whether the caller's session is the wallet that signs as `advertiser` (the campaign's chain address). */
async function isAdvertiser(c: Context<AppEnv>, advertiser: string): Promise<boolean> {
  const viewer = (await currentSession(c))?.walletAddress;
  return viewer !== undefined && (await advertiserAddressOf(c.var.cluster.db, viewer)) === advertiser;
}

const emptyToNull = (text: string | undefined) => (text === undefined ? undefined : text === '' ? null : text);

export function campaignRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get('/', "An advertiser's campaigns, newest first: { campaigns: CampaignSummary[] }", {
        description: "The request details (companyName, email, website, targetAudience, monthlyBudgetUsd) only to the advertiser's session (CampaignPrivate); CampaignPublic otherwise.",
        query: campaignListQuery,
        response: contract.LIST_RESPONSES['/api/campaigns'],
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const query = c.req.valid('query');
        const advertiser = await advertiserAddressOf(ctx.db, query.advertiser);
        const nowSeconds = chainSeconds(ctx, now);
        const own = await isAdvertiser(c, advertiser);
        const summaries = (rows: campaigns.CampaignWithDetails[]) =>
          Promise.all(rows.map(async (row) => (own ? withSponsoredProject(ctx.db, row, nowSeconds) : withoutRequestDetails(await withSponsoredProject(ctx.db, row, nowSeconds)))));
        const page = requestedPage(query, campaigns.ADVERTISER_CAMPAIGN_ORDER);
        if (!page) return c.json({ campaigns: await summaries(await campaigns.byAdvertiser(ctx.db, advertiser)) });
        const found = await campaigns.pageByAdvertiser(ctx.db, advertiser, page);
        return c.json({ campaigns: await summaries(found.rows), nextCursor: nextCursor(campaigns.ADVERTISER_CAMPAIGN_ORDER, found) });
      },
    )
    .endpoint(get('/genres', "The genre list of a campaign's target_genres bitmask (bit i = genres[i]): { genres }", { response: contract.genreList }), (c) =>
      c.json({ genres: [...AD_GENRES] }),
    )
    .endpoint(
      get('/{address}', 'One campaign: CampaignSummary with series (per UTC day) and byFilm (impressions and spend)', {
        description: "The request details only to the advertiser's session (CampaignDetailPrivate); CampaignDetailPublic otherwise.",
        params: campaignParams,
        response: contract.campaignDetailAnswer,
        errors: { 404: 'Campaign not found' },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const { address } = c.req.valid('param');
        const summary = await loadCampaignSummary(ctx.db, address, chainSeconds(ctx, now));
        if (!summary) fail(404, 'Campaign not found');
        const detail = { ...summary, ...(await campaignFigures(ctx.db, address)) };
        return c.json((await isAdvertiser(c, summary.advertiser)) ? detail : withoutRequestDetails(detail));
      },
    )
    .endpoint(
      put('/{address}/details', "The advertising request's off-chain details of a campaign (its advertiser's session only); answers CampaignSummary", {
        middleware: [signedWrite()],
        params: campaignParams,
        body: campaignDetailsBody,
        response: contract.campaign,
        errors: { ...SIGNED_WRITE, 401: 'not signed in', 403: 'signed in as another wallet, or not the campaign’s advertiser', 404: 'campaign not indexed yet' },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const { address } = c.req.valid('param');
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
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
      },
    );
}
