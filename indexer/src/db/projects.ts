// The projects aggregate: films as projected from their events, and the catalogue reads (the
// marketplace's filtered, sorted, cursor-paginated list among them).
import { PostgresAdapter, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor, QueryRow } from './executor.ts';
import { newestFirst, readPage, type KeysetPage, type Paged } from './keyset.ts';

/** A film as the catalogue reads it: its projected row, its studio's and the metadata document the chain records. */
export type ProjectRow = QueryRow<typeof projectSelect>;

export const PROJECT_SORTS = ['funding', 'newest', 'endingSoon'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export type ProjectStatusFilter = 'all' | 'funding' | 'funded' | 'failed';

export interface ProjectFilter {
  /** Studio account or studio authority wallet. */
  studio?: string;
  status?: ProjectStatusFilter;
  /** Case-insensitive substring of title, description or directorName. */
  q?: string;
  /** A film still funding past its deadline counts as failed from this instant on (ms). */
  nowMs: number;
}

/** Where the previous page ended: the sort key and id of its last row (and, in a search, whether its studio is verified). */
export interface ProjectCursor {
  sort: ProjectSort;
  key: number;
  id: number;
  verified?: number;
}

// A search lists verified studios' films first (the verification benefit "higher in search").
const STUDIO_VERIFIED = sql<number>`COALESCE(s.verified, 0)`;
const ranksVerified = (filter: ProjectFilter) => Boolean(filter.q);

// The funding percentage as a double on both databases (SQLite reads the type name as REAL).
const FUNDING_RATIO = sql<number>`(CAST(p.raised_lamports AS DOUBLE PRECISION) / p.goal_lamports)`;

/** Each sort: its key expression and direction; ties are broken by id in the same direction. */
const SORT_KEYS: Record<ProjectSort, { key: Expression<number>; descending: boolean }> = {
  funding: { key: FUNDING_RATIO, descending: true },
  newest: { key: sql<number>`p.created_at`, descending: true },
  endingSoon: { key: sql<number>`p.deadline`, descending: false },
};

function projectSelect(db: Executor) {
  return (
    db
      .selectFrom('projects as p')
      // the program records a project's studio by its authority wallet
      .leftJoin('studios as s', 's.authority', 'p.studio')
      // the document whose hash the chain records (create_project, then each update_project_metadata)
      .leftJoin('metadata as m', 'm.sha256', 'p.metadata_hash')
      .select([
        'p.id',
        'p.address',
        'p.studio',
        'p.share_mint',
        'p.vault',
        'p.title',
        'p.metadata_uri',
        'p.metadata_hash',
        'p.goal_lamports',
        'p.raised_lamports',
        'p.investor_count',
        'p.deadline',
        'p.created_at',
        'p.funded_at',
        'p.status',
        'p.funds_released',
        'p.total_revenue_lamports',
        'p.total_views',
        'p.signature',
        's.id as studio_id',
        's.name as studio_name',
        's.verified as studio_verified',
        's.address as studio_address',
        'm.body as metadata',
      ])
  );
}

/** LIKE pattern of a literal substring (its %, _ and \ escaped). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** FTS5's trigram tokenizer matches no substring shorter than three characters (they are scanned instead). */
const TRIGRAM = 3;

/**
 * Films whose title, description or directorName contains `q` (case-insensitive), read from the
 * trigram indexes of migration 014, each over one row of text per film (title, description and
 * director). PostgreSQL's pg_trgm serves LIKE on projects.search_document; SQLite's FTS5 table
 * of every film's text is asked a phrase (a phrase of the trigram tokenizer is a substring), or scanned by LIKE for one
 * or two characters, which no trigram holds.
 */
export function searchCondition(db: Executor, q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  if (db.getExecutor().adapter instanceof PostgresAdapter) return sql<SqlBool>`p.search_document LIKE ${pattern} ESCAPE '\\'`;
  const text = q.toLowerCase();
  if ([...text].length < TRIGRAM) {
    return sql<SqlBool>`(p.search_title LIKE ${pattern} ESCAPE '\\' OR m.search_description LIKE ${pattern} ESCAPE '\\'
      OR m.search_director LIKE ${pattern} ESCAPE '\\')`;
  }
  const phrase = `"${text.replaceAll('"', '""')}"`;
  return sql<SqlBool>`p.id IN (SELECT rowid FROM project_search WHERE project_search MATCH ${phrase})`;
}

function filterConditions(db: Executor, filter: ProjectFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.studio) conditions.push(sql<SqlBool>`(s.address = ${filter.studio} OR p.studio = ${filter.studio})`);
  // 'failed' is not stored: a film still funding after its deadline (the shape computes the same).
  if (filter.status === 'funded') conditions.push(sql<SqlBool>`p.status = 'funded'`);
  if (filter.status === 'funding') conditions.push(sql<SqlBool>`(p.status = 'funding' AND p.deadline * 1000 >= ${filter.nowMs})`);
  if (filter.status === 'failed') conditions.push(sql<SqlBool>`(p.status = 'funding' AND p.deadline * 1000 < ${filter.nowMs})`);
  if (filter.q) conditions.push(searchCondition(db, filter.q));
  return conditions;
}

/**
 * The projects matching the filter, from the projects table with only the joins the filter (or,
 * with `studio`, a search's ranking) reads: each project has at most one studio and one document,
 * so they never change which rows match, and reading 100,000 films without them is far cheaper.
 */
function matching(db: Executor, filter: ProjectFilter, { studio }: { studio: boolean }) {
  let query = db.selectFrom('projects as p');
  if (studio || filter.studio) query = query.leftJoin('studios as s', 's.authority', 'p.studio') as unknown as typeof query;
  if (filter.q) query = query.leftJoin('metadata as m', 'm.sha256', 'p.metadata_hash') as unknown as typeof query;
  const conditions = filterConditions(db, filter);
  return query.$if(conditions.length > 0, (q) => q.where(() => sql<SqlBool>`${sql.join(conditions, sql` AND `)}`));
}

/** How many projects match the filter. */
function countMatching(db: Executor, filter: ProjectFilter): Promise<{ n: number }> {
  return matching(db, filter, { studio: false })
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
}

function filtered(db: Executor, filter: ProjectFilter) {
  const conditions = filterConditions(db, filter);
  const query = projectSelect(db);
  return conditions.length ? query.where((eb) => eb.and(conditions)) : query;
}

/** Every project matching the filter, in the sort's order. */
export function listProjects(db: Executor, filter: ProjectFilter, sort: ProjectSort = 'newest'): Promise<ProjectRow[]> {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'desc' : 'asc';
  let query = filtered(db, filter);
  if (ranksVerified(filter)) query = query.orderBy(STUDIO_VERIFIED, 'desc');
  return query
    .orderBy(key, direction)
    .orderBy('p.id', direction)
    .execute() as Promise<ProjectRow[]>;
}

/**
 * The funded catalogue of /api/catalogue in its order (listProjects' `newest`: created_at, then id,
 * newest first), as a keyset list.
 */
export const CATALOGUE_ORDER = newestFirst<ProjectRow>('catalogue', 'p.created_at', 'p.id');

/** One page of the funded films, in listProjects' `newest` order. */
export function pageFunded(db: Executor, page: KeysetPage): Promise<Paged<ProjectRow>> {
  return readPage(filtered(db, { status: 'funded', nowMs: 0 }), CATALOGUE_ORDER, page) as Promise<Paged<ProjectRow>>;
}

export interface ProjectPage {
  rows: ProjectRow[];
  /** Where the next page starts; null on the last page. */
  next: ProjectCursor | null;
  /** Projects matching the filter, on every page. */
  total: number;
}

/**
 * One page in a stable order: keyset pagination on (sort key, id), so rows inserted or changed
 * between requests never repeat or skip the rows of later pages that did not change.
 */
export async function pageProjects(
  db: Executor,
  filter: ProjectFilter,
  sort: ProjectSort,
  limit: number,
  after: ProjectCursor | null,
): Promise<ProjectPage> {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'desc' : 'asc';
  const byVerified = ranksVerified(filter);
  // The page's ids first, from the projects table alone (the sort's index, or a search's matches):
  // the film's documents and studio are joined for those rows only, not carried through the sort of
  // every match (with 100,000 films, that sort of whole rows took a second).
  let keys = matching(db, filter, { studio: byVerified });
  if (after) {
    const beyond = descending
      ? sql<SqlBool>`(${key} < ${after.key} OR (${key} = ${after.key} AND p.id < ${after.id}))`
      : sql<SqlBool>`(${key} > ${after.key} OR (${key} = ${after.key} AND p.id > ${after.id}))`;
    const verified = after.verified ?? 0;
    keys = keys.where(byVerified ? sql<SqlBool>`(${STUDIO_VERIFIED} < ${verified} OR (${STUDIO_VERIFIED} = ${verified} AND ${beyond}))` : beyond);
  }
  if (byVerified) keys = keys.orderBy(STUDIO_VERIFIED, 'desc');
  const found = (await keys
    .select(['p.id', sql<number>`${key}`.as('sort_key'), (byVerified ? STUDIO_VERIFIED : sql<number>`0`).as('verified_rank')])
    .orderBy(key, direction)
    .orderBy('p.id', direction)
    .limit(limit + 1)
    .execute()) as { id: number; sort_key: number; verified_rank: number }[];
  const counted = await countMatching(db, filter);
  const onPage = found.slice(0, limit);
  const ids = onPage.map((row) => Number(row.id));
  const byId = new Map(
    ids.length === 0 ? [] : ((await projectSelect(db).where('p.id', 'in', ids).execute()) as ProjectRow[]).map((row) => [Number(row.id), row]),
  );
  const last = onPage.at(-1);
  const next =
    found.length > limit && last
      ? { sort, key: Number(last.sort_key), id: Number(last.id), ...(byVerified ? { verified: Number(last.verified_rank) } : {}) }
      : null;
  return { rows: ids.map((id) => byId.get(id)!), next, total: Number(counted.n) };
}

/**
 * Until when (unix ms) every project's derived status stays what it is at `nowMs`: a film still
 * funding turns 'failed' once its deadline has passed (`deadline * 1000 < now`), so answers that
 * show statuses hold until the earliest such deadline still ahead; none ahead, for ever.
 */
export async function nextStatusChangeMs(db: Executor, nowMs: number): Promise<number> {
  const { deadline } = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.min<number | null>('deadline').as('deadline'))
    .where('status', '=', 'funding')
    // deadline * 1000 >= nowMs, written on the column itself so the deadline index starts the walk
    // there: with the expression, every film whose deadline has passed was read on every request.
    .where('deadline', '>=', Math.ceil(nowMs / 1000))
    .executeTakeFirstOrThrow();
  return deadline === null ? Number.POSITIVE_INFINITY : Number(deadline) * 1000;
}

export async function getProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return (await projectSelect(db).where('p.id', '=', id).executeTakeFirst()) as ProjectRow | undefined;
}

export async function projectIdByAddress(db: Executor, address: string): Promise<number | undefined> {
  return (await db.selectFrom('projects').select('id').where('address', '=', address).executeTakeFirst())?.id;
}

export async function projectAddress(db: Executor, id: number): Promise<string | undefined> {
  return (await db.selectFrom('projects').select('address').where('id', '=', id).executeTakeFirst())?.address;
}

// --- writes of the projection ------------------------------------------------------------------

export async function insertProject(
  db: Executor,
  project: {
    id: number;
    address: string;
    studio: string;
    shareMint: string;
    vault: string;
    title: string;
    metadataUri: string;
    metadataHash: string;
    goalLamports: number;
    deadline: number;
    createdAt: number;
    signature: string;
  },
): Promise<void> {
  await db
    .insertInto('projects')
    .values({
      id: project.id,
      address: project.address,
      studio: project.studio,
      share_mint: project.shareMint,
      vault: project.vault,
      title: project.title,
      search_title: project.title.toLowerCase(),
      metadata_uri: project.metadataUri,
      metadata_hash: project.metadataHash,
      goal_lamports: project.goalLamports,
      deadline: project.deadline,
      created_at: project.createdAt,
      signature: project.signature,
    })
    .execute();
}

/** The project's totals after an investment; funded_at is set by the investment that funds it. */
export function recordInvestmentTotals(
  db: Executor,
  id: number,
  totals: { raisedLamports: number; investorCount: number; sharesMinted: number; statusAfter: string; at: number },
): Promise<void> {
  return recordInvestmentsTotals(db, id, {
    raisedLamports: totals.raisedLamports,
    investorCount: totals.investorCount,
    sharesMinted: totals.sharesMinted,
    status: totals.statusAfter,
    fundedAt: totals.statusAfter === 'funded' ? totals.at : null,
  });
}

/**
 * The totals after a run of investments in the project: the last one's raised amount, investor
 * count and status, the shares all of them minted, and when the first of them that left the film
 * funded did so (kept if the film was funded before).
 */
export function recordInvestmentsTotals(
  db: Executor,
  id: number,
  totals: { raisedLamports: number; investorCount: number; sharesMinted: number; status: string; fundedAt: number | null },
): Promise<void> {
  return recordTotals(db, id, totals.raisedLamports, totals.investorCount, totals.sharesMinted, {
    status: totals.status,
    funded_at: sql<number | null>`COALESCE(funded_at, ${totals.fundedAt})`,
  });
}

export function recordRefundTotals(
  db: Executor,
  id: number,
  totals: { raisedLamports: number; investorCount: number; sharesBurned: number },
): Promise<void> {
  return recordTotals(db, id, totals.raisedLamports, totals.investorCount, -totals.sharesBurned, {});
}

/** The film's raised amount and investor count as the event reports them after it, its shares moved by `sharesDelta`. */
async function recordTotals(
  db: Executor,
  id: number,
  raisedLamports: number,
  investorCount: number,
  sharesDelta: number,
  more: { status?: string; funded_at?: RawBuilder<number | null> },
): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({ raised_lamports: raisedLamports, investor_count: investorCount, total_shares: eb('total_shares', '+', sharesDelta), ...more }))
    .where('id', '=', id)
    .execute();
}

/** update_project_metadata: the film points to a new metadata document. */
export async function updateMetadata(db: Executor, address: string, metadata: { metadataUri: string; metadataHash: string }): Promise<void> {
  await db
    .updateTable('projects')
    .set({ metadata_uri: metadata.metadataUri, metadata_hash: metadata.metadataHash })
    .where('address', '=', address)
    .execute();
}

export async function recordLicenseClaimed(db: Executor, address: string, signature: string): Promise<void> {
  await db.updateTable('projects').set({ funds_released: 1, license_signature: signature }).where('address', '=', address).execute();
}

export async function recordRevenue(db: Executor, id: number, revenue: { revenuePerShare: string; lamports: number; views: number }): Promise<void> {
  await db
    .updateTable('projects')
    .set((eb) => ({
      revenue_per_share: revenue.revenuePerShare,
      total_revenue_lamports: eb('total_revenue_lamports', '+', revenue.lamports),
      total_views: eb('total_views', '+', revenue.views),
    }))
    .where('id', '=', id)
    .execute();
}

/** A project's title and metadata JSON (the demo's generated poster). */
export function titleAndMetadata(db: Executor, id: number): Promise<{ title: string; metadata: string | null } | undefined> {
  return db
    .selectFrom('projects as p')
    .leftJoin('metadata as m', 'm.sha256', 'p.metadata_hash')
    .select(['p.title', 'm.body as metadata'])
    .where('p.id', '=', id)
    .executeTakeFirst();
}
