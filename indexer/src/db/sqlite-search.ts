// SQLite's search of the films (GET /api/projects?q=) at 100,000 films: which question the FTS5 trigram
// table of migration 017 is asked. A phrase reads the whole list of films of each of its trigrams, and a
// trigram that every film holds ("dir", "ire" of every "Director …") is 100,000 entries long: the phrase
// "director q42" read 700,000 entries to find 250 films. So the search first asks how common each of its
// trigrams is (counting each up to RARE_TRIGRAM films, a bounded read) and, when one is rare, takes the
// films holding its two rarest trigrams as candidates and keeps those whose text holds the whole search
// (LIKE, the substring test PostgreSQL's search makes too): the same films, from a short list.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from './executor.ts';
import { rememberedCount } from './search-count-memo.ts';

/** A trigram held by fewer films than this is rare: its films are the candidates. */
export const RARE_TRIGRAM = 300;
/** At most this many of a long search's trigrams are counted (spread over it): any of them narrows the candidates. */
const PROBED_TRIGRAMS = 8;
/** FTS5's trigram tokenizer matches no substring shorter than three characters. */
export const TRIGRAM = 3;

/** What the FTS5 table is asked for a search of three characters or more. */
export interface TrigramSearch {
  /** The FTS5 query whose films are the candidates. */
  match: string;
  /** The LIKE pattern a candidate's title, description or director must hold; null when `match` is the exact phrase. */
  verify: string | null;
}

/** FTS5's query for the substring `text`: one phrase (quotes doubled, so they are text), lower-cased. */
export const trigramPhrase = (text: string) => `"${text.toLowerCase().replaceAll('"', '""')}"`;

/** The distinct trigrams of `q` (lower-cased, by code point), at most PROBED_TRIGRAMS of them, spread from its start to its end. */
export function probedTrigrams(q: string): string[] {
  const chars = [...q.toLowerCase()];
  const all = [...new Set(Array.from({ length: chars.length - TRIGRAM + 1 }, (_, index) => chars.slice(index, index + TRIGRAM).join('')))];
  if (all.length <= PROBED_TRIGRAMS) return all;
  return Array.from({ length: PROBED_TRIGRAMS }, (_, index) => all[Math.round((index * (all.length - 1)) / (PROBED_TRIGRAMS - 1))]);
}

/**
 * The question for the search `q` (three characters or more, `pattern` its LIKE pattern): the two
 * rarest trigrams and the LIKE test when one of them is rare, else the phrase (every trigram is common
 * and the phrase reads no more than the candidates would cost to test).
 */
export async function planTrigramSearch(db: Executor, q: string, pattern: string): Promise<TrigramSearch> {
  const trigrams = probedTrigrams(q);
  const phrase = { match: trigramPhrase(q), verify: null };
  if (trigrams.length < 2) return phrase;
  // Each trigram's films counted up to RARE_TRIGRAM: a bounded read of the start of its list.
  const counts = trigrams.map((trigram, index) => {
    const films = sql`SELECT 1 FROM project_search WHERE project_search MATCH ${trigramPhrase(trigram)} LIMIT ${RARE_TRIGRAM}`;
    return sql`(SELECT COUNT(*) FROM (${films})) AS ${sql.ref(`t${index}`)}`;
  });
  const { rows } = await sql<Record<string, number>>`SELECT ${sql.join(counts)}`.execute(db);
  const byRarity = trigrams.map((trigram, index) => ({ trigram, films: Number(rows[0][`t${index}`]) })).sort((a, b) => a.films - b.films);
  if (byRarity[0].films >= RARE_TRIGRAM) return phrase;
  return { match: `${trigramPhrase(byRarity[0].trigram)} AND ${trigramPhrase(byRarity[1].trigram)}`, verify: pattern };
}

/** The LIKE test of a row of project_search (aliased `table`): its title, description or director holds the pattern. */
const holds = (table: string, pattern: string) =>
  sql<SqlBool>`(${sql.ref(`${table}.title`)} LIKE ${pattern} ESCAPE '\\' OR ${sql.ref(`${table}.description`)} LIKE ${pattern} ESCAPE '\\'
    OR ${sql.ref(`${table}.director`)} LIKE ${pattern} ESCAPE '\\')`;

/** The films (ids) the search matches, as a condition on `projects as p`. */
export function trigramCondition(search: TrigramSearch): Expression<SqlBool> {
  const verified = search.verify === null ? sql`` : sql` AND ${holds('project_search', search.verify)}`;
  return sql<SqlBool>`p.id IN (SELECT rowid FROM project_search WHERE project_search MATCH ${search.match}${verified})`;
}

/**
 * How many films the search matches, counted in the FTS5 table alone (one row per film). A phrase
 * (every trigram common, or one trigram) is remembered while the text is unchanged: it reads every
 * film of each of its trigrams, where the rare trigrams' candidates are few.
 */
export async function countTrigramMatches(db: Executor, search: TrigramSearch): Promise<number> {
  const verified = search.verify === null ? sql`` : sql` AND ${holds('project_search', search.verify)}`;
  const count = async () => {
    const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM project_search WHERE project_search MATCH ${search.match}${verified}`.execute(db);
    return Number(rows[0].n);
  };
  return search.verify === null ? rememberedCount(db, search.match, count) : count();
}

/**
 * Whether the film `p` matches, read from its own row of the FTS5 table (a rowid lookup): the test of
 * a walk along a sort's index, which looks at films one by one rather than at a list of matches.
 */
export function filmTextHolds(pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`EXISTS (SELECT 1 FROM project_search film_text WHERE film_text.rowid = p.id AND ${holds('film_text', pattern)})`;
}

/** The last code point: `text` followed by it bounds every string that starts with `text`. */
const LAST_CHARACTER = '\u{10FFFF}';

/**
 * A search of one or two characters (no trigram is that short; migration 023): the FTS5 query of the
 * trigrams that start with it. (Its films are counted by migration 026's search_gram_films.)
 */
export interface ShortSearch {
  /** The search, lower-cased. */
  text: string;
  /** Every trigram starting with the search, OR'd (null: none). */
  match: string | null;
}

/** The trigrams of the FTS5 index that start with `q` (a range of its terms). */
export async function planShortSearch(db: Executor, q: string): Promise<ShortSearch> {
  const text = q.toLowerCase();
  const { rows } = await sql<{ term: string }>`SELECT term FROM project_search_terms
    WHERE term >= ${text} AND term < ${text + LAST_CHARACTER}`.execute(db);
  return { text, match: rows.length === 0 ? null : rows.map((row) => trigramPhrase(row.term)).join(' OR ') };
}

/**
 * The films whose column ends with the search's occurrences no trigram starts (a column's last one or
 * two characters), each read from migration 023's expression indexes (the expressions spelled as
 * indexed): its last two characters are the search, or (one character) its last character is, or the
 * second to last (the last two characters start with it; a column of one character is its own last two).
 */
function columnEnds(text: string) {
  const ends = [...text].length === 1
    ? (column: string) => [sql`substr(${sql.raw(column)}, -1) = ${text}`, sql`substr(${sql.raw(column)}, -2) >= ${text} AND substr(${sql.raw(column)}, -2) < ${text + LAST_CHARACTER}`]
    : (column: string) => [sql`substr(${sql.raw(column)}, -2) = ${text}`];
  const films = ends('search_title').map((end) => sql`SELECT id FROM projects WHERE ${end}`);
  for (const column of ['search_description', 'search_director']) {
    films.push(...ends(column).map((end) => sql`SELECT f.id FROM metadata JOIN projects f ON f.metadata_hash = metadata.sha256 WHERE ${end}`));
  }
  return films;
}

/** Every film the short search matches (ids, one row each): a trigram starting with it, or a column ending with it. */
function shortSearchFilms(search: ShortSearch) {
  const films = columnEnds(search.text);
  if (search.match !== null) films.unshift(sql`SELECT rowid AS id FROM project_search WHERE project_search MATCH ${search.match}`);
  return sql.join(films, sql` UNION `);
}

/** The films (ids) the short search matches, as a condition on `projects as p`. */
export function shortCondition(search: ShortSearch): Expression<SqlBool> {
  return sql<SqlBool>`p.id IN (${shortSearchFilms(search)})`;
}
