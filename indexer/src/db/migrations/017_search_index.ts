// The marketplace's search by an index rather than a scan of every film (GET /api/projects?q= with
// 100,000 films): each film's lower-cased searchable text (projects.search_title of 003, and its
// document's search_description and search_director) gets a trigram index on the film's own key, so
// a substring (LIKE '%…%') is read from the index without joining documents to every film. SQLite:
// an FTS5 table with the trigram tokenizer, one row per film. PostgreSQL: a column of the film's row
// with a pg_trgm GIN index. Both kept by triggers, in the writing transaction. Besides, the
// marketplace's default sort (funding percentage) gets the index the other sorts have (003), so its
// first page reads 25 index entries instead of sorting every film; and metadata_hash an index, for
// the triggers that find a document's films.
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

/**
 * PostgreSQL: each film's searchable text in one column of its row, `projects.search_document`
 * (title, description and director lower-cased, joined by a unit separator no search contains),
 * with a pg_trgm GIN index, so a search is one LIKE on the films' own table: no join nor union of
 * matches before sorting and counting them. Kept by triggers: the film's own row as it is written,
 * and every film of a document stored after it.
 */
async function postgresSearchDocument(db: Parameters<MarqueeMigration['up']>[0]): Promise<void> {
  const statements = [
    `ALTER TABLE projects ADD COLUMN search_document text NOT NULL DEFAULT ''`,
    `CREATE FUNCTION project_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_document := NEW.search_title || chr(31) || COALESCE(
          (SELECT m.search_description || chr(31) || m.search_director FROM metadata m WHERE m.sha256 = NEW.metadata_hash), '');
        RETURN NEW;
      END $$`,
    `CREATE TRIGGER project_search_document BEFORE INSERT OR UPDATE OF search_title, metadata_hash ON projects
      FOR EACH ROW EXECUTE FUNCTION project_search_document()`,
    `CREATE FUNCTION document_search_document() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE projects SET search_document = search_title || chr(31) || COALESCE(
          (SELECT m.search_description || chr(31) || m.search_director FROM metadata m WHERE m.sha256 = projects.metadata_hash), '')
          WHERE metadata_hash = COALESCE(NEW.sha256, OLD.sha256);
        RETURN NULL;
      END $$`,
    `CREATE TRIGGER document_search_document AFTER INSERT OR DELETE OR UPDATE OF search_description, search_director ON metadata
      FOR EACH ROW EXECUTE FUNCTION document_search_document()`,
    // The films already stored (the BEFORE UPDATE trigger writes the column).
    `UPDATE projects SET metadata_hash = metadata_hash`,
    `CREATE INDEX projects_search_document_trigram ON projects USING gin (search_document public.gin_trgm_ops)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const migration017: MarqueeMigration = {
  name: '017_search_index',
  async up(db, dialect) {
    await db.schema.createIndex('projects_metadata_hash').on('projects').column('metadata_hash').execute();
    // The expression of projects.ts's FUNDING_RATIO, which each database matches to this index.
    await sql`CREATE INDEX projects_funding ON projects ((CAST(raised_lamports AS DOUBLE PRECISION) / goal_lamports), id)`.execute(db);
    if (dialect === 'sqlite') {
      await sqliteSearchTable(db);
      return;
    }
    await installTrigramExtension(db);
    await postgresSearchDocument(db);
  },
};
