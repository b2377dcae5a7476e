// The marketplace's search by an index rather than a scan of every film (GET /api/projects?q= with
// 100,000 films): the lower-cased searchable columns of 003 (projects.search_title, metadata's
// search_description and search_director) get a trigram index each database can read a substring
// (LIKE '%…%') from. SQLite: FTS5 tables with the trigram tokenizer over those columns (external
// content, kept in step by triggers in the writing transaction, as SQLite's FTS5 documentation
// shows). PostgreSQL: pg_trgm GIN indexes on the columns themselves (the database keeps them).
// A film reaches its metadata by metadata_hash, which is now indexed for the search's join.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

/** Installs pg_trgm once per database, in public (each cluster's schema comes and goes). */
async function installTrigramExtension(db: Parameters<MarqueeMigration['up']>[0]): Promise<void> {
  // Two clusters' migrations at once would both try to create it: the second waits, then sees it.
  await sql`SELECT pg_advisory_xact_lock(hashtext('marquee:pg_trgm'))`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
}

/** An FTS5 trigram index of `columns` of `table` (external content) and the triggers that keep it in step. */
async function sqliteTrigramIndex(db: Parameters<MarqueeMigration['up']>[0], name: string, table: string, rowid: string, columns: string[]) {
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  const remove = `INSERT INTO ${name}(${name}, rowid, ${list}) VALUES ('delete', old.${rowid}, ${values('old')});`;
  const add = `INSERT INTO ${name}(rowid, ${list}) VALUES (new.${rowid}, ${values('new')});`;
  await sql.raw(`CREATE VIRTUAL TABLE ${name} USING fts5(${list}, content='${table}', content_rowid='${rowid}', tokenize='trigram')`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name}_insert AFTER INSERT ON ${table} BEGIN ${add} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
  await sql.raw(`CREATE TRIGGER ${name}_update AFTER UPDATE OF ${list} ON ${table} BEGIN ${remove} ${add} END`).execute(db);
  // The rows already stored.
  await sql.raw(`INSERT INTO ${name}(${name}) VALUES ('rebuild')`).execute(db);
}

export const migration014: MarqueeMigration = {
  name: '014_search_index',
  async up(db, dialect) {
    await db.schema.createIndex('projects_metadata_hash').on('projects').column('metadata_hash').execute();
    if (dialect === 'sqlite') {
      await sqliteTrigramIndex(db, 'projects_title_search', 'projects', 'id', ['search_title']);
      await sqliteTrigramIndex(db, 'metadata_search', 'metadata', 'rowid', ['search_description', 'search_director']);
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
