// Analytics read from the indexed chain tables: funding over time (investments less refunds), views
// and revenue per day (the distributions that settled them), the split of revenue, per film and
// platform-wide, and one wallet's own figures. Rows are grouped into UTC days here rather than in
// SQL so the same queries run on SQLite and PostgreSQL.
import { LAMPORTS_PER_AMOUNT_UNIT } from '../constants.ts';
import { sql } from 'kysely';
import type { Executor, QueryRow } from './executor.ts';
import { keyColumn, mapPage, readPage, type KeysetOrder, type KeysetPage } from './keyset.ts';

const toAmount = (lamports: number) => Number(lamports) / LAMPORTS_PER_AMOUNT_UNIT;
/** The UTC day (YYYY-MM-DD) of a unix time in seconds. */
export const dayOf = (unixSeconds: number) => new Date(Number(unixSeconds) * 1000).toISOString().slice(0, 10);

/** Sums values per day, days in order. */
function perDay<K extends string>(rows: { day: string; values: Partial<Record<K, number>> }[], keys: readonly K[]) {
  const days = new Map<string, Record<K, number>>();
  for (const row of rows) {
    const entry = days.get(row.day) ?? (Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>);
    for (const key of keys) entry[key] += row.values[key] ?? 0;
    days.set(row.day, entry);
  }
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, values]) => ({ date, ...values }));
}

export interface FundingPoint {
  date: string;
  /** Thousandths of SOL invested that day, less refunds. */
  invested: number;
  /** Thousandths of SOL raised up to that day. */
  raised: number;
}

async function fundingSeries(db: Executor, projectId?: number): Promise<FundingPoint[]> {
  let investments = db.selectFrom('investments').select(['amount_lamports', 'created_at']);
  let refunds = db.selectFrom('refunds').select(['amount_lamports', 'refunded_at']);
  if (projectId !== undefined) {
    investments = investments.where('project_id', '=', projectId);
    refunds = refunds.where('project_id', '=', projectId);
  }
  const days = perDay(
    [
      ...(await investments.execute()).map((row) => ({ day: dayOf(row.created_at), values: { invested: toAmount(row.amount_lamports) } })),
      ...(await refunds.execute()).map((row) => ({ day: dayOf(row.refunded_at), values: { invested: -toAmount(row.amount_lamports) } })),
    ],
    ['invested'] as const,
  );
  let raised = 0;
  return days.map((day) => ({ ...day, raised: (raised += day.invested) }));
}

export interface DailyPoint {
  date: string;
  views: number;
  /** Thousandths of SOL distributed that day. */
  revenue: number;
}

async function distributionsOf(db: Executor, projectId?: number) {
  let query = db
    .selectFrom('distributions')
    .select(['total_lamports', 'publisher_lamports', 'investor_lamports', 'platform_lamports', 'total_views', 'distributed_at']);
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  return query.execute();
}

type DistributionRows = Awaited<ReturnType<typeof distributionsOf>>;

function dailySeries(rows: DistributionRows): DailyPoint[] {
  return perDay(
    rows.map((row) => ({ day: dayOf(row.distributed_at), values: { views: Number(row.total_views), revenue: toAmount(row.total_lamports) } })),
    ['views', 'revenue'] as const,
  );
}

function split(rows: DistributionRows) {
  const sum = (key: 'publisher_lamports' | 'investor_lamports' | 'platform_lamports') => toAmount(rows.reduce((total, row) => total + Number(row[key]), 0));
  return { publishers: sum('publisher_lamports'), investors: sum('investor_lamports'), platform: sum('platform_lamports') };
}

export async function platformAnalytics(db: Executor) {
  const [projects, funding, distributions, investors] = await Promise.all([
    filmsQuery(db).orderBy('id').execute(),
    fundingSeries(db),
    distributionsOf(db),
    db.selectFrom('investments').select((eb) => eb.fn.count<string>('investor').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  const perFilm = projects.map(filmFigures);
  return {
    totals: {
      projects: perFilm.length,
      funded: perFilm.filter((film) => film.status === 'funded').length,
      investors: Number(investors.n),
      raised: perFilm.reduce((sum, film) => sum + film.raised, 0),
      revenue: perFilm.reduce((sum, film) => sum + film.revenue, 0),
      views: perFilm.reduce((sum, film) => sum + film.views, 0),
    },
    funding,
    daily: dailySeries(distributions),
    split: split(distributions),
    projects: perFilm,
  };
}

/** The platform view's per-film list: by project id (the order platformAnalytics lists them in). */
export const PLATFORM_FILM_ORDER: KeysetOrder<FilmRow> = {
  name: 'analytics-films',
  columns: [keyColumn('id', 'integer')],
  descending: false,
  keyOf: (row) => [Number(row.id)],
};

const filmsQuery = (db: Executor) => db.selectFrom('projects').select(['id', 'title', 'status', 'raised_lamports', 'total_revenue_lamports', 'total_views']);
type FilmRow = QueryRow<typeof filmsQuery>;

/**
 * platformAnalytics with one page of its per-film list; its totals, series and split still cover
 * every film (the totals summed by the database rather than from the page).
 */
export async function platformAnalyticsPage(db: Executor, page: KeysetPage) {
  const [listed, sums, funding, distributions, investors] = await Promise.all([
    readPage(filmsQuery(db), PLATFORM_FILM_ORDER, page),
    db
      .selectFrom('projects')
      .select((eb) => [
        eb.fn.countAll<string>().as('projects'),
        sql<string>`COALESCE(SUM(CASE WHEN status = 'funded' THEN 1 ELSE 0 END), 0)`.as('funded'),
        sql<string>`COALESCE(SUM(raised_lamports), 0)`.as('raised'),
        sql<string>`COALESCE(SUM(total_revenue_lamports), 0)`.as('revenue'),
        sql<string>`COALESCE(SUM(total_views), 0)`.as('views'),
      ])
      .executeTakeFirstOrThrow(),
    fundingSeries(db),
    distributionsOf(db),
    db.selectFrom('investments').select((eb) => eb.fn.count<string>('investor').distinct().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    totals: {
      projects: Number(sums.projects),
      funded: Number(sums.funded),
      investors: Number(investors.n),
      raised: toAmount(Number(sums.raised)),
      revenue: toAmount(Number(sums.revenue)),
      views: Number(sums.views),
    },
    funding,
    daily: dailySeries(distributions),
    split: split(distributions),
    projects: mapPage(listed, filmFigures),
  };
}

function filmFigures(project: FilmRow) {
  return {
    projectId: Number(project.id),
    title: project.title,
    status: project.status,
    raised: toAmount(project.raised_lamports),
    revenue: toAmount(project.total_revenue_lamports),
    views: Number(project.total_views),
  };
}

export async function projectAnalytics(db: Executor, projectId: number) {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'title', 'status', 'raised_lamports', 'total_revenue_lamports', 'total_views', 'investor_count'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) return undefined;
  const [funding, distributions] = await Promise.all([fundingSeries(db, projectId), distributionsOf(db, projectId)]);
  return {
    projectId: Number(project.id),
    title: project.title,
    status: project.status,
    totals: {
      investors: Number(project.investor_count),
      raised: toAmount(project.raised_lamports),
      revenue: toAmount(project.total_revenue_lamports),
      views: Number(project.total_views),
    },
    funding,
    daily: dailySeries(distributions),
    split: split(distributions),
  };
}

/** One investor's figures; `investor` is the address that holds the shares on this cluster. */
export async function walletAnalytics(db: Executor, investor: string) {
  const [investments, refunds, earned, claims] = await Promise.all([
    db.selectFrom('investments').select(['project_id', 'amount_lamports', 'created_at']).where('investor', '=', investor).execute(),
    db.selectFrom('refunds').select(['amount_lamports', 'refunded_at']).where('investor', '=', investor).execute(),
    db
      .selectFrom('investor_distributions as x')
      .innerJoin('distributions as d', 'd.id', 'x.distribution_id')
      .select(['x.amount_lamports', 'd.distributed_at'])
      .where('x.investor', '=', investor)
      .execute(),
    db.selectFrom('revenue_claims').select(['amount_lamports', 'claimed_at']).where('investor', '=', investor).execute(),
  ]);
  const investedDays = perDay(
    [
      ...investments.map((row) => ({ day: dayOf(row.created_at), values: { invested: toAmount(row.amount_lamports) } })),
      ...refunds.map((row) => ({ day: dayOf(row.refunded_at), values: { invested: -toAmount(row.amount_lamports) } })),
    ],
    ['invested'] as const,
  );
  let total = 0;
  const revenue = perDay(
    [
      ...earned.map((row) => ({ day: dayOf(row.distributed_at), values: { earned: toAmount(row.amount_lamports) } })),
      ...claims.map((row) => ({ day: dayOf(row.claimed_at), values: { claimed: toAmount(row.amount_lamports) } })),
    ],
    ['earned', 'claimed'] as const,
  );
  const earnedTotal = revenue.reduce((sum, day) => sum + day.earned, 0);
  const claimedTotal = revenue.reduce((sum, day) => sum + day.claimed, 0);
  return {
    totals: {
      invested: investedDays.reduce((sum, day) => sum + day.invested, 0),
      projects: new Set(investments.map((row) => Number(row.project_id))).size,
      earned: earnedTotal,
      claimed: claimedTotal,
    },
    invested: investedDays.map((day) => ({ ...day, total: (total += day.invested) })),
    revenue,
  };
}
