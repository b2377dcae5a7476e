// The marketplace's search by an index rather than a scan of every film (GET /api/projects?q= with
// 100,000 films): the lower-cased searchable columns of 003 (projects.search_title, metadata's
// search_description and search_director) get a trigram index each database can read a substring
// (LIKE '%…%') from. SQLite: an FTS5 table with the trigram tokenizer, one row per film, kept by
// triggers in the writing transaction. PostgreSQL: pg_trgm GIN indexes on the columns themselves (the database keeps them).
// A film reaches its metadata by metadata_hash, which is now indexed for the search's join; and the
// marketplace's default sort (funding percentage) gets the index the other sorts have (003), so its
// first page reads 25 index entries instead of sorting every film.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

/** Installs pg_trgm once per database, in public (each cluster's schema comes and goes). */
async function installTrigramExtension(db: Parameters<MarqueeMigration['up']>[0]): Promise<void> {
  // Two clusters' migrations at once would both try to create it: the second waits, then sees it.
  await sql`SELECT pg_advisory_xact_lock(hashtext('marquee:pg_trgm'))`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
}

/** The searchable text of the film `film` (a row of projects), with its document's ('' until stored). */
const filmText = (film: string) =>
  `SELECT ${film}.id, ${film}.search_title, COALESCE(m.search_description, ''), COALESCE(m.search_director, '')
    FROM (SELECT 1) LEFT JOIN metadata m ON m.sha256 = ${film}.metadata_hash`;

/**
 * SQLite: one FTS5 table of every film's searchable text (rowid = the film's id, so a match is a
 * film without a join), with the trigram tokenizer (a phrase is a substring), kept by triggers on
 * both tables it copies from: a film listed, renamed or pointed at another document, and a document
 * stored after its film.
 */
async function sqliteSearchTable(db: Parameters<MarqueeMigration['up']>[0]): Promise<void> {
  const statements = [
    `CREATE VIRTUAL TABLE project_search USING fts5(title, description, director, tokenize='trigram')`,
    `CREATE TRIGGER project_search_film_listed AFTER INSERT ON projects BEGIN
      INSERT INTO project_search(rowid, title, description, director) ${filmText('new')}; END`,
    `CREATE TRIGGER project_search_film_changed AFTER UPDATE OF search_title, metadata_hash ON projects BEGIN
      DELETE FROM project_search WHERE rowid = old.id;
      INSERT INTO project_search(rowid, title, description, director) ${filmText('new')}; END`,
    `CREATE TRIGGER project_search_film_removed AFTER DELETE ON projects BEGIN DELETE FROM project_search WHERE rowid = old.id; END`,
  ];
  // A document stored, changed or removed: every film that points at it is written again.
  const rewriteFilmsOf = (document: 'new' | 'old') => `
      DELETE FROM project_search WHERE rowid IN (SELECT id FROM projects WHERE metadata_hash = ${document}.sha256);
      INSERT INTO project_search(rowid, title, description, director)
        SELECT f.id, f.search_title, COALESCE(m.search_description, ''), COALESCE(m.search_director, '')
        FROM projects f LEFT JOIN metadata m ON m.sha256 = f.metadata_hash WHERE f.metadata_hash = ${document}.sha256;`;
  statements.push(
    `CREATE TRIGGER project_search_document_stored AFTER INSERT ON metadata BEGIN ${rewriteFilmsOf('new')} END`,
    `CREATE TRIGGER project_search_document_changed AFTER UPDATE OF search_description, search_director ON metadata BEGIN ${rewriteFilmsOf('new')} END`,
    `CREATE TRIGGER project_search_document_removed AFTER DELETE ON metadata BEGIN ${rewriteFilmsOf('old')} END`,
    // The films already stored.
    `INSERT INTO project_search(rowid, title, description, director)
      SELECT f.id, f.search_title, COALESCE(m.search_description, ''), COALESCE(m.search_director, '') FROM projects f LEFT JOIN metadata m ON m.sha256 = f.metadata_hash`,
  );
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const migration014: MarqueeMigration = {
  name: '014_search_index',
  async up(db, dialect) {
    await db.schema.createIndex('projects_metadata_hash').on('projects').column('metadata_hash').execute();
    // The expression of projects.ts's FUNDING_RATIO, which each database matches to this index.
    await sql`CREATE INDEX projects_funding ON projects ((CAST(raised_lamports AS DOUBLE PRECISION) / goal_lamports), id)`.execute(db);
    if (dialect === 'sqlite') {
      await sqliteSearchTable(db);
      return;
    }
    await installTrigramExtension(db);
    for (const [table, column] of [
      ['projects', 'search_title'],
      ['metadata', 'search_description'],
      ['metadata', 'search_director'],
    ]) {
      await sql.raw(`CREATE INDEX ${table}_${column}_trigram ON ${table} USING gin (${column} public.gin_trgm_ops)`).execute(db);
    }
  },
};
