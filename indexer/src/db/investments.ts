// The investments aggregate: one row per Invested event, the investors' current positions (with
// their revenue checkpoints) and refunds.
import { sql } from 'kysely';
import { inChunks, insertRows } from './batches.ts';
import type { Executor, QueryRow } from './executor.ts';
import { keysetReads, newestFirst } from './keyset.ts';

/** An investment with the investor's user id and whether a later refund undid it (`refunded` 0/1 on SQLite, false/true on PostgreSQL: read with `flag`). */
export type InvestmentRow = QueryRow<typeof investmentQuery>;

export type InvestmentFilter =
  | { investor: string }
  | { projectId: number }
  | { event: { signature: string; ix_index: number; event_index: number } };

/** Newest first; the id breaks ties. */
export const INVESTMENT_ORDER = newestFirst<InvestmentRow>('investments', 'i.created_at', 'i.id');

/** Investments, newest first, with the investor's user id and whether a later refund undid them. */
export const { list: listInvestments, page: pageInvestments } = keysetReads(investmentQuery, INVESTMENT_ORDER);

function investmentQuery(db: Executor, filter: InvestmentFilter) {
  let query = db
    .selectFrom('investments as i')
    .leftJoin('users as u', 'u.chain_address', 'i.investor')
    .select([
      'i.id',
      'i.project_id',
      'i.investor',
      'i.amount_lamports',
      'i.shares_minted',
      'i.goal_lamports',
      'i.created_at',
      'i.signature',
      'u.id as user_id',
      sql<number | boolean>`EXISTS (SELECT 1 FROM refunds r WHERE r.project_id = i.project_id AND r.investor = i.investor
        AND r.refunded_at >= i.created_at)`.as('refunded'),
    ]);
  if ('investor' in filter) query = query.where('i.investor', '=', filter.investor);
  if ('projectId' in filter) query = query.where('i.project_id', '=', filter.projectId);
  if ('event' in filter) {
    query = query
      .where('i.signature', '=', filter.event.signature)
      .where('i.ix_index', '=', filter.event.ix_index)
      .where('i.event_index', '=', filter.event.event_index);
  }
  return query;
}

export interface NewInvestment {
  projectId: number;
  investor: string;
  amountLamports: number;
  sharesMinted: number;
  goalLamports: number;
  createdAt: number;
  signature: string;
  ixIndex: number;
  eventIndex: number;
}

export function insertInvestment(db: Executor, investment: NewInvestment): Promise<void> {
  return insertInvestments(db, [investment]);
}

/** Investments in the given order (their ids follow it), as multi-row statements. */
export async function insertInvestments(db: Executor, investments: readonly NewInvestment[]): Promise<void> {
  await insertRows(
    db,
    'investments',
    ['project_id', 'investor', 'amount_lamports', 'shares_minted', 'goal_lamports', 'created_at', 'signature', 'ix_index', 'event_index'],
    investments.map((investment) => ({
      project_id: investment.projectId,
      investor: investment.investor,
      amount_lamports: investment.amountLamports,
      shares_minted: investment.sharesMinted,
      goal_lamports: investment.goalLamports,
      created_at: investment.createdAt,
      signature: investment.signature,
      ix_index: investment.ixIndex,
      event_index: investment.eventIndex,
    })),
  );
}

export interface SettledPosition {
  projectId: number;
  investor: string;
  lamports: number;
  shares: number;
}

/** invest settles the position: its checkpoint becomes the project's accumulator now. */
export function settlePosition(db: Executor, projectId: number, investor: string, lamports: number, shares: number): Promise<void> {
  return settlePositions(db, [{ projectId, investor, lamports, shares }]);
}

/**
 * settlePosition for many positions (at most one per project and investor: PostgreSQL refuses to
 * upsert a row twice in one statement), new ones inserted in the given order.
 */
export async function settlePositions(db: Executor, positions: readonly SettledPosition[]): Promise<void> {
  if (positions.length === 0) return;
  const accumulators = new Map<number, string>();
  for (const chunk of inChunks([...new Set(positions.map((position) => position.projectId))])) {
    const rows = await db.selectFrom('projects').select(['id', 'revenue_per_share']).where('id', 'in', chunk).execute();
    for (const row of rows) accumulators.set(Number(row.id), row.revenue_per_share);
  }
  for (const chunk of inChunks(positions)) {
    await db
      .insertInto('positions')
      .values(
        chunk.map((position) => {
          const checkpoint = accumulators.get(position.projectId);
          if (checkpoint === undefined) throw new Error(`no project ${position.projectId} for ${position.investor}'s position`);
          return { project_id: position.projectId, investor: position.investor, lamports: position.lamports, shares: position.shares, revenue_checkpoint: checkpoint };
        }),
      )
      .onConflict((oc) =>
        oc.columns(['project_id', 'investor']).doUpdateSet((eb) => ({
          lamports: eb.ref('excluded.lamports'),
          shares: eb.ref('excluded.shares'),
          revenue_checkpoint: eb.ref('excluded.revenue_checkpoint'),
        })),
      )
      .execute();
  }
}

export async function insertRefund(
  db: Executor,
  refund: { projectId: number; investor: string; amountLamports: number; sharesBurned: number; refundedAt: number; signature: string },
): Promise<void> {
  await db
    .insertInto('refunds')
    .values({
      project_id: refund.projectId,
      investor: refund.investor,
      amount_lamports: refund.amountLamports,
      shares_burned: refund.sharesBurned,
      refunded_at: refund.refundedAt,
      signature: refund.signature,
    })
    .execute();
  await db.updateTable('positions').set({ lamports: 0, shares: 0 }).where('project_id', '=', refund.projectId).where('investor', '=', refund.investor).execute();
}

/** The holders a distribution pays, in a fixed order. */
export function holdersOf(db: Executor, projectId: number): Promise<{ investor: string; shares: number; revenue_checkpoint: string }[]> {
  return db
    .selectFrom('positions')
    .select(['investor', 'shares', 'revenue_checkpoint'])
    .where('project_id', '=', projectId)
    .where('shares', '>', 0)
    .orderBy('investor')
    .execute();
}

export async function setRevenueCheckpoint(db: Executor, projectId: number, investor: string, checkpoint: string): Promise<void> {
  await db.updateTable('positions').set({ revenue_checkpoint: checkpoint }).where('project_id', '=', projectId).where('investor', '=', investor).execute();
}

/** Funded projects in which the investor holds shares, by id (the demo's test revenue picks one). */
export async function fundedHoldings(db: Executor, investor: string): Promise<number[]> {
  const rows = await db
    .selectFrom('positions as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select('p.id')
    .where('s.investor', '=', investor)
    .where('s.shares', '>', 0)
    .where('p.status', '=', 'funded')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => row.id);
}
