// The projects aggregate: films as projected from their events, and the catalogue reads (the
// marketplace's filtered, sorted, cursor-paginated list among them).
import { PostgresAdapter, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor, QueryRow } from './executor.ts';
import { compiledOnce } from './compiled-once.ts';
import { newestFirst, readPage, type KeysetPage, type Paged } from './keyset.ts';
import { rememberedCount } from './search-count-memo.ts';
import { countsByGram, gramFilms } from './search-grams.ts';
import {
  countTrigramMatches,
  filmTextHolds,
  planShortSearch,
  planTrigramSearch,
  shortCondition,
  TRIGRAM,
  trigramCondition,
  trigramPhrase,
  type TrigramSearch,
} from './sqlite-search.ts';

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
/**
 * The same rank without joining studios to every match: the verified studios' authorities are read
 * once (a handful of rows) and each match is looked up in them, where a join read the studios'
 * index once per match (9,000 lookups for a common word among 100,000 films).
 */
const VERIFIED_RANK = sql<number>`(CASE WHEN p.studio IN (SELECT authority FROM studios WHERE verified = 1) THEN 1 ELSE 0 END)`;
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

/**
 * Films whose title, description or directorName contains `q` (case-insensitive), read from the
 * trigram indexes of migration 017, each over one row of text per film (title, description and
 * director). PostgreSQL's pg_trgm serves LIKE on projects.search_document (migration 023's index of its
 * characters and pairs a search of one or two); SQLite's FTS5 table
 * of every film's text is asked a phrase (a phrase of the trigram tokenizer is a substring), or scanned by LIKE for one
 * or two characters, which no trigram holds. (A page of a search asks SQLite's table a question
 * planned for `q`, planSearch.)
 */
export function searchCondition(db: Executor, q: string): Expression<SqlBool> {
  const pattern = containsPattern(q);
  if (isPostgres(db)) {
    const like = sql<SqlBool>`p.search_document LIKE ${pattern} ESCAPE '\\'`;
    if ([...q.toLowerCase()].length >= TRIGRAM) return like;
    // One or two characters: migration 023's index of each film's distinct characters and pairs (no trigram is that short).
    // The LIKE, which decides alone, is what a walk along a sort's index tests film by film (computing the pairs took 0.15 ms a film).
    return sql<SqlBool>`(${like} AND project_search_grams(p.search_document) @> ARRAY[${q.toLowerCase()}]::text[])`;
  }
  if (searchReadsDocument(db, q)) {
    return sql<SqlBool>`(p.search_title LIKE ${pattern} ESCAPE '\\' OR m.search_description LIKE ${pattern} ESCAPE '\\'
      OR m.search_director LIKE ${pattern} ESCAPE '\\')`;
  }
  return trigramCondition({ match: trigramPhrase(q), verify: null });
}

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Whether searchCondition reads the film's document (metadata as m): only SQLite's scan of one or two
 * characters does. The indexed searches read their own copy of its text, so the document is not
 * joined to every match (with 100,000 films that join was half of a search's time).
 */
export function searchReadsDocument(db: Executor, q: string): boolean {
  return !isPostgres(db) && [...q.toLowerCase()].length < TRIGRAM;
}

/**
 * A search as one page reads it: its condition, and on SQLite the question its trigrams are asked, or
 * for one or two characters the trigrams starting with it and the columns ending with it. The short
 * search's question is planned only when a page or count asks for its condition: reading the FTS5
 * vocabulary's trigrams starting with "e" took 25–30 ms, and a walk along the sort's index tests each
 * film's own text instead.
 */
interface PlannedSearch {
  condition: () => Promise<Expression<SqlBool>>;
  trigram: TrigramSearch | null;
  /** SQLite's search of one or two characters. */
  short: boolean;
}

/** SQLite's FTS5 table is asked a question planned for `q` (sqlite-search.ts); PostgreSQL's index is one LIKE. */
async function planSearch(db: Executor, q: string): Promise<PlannedSearch> {
  if (isPostgres(db)) {
    const condition = searchCondition(db, q);
    return { condition: async () => condition, trigram: null, short: false };
  }
  if (searchReadsDocument(db, q)) {
    let planned: Promise<Expression<SqlBool>> | undefined;
    return { condition: () => (planned ??= planShortSearch(db, q).then(shortCondition)), trigram: null, short: true };
  }
  const trigram = await planTrigramSearch(db, q, containsPattern(q));
  const condition = trigramCondition(trigram);
  return { condition: async () => condition, trigram, short: false };
}

/** The filter's conditions; `search` replaces the search's own (a page's planned question, or a walk's test of one film). */
function filterConditions(db: Executor, filter: ProjectFilter, search?: Expression<SqlBool>): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.studio) conditions.push(sql<SqlBool>`(s.address = ${filter.studio} OR p.studio = ${filter.studio})`);
  // 'failed' is not stored: a film still funding after its deadline (the shape computes the same).
  if (filter.status === 'funded') conditions.push(sql<SqlBool>`p.status = 'funded'`);
  if (filter.status === 'funding') conditions.push(sql<SqlBool>`(p.status = 'funding' AND p.deadline * 1000 >= ${filter.nowMs})`);
  if (filter.status === 'failed') conditions.push(sql<SqlBool>`(p.status = 'funding' AND p.deadline * 1000 < ${filter.nowMs})`);
  if (filter.q) conditions.push(search ?? searchCondition(db, filter.q));
  return conditions;
}

/**
 * The projects matching the filter, from the projects table with only the joins the filter reads:
 * each project has at most one studio and one document, so they never change which rows match, and
 * reading 100,000 films without them is far cheaper.
 */
function matching(db: Executor, filter: ProjectFilter, search?: Expression<SqlBool>) {
  let query = db.selectFrom('projects as p');
  if (filter.studio) query = query.leftJoin('studios as s', 's.authority', 'p.studio') as unknown as typeof query;
  // (A planned search, or a walk's test of one film, reads no document.)
  if (filter.q && !search && searchReadsDocument(db, filter.q)) query = query.leftJoin('metadata as m', 'm.sha256', 'p.metadata_hash') as unknown as typeof query;
  const conditions = filterConditions(db, filter, search);
  return query.$if(conditions.length > 0, (q) => q.where(() => sql<SqlBool>`${sql.join(conditions, sql` AND `)}`));
}

/** A search and no other filter: its matches are counted by the search's own index. */
const searchesOnly = (filter: ProjectFilter) => Boolean(filter.q) && !filter.studio && (filter.status ?? 'all') === 'all';

/**
 * How many projects match the filter. A search and nothing else: of one or two characters, its count
 * kept by migration 026 (either database); on SQLite's FTS5 table, counted in that table alone (it
 * holds one row per film, and no other): each match is not looked up among the films, which cost
 * more than finding it. PostgreSQL's count of a search alone is remembered while no film's text changes.
 */
async function countMatching(db: Executor, filter: ProjectFilter, search?: PlannedSearch): Promise<number> {
  if (searchesOnly(filter) && countsByGram(filter.q!)) return gramFilms(db, filter.q!);
  if (searchesOnly(filter) && search?.trigram) return countTrigramMatches(db, search.trigram);
  const condition = await search?.condition();
  const count = (executor: Executor) =>
    matching(executor, filter, condition)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  if (!filter.q || !isPostgres(db)) return Number((await count(db)).n);
  // PostgreSQL prices LIKE on a film's text like a comparison of numbers, so for a word of many films
  // (9,000 of 100,000) it scanned every film (105 ms) rather than read the trigram index (13 ms).
  // (Inside a caller's transaction, which cannot open another, the planner is left to choose.)
  const counted = async () =>
    db.isTransaction
      ? Number((await count(db)).n)
      : db.transaction().execute(async (trx) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(trx);
          return Number((await count(trx)).n);
        });
  // A search alone is remembered until a film's text changes (search-count-memo.ts): a word in every
  // film ("director") had each of its 100,000 films listed by the index and rechecked (75 ms), where
  // its page, walked along the sort's index, took 0.05 ms.
  return searchesOnly(filter) ? rememberedCount(db, containsPattern(filter.q), counted) : counted();
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
  // The page's ids first, from the projects table alone (the sort's index, or a search's matches):
  // the film's documents and studio are joined for those rows only, not carried through the sort of
  // every match (with 100,000 films, that sort of whole rows took a second).
  const { found, total } = filter.q ? await searchPageKeys(db, filter, sort, limit, after) : await listPageKeys(db, filter, sort, limit, after);
  const onPage = found.slice(0, limit);
  const ids = onPage.map((row) => Number(row.id));
  const byId = new Map(
    ids.length === 0 ? [] : ((await projectSelect(db).where('p.id', 'in', ids).execute()) as ProjectRow[]).map((row) => [Number(row.id), row]),
  );
  const last = onPage.at(-1);
  const next =
    found.length > limit && last
      ? { sort, key: Number(last.sort_key), id: Number(last.id), ...(filter.q ? { verified: Number(last.verified_rank) } : {}) }
      : null;
  return { rows: ids.map((id) => byId.get(id)!), next, total: await total };
}

/** A page's keys: up to limit + 1 rows after the cursor (one more tells whether a next page exists). */
interface PageKeys {
  found: { id: number; sort_key: number; verified_rank: number }[];
  /** PostgreSQL's count of a search is still running while the page's rows are read (another connection). */
  total: number | Promise<number>;
}

/** Rows past the cursor in the sort's direction, on (key, id): the sort's index starts the walk there. */
function beyondCursor(key: Expression<number>, id: Expression<number>, descending: boolean, after: ProjectCursor) {
  // The key's own range besides: the database seeks the sort's index to the cursor rather than filtering the rows before it.
  return descending
    ? sql<SqlBool>`(${key} <= ${after.key} AND (${key} < ${after.key} OR (${key} = ${after.key} AND ${id} < ${after.id})))`
    : sql<SqlBool>`(${key} >= ${after.key} AND (${key} > ${after.key} OR (${key} = ${after.key} AND ${id} > ${after.id})))`;
}

/**
 * A page of the unsearched list: its first rows read from the sort's index (25 index entries, not
 * every film), and the films counted apart (an index count, no row read).
 */
async function listPageKeys(db: Executor, filter: ProjectFilter, sort: ProjectSort, limit: number, after: ProjectCursor | null): Promise<PageKeys> {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'desc' : 'asc';
  let keys = matching(db, filter);
  if (after) keys = keys.where(beyondCursor(key, sql<number>`p.id`, descending, after));
  const found = (await keys
    .select(['p.id', sql<number>`${key}`.as('sort_key'), sql<number>`0`.as('verified_rank')])
    .orderBy(key, direction)
    .orderBy('p.id', direction)
    .limit(limit + 1)
    .execute()) as PageKeys['found'];
  return { found, total: await countMatching(db, filter) };
}

/**
 * A page of a search, verified studios' films first, and its count of every match. PostgreSQL: the
 * count on a connection of its own while the page's keys and rows are read; the page is asked in the sort's order
 * (ordered), and PostgreSQL's planner, from its statistics, walks the sort's index for a word of
 * many films or sorts the few matches of a rare one. SQLite: the FTS5 table is asked the question
 * planned for the search and counts its matches alone; then, when they are so many that the sort's
 * index meets a page of them sooner than they are all sorted, the page is walked along that index
 * (ordered, bounded), else its matches are sorted. A search of one or two characters and nothing
 * else is counted first on both (one row of migration 026) and walked the same way.
 */
async function searchPageKeys(db: Executor, filter: ProjectFilter, sort: ProjectSort, limit: number, after: ProjectCursor | null): Promise<PageKeys> {
  const search = await planSearch(db, filter.q!);
  if (isPostgres(db) && !(searchesOnly(filter) && countsByGram(filter.q!))) {
    const total = countMatching(db, filter, search);
    // Awaited by pageProjects once the page's rows are read; a failure of the page's own keys must not leave it unhandled.
    total.catch(() => undefined);
    return { found: (await orderedSearchKeys(db, filter, sort, limit, after, await search.condition(), false))!, total };
  }
  const total = await countMatching(db, filter, search);
  const walk = (isPostgres(db) || search.trigram || search.short) && (await walkPays(db, total, limit));
  const walked = walk ? await orderedSearchKeys(db, filter, sort, limit, after, filmHolds(db, containsPattern(filter.q!)), true) : null;
  if (walked) return { found: walked, total };
  // PostgreSQL sorts a rare character's few matches from its index of each film's characters and pairs.
  if (isPostgres(db)) return { found: (await orderedSearchKeys(db, filter, sort, limit, after, await search.condition(), false))!, total };
  return { found: await sortedSearchKeys(db, filter, sort, limit, after, await search.condition()), total };
}

/**
 * The test of one film on a walk along a sort's index: PostgreSQL's LIKE on the film's own
 * search_document (the characters and pairs of a film, which its index reads, took 0.13 ms a film to
 * compute: 31 ms for a page of "q"'s walk, 0.3 ms by LIKE alone); SQLite's on its FTS5 row.
 */
function filmHolds(db: Executor, pattern: string): Expression<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`p.search_document LIKE ${pattern} ESCAPE '\\'` : filmTextHolds(pattern);
}

type SearchKeys = PageKeys['found'];

/** Every match of the search (`condition`) past the cursor, sorted for the page: verified studios' films first. */
async function sortedSearchKeys(
  db: Executor,
  filter: ProjectFilter,
  sort: ProjectSort,
  limit: number,
  after: ProjectCursor | null,
  condition: Expression<SqlBool>,
): Promise<SearchKeys> {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'desc' : 'asc';
  const hits = matching(db, filter, condition).select(['p.id', sql<number>`${key}`.as('sort_key'), VERIFIED_RANK.as('verified_rank')]);
  let page = db.selectFrom(hits.as('hits')).select(['hits.id', 'hits.sort_key', 'hits.verified_rank']);
  if (after) {
    const verified = after.verified ?? 0;
    const beyond = beyondCursor(sql<number>`hits.sort_key`, sql<number>`hits.id`, descending, after);
    page = page.where(sql<SqlBool>`(hits.verified_rank < ${verified} OR (hits.verified_rank = ${verified} AND ${beyond}))`);
  }
  return (await page
    .orderBy('hits.verified_rank', 'desc')
    .orderBy('hits.sort_key', direction)
    .orderBy('hits.id', direction)
    .limit(limit + 1)
    .execute()) as SearchKeys;
}

/**
 * Whether walking the sort's index costs less than sorting the matches: a walk tests about
 * (limit + 1) × films / total films to meet a page, a sort reads every match (`total`).
 */
async function walkPays(db: Executor, total: number, limit: number): Promise<boolean> {
  if (total === 0) return false;
  return (limit + 1) * (await filmsAbout(db)) < total * total;
}

/**
 * How many films there are, for choosing a plan (either gives the same rows): SQLite counts them (an
 * index's entries), PostgreSQL reads its planner's estimate (counting 100,000 films took 10–30 ms).
 */
async function filmsAbout(db: Executor): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ films: number }>`SELECT GREATEST(reltuples, 0) AS films FROM pg_class WHERE oid = to_regclass('projects')`.execute(db);
    return Number(rows[0]?.films ?? 0);
  }
  const { films } = await db.selectFrom('projects').select((eb) => eb.fn.countAll<number>().as('films')).executeTakeFirstOrThrow();
  return Number(films);
}

/** The most films a walk along a sort's index tests before it gives up for a sort of the matches (SQLite; PostgreSQL's short searches). */
export const WALK_FILMS = 5_000;

/**
 * A page of a search asked in the sort's order, so that an index of the sort can serve it and stop at
 * the page's last row: the verified studios' matches first (their few films, through projects_studio,
 * sorted), then the others in the sort's order from the cursor. `matches` tests a film: the search's
 * condition, or (a walk chosen by the matches' count) filmHolds, one film's own text. `bounded` (such
 * a walk, whatever the films' order): the walk goes no further than WALK_FILMS films (a key range the
 * index seeks to), and a page not met by then (matches bunched at the far end of the order) is null,
 * for the matches to be sorted instead.
 */
async function orderedSearchKeys(
  db: Executor,
  filter: ProjectFilter,
  sort: ProjectSort,
  limit: number,
  after: ProjectCursor | null,
  matches: Expression<SqlBool>,
  bounded: boolean,
): Promise<SearchKeys | null> {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'desc' : 'asc';
  const keys = (verified: number) => ['p.id', sql<number>`${key}`.as('sort_key'), sql<number>`${verified}`.as('verified_rank')] as const;
  const found: SearchKeys = [];
  // The verified studios' authorities as values (a handful): each database then estimates both parts
  // from its statistics of projects.studio, where a subquery's rows were guessed (PostgreSQL walked
  // every film for the verified part) and the rank's CASE hid the studio from the index.
  const authorities = (await db.selectFrom('studios').select('authority').where('verified', '=', 1).execute()).map((row) => row.authority);
  if (authorities.length > 0 && (!after || after.verified === 1)) {
    let verified = matching(db, filter, matches).where('p.studio', 'in', authorities);
    if (after) verified = verified.where(beyondCursor(key, sql<number>`p.id`, descending, after));
    found.push(...((await verified.select(keys(1)).orderBy(key, direction).orderBy('p.id', direction).limit(limit + 1).execute()) as SearchKeys));
    if (found.length > limit) return found;
  }
  const from = after && after.verified !== 1 ? after : null;
  const bound = bounded ? await walkBound(db, sort, from) : null;
  let others = matching(db, filter, matches).$if(authorities.length > 0, (query) => query.where('p.studio', 'not in', authorities));
  if (from) others = others.where(beyondCursor(key, sql<number>`p.id`, descending, from));
  if (bound !== null) others = others.where(descending ? sql<SqlBool>`${key} >= ${bound}` : sql<SqlBool>`${key} <= ${bound}`);
  const wanted = limit + 1 - found.length;
  const rows = (await others.select(keys(0)).orderBy(key, direction).orderBy('p.id', direction).limit(wanted).execute()) as SearchKeys;
  // Short of a page before the bound: the matches past it are not known to be fewer.
  if (rows.length < wanted && bound !== null) return null;
  return [...found, ...rows];
}

/** The sort key of the WALK_FILMS-th film past `from` in the sort's order (an index-only walk); null when fewer films remain. */
async function walkBound(db: Executor, sort: ProjectSort, from: ProjectCursor | null): Promise<number | null> {
  const { key, descending } = SORT_KEYS[sort];
  const direction = descending ? 'desc' : 'asc';
  let films = db.selectFrom('projects as p');
  if (from) films = films.where(beyondCursor(key, sql<number>`p.id`, descending, from));
  const row = await films
    .select(sql<number>`${key}`.as('sort_key'))
    .orderBy(key, direction)
    .orderBy('p.id', direction)
    .limit(1)
    .offset(WALK_FILMS - 1)
    .executeTakeFirst();
  return row ? Number(row.sort_key) : null;
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

// One film by id: every film page, every player page, each investment's film. Compiled once, and on
// PostgreSQL a named prepared statement: planned anew each time, its two joins took five times what
// running it does (166 µs against 31 µs, docs/PERFORMANCE.md, "Round 12").
const projectById = compiledOnce((db: Executor, id: number) => projectSelect(db).where('p.id', '=', id));

export async function getProject(db: Executor, id: number): Promise<ProjectRow | undefined> {
  return (await projectById(db, id)).rows[0] as ProjectRow | undefined;
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
