// SQLite's search of one or two characters (GET /api/projects?q=zz) from indexes rather than a scan of
// every film's text (450 ms at 100,000 films): no trigram is that short, but every occurrence of a
// one- or two-character search in a column of three characters or more starts a trigram, except at the
// column's last two characters. So the films are those holding a trigram that starts with the search
// (read from FTS5's own list of its terms, the fts5vocab table below), and those whose column ends
// with it: expression indexes on each column's last character and last two characters. PostgreSQL
// (whose pg_trgm index reads every film for a pattern shorter than a trigram): a GIN index of each
// film's distinct characters and pairs of characters, an expression of projects.search_document.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

/** The searchable columns of 017's FTS5 table, where each lives. */
const COLUMNS = [
  { table: 'projects', column: 'search_title' },
  { table: 'metadata', column: 'search_description' },
  { table: 'metadata', column: 'search_director' },
] as const;

/**
 * PostgreSQL: project_search_grams(document), every distinct substring of one or two characters of the
 * film's search_document (separators included, so `grams @> ARRAY[q]` is exactly `search_document LIKE
 * '%q%'`), and a GIN index of it, built over the films already stored.
 */
async function postgresShortSearch(db: Parameters<MarqueeMigration['up']>[0]): Promise<void> {
  await sql`CREATE FUNCTION project_search_grams(document text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT COALESCE(array_agg(DISTINCT gram), '{}') FROM (
      SELECT substr(document, position, 1) AS gram FROM generate_series(1, length(document)) AS position
      UNION ALL SELECT substr(document, position, 2) FROM generate_series(1, length(document) - 1) AS position
    ) AS grams $$`.execute(db);
  await sql`CREATE INDEX projects_search_grams ON projects USING gin (project_search_grams(search_document))`.execute(db);
}

export const migration023: MarqueeMigration = {
  name: '023_short_search',
  async up(db, dialect) {
    if (dialect !== 'sqlite') {
      await postgresShortSearch(db);
      return;
    }
    // A read-only view of the FTS5 index (no rows of its own): its terms (trigrams) and their films.
    await sql`CREATE VIRTUAL TABLE project_search_terms USING fts5vocab(project_search, 'row')`.execute(db);
    for (const { table, column } of COLUMNS) {
      // Built over the rows already stored, as any index is.
      await sql.raw(`CREATE INDEX ${table}_${column}_last ON ${table} (substr(${column}, -1))`).execute(db);
      await sql.raw(`CREATE INDEX ${table}_${column}_last_two ON ${table} (substr(${column}, -2))`).execute(db);
    }
  },
};
