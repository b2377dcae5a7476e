// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The projects search read from its trigram indexes (migration 014), on whichever database the suite
// runs: the index follows every write of the data layer (a film listed before or after its metadata,
// a metadata edit), the query keeps LIKE's substring semantics, and the plan reads the index rather
// than scanning every film.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CompiledQuery } from 'kysely';
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
});
