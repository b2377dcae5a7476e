// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The projects search read from its trigram indexes (migration 014), on whichever database the suite
// runs: the index follows every write of the data layer (a film listed before or after its metadata,
// a metadata edit), the query keeps LIKE's substring semantics, and the plan reads the index rather
// than scanning every film.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery } from 'kysely';
import { searchFields } from '../src/db/metadata-search.ts';
import { rememberedCount } from '../src/db/search-count-memo.ts';
import { discardStore, MIGRATIONS, type StoreLocation } from '../src/db/index.ts';
import { data, openStore, type DataStore } from '../src/index.ts';
import { testDialect, testLocation } from './helpers/database.ts';

const NOW = 1_750_000_000;

async function listFilm(db: DataStore['db'], id: number, title: string, metadataHash: string) {
  await data.projects.insertProject(db, {
    id,
    address: `Project${id}`,
    studio: 'Authority',
    shareMint: `Mint${id}`,
    vault: `Vault${id}`,
    title,
    metadataUri: `http://localhost/api/metadata/${metadataHash}`,
    metadataHash,
    goalLamports: 1_000_000_000,
    deadline: NOW + 86_400,
    createdAt: NOW + id,
    signature: `sig-${id}`,
  });
}

const document = (description: string, directorName: string) => JSON.stringify({ description, directorName, genres: ['Drama'] });

describe('projects search index', () => {
  let store: DataStore;
  const found = async (q: string) => (await data.projects.pageProjects(store.db, { q, nowMs: NOW * 1000 }, 'newest', 50, null)).rows.map((row) => Number(row.id)).sort();

  before(async () => {
    store = await openStore(testLocation());
    await data.metadata.putMetadata(store.db, 'hash-1', document('A quokka crosses the desert', 'Ada Lens'), NOW);
    await listFilm(store.db, 1, 'Desert Crossing', 'hash-1');
    await listFilm(store.db, 2, 'The Night HEIST', 'hash-2');
    // Film 2's metadata arrives after the film; film 3's is edited to a new document.
    await data.metadata.putMetadata(store.db, 'hash-2', document('Crime "in" 100% of scenes', 'Bo Reel'), NOW);
    await data.metadata.putMetadata(store.db, 'hash-3a', document('An old description', 'Cy Frame'), NOW);
    await listFilm(store.db, 3, 'Harbor Lights', 'hash-3a');
    await data.metadata.putMetadata(store.db, 'hash-3b', document('A lighthouse keeper', 'Cy Frame'), NOW);
    await data.projects.updateMetadata(store.db, 'Project3', { metadataUri: 'http://localhost/api/metadata/hash-3b', metadataHash: 'hash-3b' });
  });
  after(() => store.close());

  test('finds a substring of the title, description or director, case-insensitively, whenever the metadata was stored', async () => {
    assert.deepEqual(await found('QUOKKA'), [1], 'a word of a description stored before its film');
    assert.deepEqual(await found('ert cross'), [1], 'across words, inside the title');
    assert.deepEqual(await found('heist'), [2], 'the title');
    assert.deepEqual(await found('reel'), [2], 'a director stored after the film');
    assert.deepEqual(await found('lighthouse'), [3], 'the edited metadata');
    assert.deepEqual(await found('old description'), [], 'not the document the film no longer points at');
    assert.deepEqual(await found('"in"'), [2], 'quotes are text');
    assert.deepEqual(await found('100%'), [2], '% is text');
    assert.deepEqual(await found('er'), [1, 3], 'two letters, in descriptions');
    assert.deepEqual(await found('CY'), [3], 'two letters, of a director');
    assert.deepEqual(await found('ha'), [3], 'two letters, of a title');
    assert.deepEqual(await found('zz'), []);
  });

  test('every page of a search, and a cursor past its last match, counts all its matches and no other', async () => {
    const page = (after: data.projects.ProjectCursor | null, status: data.projects.ProjectStatusFilter = 'all') =>
      data.projects.pageProjects(store.db, { q: 'GHT', status, nowMs: NOW * 1000 }, 'newest', 1, after);
    const first = await page(null);
    const second = await page(first.next);
    assert.deepEqual([...first.rows, ...second.rows].map((row) => Number(row.id)), [3, 2], 'Harbor Lights, then The Night HEIST');
    assert.deepEqual([first.total, second.total], [2, 2]);
    assert.equal(second.next, null);
    const beyond = await page({ sort: 'newest', key: 0, id: 0, verified: 0 });
    assert.deepEqual([beyond.rows.length, beyond.total], [0, 2], 'no row left to count in, the matches are still counted');
    assert.deepEqual([(await page(null, 'funded')).total, (await page(null, 'funding')).total], [0, 2], 'the status filter narrows the count');
  });

  test('the search reads the trigram index instead of scanning every film', async () => {
    const query = store.db
      .selectFrom('projects as p')
      .leftJoin('metadata as m', 'm.sha256', 'p.metadata_hash')
      .select('p.id')
      .where(data.projects.searchCondition(store.db, 'quokka'))
      .compile();
    if (testDialect === 'sqlite') {
      const plan = await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
      const details = plan.rows.map((row) => row.detail).join('\n');
      assert.match(details, /VIRTUAL TABLE INDEX/);
      assert.match(details, /project_search/);
      return;
    }
    // The catalogue is tiny, so the planner is told a scan is dear: with an index, it takes it.
    await store.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      assert.match(text, /projects_search_document_trigram/);
    });
  });

  test('PostgreSQL reads a search of one or two characters from the index of each film\'s characters and pairs', async (t) => {
    if (testDialect !== 'postgres') return t.skip('SQLite: the trigrams starting with it and the columns ending with it (the scale tests)');
    const query = store.db.selectFrom('projects as p').select('p.id').where(data.projects.searchCondition(store.db, 'Zz')).compile();
    await store.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      const plan = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
      assert.match(plan.rows.map((row) => row['QUERY PLAN']).join('\n'), /projects_search_grams/);
    });
  });
});

/**
 * Migration 026's count of each one- and two-character substring, kept by triggers: after every kind
 * of write to a film's searchable text, the total of every such search equals the films a search
 * without it finds (listProjects: SQLite's LIKE over the three columns, PostgreSQL's index of each
 * film's characters and pairs).
 */
describe('the count of a one- or two-character search after every write', () => {
  let store: DataStore;
  after(() => store?.close());

  /** Every one- and two-character substring of the films' text, and some no film holds. */
  async function grams(): Promise<string[]> {
    const texts = (await data.projects.listProjects(store.db, { nowMs: NOW * 1000 })).flatMap((row) => {
      const body = row.metadata ? (JSON.parse(row.metadata) as { description: string; directorName: string }) : null;
      return [row.title, body?.description ?? '', body?.directorName ?? ''].map((text) => text.toLowerCase());
    });
    const all = new Set(['zz', 'q', '%']);
    for (const text of texts) for (let index = 0; index < text.length; index++) all.add(text[index]).add(text.slice(index, index + 2));
    return [...all];
  }

  async function assertCounts(when: string) {
    for (const q of await grams()) {
      const films = (await data.projects.listProjects(store.db, { q, nowMs: NOW * 1000 })).length;
      const { total } = await data.projects.pageProjects(store.db, { q, nowMs: NOW * 1000 }, 'newest', 1, null);
      assert.equal(total, films, `${when}: ${JSON.stringify(q)}`);
    }
  }

  test('films listed before and after their documents, renamed, pointed elsewhere, documents edited and removed', async () => {
    store = await openStore(testLocation('gram-counts'));
    await data.metadata.putMetadata(store.db, 'hash-1', document('A quiet tale', 'Ada Lens'), NOW);
    await listFilm(store.db, 1, 'Up', 'hash-1');
    await listFilm(store.db, 2, 'Night Heist', 'hash-2');
    await listFilm(store.db, 3, 'Heist', 'hash-1');
    await assertCounts('listed, film 2 before its document');
    await data.metadata.putMetadata(store.db, 'hash-2', document('Crime in 100% of scenes', 'Bo Reel'), NOW);
    await assertCounts('a document stored after its film');
    await store.db.updateTable('projects').set({ title: 'Zebra', search_title: 'zebra' }).where('id', '=', 3).execute();
    await assertCounts('a film renamed');
    await data.projects.updateMetadata(store.db, 'Project1', { metadataUri: 'http://localhost/api/metadata/hash-2', metadataHash: 'hash-2' });
    await assertCounts('a film pointed at another document');
    await store.db.updateTable('metadata').set({ search_description: 'an edited tale', search_director: 'cy frame' }).where('sha256', '=', 'hash-1').execute();
    await assertCounts('a document edited');
    await store.db.deleteFrom('metadata').where('sha256', '=', 'hash-2').execute();
    await assertCounts('a document removed');
    await store.db.deleteFrom('projects').where('id', '=', 3).execute();
    await assertCounts('a film removed');
  });
});

/** More than RARE_TRIGRAM: every trigram of "director" is common (SQLite counts its phrase whole). */
const DIRECTOR_FILMS = 320;

/** The total of a search for "director" (a page of it). */
const directorTotal = async (db: DataStore['db']) => (await data.projects.pageProjects(db, { q: 'director', nowMs: NOW * 1000 }, 'newest', 5, null)).total;

/** Films 1 to DIRECTOR_FILMS, each with a document whose director holds "director". */
async function listDirectorFilms(db: DataStore['db']) {
  const ids = Array.from({ length: DIRECTOR_FILMS }, (_, index) => index + 1);
  await db
    .insertInto('metadata')
    .values(ids.map((id) => ({ sha256: `hash${id}`, body: '{}', created_at: NOW, ...searchFields(document('A film', `Director ${id}`)) })))
    .execute();
  for (const id of ids) await listFilm(db, id, `Film ${id}`, `hash${id}`);
}

/**
 * A word in every film's director: each of its trigrams is common, so SQLite counts the phrase in every
 * film (55 ms at 100,000) and remembers the count until a film's text changes (search-count-memo.ts).
 * The total follows each write to the text, and a transaction's own writes, rolled back, leave no count.
 */
describe('the count of a word in every film, after every write', () => {
  const FILMS = DIRECTOR_FILMS;
  let store: DataStore;
  after(() => store?.close());
  const total = (db: DataStore['db'] = store.db) => directorTotal(db);

  test('a film listed, a director edited, a film removed; a rolled-back film counted only inside its transaction', async () => {
    store = await openStore(testLocation('remembered-counts'));
    await listDirectorFilms(store.db);
    assert.equal(await total(), FILMS);
    assert.equal(await total(), FILMS, 'asked again');
    await listFilm(store.db, FILMS + 1, 'The Director Cut', 'hash-none');
    assert.equal(await total(), FILMS + 1, 'a film listed');
    await store.db.updateTable('metadata').set({ search_director: 'ada lens' }).where('sha256', '=', 'hash1').execute();
    assert.equal(await total(), FILMS, 'a director edited');
    await store.db.deleteFrom('projects').where('id', '=', 2).execute();
    assert.equal(await total(), FILMS - 1, 'a film removed');
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await listFilm(trx, FILMS + 2, 'Director Two', 'hash-none');
        assert.equal(await total(trx), FILMS, 'inside its transaction');
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal(await total(), FILMS - 1, 'after the rollback');
    await listFilm(store.db, FILMS + 3, 'Plain Film', 'hash-none');
    assert.equal(await total(), FILMS - 1, 'after the rollback, a film without the word listed');
    await listFilm(store.db, FILMS + 4, 'Director Four', 'hash-none');
    assert.equal(await total(), FILMS, 'a film with it listed');
  });
});

/**
 * A remembered count (search-count-memo.ts, both databases) is kept under the generation of the
 * films' text in the database (migration 027), not in the connection that counted: a film listed or a
 * director edited by another connection (its own pool, as another process would have) is counted at
 * once, and on PostgreSQL the count of a transaction that wrote is not served to anyone else while it
 * is open.
 */
describe('a remembered count and the writes of other connections', () => {
  const FILMS = DIRECTOR_FILMS;
  const total = directorTotal;
  const stores: DataStore[] = [];
  after(async () => {
    // The second store first: the first one drops a PostgreSQL test schema on close.
    for (const store of stores.reverse()) await store.close();
  });

  /** A database of DIRECTOR_FILMS films whose directors hold "director", opened twice (two connections, or two pools). */
  async function openedTwice(): Promise<[DataStore, DataStore]> {
    const location: StoreLocation =
      testDialect === 'postgres' ? testLocation('other-connections') : { dialect: 'sqlite', path: join(mkdtempSync(join(tmpdir(), 'marquee-memo-')), 'demo.sqlite') };
    const first = await openStore(location);
    stores.push(first);
    await listDirectorFilms(first.db);
    const second = await openStore(location.dialect === 'postgres' ? { ...location, temporary: false } : location);
    stores.push(second);
    return [first, second];
  }

  test('a film listed and a director edited by another connection are counted by the one that remembered', async () => {
    const [first, second] = await openedTwice();
    assert.equal(await total(first.db), FILMS);
    assert.equal(await total(first.db), FILMS, 'asked again (remembered)');
    await listFilm(second.db, FILMS + 1, 'The Director Cut', 'hash-none');
    assert.equal(await total(first.db), FILMS + 1, 'a film listed by the other connection');
    await second.db.updateTable('metadata').set({ search_director: 'ada lens' }).where('sha256', '=', 'hash1').execute();
    assert.equal(await total(first.db), FILMS, 'a director edited by the other connection');
    assert.equal(await total(second.db), FILMS, 'the other connection counts the same');
  });

  test('PostgreSQL: a count inside a transaction that wrote is not served outside it while it is open', async (t) => {
    // (SQLite's one connection runs nothing else while a transaction is open.)
    if (testDialect !== 'postgres') return t.skip('PostgreSQL only');
    const [store] = stores;
    const committed = await total(store.db);
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await listFilm(trx, FILMS + 10, 'Director Ten', 'hash-none');
        assert.equal(await total(trx), committed + 1, 'inside the transaction, its film');
        assert.equal(await total(store.db), committed, 'outside, while it is open');
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal(await total(store.db), committed, 'after the rollback');
  });
});

/**
 * Migration 027's generation moves with every kind of write to a film's searchable text, so a count
 * remembered before it is not served after it; a film's other writes keep it.
 */
describe('the remembered count of a word in every film, and what forgets it', () => {
  let store: DataStore;
  after(() => store?.close());

  test('after every kind of write to the films\' text, the total is the films found', async () => {
    store = await openStore(testLocation('text-generation'));
    await listDirectorFilms(store.db);
    const assertTotal = async (when: string) => {
      const films = (await data.projects.listProjects(store.db, { q: 'director', nowMs: NOW * 1000 })).length;
      assert.equal(await directorTotal(store.db), films, when);
    };
    const write = async (when: string, change: () => Promise<unknown>) => {
      await directorTotal(store.db); // remembered before the write
      await change();
      await assertTotal(when);
    };
    await assertTotal('listed');
    await write('a film listed before its document', () => listFilm(store.db, 1_001, 'Plain Film', 'hash-late'));
    await write('its document stored', () => data.metadata.putMetadata(store.db, 'hash-late', document('A film', 'Director Late'), NOW));
    await write('a film renamed', () => store.db.updateTable('projects').set({ title: 'A Director', search_title: 'a director' }).where('id', '=', 1_001).execute());
    await write('a film pointed at another document', () =>
      data.projects.updateMetadata(store.db, 'Project1', { metadataUri: 'http://localhost/api/metadata/hash-none', metadataHash: 'hash-none' }),
    );
    await write('a document edited', () => store.db.updateTable('metadata').set({ search_director: 'ada lens' }).where('sha256', '=', 'hash2').execute());
    await write('a document removed', () => store.db.deleteFrom('metadata').where('sha256', '=', 'hash3').execute());
    await write('a film removed', () => store.db.deleteFrom('projects').where('id', '=', 4).execute());
  });

  test('a transaction\'s count is not remembered: the generation it read is committed later with other text', async () => {
    const committed = await directorTotal(store.db);
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await listFilm(trx, 2_001, 'Director Rolled Back', 'hash-none');
        assert.equal(await directorTotal(trx), committed + 1, 'inside the transaction, its film');
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    // Listed straight after the rollback: the generation moves to the one the transaction read.
    await listFilm(store.db, 2_002, 'Plain Film', 'hash-none');
    assert.equal(await directorTotal(store.db), committed);
  });

  test('a film\'s other writes (its raised amount, its views) keep the count; a write to its text does not', async () => {
    let counted = 0;
    const count = () => rememberedCount(store.db, 'a question', async () => ++counted);
    await count();
    await store.db.updateTable('projects').set({ raised_lamports: 5, total_views: 7 }).where('id', '=', 5).execute();
    assert.equal(await count(), 1, 'remembered across a film\'s amounts');
    await store.db.updateTable('projects').set({ search_title: 'renamed' }).where('id', '=', 5).execute();
    assert.equal(await count(), 2, 'counted again after a film renamed');
  });
});

describe('a database of films before migration 023', () => {
  test('finds one and two characters in the films it already held', async () => {
    const testing = testLocation('short-search');
    const location: StoreLocation =
      testing.dialect === 'postgres' ? { ...testing, temporary: false } : { dialect: 'sqlite', path: join(mkdtempSync(join(tmpdir(), 'marquee-short-')), 'a.db') };
    const upTo = MIGRATIONS.findIndex((migration) => migration.name === '023_short_search');
    const before023 = await openStore(location, MIGRATIONS.slice(0, upTo));
    await data.metadata.putMetadata(before023.db, 'hash-1', document('A tale of the catalogue', 'Ada Lens'), NOW);
    await listFilm(before023.db, 1, 'Up', 'hash-1');
    await listFilm(before023.db, 2, 'Harbor', 'hash-2');
    await before023.close();
    const store = await openStore(location);
    try {
      const found = async (q: string) => (await data.projects.pageProjects(store.db, { q, nowMs: NOW * 1000 }, 'newest', 50, null)).rows.map((row) => Number(row.id)).sort();
      assert.deepEqual(await found('ue'), [1], 'the end of a description');
      assert.deepEqual(await found('UP'), [1], 'a title of two characters');
      assert.deepEqual(await found('r'), [2], 'a character of a title');
      assert.deepEqual(await found('a'), [1, 2]);
    } finally {
      await store.close();
      await discardStore(location);
    }
  });
});

/**
 * A catalogue big enough for each of SQLite's plans of a search (sqlite-search.ts, projects.ts):
 * a phrase of common trigrams with a rare one (the rare trigrams' films, LIKE-checked), a word of
 * many films (a page walked along the sort's index), a word whose films all sit at the far end of
 * the order (the walk gives up at its bound and the matches are sorted), verified studios' films
 * first; searches of one or two characters (the trigrams starting with them, and the columns ending
 * with them: "ue" only ends "catalogue", "up" is a whole title). Every page of every search in every
 * sort is checked against the films counted in JS.
 */
describe('projects search at scale: the same films in the same order, whichever plan', () => {
  const FILMS = data.projects.WALK_FILMS + 1_000;
  let store: DataStore;
  const verifiedAuthority = 'VerifiedAuthority';
  const director = (id: number) => `Director ${String.fromCharCode(65 + (id % 26))}${id % 400}`;
  // "A Q42 Story" holds the two rarest trigrams of "director q42" (" q4", "q42") but not the phrase: only LIKE tells it apart.
  // Titles of one and two characters hold no trigram: a short search finds them by the column's end alone.
  const titleOf = (id: number) =>
    id % 997 === 0 ? 'A Q42 Story' : id % 1009 === 0 ? 'Up' : id % 2003 === 0 ? 'U' : `${id % 11 === 0 ? 'Harbor' : 'River'} ${id}`;
  // Funding ratio falls with the id, so the last films are the far end of the funding order.
  const raisedOf = (id: number) => (FILMS - id) * 1_000;
  const descriptionOf = (id: number) => (id > FILMS - 600 ? 'a tail of the catalogue' : 'a film');
  const studioOf = (id: number) => (id % 500 === 7 ? verifiedAuthority : 'Authority');

  before(async () => {
    store = await openStore(testLocation());
    await store.db
      .insertInto('studios')
      .values({ id: 1, address: 'VerifiedStudio', authority: verifiedAuthority, name: 'Verified', verified: 1, registered_at: NOW, signature: 'sig-studio' })
      .execute();
    for (let start = 1; start <= FILMS; start += 500) {
      const ids = Array.from({ length: Math.min(500, FILMS - start + 1) }, (_, offset) => start + offset);
      await store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('metadata')
          .values(
            ids.map((id) => {
              const body = document(descriptionOf(id), director(id));
              return { sha256: `hash${id}`, body, created_at: NOW, ...searchFields(body) };
            }),
          )
          .execute();
        await trx
          .insertInto('projects')
          .values(
            ids.map((id) => ({
              id,
              address: `Project${id}`,
              studio: studioOf(id),
              share_mint: `Mint${id}`,
              vault: `Vault${id}`,
              title: titleOf(id),
              search_title: titleOf(id).toLowerCase(),
              metadata_uri: `http://localhost/api/metadata/hash${id}`,
              metadata_hash: `hash${id}`,
              goal_lamports: 1_000_000_000,
              raised_lamports: raisedOf(id),
              deadline: NOW + 86_400 + (id % 30),
              created_at: NOW + id,
              signature: `sig-${id}`,
            })),
          )
          .execute();
      });
    }
  });
  after(() => store.close());

  /** The films holding `q` in the order of a search's pages: verified studios' first, then the sort's key and id. */
  function expected(q: string, sort: data.projects.ProjectSort): number[] {
    const needle = q.toLowerCase();
    const key = (id: number) => (sort === 'funding' ? raisedOf(id) : sort === 'newest' ? id : NOW + 86_400 + (id % 30));
    const direction = sort === 'endingSoon' ? 1 : -1;
    return Array.from({ length: FILMS }, (_, index) => index + 1)
      .filter((id) => [titleOf(id), descriptionOf(id), director(id)].some((text) => text.toLowerCase().includes(needle)))
      .sort((a, b) => Number(studioOf(b) === verifiedAuthority) - Number(studioOf(a) === verifiedAuthority) || direction * (key(a) - key(b) || a - b));
  }

  async function everyPage(q: string, sort: data.projects.ProjectSort, limit: number) {
    const ids: number[] = [];
    const totals = new Set<number>();
    let after: data.projects.ProjectCursor | null = null;
    do {
      const page: data.projects.ProjectPage = await data.projects.pageProjects(store.db, { q, nowMs: NOW * 1000 }, sort, limit, after);
      ids.push(...page.rows.map((row) => Number(row.id)));
      totals.add(page.total);
      after = page.next;
    } while (after);
    return { ids, totals: [...totals] };
  }

  for (const sort of data.projects.PROJECT_SORTS) {
    test(`every page, sorted by ${sort}`, async () => {
      // "director": in every film's director (the phrase of common trigrams, counted whole).
      for (const q of ['Director Q42', 'harbor', 'tail of the', 'a Q42 Story', 'director']) {
        const want = expected(q, sort);
        const { ids, totals } = await everyPage(q, sort, q === 'director' ? 500 : 24);
        assert.deepEqual(totals, [want.length], `${q}: every page counts every match`);
        assert.deepEqual(ids, want, `${q}: the films and their order`);
      }
    });
  }

  for (const sort of data.projects.PROJECT_SORTS) {
    test(`every page of one- and two-character searches, sorted by ${sort}`, async () => {
      // "4" and "0" end most titles (a column's end, which no trigram starts); "e" and " " are in every film.
      for (const q of ['ue', 'up', 'U', 'q', '7', '42', 'e', 'zz', '%', ' ', '4', '0']) {
        const want = expected(q, sort);
        const { ids, totals } = await everyPage(q, sort, ['e', ' ', '4', '0'].includes(q) ? 500 : 60);
        assert.deepEqual(totals, [want.length], `${JSON.stringify(q)}: every page counts every match`);
        assert.deepEqual(ids, want, `${JSON.stringify(q)}: the films and their order`);
      }
    });
  }

  test('the first page of each plan: a rare trigram, many matches, matches at the far end', async () => {
    for (const q of ['Director Q42', 'harbor', 'tail of the', 'ue', 'u', '7', '4', 'e', 'director']) {
      const page = await data.projects.pageProjects(store.db, { q, nowMs: NOW * 1000 }, 'funding', 24, null);
      assert.deepEqual(page.rows.map((row) => Number(row.id)), expected(q, 'funding').slice(0, 24), q);
    }
  });
});
