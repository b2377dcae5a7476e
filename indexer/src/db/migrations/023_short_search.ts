// SQLite's search of one or two characters (GET /api/projects?q=zz) from indexes rather than a scan of
// every film's text (450 ms at 100,000 films): no trigram is that short, but every occurrence of a
// one- or two-character search in a column of three characters or more starts a trigram, except at the
// column's last two characters. So the films are those holding a trigram that starts with the search
// (read from FTS5's own list of its terms, the fts5vocab table below), and those whose column ends
// with it: expression indexes on each column's last character and last two characters. PostgreSQL's
// search is unchanged (its pg_trgm index).
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

/** The searchable columns of 017's FTS5 table, where each lives. */
const COLUMNS = [
  { table: 'projects', column: 'search_title' },
  { table: 'metadata', column: 'search_description' },
  { table: 'metadata', column: 'search_director' },
] as const;

export const migration023: MarqueeMigration = {
  name: '023_short_search',
  async up(db, dialect) {
    if (dialect !== 'sqlite') return;
    // A read-only view of the FTS5 index (no rows of its own): its terms (trigrams) and their films.
    await sql`CREATE VIRTUAL TABLE project_search_terms USING fts5vocab(project_search, 'row')`.execute(db);
    for (const { table, column } of COLUMNS) {
      // Built over the rows already stored, as any index is.
      await sql.raw(`CREATE INDEX ${table}_${column}_last ON ${table} (substr(${column}, -1))`).execute(db);
      await sql.raw(`CREATE INDEX ${table}_${column}_last_two ON ${table} (substr(${column}, -2))`).execute(db);
    }
  },
};
