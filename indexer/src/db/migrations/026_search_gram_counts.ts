// How many films hold each substring of one or two characters (GET /api/projects?q=e at 100,000 films):
// the exact total of a search of one or two characters, read as one row. Counting the films of a
// common character took 70–90 ms on PostgreSQL (its GIN index keeps no counts: the films are read one
// by one) and ~110 ms on SQLite for a character ending many columns ("4", whose column-end films were
// each checked). search_gram_films(gram, films) is kept by triggers in the writing transaction, over
// the same text each database's search reads: PostgreSQL the grams of projects.search_document
// (migration 023's project_search_grams, so a gram's films are exactly its `@>` matches); SQLite the
// substrings within each of the film's title, description and director (017's FTS5 columns).
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';

type Db = Parameters<MarqueeMigration['up']>[0];

/** A gram's films, by `films`: a film holding it several times counts once. */
const CREATE_TABLE = 'CREATE TABLE search_gram_films (gram text PRIMARY KEY, films bigint NOT NULL)';

/**
 * SQLite: the distinct grams of each film of `films` (rows of id, title, description, director), one
 * row per film and gram. Positions come from json_each over an array as long as the text (triggers
 * take no recursive CTE): each position starts a gram of one character and, before the last, of two.
 */
function sqliteFilmGrams(films: string): string {
  const texts = ['title', 'description', 'director'].map((column) => `SELECT id, COALESCE(${column}, '') AS text FROM (${films})`);
  return `SELECT DISTINCT t.id, substr(t.text, p.key + 1, w.n) AS gram
    FROM (${texts.join(' UNION ALL ')}) AS t,
      json_each('[' || replace(hex(zeroblob(length(t.text))), '00', '0,') || '0]') AS p,
      (SELECT 1 AS n UNION ALL SELECT 2) AS w
    WHERE p.key + w.n <= length(t.text)`;
}

/** SQLite: each gram of `films` counted `sign` (1: they now hold it, -1: no longer) times more. */
const sqliteAdjust = (films: string, sign: 1 | -1) => `INSERT INTO search_gram_films (gram, films)
    SELECT gram, ${sign} * COUNT(*) FROM (${sqliteFilmGrams(films)}) GROUP BY gram
    ON CONFLICT (gram) DO UPDATE SET films = search_gram_films.films + excluded.films;`;

/**
 * A gram no film holds any more is dropped, so the table is what the films' text is now, whatever
 * writes led to it (the tests compare databases that took different paths to the same films).
 */
const DROP_UNHELD = 'DELETE FROM search_gram_films WHERE films = 0';

/** SQLite: a trigger counting the films of `out` out of their grams and those of `into` in (old text, then new), dropping what none holds. */
const sqliteTrigger = (name: string, event: string, { out, into }: { out?: string; into?: string }) => {
  const body = [out && `${sqliteAdjust(out, -1)} ${DROP_UNHELD};`, into && sqliteAdjust(into, 1)];
  return `CREATE TRIGGER ${name} AFTER ${event} BEGIN ${body.filter(Boolean).join(' ')} END`;
};

/** SQLite: the film `film` (new or old row of projects) with its document's text as stored now. */
const sqliteFilm = (film: 'new' | 'old') => `SELECT ${film}.id AS id, ${film}.search_title AS title, m.search_description AS description,
    m.search_director AS director FROM (SELECT 1) LEFT JOIN metadata m ON m.sha256 = ${film}.metadata_hash`;

/** SQLite: the films of the document `document` (new or old row of metadata), with `text` as their description and director. */
const sqliteFilmsOf = (document: 'new' | 'old', text: 'new' | 'old' | 'none') => {
  const [description, director] = text === 'none' ? [`''`, `''`] : [`${text}.search_description`, `${text}.search_director`];
  return `SELECT f.id AS id, f.search_title AS title, ${description} AS description, ${director} AS director
    FROM projects f WHERE f.metadata_hash = ${document}.sha256`;
};

/** SQLite: the triggers of 017's project_search, each counting the films' grams out before and in after. */
async function sqliteGramCounts(db: Db): Promise<void> {
  const statements = [
    CREATE_TABLE,
    sqliteTrigger('search_grams_film_listed', 'INSERT ON projects', { into: sqliteFilm('new') }),
    sqliteTrigger('search_grams_film_changed', 'UPDATE OF search_title, metadata_hash ON projects', { out: sqliteFilm('old'), into: sqliteFilm('new') }),
    sqliteTrigger('search_grams_film_removed', 'DELETE ON projects', { out: sqliteFilm('old') }),
    // A document stored after its films: they held their title alone until now.
    sqliteTrigger('search_grams_document_stored', 'INSERT ON metadata', { out: sqliteFilmsOf('new', 'none'), into: sqliteFilmsOf('new', 'new') }),
    sqliteTrigger('search_grams_document_changed', 'UPDATE OF search_description, search_director ON metadata', {
      out: sqliteFilmsOf('new', 'old'),
      into: sqliteFilmsOf('new', 'new'),
    }),
    sqliteTrigger('search_grams_document_removed', 'DELETE ON metadata', { out: sqliteFilmsOf('old', 'old'), into: sqliteFilmsOf('old', 'none') }),
    // The films already stored.
    sqliteAdjust(
      `SELECT f.id AS id, f.search_title AS title, m.search_description AS description, m.search_director AS director
        FROM projects f LEFT JOIN metadata m ON m.sha256 = f.metadata_hash`,
      1,
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** PostgreSQL: each gram of the documents in `documents` (a table of search_document) counted `sign` times more, in gram order (the rows' lock order). */
const postgresAdjust = (documents: string, sign: '+' | '-') => `INSERT INTO search_gram_films (gram, films)
    SELECT gram, ${sign}COUNT(*) FROM ${documents} AS d, unnest(project_search_grams(d.search_document)) AS gram GROUP BY gram ORDER BY gram
    ON CONFLICT (gram) DO UPDATE SET films = search_gram_films.films + excluded.films`;

/**
 * PostgreSQL: a statement's listed or removed films counted at once (transition tables: the bench
 * lists 500 films a statement), and a film whose search_document changes (its title, its document
 * pointed at or stored, each written by 017's triggers) on its own row; a film's other updates (its
 * raised amount, its views) fire nothing.
 */
async function postgresGramCounts(db: Db): Promise<void> {
  const statements = [
    CREATE_TABLE,
    `CREATE FUNCTION search_grams_films_listed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${postgresAdjust('listed', '+')}; RETURN NULL; END $$`,
    `CREATE TRIGGER search_grams_films_listed AFTER INSERT ON projects REFERENCING NEW TABLE AS listed
      FOR EACH STATEMENT EXECUTE FUNCTION search_grams_films_listed()`,
    `CREATE FUNCTION search_grams_films_removed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${postgresAdjust('removed', '-')}; ${DROP_UNHELD}; RETURN NULL; END $$`,
    `CREATE TRIGGER search_grams_films_removed AFTER DELETE ON projects REFERENCING OLD TABLE AS removed
      FOR EACH STATEMENT EXECUTE FUNCTION search_grams_films_removed()`,
    `CREATE FUNCTION search_grams_film_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_gram_films (gram, films)
          SELECT gram, SUM(change) FROM (
            SELECT unnest(project_search_grams(OLD.search_document)) AS gram, -1 AS change
            UNION ALL SELECT unnest(project_search_grams(NEW.search_document)), 1
          ) AS changes GROUP BY gram ORDER BY gram
          ON CONFLICT (gram) DO UPDATE SET films = search_gram_films.films + excluded.films;
        ${DROP_UNHELD};
        RETURN NULL;
      END $$`,
    // search_document is written by 017's BEFORE trigger (an update of the title or document hash) or by its document's trigger.
    `CREATE TRIGGER search_grams_film_changed AFTER UPDATE OF search_title, metadata_hash, search_document ON projects
      FOR EACH ROW WHEN (OLD.search_document IS DISTINCT FROM NEW.search_document) EXECUTE FUNCTION search_grams_film_changed()`,
    // The films already stored.
    postgresAdjust('projects', '+'),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const migration026: MarqueeMigration = {
  name: '026_search_gram_counts',
  async up(db, dialect) {
    if (dialect === 'sqlite') await sqliteGramCounts(db);
    else await postgresGramCounts(db);
  },
};
