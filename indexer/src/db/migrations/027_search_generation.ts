// A counter the database moves whenever a film's searchable text may have changed — a film listed,
// removed, renamed or pointed at another document, a document stored, edited or removed — by
// triggers in the writing transaction, so no writer (the projector, a rollback, another process) can
// forget it. search-count-memo.ts keeps a search's count while it holds: the change stamps of
// change-stamp.ts move with every write, and on PostgreSQL with every commit in the server
// (autovacuum's statistics of the films a minute after they are listed, a counted view), each one
// forgetting a count of 75 ms ("director", every film). Other writes (a film's raised amount, its
// views) leave it where it is.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

const BUMP = 'UPDATE search_generation SET n = n + 1 WHERE id = 1';

/** The counter's one row, made here and moved only by the triggers. */
const COUNTER = ['CREATE TABLE search_generation (id integer PRIMARY KEY, n bigint NOT NULL)', 'INSERT INTO search_generation (id, n) VALUES (1, 0)'];

/**
 * PostgreSQL: the films' text is projects.search_document (017's triggers write it from the title and
 * the document, as 026's trigger of the same columns reads it); a statement that lists or removes
 * films moves the counter once.
 */
const POSTGRES_TRIGGERS = [
  `CREATE FUNCTION bump_search_generation() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${BUMP}; RETURN NULL; END $$`,
  `CREATE TRIGGER search_generation_films AFTER INSERT OR DELETE OR TRUNCATE ON projects
    FOR EACH STATEMENT EXECUTE FUNCTION bump_search_generation()`,
  `CREATE TRIGGER search_generation_film_text AFTER UPDATE OF search_title, metadata_hash, search_document ON projects
    FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document) EXECUTE FUNCTION bump_search_generation()`,
];

/** SQLite: the writes 017's triggers copy into the FTS5 table (which takes no trigger of its own). */
const SQLITE_TRIGGERS = [
  ['film_listed', 'INSERT ON projects'],
  ['film_removed', 'DELETE ON projects'],
  ['film_changed', 'UPDATE OF search_title, metadata_hash ON projects'],
  ['document_stored', 'INSERT ON metadata'],
  ['document_removed', 'DELETE ON metadata'],
  ['document_changed', 'UPDATE OF search_description, search_director ON metadata'],
].map(([name, event]) => `CREATE TRIGGER search_generation_${name} AFTER ${event} BEGIN ${BUMP}; END`);

export const migration027: MarqueeMigration = {
  name: '027_search_generation',
  async up(db, dialect) {
    for (const statement of [...COUNTER, ...(dialect === 'postgres' ? POSTGRES_TRIGGERS : SQLITE_TRIGGERS)]) await sql.raw(statement).execute(db);
  },
};
