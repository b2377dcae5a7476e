// The campaigns aggregate: advertisers' campaigns as the Campaign* events left them, the
// batches settled from each (for the dashboard's series and by-film figures), the advertiser's
// off-chain request details, and the ad server's lookup of the campaigns that may fill a slot.
import type { Selectable, Updateable } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import { inTransaction, type Executor } from './executor.ts';
import { keyColumn, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from './keyset.ts';
import type { CampaignDetailsTable, CampaignsTable } from './schema.ts';

export type CampaignRow = Selectable<CampaignsTable>;
export type CampaignDetailsRow = Selectable<CampaignDetailsTable>;
/** A campaign with its details (null fields when none were recorded). */
export type CampaignWithDetails = CampaignRow & { [Field in Exclude<keyof CampaignDetailsRow, 'campaign' | 'updated_at'>]: CampaignDetailsRow[Field] | null };

// --- projection of the Campaign* events -----------------------------------------------------------

export async function insertCampaign(
  db: Executor,
  campaign: {
    address: string;
    advertiser: string;
    campaignId: string;
    adType: string;
    pricePerMilleLamports: number;
    sponsoredProject: string | null;
    budgetLamports: number;
    creativeUri: string;
    creativeHash: string;
    targetGenres: string;
    startAt: number;
    endAt: number;
    createdAt: number;
    signature: string;
    maxDailySpendLamports: number;
  },
): Promise<void> {
  await db
    .insertInto('campaigns')
    .values({
      address: campaign.address,
      advertiser: campaign.advertiser,
      campaign_id: campaign.campaignId,
      ad_type: campaign.adType,
      price_per_mille_lamports: campaign.pricePerMilleLamports,
      sponsored_project: campaign.sponsoredProject,
      budget_lamports: campaign.budgetLamports,
      creative_uri: campaign.creativeUri,
      creative_hash: campaign.creativeHash,
      target_genres: campaign.targetGenres,
      start_at: campaign.startAt,
      end_at: campaign.endAt,
      created_at: campaign.createdAt,
      signature: campaign.signature,
      max_daily_spend_lamports: campaign.maxDailySpendLamports,
    })
    .execute();
}

export async function recordTopUp(db: Executor, address: string, budgetAfter: number): Promise<void> {
  await db.updateTable('campaigns').set({ budget_lamports: budgetAfter }).where('address', '=', address).execute();
}

export async function setPaused(db: Executor, address: string, paused: boolean): Promise<void> {
  await db.updateTable('campaigns').set({ paused: paused ? 1 : 0 }).where('address', '=', address).execute();
}

/** One settled batch: its row, and the campaign's totals as the event states them after it. */
export async function recordSettlement(
  db: Executor,
  settled: {
    campaign: string;
    projectId: number;
    distribution: string;
    batchId: number;
    impressions: number;
    amountLamports: number;
    rentLamports: number;
    spentAfter: number;
    impressionsAfter: number;
    settledAt: number;
    signature: string;
  },
): Promise<void> {
  await db
    .insertInto('campaign_settlements')
    .values({
      campaign: settled.campaign,
      project_id: settled.projectId,
      distribution: settled.distribution,
      impressions: settled.impressions,
      amount_lamports: settled.amountLamports,
      settled_at: settled.settledAt,
      signature: settled.signature,
      batch_id: settled.batchId,
      rent_lamports: settled.rentLamports,
    })
    .execute();
  await db
    .updateTable('campaigns')
    .set({ spent_lamports: settled.spentAfter, impressions: settled.impressionsAfter, last_batch_id: settled.batchId })
    .where('address', '=', settled.campaign)
    .execute();
}

export async function recordClosed(db: Executor, address: string, closed: { refundedLamports: number; closedAt: number }): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ refunded_lamports: closed.refundedLamports, closed_at: closed.closedAt })
    .where('address', '=', address)
    .execute();
}

// --- reads ----------------------------------------------------------------------------------------

function withDetails(db: Executor) {
  return db
    .selectFrom('campaigns as c')
    .leftJoin('campaign_details as d', 'd.campaign', 'c.address')
    .selectAll('c')
    .select(['d.company_name', 'd.email', 'd.website', 'd.target_audience', 'd.monthly_budget_usd', 'd.creative_kind', 'd.house']);
}

/** An advertiser's campaigns newest first; the account address breaks ties. */
export const ADVERTISER_CAMPAIGN_ORDER: KeysetOrder<CampaignWithDetails> = {
  name: 'campaigns',
  columns: [keyColumn('c.created_at', 'integer'), keyColumn('c.address', 'text')],
  descending: true,
  keyOf: (row) => [Number(row.created_at), row.address],
};

/** An advertiser's campaigns, newest first. */
export function byAdvertiser(db: Executor, advertiser: string): Promise<CampaignWithDetails[]> {
  return ordered(withDetails(db).where('c.advertiser', '=', advertiser), ADVERTISER_CAMPAIGN_ORDER).execute();
}

/** One page of byAdvertiser. */
export function pageByAdvertiser(db: Executor, advertiser: string, page: KeysetPage): Promise<Paged<CampaignWithDetails>> {
  return readPage(withDetails(db).where('c.advertiser', '=', advertiser), ADVERTISER_CAMPAIGN_ORDER, page);
}

export function byAddress(db: Executor, address: string): Promise<CampaignWithDetails | undefined> {
  return withDetails(db).where('c.address', '=', address).executeTakeFirst();
}

/** A campaign's settled batches, oldest first (the dashboard folds them into days and films). */
export function settlementsOf(
  db: Executor,
  address: string,
): Promise<{ project_id: number; title: string; impressions: number; amount_lamports: number; rent_lamports: number; settled_at: number }[]> {
  return db
    .selectFrom('campaign_settlements as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select(['s.project_id', 'p.title', 's.impressions', 's.amount_lamports', 's.rent_lamports', 's.settled_at'])
    .where('s.campaign', '=', address)
    .orderBy('s.settled_at')
    .orderBy('s.id')
    .execute();
}

/**
 * Campaigns that may fill a slot at `now` (unix seconds): not closed, not paused, started, not
 * ended, with at least `minRemaining(price)` of budget left, never the demo's house campaign. The
 * caller matches genres and sponsorships.
 */
export async function servable(db: Executor, now: number): Promise<CampaignWithDetails[]> {
  return servableAt(await runningAt(db, Number((await generationQuery(db)).rows[0]?.n ?? -1)), now);
}

/** Of the running campaigns (adTarget's), those within their window at `now` (unix seconds), as servable() reads them. */
export function servableAt(running: readonly CampaignWithDetails[], now: number): CampaignWithDetails[] {
  return running.filter((campaign) => Number(campaign.start_at) <= now && Number(campaign.end_at) > now);
}

/**
 * The campaigns not closed, not paused and not the house's, as of the campaign tables' generation
 * (migration 025: the database moves it on every write to them). Read again only when it moved, so
 * a pause is seen by the next ad request of every process; the counter is one row, read with
 * whatever else the request reads (adTarget) or on its own (servable).
 */
const running = new WeakMap<Executor, { generation: number; campaigns: CampaignWithDetails[] }>();

/** The running campaigns as of `generation`, the counter's value read before (or with) this call. */
async function runningAt(db: Executor, generation: number): Promise<CampaignWithDetails[]> {
  const known = running.get(db);
  if (known && known.generation === generation) return known.campaigns;
  // Read after the counter: a write in between is read now and moves the counter, so the next call reads again.
  const campaigns = (await runningQuery(db)).rows;
  running.set(db, { generation, campaigns });
  return campaigns;
}

const generationQuery = compiledOnce((db: Executor) => db.selectFrom('campaign_generation').select('n').where('id', '=', 1));

const runningQuery = compiledOnce((db: Executor) =>
  withDetails(db)
    .where('c.closed_at', 'is', null)
    .where('c.paused', '=', 0)
    .where((eb) => eb.or([eb('d.house', 'is', null), eb('d.house', '=', 0)]))
    .orderBy('c.created_at')
    .orderBy('c.address'),
);

// The film and the campaign tables' generation in one statement: the ad of a Play reads nothing else
// while no campaign changed.
const adTargetQuery = compiledOnce((db: Executor, projectId: number) =>
  db
    .selectFrom('projects as p')
    .innerJoin('campaign_generation as g', (join) => join.on('g.id', '=', 1))
    .select(['p.address', 'p.title', 'p.metadata_hash', 'g.n as generation'])
    .where('p.id', '=', projectId),
);

const metadataBodyQuery = compiledOnce((db: Executor, sha256: string) => db.selectFrom('metadata').select('body').where('sha256', '=', sha256));

/**
 * The genres of a metadata document, by its sha256: a document never changes under its hash, so
 * what was read once is kept (a bounded map, emptied when full).
 */
const genresByHash = new Map<string, string[]>();
const GENRES_KEPT = 10_000;

async function genresOfDocument(db: Executor, sha256: string): Promise<string[] | undefined> {
  const known = genresByHash.get(sha256);
  if (known) return known;
  const body = (await metadataBodyQuery(db, sha256)).rows[0]?.body;
  if (body === undefined) return undefined;
  const genres = (JSON.parse(body) as { genres?: string[] }).genres ?? [];
  if (genresByHash.size >= GENRES_KEPT) genresByHash.clear();
  genresByHash.set(sha256, genres);
  return genres;
}

/**
 * What campaigns are matched against on a film (its account, title and genres: less than the whole
 * film the API shows), with the campaigns running now (servableAt picks those in their window).
 */
export async function adTarget(
  db: Executor,
  projectId: number,
): Promise<{ film: { address: string; title: string; genres: string[] }; running: CampaignWithDetails[] } | undefined> {
  const row = (await adTargetQuery(db, projectId)).rows[0];
  if (!row) return undefined;
  // The document whose hash the chain records: where the film's genres are.
  const genres = row.metadata_hash ? await genresOfDocument(db, row.metadata_hash) : undefined;
  return { film: { address: row.address, title: row.title, genres: genres ?? [] }, running: await runningAt(db, Number(row.generation)) };
}

/** The demo's house campaign, when there is one (and it is not closed). */
export function houseCampaign(db: Executor): Promise<CampaignRow | undefined> {
  return db
    .selectFrom('campaigns as c')
    .innerJoin('campaign_details as d', 'd.campaign', 'c.address')
    .selectAll('c')
    .where('d.house', '=', 1)
    .where('c.closed_at', 'is', null)
    .orderBy('c.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// --- off-chain details ----------------------------------------------------------------------------

export interface CampaignDetails {
  companyName?: string | null;
  email?: string | null;
  website?: string | null;
  targetAudience?: string | null;
  monthlyBudgetUsd?: number | null;
  creativeKind?: 'image' | 'video' | null;
  house?: boolean;
}

/** Writes the fields given (others keep their value); creates the row on first write. */
export function upsertDetails(db: Executor, address: string, details: CampaignDetails, nowSeconds: number): Promise<void> {
  const values: Omit<Updateable<CampaignDetailsTable>, 'campaign' | 'updated_at'> = {};
  if (details.companyName !== undefined) values.company_name = details.companyName;
  if (details.email !== undefined) values.email = details.email;
  if (details.website !== undefined) values.website = details.website;
  if (details.targetAudience !== undefined) values.target_audience = details.targetAudience;
  if (details.monthlyBudgetUsd !== undefined) values.monthly_budget_usd = details.monthlyBudgetUsd;
  if (details.creativeKind !== undefined) values.creative_kind = details.creativeKind;
  if (details.house !== undefined) values.house = details.house ? 1 : 0;
  return inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('campaign_details').select('campaign').where('campaign', '=', address).executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('campaign_details')
        .set({ ...values, updated_at: nowSeconds })
        .where('campaign', '=', address)
        .execute();
    } else {
      await trx
        .insertInto('campaign_details')
        .values({ campaign: address, ...values, updated_at: nowSeconds })
        .execute();
    }
  });
}
