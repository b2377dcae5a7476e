// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The marketplace's server side (GET /api/projects): search, status filter, sorts and cursor
// pagination in the database, ETag and compression — over a catalogue big enough for several pages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { T0 } from './helpers/scenario.ts';

const FILMS = 23;
const DIRECTORS = ['Ada Lens', 'Bo Reel', 'Cy Frame'];

interface Film {
  id: number;
  title: string;
  description: string;
  directorName: string;
  status: string;
  currentFunding: number;
  fundingGoal: number;
  createdAt: string;
  deadline: string;
}

async function catalogue() {
  const t = await testApp({ nowMs: (T0 + 86400) * 1000 });
  t.chain.initializePlatform();
  const studio = t.chain.registerStudio('s', 'Studio');
  for (let n = 0; n < FILMS; n++) {
    const metadata = {
      title: `Film ${n}`,
      description: n % 5 === 0 ? `A HEIST story number ${n}` : `Drama ${n}, 100% true`,
      directorName: DIRECTORS[n % DIRECTORS.length],
      genres: 'Drama',
      releaseYear: 2024,
      licenseType: 'Exclusive Streaming',
      thumbnailUrl: `/api/demo/posters/${n}.svg`,
    };
    const stored = (await (await t.request('POST', '/api/metadata', metadata)).json()) as { sha256: string; uri: string };
    // Deadlines in a scrambled order; film 3 is already past its deadline (failed).
    const deadline = n === 3 ? T0 + 3600 : T0 + 86400 * (2 + ((n * 7) % FILMS));
    const film = t.chain.createProject(studio, n === 7 ? 'The Night Heist' : `Film ${n}`, 10, {
      deadline,
      metadataHash: [...Buffer.from(stored.sha256, 'hex')],
      metadataUri: stored.uri,
    });
    // Funding percentages in another order, with ties (n % 4 === 0 gets nothing), some films funded.
    const sol = (n * 3) % 11;
    if (n % 4 !== 0 && n !== 3) t.chain.invest(film.id, address(`investor-${n}`), BigInt(sol) * 1_000_000_000n);
  }
  await t.cluster.indexer.sync();
  const all = (await (await t.request('GET', '/api/projects')).json()) as Film[];
  return { ...t, all, studio };
}

const ratio = (film: Film) => film.currentFunding / film.fundingGoal;
const byId = (descending: boolean) => (a: Film, b: Film) => (descending ? b.id - a.id : a.id - b.id);
const ORDERS: Record<string, (a: Film, b: Film) => number> = {
  newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || byId(true)(a, b),
  funding: (a, b) => ratio(b) - ratio(a) || byId(true)(a, b),
  endingSoon: (a, b) => Date.parse(a.deadline) - Date.parse(b.deadline) || byId(false)(a, b),
};

async function pages(request: (method: string, path: string) => Response | Promise<Response>, query: string, limit: number) {
  const seen: Film[] = [];
  let cursor: string | null = null;
  let total: number;
  for (let page = 0; page < 50; page++) {
    const response = await request('GET', `/api/projects?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    assert.equal(response.status, 200);
    const body = (await response.json()) as { items: Film[]; nextCursor: string | null; total: number };
    assert.ok(body.items.length <= limit);
    total = body.total;
    seen.push(...body.items);
    cursor = body.nextCursor;
    if (!cursor) return { seen, total };
  }
  throw new Error('pagination did not end');
}

describe('GET /api/projects (marketplace)', () => {
  test('q matches title, description or directorName, case-insensitively; % is literal', async () => {
    const { request, all } = await catalogue();
    const titles = async (query: string) => ((await (await request('GET', `/api/projects?${query}`)).json()) as Film[]).map((film) => film.id).sort((a, b) => a - b);
    const expected = (needle: string) =>
      all
        .filter((film) => [film.title, film.description, film.directorName].some((text) => text.toLowerCase().includes(needle.toLowerCase())))
        .map((film) => film.id)
        .sort((a, b) => a - b);
    assert.deepEqual(await titles('q=heist'), expected('heist'));
    assert.ok((await titles('q=heist')).includes(7), 'the title match');
    assert.deepEqual(await titles('q=bO%20rEEL'), expected('bo reel'));
    assert.equal((await titles('q=bo%20reel')).length, 8);
    assert.deepEqual(await titles('q=100%25'), expected('100%'));
    assert.deepEqual(await titles('q=1_0'), [], '_ is not a wildcard');
    assert.deepEqual(await titles('search=HEIST'), expected('heist'), 'search is the same parameter');
  });

  test('status filters funding (open), funded and failed films', async () => {
    const { request, all } = await catalogue();
    for (const status of ['funding', 'funded', 'failed']) {
      const films = (await (await request('GET', `/api/projects?status=${status}`)).json()) as Film[];
      assert.deepEqual(films.map((film) => film.id).sort(), all.filter((film) => film.status === status).map((film) => film.id).sort(), status);
      assert.ok(films.length > 0, status);
    }
  });

  test('each sort, paged with a cursor, walks every match once in the sort order', async () => {
    const { request, all } = await catalogue();
    for (const [sort, order] of Object.entries(ORDERS)) {
      const plain = (await (await request('GET', `/api/projects?sort=${sort}`)).json()) as Film[];
      assert.deepEqual(plain.map((film) => film.id), [...all].sort(order).map((film) => film.id), `${sort} (plain array)`);
      const { seen, total } = await pages(request, `sort=${sort}`, 5);
      assert.equal(total, FILMS);
      assert.deepEqual(seen.map((film) => film.id), plain.map((film) => film.id), `${sort} (pages)`);
    }
    const filtered = await pages(request, 'sort=funding&status=funding&q=film', 4);
    const expected = all.filter((film) => film.status === 'funding' && film.title.toLowerCase().includes('film')).sort(ORDERS.funding);
    assert.equal(filtered.total, expected.length);
    assert.deepEqual(filtered.seen.map((film) => film.id), expected.map((film) => film.id));
  });

  test('a search lists verified studios\' films first, in the sort order within each group, on pages too', async () => {
    const t = await catalogue();
    const verified = t.chain.registerStudio('v', 'Verified Pictures');
    t.chain.verifyStudio(verified);
    const theirs = [t.chain.createProject(verified, 'Film V1', 10).id, t.chain.createProject(verified, 'Film V2', 10).id];
    await t.cluster.indexer.sync();
    const all = (await (await t.request('GET', '/api/projects')).json()) as (Film & { studioVerified: boolean })[];
    assert.deepEqual(all.filter((film) => film.studioVerified).map((film) => film.id).sort(), [...theirs].sort());
    // The verified films have 0% funding: by the funding sort alone they would come near the end.
    const matches = all.filter((film) => film.title.toLowerCase().includes('film'));
    const expected = [...matches.filter((film) => film.studioVerified).sort(ORDERS.funding), ...matches.filter((film) => !film.studioVerified).sort(ORDERS.funding)];
    const plain = (await (await t.request('GET', '/api/projects?sort=funding&q=film')).json()) as Film[];
    assert.deepEqual(plain.map((film) => film.id), expected.map((film) => film.id));
    const { seen, total } = await pages(t.request, 'sort=funding&q=film', 3);
    assert.equal(total, expected.length);
    assert.deepEqual(seen.map((film) => film.id), expected.map((film) => film.id));
    const unsearched = (await (await t.request('GET', '/api/projects?sort=funding')).json()) as Film[];
    assert.deepEqual(unsearched.map((film) => film.id), [...all].sort(ORDERS.funding).map((film) => film.id));
  });

  test('a film added between two pages does not shift the later pages', async () => {
    const t = await catalogue();
    const first = (await (await t.request('GET', '/api/projects?sort=newest&limit=10')).json()) as { items: Film[]; nextCursor: string };
    t.chain.createProject(t.studio, 'Latecomer', 10);
    await t.cluster.indexer.sync();
    const second = (await (await t.request('GET', `/api/projects?sort=newest&limit=10&cursor=${first.nextCursor}`)).json()) as { items: Film[]; total: number };
    assert.equal(second.total, FILMS + 1);
    assert.deepEqual(second.items.map((film) => film.id), t.all.slice(10, 20).map((film) => film.id));
  });

  test('bad limits and cursors are 400s', async () => {
    const { request } = await catalogue();
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=nonsense', 'sort=hot']) {
      const response = await request('GET', `/api/projects?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(typeof ((await response.json()) as { message: string }).message, 'string');
    }
    const { nextCursor } = (await (await request('GET', '/api/projects?sort=funding&limit=2')).json()) as { nextCursor: string };
    const mismatched = await request('GET', `/api/projects?sort=newest&limit=2&cursor=${nextCursor}`);
    assert.equal(mismatched.status, 400);
    assert.match(((await mismatched.json()) as { message: string }).message, /sort "funding"/);
  });

  test('lists carry an ETag (If-None-Match → 304) and are compressed when the client accepts it', async () => {
    const { app } = await catalogue();
    const first = await app.request('/api/projects?limit=24');
    const tag = first.headers.get('etag');
    assert.ok(tag);
    const again = await app.request('/api/projects?limit=24', { headers: { 'if-none-match': tag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    const other = await app.request('/api/projects?limit=22', { headers: { 'if-none-match': tag } });
    assert.equal(other.status, 200);
    const compressed = await app.request('/api/projects', { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(compressed.headers.get('content-encoding'), 'gzip');
  });
});
