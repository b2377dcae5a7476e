// The settlement aggregate: batches of counted views per film and campaign, written before their
// settle_campaign is sent and settled once it is indexed, or ended `failed` when the program refuses
// them for good; views that cannot be paid keep a reason. Safe with two leaders batching at once:
// a view joins a batch only while it has none (re-checked in the UPDATE), and on PostgreSQL the
// rows a batch takes are locked with SKIP LOCKED, so the other leader takes the others.
import { PostgresAdapter } from 'kysely';
import { countRows, inTransaction, type Executor } from './executor.ts';

export interface PendingBatch {
  id: number;
  project_id: number;
  expected_index: number;
  amount_lamports: number;
  /** The campaign paying the batch (settle_campaign); null: a distribute_revenue batch made before campaigns. */
  campaign: string | null;
  impressions: number | null;
}

/** Why house-ad views (no campaign) are never batched: the house ad pays nothing. */
export const HOUSE_AD_REASON = 'House ad: it pays nothing, so the view is never settled';

/** Counted views of the house ad are set aside once, with their reason, so they never wait for settlement. */
export async function setAsideHouseAdViews(db: Executor): Promise<number> {
  const marked = await db
    .updateTable('views')
    .set({ unsettled_reason: HOUSE_AD_REASON })
    .where('batch_id', 'is', null)
    .where('campaign', 'is', null)
    .where('unsettled_reason', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}

/**
 * Unbatched campaign views of funded projects with no batch still pending, grouped by project and
 * campaign, in the order their first view came.
 */
export async function groupsToSettle(db: Executor): Promise<{ projectId: number; campaign: string; views: number }[]> {
  const rows = await db
    .selectFrom('views as v')
    .innerJoin('projects as p', 'p.id', 'v.project_id')
    .select((eb) => ['v.project_id', 'v.campaign', eb.fn.countAll<number>().as('views'), eb.fn.min('v.id').as('first')])
    .where('v.batch_id', 'is', null)
    .where('v.campaign', 'is not', null)
    .where('p.status', '=', 'funded')
    .where('p.total_shares', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('settlement_batches as b').select('b.id').whereRef('b.project_id', '=', 'p.id').where('b.status', '=', 'pending'))),
    )
    .groupBy(['v.project_id', 'v.campaign'])
    .orderBy('first')
    .execute();
  return rows.map((row) => ({ projectId: Number(row.project_id), campaign: row.campaign!, views: Number(row.views) }));
}

/**
 * A campaign's batches still pending: their lamports (spent on chain once sent, not yet in its
 * indexed totals) and how many they are (each also draws the rent of the distribution it creates).
 */
export async function pendingOf(db: Executor, campaign: string): Promise<{ lamports: bigint; batches: number }> {
  const row = await db
    .selectFrom('settlement_batches')
    .select((eb) => [eb.fn.sum<string | number | null>('amount_lamports').as('total'), eb.fn.countAll<string | number>().as('batches')])
    .where('campaign', '=', campaign)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { lamports: BigInt(row.total ?? 0), batches: Number(row.batches) };
}

/**
 * What settlement took from a campaign in the chain's day [dayStart, dayStart + 86,400) seconds, as
 * the program counts it against the maximum spend per day: each settlement's amount and the rent
 * the campaign paid with it.
 */
export async function spentInDayOf(db: Executor, campaign: string, dayStartSeconds: number, dayEndSeconds: number): Promise<bigint> {
  const row = await db
    .selectFrom('campaign_settlements')
    .select((eb) => eb.fn.sum<string | number | null>(eb('amount_lamports', '+', eb.ref('rent_lamports'))).as('total'))
    .where('campaign', '=', campaign)
    .where('settled_at', '>=', dayStartSeconds)
    .where('settled_at', '<', dayEndSeconds)
    .executeTakeFirstOrThrow();
  return BigInt(row.total ?? 0);
}

/** Records why a group's unbatched views wait (or will never be paid); cleared when they are batched. */
export async function recordUnsettledReason(db: Executor, projectId: number, campaign: string, reason: string): Promise<void> {
  await db
    .updateTable('views')
    .set({ unsettled_reason: reason })
    .where('project_id', '=', projectId)
    .where('campaign', '=', campaign)
    .where('batch_id', 'is', null)
    .execute();
}

/**
 * How many unbatched views the campaign served on the project a batch could take: those of its
 * first `maxEmbeds` embeds (in the order their first view came), as createCampaignBatch picks them.
 */
export async function batchableViews(db: Executor, group: { projectId: number; campaign: string }, maxEmbeds: number): Promise<number> {
  const unbatched = () =>
    db.selectFrom('views').where('project_id', '=', group.projectId).where('campaign', '=', group.campaign).where('batch_id', 'is', null);
  const embeds = (await unbatched().select('embed').groupBy('embed').orderBy((eb) => eb.fn.min('id')).limit(maxEmbeds).execute()).map((row) => row.embed);
  if (embeds.length === 0) return 0;
  return countRows(unbatched().where('embed', 'in', embeds));
}

/**
 * Puts at most `maxImpressions` unbatched views the campaign served on the project, of its first
 * `maxEmbeds` embeds (in the order their first view came), oldest first, into a new pending batch
 * paying `lamportsFor(views)`; returns the batch id and its view count. The views left over keep
 * `leftOverReason`.
 */
export function createCampaignBatch(
  db: Executor,
  group: { projectId: number; campaign: string },
  options: {
    /** The project's next distribution index on chain: the batch is sent there. */
    expectedIndex: number;
    maxEmbeds: number;
    maxImpressions: number;
    lamportsFor: (views: number) => bigint;
    leftOverReason: string;
    now: number;
  },
): Promise<{ batchId: number; views: number }> {
  return inTransaction(db, async (trx) => {
    const unbatched = () =>
      trx
        .selectFrom('views')
        .where('project_id', '=', group.projectId)
        .where('campaign', '=', group.campaign)
        .where('batch_id', 'is', null);
    const embeds = (await unbatched().select('embed').groupBy('embed').orderBy((eb) => eb.fn.min('id')).limit(options.maxEmbeds).execute()).map(
      (row) => row.embed,
    );
    const batch = await trx
      .insertInto('settlement_batches')
      .values({ project_id: group.projectId, campaign: group.campaign, expected_index: options.expectedIndex, amount_lamports: 0, impressions: 0, created_at: options.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batchId = Number(batch.id);
    const candidates = unbatched().select('id').where('embed', 'in', embeds.length > 0 ? embeds : ['']).orderBy('id').limit(options.maxImpressions);
    // PostgreSQL: rows another leader's open transaction is batching are skipped, not waited for.
    const onPostgres = trx.getExecutor().adapter instanceof PostgresAdapter;
    const chosen = (await (onPostgres ? candidates.forUpdate().skipLocked() : candidates).execute()).map((row) => Number(row.id));
    let views = 0;
    // In slices: one statement's bound parameters are limited (SQLite 32,766).
    for (let start = 0; start < chosen.length; start += 10_000) {
      const marked = await trx
        .updateTable('views')
        .set({ batch_id: batchId, unsettled_reason: null })
        .where('id', 'in', chosen.slice(start, start + 10_000))
        // Re-checked here: a view another leader batched since it was read is not taken twice.
        .where('batch_id', 'is', null)
        .executeTakeFirst();
      views += Number(marked.numUpdatedRows);
    }
    if (views === 0) {
      // Another leader took every view: no empty batch is left to send.
      await trx.deleteFrom('settlement_batches').where('id', '=', batchId).execute();
      return { batchId, views: 0 };
    }
    await trx
      .updateTable('settlement_batches')
      .set({ amount_lamports: Number(options.lamportsFor(views)), impressions: views })
      .where('id', '=', batchId)
      .execute();
    // What the batch could not take (beyond the budget, or of embeds past the limit) waits with its reason.
    await trx
      .updateTable('views')
      .set({ unsettled_reason: options.leftOverReason })
      .where('project_id', '=', group.projectId)
      .where('campaign', '=', group.campaign)
      .where('batch_id', 'is', null)
      .execute();
    return { batchId, views };
  });
}

export function pendingBatches(db: Executor): Promise<PendingBatch[]> {
  return db
    .selectFrom('settlement_batches')
    .select(['id', 'project_id', 'expected_index', 'amount_lamports', 'campaign', 'impressions'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

/** A batch's embeds and their views, in the order of the instruction's `views` argument. */
export async function batchEmbeds(db: Executor, batchId: number): Promise<{ embed: string; views: number }[]> {
  const rows = await db
    .selectFrom('views')
    .select((eb) => ['embed', eb.fn.countAll<number>().as('views')])
    .where('batch_id', '=', batchId)
    .groupBy('embed')
    .orderBy((eb) => eb.fn.min('id'))
    .execute();
  return rows.map((row) => ({ embed: row.embed, views: Number(row.views) }));
}

export async function markBatchSettled(db: Executor, batchId: number, signature: string, now: number): Promise<void> {
  await db
    .updateTable('settlement_batches')
    .set({ status: 'settled', signature, settled_at: now, last_error: null })
    .where('id', '=', batchId)
    .execute();
}

/**
 * Batches settled by transactions the cluster dropped before finality (forked out): the chain never
 * paid them, so they wait again and the settlement job sends them at the chain's next index.
 */
export async function reopenBatchesSettledBy(db: Executor, signatures: string[]): Promise<number> {
  let reopened = 0;
  for (const signature of signatures) {
    const result = await db
      .updateTable('settlement_batches')
      .set({ status: 'pending', signature: null, settled_at: null, last_error: `Its transaction ${signature} was gone at finalized (forked out): sent again` })
      .where('status', '=', 'settled')
      .where('signature', '=', signature)
      .executeTakeFirst();
    reopened += Number(result.numUpdatedRows);
  }
  return reopened;
}

/** A batch whose distribution index is not the chain's next one is sent at `index` instead (the reason kept as its last error). */
export async function retargetBatch(db: Executor, batchId: number, index: number, reason: string): Promise<void> {
  await db.updateTable('settlement_batches').set({ expected_index: index, last_error: reason }).where('id', '=', batchId).execute();
}

/**
 * Ends a batch `failed` (terminal) with the program's reason: its views are written off with that
 * reason (they stay in the batch, never sent again), and the film's other batches go on.
 */
export function failBatch(db: Executor, batchId: number, reason: string, now: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    await trx
      .updateTable('settlement_batches')
      .set({ status: 'failed', failed_reason: reason, failed_at: now, last_error: reason })
      .where('id', '=', batchId)
      .where('status', '=', 'pending')
      .execute();
    await trx.updateTable('views').set({ unsettled_reason: `Settlement failed: ${reason}` }).where('batch_id', '=', batchId).execute();
  });
}

/** The highest distribution index a settled batch of the project was paid at (null: none): a new batch never goes below it. */
export async function highestSettledIndex(db: Executor, projectId: number): Promise<number | null> {
  const row = await db
    .selectFrom('settlement_batches')
    .select((eb) => eb.fn.max('expected_index').as('index'))
    .where('project_id', '=', projectId)
    .where('status', '=', 'settled')
    .executeTakeFirst();
  return row?.index === null || row?.index === undefined ? null : Number(row.index);
}

export async function recordBatchError(db: Executor, batchId: number, message: string): Promise<void> {
  await db.updateTable('settlement_batches').set({ last_error: message }).where('id', '=', batchId).execute();
}

/** Why counted views not yet settled wait, before the settlement job has looked at them. */
export const NEXT_SETTLEMENT_REASON = 'Waiting for the next settlement run';

/**
 * A publisher's counted views that are not paid yet, per embed and reason (the house ad, the batch
 * threshold with its figure, the campaign's budget…): what the Embed Library says about an embed
 * that has not earned yet. Views the job has not looked at yet wait for the next settlement run.
 */
export async function unsettledViewsOfPublisher(db: Executor, publisher: string): Promise<{ embedId: string; views: number; reason: string }[]> {
  const rows = await db
    .selectFrom('views as v')
    .innerJoin('embeds as e', 'e.address', 'v.embed')
    .select((eb) => ['e.embed_id', 'v.unsettled_reason', eb.fn.countAll<number>().as('views')])
    .where('e.publisher', '=', publisher)
    .where('v.batch_id', 'is', null)
    .groupBy(['e.embed_id', 'v.unsettled_reason'])
    .orderBy('e.embed_id')
    .execute();
  return rows.map((row) => ({ embedId: row.embed_id, views: Number(row.views), reason: row.unsettled_reason ?? NEXT_SETTLEMENT_REASON }));
}

/** Campaign views waiting unbatched with their reason, per film, campaign and reason (the demo's settle answer shows them). */
export async function waitingViews(db: Executor): Promise<{ projectId: number; campaign: string; views: number; reason: string }[]> {
  const rows = await db
    .selectFrom('views')
    .select((eb) => ['project_id', 'campaign', 'unsettled_reason', eb.fn.countAll<number>().as('views')])
    .where('batch_id', 'is', null)
    .where('campaign', 'is not', null)
    .where('unsettled_reason', 'is not', null)
    .groupBy(['project_id', 'campaign', 'unsettled_reason'])
    .orderBy('project_id')
    .orderBy('campaign')
    .execute();
  return rows.map((row) => ({ projectId: Number(row.project_id), campaign: row.campaign!, views: Number(row.views), reason: row.unsettled_reason! }));
}

/** The settlement figures /api/health shows. */
export async function settlementHealth(db: Executor): Promise<{ unbatchedViews: number; pendingBatches: number; lastError: string | null }> {
  // Campaign views waiting for their batch (the house ad's are never settled).
  const unbatched = await countRows(db.selectFrom('views').where('batch_id', 'is', null).where('campaign', 'is not', null));
  const pending = await countRows(db.selectFrom('settlement_batches').where('status', '=', 'pending'));
  const lastError = await db
    .selectFrom('settlement_batches')
    .select('last_error')
    .where('status', '=', 'pending')
    .where('last_error', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { unbatchedViews: unbatched, pendingBatches: pending, lastError: lastError?.last_error ?? null };
}
