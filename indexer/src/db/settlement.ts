// The settlement aggregate: batches of counted views, written before their distribute_revenue is
// sent and settled once it is indexed.
import { inTransaction, type Executor } from './executor.ts';
import { distributionCount } from './revenue.ts';

export interface PendingBatch {
  id: number;
  project_id: number;
  expected_index: number;
  amount_lamports: number;
}

/** Funded projects with counted views not yet in a batch and no batch still pending. */
export async function projectsToSettle(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('views as v')
    .innerJoin('projects as p', 'p.id', 'v.project_id')
    .select('v.project_id as id')
    .distinct()
    .where('v.batch_id', 'is', null)
    .where('p.status', '=', 'funded')
    .where('p.total_shares', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('settlement_batches as b').select('b.id').whereRef('b.project_id', '=', 'p.id').where('b.status', '=', 'pending'))),
    )
    .orderBy('v.project_id')
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Puts the project's unbatched views of its first `maxEmbeds` embeds (in the order their first
 * view came) into a new pending batch; returns the batch id and its view count.
 */
export function createBatch(
  db: Executor,
  projectId: number,
  options: { maxEmbeds: number; lamportsPerView: number; now: number },
): Promise<{ batchId: number; views: number }> {
  return inTransaction(db, async (trx) => {
    const embeds = await trx
      .selectFrom('views')
      .select('embed')
      .where('project_id', '=', projectId)
      .where('batch_id', 'is', null)
      .groupBy('embed')
      .orderBy((eb) => eb.fn.min('id'))
      .limit(options.maxEmbeds)
      .execute();
    const expectedIndex = await distributionCount(trx, projectId);
    const batch = await trx
      .insertInto('settlement_batches')
      .values({ project_id: projectId, expected_index: expectedIndex, amount_lamports: 0, created_at: options.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batchId = Number(batch.id);
    let views = 0;
    for (const { embed } of embeds) {
      const marked = await trx
        .updateTable('views')
        .set({ batch_id: batchId })
        .where('project_id', '=', projectId)
        .where('embed', '=', embed)
        .where('batch_id', 'is', null)
        .executeTakeFirst();
      views += Number(marked.numUpdatedRows);
    }
    await trx.updateTable('settlement_batches').set({ amount_lamports: views * options.lamportsPerView }).where('id', '=', batchId).execute();
    return { batchId, views };
  });
}

export function pendingBatches(db: Executor): Promise<PendingBatch[]> {
  return db
    .selectFrom('settlement_batches')
    .select(['id', 'project_id', 'expected_index', 'amount_lamports'])
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

export async function recordBatchError(db: Executor, batchId: number, message: string): Promise<void> {
  await db.updateTable('settlement_batches').set({ last_error: message }).where('id', '=', batchId).execute();
}

/** The settlement figures /api/health shows. */
export async function settlementHealth(db: Executor): Promise<{ unbatchedViews: number; pendingBatches: number; lastError: string | null }> {
  const unbatched = await db.selectFrom('views').select((eb) => eb.fn.countAll<number>().as('n')).where('batch_id', 'is', null).executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('settlement_batches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const lastError = await db
    .selectFrom('settlement_batches')
    .select('last_error')
    .where('status', '=', 'pending')
    .where('last_error', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { unbatchedViews: Number(unbatched.n), pendingBatches: Number(pending.n), lastError: lastError?.last_error ?? null };
}
