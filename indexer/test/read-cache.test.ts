// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The read cache (api/read-cache.ts): an answer is served again only while the database has not
// changed (by this process or another connection) and its clock-bound validity holds; errors are
// never kept; concurrent requests share change-stamp readings begun after they arrived. On SQLite,
// and on PostgreSQL when the suite runs there.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, describe, test } from 'node:test';
import { Hono } from 'hono';
import type { AppEnv } from '../src/api/context.ts';
import type { ClusterContext } from '../src/cluster.ts';
import { fail } from '../src/api/errors.ts';
import { acceptsGzip, cachedRead, holdsUntil, ReadCache, StampReadings } from '../src/api/read-cache.ts';
import { openStore, users, type DataStore, type StoreLocation } from '../src/db/index.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { testDatabaseUrl, uniquePrefix } from './helpers/database.ts';
import { T0 } from './helpers/scenario.ts';

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A location two connections can open at once: a SQLite file, or one PostgreSQL schema. */
function sharedLocation(): StoreLocation {
  if (testDatabaseUrl) return { dialect: 'postgres', url: testDatabaseUrl, schema: `${uniquePrefix()}cache` };
  const folder = mkdtempSync(join(tmpdir(), 'marquee-read-cache-'));
  folders.push(folder);
  return { dialect: 'sqlite', path: join(folder, 'cache.sqlite') };
}

/** What the test route answers: a JSON body, and until when it holds if the clock matters. */
interface Answer {
  body: unknown;
  holdsUntilMs?: number;
}

/** One route answered through a ReadCache, counting how often it runs. */
function cachedRoute(store: DataStore, compute: () => Promise<Answer>, clock = { nowMs: 0 }) {
  const cache = new ReadCache(() => clock.nowMs);
  const cluster = { name: 'demo', store, db: store.db } as unknown as ClusterContext;
  let computed = 0;
  const app = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('cluster', cluster);
      c.set('readCache', cache);
      await next();
    })
    .get('/answer', cachedRead, async (c) => {
      computed += 1;
      const answer = await compute();
      if (answer.holdsUntilMs !== undefined) holdsUntil(c, answer.holdsUntilMs);
      return c.json(answer.body);
    });
  app.onError((error, c) => c.json({ message: error.message }, 404));
  return { get: (path = '/answer') => app.request(path), computed: () => computed, clock };
}

describe('read cache', () => {
  test('answers again from the cache until a write by this connection or by another one changes the database', async () => {
    const location = sharedLocation();
    const store = await openStore(location);
    const other = await openStore(location);
    try {
      const route = cachedRoute(store, async () => ({ body: { users: (await store.db.selectFrom('users').select('chain_address').execute()).length } }));
      const first = await route.get();
      assert.deepEqual(await first.json(), { users: 0 });
      assert.match(first.headers.get('etag') ?? '', /^"[0-9a-f]{40}"$/);
      assert.deepEqual(await (await route.get()).json(), { users: 0 });
      assert.equal(route.computed(), 1, 'the second request is answered from the cache');

      await users.ensureUser(store.db, address('alice'), T0);
      assert.deepEqual(await (await route.get()).json(), { users: 1 }, 'a write by the same connection is seen at once');
      assert.equal(route.computed(), 2);

      await users.ensureUser(other.db, address('bob'), T0);
      assert.deepEqual(await (await route.get()).json(), { users: 2 }, "another connection's commit is seen at once");
      assert.equal(route.computed(), 3);
      assert.deepEqual(await (await route.get()).json(), { users: 2 });
      assert.equal(route.computed(), 3);
    } finally {
      await other.close();
      if (location.dialect === 'postgres') await store.db.schema.dropSchema(location.schema).ifExists().cascade().execute();
      await store.close();
    }
  });

  test('an answer bound to the clock is computed again once its time has passed', async () => {
    const store = await openStore(sharedLocation());
    try {
      const clock = { nowMs: 1_000 };
      const route = cachedRoute(store, async () => ({ body: { at: clock.nowMs }, holdsUntilMs: 5_000 }), clock);
      await route.get();
      clock.nowMs = 5_000;
      assert.deepEqual(await (await route.get()).json(), { at: 1_000 }, 'still valid at its last millisecond');
      clock.nowMs = 5_001;
      assert.deepEqual(await (await route.get()).json(), { at: 5_001 });
      assert.equal(route.computed(), 2);
    } finally {
      await store.close();
    }
  });

  test('an error is never kept: the next request computes again', async () => {
    const store = await openStore(sharedLocation());
    try {
      let found = false;
      const route = cachedRoute(store, async () => (found ? { body: { found } } : fail(404, 'Not yet')));
      assert.equal((await route.get()).status, 404);
      found = true;
      assert.deepEqual(await (await route.get()).json(), { found: true });
      assert.equal(route.computed(), 2);
    } finally {
      await store.close();
    }
  });

  test('the requests of one turn share one reading, begun when the turn ends; a later request never gets one begun before it', async () => {
    const pending: ((stamp: string) => void)[] = [];
    const readings = new StampReadings(() => new Promise<string>((resolve) => pending.push(resolve)));
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const [first, second, third] = [readings.read(), readings.read(), readings.read()];
    assert.equal(pending.length, 0, 'nothing read before the turn ends');
    await turn();
    assert.equal(pending.length, 1, 'one reading for the three');
    // Arriving while that reading is under way: it may predate a commit this request follows, so this
    // request gets a reading of its own turn, begun without waiting for the first to end.
    const fourth = readings.read();
    await turn();
    assert.equal(pending.length, 2);
    pending[1]('stamp-2');
    assert.equal(await fourth, 'stamp-2');
    pending[0]('stamp-1');
    assert.deepEqual(await Promise.all([first, second, third]), ['stamp-1', 'stamp-1', 'stamp-1']);
  });

  test('a reading that fails refuses the requests of its turn, and the next turn reads again', async () => {
    let calls = 0;
    const readings = new StampReadings(() => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
      return Promise.resolve(`stamp-${calls}`);
    });
    await assert.rejects(Promise.all([readings.read(), readings.read()]), /connection lost/);
    assert.equal(await readings.read(), 'stamp-2');
  });
});

describe('cached API reads', () => {
  test('a browser (Accept-Encoding: gzip) gets the kept answer gzipped, the same JSON under a weak ETag that revalidates with 304; a client without gzip gets it as it is', async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('s', 'Studio');
    for (const title of ['Night Train', 'Harbor Lights', 'The Quiet Orchard', 'Paper Moons']) t.chain.createProject(studio, title, 10);
    await t.cluster.indexer.sync();
    const plain = await t.request('GET', '/api/projects?limit=24');
    const json = Buffer.from(await plain.arrayBuffer());
    assert.ok(json.byteLength >= 1024, 'an answer the compress middleware would compress');
    assert.equal(plain.headers.get('content-encoding'), null);
    const strong = plain.headers.get('etag')!;
    assert.match(strong, /^"[0-9a-f]{40}"$/);
    for (const acceptEncoding of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5', '*']) {
      const zipped = await t.request('GET', '/api/projects?limit=24', undefined, { 'accept-encoding': acceptEncoding });
      assert.equal(zipped.status, 200, acceptEncoding);
      assert.equal(zipped.headers.get('content-encoding'), 'gzip', acceptEncoding);
      assert.match(zipped.headers.get('vary') ?? '', /accept-encoding/i, acceptEncoding);
      assert.equal(zipped.headers.get('etag'), `W/${strong}`, acceptEncoding);
      assert.deepEqual(gunzipSync(Buffer.from(await zipped.arrayBuffer())), json, acceptEncoding);
    }
    const revalidated = await t.request('GET', '/api/projects?limit=24', undefined, { 'accept-encoding': 'gzip', 'if-none-match': `W/${strong}` });
    assert.equal(revalidated.status, 304);
    // gzip refused (q=0): the JSON as it is.
    const refused = await t.request('GET', '/api/projects?limit=24', undefined, { 'accept-encoding': 'gzip;q=0, identity' });
    assert.equal(refused.headers.get('content-encoding'), null);
    assert.deepEqual(Buffer.from(await refused.arrayBuffer()), json);
  });

  test('which Accept-Encoding headers accept gzip', () => {
    for (const [header, accepted] of [
      [undefined, false],
      ['', false],
      ['gzip', true],
      ['GZIP;q=0.1', true],
      ['x-gzip', true],
      ['deflate, br', false],
      ['gzip;q=0', false],
      ['gzip; q=0.000', false],
      ['*', true],
      ['*;q=0', false],
      ['*, gzip;q=0', false],
      ['gzip;q=0, *', false],
      ['identity', false],
    ] as const) {
      assert.equal(acceptsGzip(header), accepted, String(header));
    }
  });

  test("a film's answers change with an ingested investment and at its deadline, with no write at the deadline", async () => {
    const t = await testApp({ nowMs: (T0 + 60) * 1000 });
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('s', 'Studio');
    const film = t.chain.createProject(studio, 'Night Train', 10, { deadline: T0 + 3600 });
    await t.cluster.indexer.sync();
    const read = async (path: string) => (await t.request('GET', path)).json();
    const one = async () => (await read(`/api/projects/${film.id}`)) as { status: string; currentFunding: number };
    const page = async () => (await read('/api/projects?limit=24')) as { items: { currentFunding: number; status: string }[] };

    assert.equal((await one()).currentFunding, 0);
    assert.equal((await page()).items[0].currentFunding, 0);
    t.chain.invest(film.id, address('alice'), 2_000_000_000n);
    await t.cluster.indexer.sync();
    // currentFunding is in SOL × 1000 (the spec's amounts)
    assert.equal((await one()).currentFunding, 2000);
    assert.equal((await page()).items[0].currentFunding, 2000);

    assert.equal((await one()).status, 'funding');
    t.clock.advance(3600 * 1000 - 60 * 1000); // exactly the deadline: still funding
    assert.equal((await one()).status, 'funding');
    t.clock.advance(1);
    assert.equal((await one()).status, 'failed');
    assert.equal((await page()).items[0].status, 'failed');
    const featured = (await read('/api/projects/featured')) as { status: string }[];
    assert.equal(featured[0].status, 'failed');
  });

  test('a cached answer keeps its ETag, and If-None-Match gets 304', async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    t.chain.createProject(t.chain.registerStudio('s', 'Studio'), 'Night Train', 10);
    await t.cluster.indexer.sync();
    const first = await t.request('GET', '/api/projects?limit=24');
    const etag = first.headers.get('etag');
    assert.ok(etag);
    const again = await t.request('GET', '/api/projects?limit=24');
    assert.equal(again.headers.get('etag'), etag);
    assert.equal((await t.request('GET', '/api/projects?limit=24', undefined, { 'if-none-match': etag })).status, 304);
  });

  test("an investor's unclaimed revenue: a 404 is not kept, and an ingested distribution shows at once", async () => {
    const t = await testApp();
    assert.equal((await t.request('GET', '/api/revenue/unclaimed/1')).status, 404, 'no user 1 yet');
    t.chain.initializePlatform();
    const film = t.chain.createProject(t.chain.registerStudio('s', 'Studio'), 'Night Train', 10);
    const investor = address('carol');
    t.chain.invest(film.id, investor, 2_000_000_000n);
    await t.cluster.indexer.sync();
    const unclaimed = async (user: string) => {
      const response = await t.request('GET', `/api/revenue/unclaimed/${user}`);
      assert.equal(response.status, 200);
      return ((await response.json()) as { totalLamports: string }).totalLamports;
    };
    assert.equal(await unclaimed('1'), '0', 'the investment made user 1');
    assert.equal(await unclaimed(investor), '0');
    t.chain.distributeRevenue(film.id, 1_000_000_000n);
    await t.cluster.indexer.sync();
    // the investors' 57.5% of 1 SOL, less the accumulator's rounding (at most a lamport)
    assert.ok(575_000_000 - Number(await unclaimed(investor)) <= 1);
  });
});
