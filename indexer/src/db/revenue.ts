// The revenue aggregate: distributions (with their per-embed credits and per-investor parts) and
// the investors' and publishers' claims.
import { sql } from 'kysely';
import { countRows, type Executor, type QueryRow } from './executor.ts';
import { keyColumn, keysetReads, newestFirst, mapPage, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from './keyset.ts';

/** An investor's part of a distribution, with the film's title and the investor's newest investment's id. */
export type InvestorDistributionRow = ReturnType<typeof withInvestmentId<QueryRow<typeof investorDistributionQuery>>>;

export type DistributionRow = QueryRow<typeof distributionQuery>;

/** Newest distribution first; the investor row's id breaks ties. */
export const INVESTOR_DISTRIBUTION_ORDER = newestFirst<InvestorDistributionRow>('investor-distributions', 'd.distributed_at', 'x.id');

/** The spec's revenue distribution rows of one investor (distribution × investor), newest first. */
export async function investorDistributions(db: Executor, investor: string, onlyUnclaimed: boolean): Promise<InvestorDistributionRow[]> {
  return (await ordered(investorDistributionQuery(db, investor, onlyUnclaimed), INVESTOR_DISTRIBUTION_ORDER).execute()).map(withInvestmentId);
}

/** One page of investorDistributions. */
export async function pageInvestorDistributions(db: Executor, investor: string, onlyUnclaimed: boolean, page: KeysetPage): Promise<Paged<InvestorDistributionRow>> {
  return mapPage(await readPage(investorDistributionQuery(db, investor, onlyUnclaimed), INVESTOR_DISTRIBUTION_ORDER, page), withInvestmentId);
}

/** The sum of an investor's unclaimed distributions (every page of them). */
export async function unclaimedLamports(db: Executor, investor: string): Promise<number> {
  const { lamports } = await investorDistributionQuery(db, investor, true)
    .clearSelect()
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('x.amount_lamports'), sql<number>`0`).as('lamports'))
    .executeTakeFirstOrThrow();
  return Number(lamports);
}

const withInvestmentId = <Row extends { investment_id: unknown }>(row: Row) => ({ ...row, investment_id: row.investment_id === null ? null : Number(row.investment_id) });

function investorDistributionQuery(db: Executor, investor: string, onlyUnclaimed: boolean) {
  let query = db
    .selectFrom('investor_distributions as x')
    .innerJoin('distributions as d', 'd.id', 'x.distribution_id')
    .innerJoin('projects as p', 'p.id', 'x.project_id')
    .select((eb) => [
      'x.id',
      'x.distribution_id',
      'x.project_id',
      'p.title as project_title',
      'x.amount_lamports',
      'x.claimed',
      'x.claim_signature',
      'd.distributed_at',
      'd.signature',
      eb
        .selectFrom('investments as i')
        .select((inner) => inner.fn.max('i.id').as('id'))
        .whereRef('i.project_id', '=', 'x.project_id')
        .whereRef('i.investor', '=', 'x.investor')
        .as('investment_id'),
    ])
    .where('x.investor', '=', investor);
  if (onlyUnclaimed) query = query.where('x.claimed', '=', 0).where('x.amount_lamports', '>', 0);
  return query;
}

/** Newest first; the id breaks ties. */
export const DISTRIBUTION_ORDER = newestFirst<DistributionRow>('distributions', 'd.distributed_at', 'd.id');

export function listDistributions(db: Executor, projectId?: number): Promise<DistributionRow[]> {
  return ordered(distributionQuery(db, projectId), DISTRIBUTION_ORDER).execute();
}

/** One page of listDistributions. */
export function pageDistributions(db: Executor, projectId: number | undefined, page: KeysetPage): Promise<Paged<DistributionRow>> {
  return readPage(distributionQuery(db, projectId), DISTRIBUTION_ORDER, page);
}

function distributionQuery(db: Executor, projectId?: number) {
  let query = db
    .selectFrom('distributions as d')
    .innerJoin('projects as p', 'p.id', 'd.project_id')
    .select([
      'd.id',
      'd.project_id',
      'p.title',
      'd.idx',
      'd.total_lamports',
      'd.publisher_lamports',
      'd.investor_lamports',
      'd.platform_lamports',
      'd.total_views',
      'd.distributed_at',
      'd.signature',
    ]);
  if (projectId !== undefined) query = query.where('d.project_id', '=', projectId);
  return query;
}

/** One line of an investor's revenue history: a distribution's part (kind 1) or a claim (kind 0). */
export interface RevenueHistoryRow {
  kind: number;
  row_id: number;
  at: number;
  project_id: number;
  title: string;
  amount_lamports: number;
  signature: string;
}

/** Newest first; in the same second a distribution before a claim, then the newer row. */
export const REVENUE_HISTORY_ORDER: KeysetOrder<RevenueHistoryRow> = {
  name: 'revenue-history',
  columns: [keyColumn('h.at', 'integer'), keyColumn('h.kind', 'integer'), keyColumn('h.row_id', 'integer')],
  descending: true,
  keyOf: (row) => [Number(row.at), Number(row.kind), Number(row.row_id)],
};

/** An investor's revenue history: every distribution part and every claim, newest first. */
export const { list: revenueHistory, page: pageRevenueHistory } = keysetReads(historyQuery, REVENUE_HISTORY_ORDER);

function historyQuery(db: Executor, investor: string) {
  const parts = db
    .selectFrom('investor_distributions as x')
    .innerJoin('distributions as d', 'd.id', 'x.distribution_id')
    .innerJoin('projects as p', 'p.id', 'x.project_id')
    .select([sql<number>`1`.as('kind'), 'x.id as row_id', 'd.distributed_at as at', 'x.project_id', 'p.title', 'x.amount_lamports', 'd.signature'])
    .where('x.investor', '=', investor);
  const claims = db
    .selectFrom('revenue_claims as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .select([sql<number>`0`.as('kind'), 'r.id as row_id', 'r.claimed_at as at', 'r.project_id', 'p.title', 'r.amount_lamports', 'r.signature'])
    .where('r.investor', '=', investor);
  return db.selectFrom(parts.unionAll(claims).as('h')).selectAll();
}

/**
 * An investor's distribution parts per film: earned, still claimable, claimed (lamports), the film
 * of the newest part first.
 */
export async function revenueByProject(db: Executor, investor: string) {
  const rows = await db
    .selectFrom('investor_distributions as x')
    .innerJoin('distributions as d', 'd.id', 'x.distribution_id')
    .innerJoin('projects as p', 'p.id', 'x.project_id')
    .select((eb) => [
      'x.project_id',
      'p.title',
      eb.fn.sum<number>('x.amount_lamports').as('earned'),
      sql<number>`SUM(CASE WHEN x.claimed = 0 THEN x.amount_lamports ELSE 0 END)`.as('claimable'),
      sql<number>`SUM(CASE WHEN x.claimed = 0 THEN 0 ELSE x.amount_lamports END)`.as('claimed'),
    ])
    .where('x.investor', '=', investor)
    .groupBy(['x.project_id', 'p.title'])
    .orderBy(sql`MAX(d.distributed_at)`, 'desc')
    .orderBy(sql`MAX(x.id)`, 'desc')
    .execute();
  return rows.map((row) => ({ projectId: Number(row.project_id), projectTitle: row.title, earned: Number(row.earned), claimable: Number(row.claimable), claimed: Number(row.claimed) }));
}

export function investorDistribution(db: Executor, id: number) {
  return db
    .selectFrom('investor_distributions')
    .select(['id', 'project_id', 'investor', 'claimed', 'claim_signature'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface IndexedDistribution {
  signature: string;
  total_lamports: number;
  total_views: number;
  embeds: { embed: string; views: number }[];
  /** `batch_id`: the batch id the settlement was sent with, once the index records one (null or absent before). */
  settlement: { campaign: string; impressions: number; amount_lamports: number; batch_id?: number | null } | null;
}

/**
 * The project's distribution at an index as the settlement job compares it with a batch: its
 * transaction, amount, views per embed, and the campaign settlement made in the same transaction
 * (null: a distribute_revenue deposit, which names no campaign).
 */
export async function distributionAt(db: Executor, projectId: number, index: number): Promise<IndexedDistribution | undefined> {
  const distribution = await db
    .selectFrom('distributions')
    .select(['id', 'address', 'signature', 'total_lamports', 'total_views'])
    .where('project_id', '=', projectId)
    .where('idx', '=', index)
    .executeTakeFirst();
  if (!distribution) return undefined;
  const embeds = await db
    .selectFrom('distribution_embeds')
    .select(['embed', 'views'])
    .where('distribution_id', '=', distribution.id)
    .execute();
  // Every column: a `batch_id` the settlement event carries is read as soon as the index stores it.
  const settlement = await db
    .selectFrom('campaign_settlements')
    .selectAll()
    .where('distribution', '=', distribution.address)
    .where('signature', '=', distribution.signature)
    .executeTakeFirst();
  const batchId = (settlement as Record<string, unknown> | undefined)?.batch_id;
  return {
    signature: distribution.signature,
    total_lamports: Number(distribution.total_lamports),
    total_views: Number(distribution.total_views),
    embeds: embeds.map((row) => ({ embed: row.embed, views: Number(row.views) })),
    settlement: settlement
      ? {
          campaign: settlement.campaign,
          impressions: Number(settlement.impressions),
          amount_lamports: Number(settlement.amount_lamports),
          ...(batchId === undefined || batchId === null ? {} : { batch_id: Number(batchId) }),
        }
      : null,
  };
}

export async function distributionCount(db: Executor, projectId: number): Promise<number> {
  return countRows(db.selectFrom('distributions').where('project_id', '=', projectId));
}

// --- writes of the projection ------------------------------------------------------------------

export async function insertDistribution(
  db: Executor,
  distribution: {
    projectId: number;
    index: number;
    address: string;
    totalLamports: number;
    publisherLamports: number;
    investorLamports: number;
    platformLamports: number;
    totalViews: number;
    totalShares: number;
    revenuePerShareBefore: string;
    revenuePerShareAfter: string;
    distributedAt: number;
    signature: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('distributions')
    .values({
      project_id: distribution.projectId,
      idx: distribution.index,
      address: distribution.address,
      total_lamports: distribution.totalLamports,
      publisher_lamports: distribution.publisherLamports,
      investor_lamports: distribution.investorLamports,
      platform_lamports: distribution.platformLamports,
      total_views: distribution.totalViews,
      total_shares: distribution.totalShares,
      revenue_per_share_before: distribution.revenuePerShareBefore,
      revenue_per_share_after: distribution.revenuePerShareAfter,
      distributed_at: distribution.distributedAt,
      signature: distribution.signature,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertDistributionEmbed(db: Executor, distributionId: number, embed: string, views: number, lamports: number): Promise<void> {
  await db.insertInto('distribution_embeds').values({ distribution_id: distributionId, embed, views, amount_lamports: lamports }).execute();
}

export async function insertInvestorParts(
  db: Executor,
  distributionId: number,
  projectId: number,
  parts: { investor: string; shares: number; amountLamports: number }[],
): Promise<void> {
  if (parts.length === 0) return;
  await db
    .insertInto('investor_distributions')
    .values(
      parts.map((part) => ({
        distribution_id: distributionId,
        project_id: projectId,
        investor: part.investor,
        shares: part.shares,
        amount_lamports: part.amountLamports,
      })),
    )
    .execute();
}

/** A claim pays everything accrued in the project, so every earlier part is claimed by it. */
export async function recordRevenueClaim(
  db: Executor,
  claim: { projectId: number; investor: string; amountLamports: number; claimedAt: number; signature: string },
): Promise<void> {
  await db
    .insertInto('revenue_claims')
    .values({
      project_id: claim.projectId,
      investor: claim.investor,
      amount_lamports: claim.amountLamports,
      claimed_at: claim.claimedAt,
      signature: claim.signature,
    })
    .execute();
  await db
    .updateTable('investor_distributions')
    .set({ claimed: 1, claim_signature: claim.signature })
    .where('project_id', '=', claim.projectId)
    .where('investor', '=', claim.investor)
    .where('claimed', '=', 0)
    .execute();
}

export async function insertPublisherClaim(
  db: Executor,
  claim: { embed: string; publisher: string; amountLamports: number; claimedAt: number; signature: string },
): Promise<void> {
  await db
    .insertInto('publisher_claims')
    .values({ embed: claim.embed, publisher: claim.publisher, amount_lamports: claim.amountLamports, claimed_at: claim.claimedAt, signature: claim.signature })
    .execute();
}
