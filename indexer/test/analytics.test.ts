// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// /api/analytics from indexed events: funding per day (cumulative), views and revenue per day from
// distributions, the 40 / 57.5 / 2.5 split, per film and platform-wide, and one wallet's figures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { T0 } from './helpers/scenario.ts';

const alice = address('alice');
const bob = address('bob');
const DAY_S = 86_400;
const day = (offset: number) => new Date((T0 + offset * DAY_S) * 1000).toISOString().slice(0, 10);

async function scenario() {
  const t = await testApp({ nowMs: (T0 + 10 * DAY_S) * 1000 });
  const { chain, cluster } = t;
  chain.initializePlatform();
  const studio = chain.registerStudio('a24', 'A24');
  chain.verifyStudio(studio);
  const film = chain.createProject(studio, 'Night Train', 10);
  const other = chain.createProject(studio, 'Open Water', 20);
  chain.invest(film.id, alice, 6_000_000_000n);
  chain.invest(other.id, bob, 1_000_000_000n);
  chain.time += DAY_S;
  chain.invest(film.id, bob, 4_000_000_000n);
  chain.claimLicense(film.id);
  const { embed } = chain.registerEmbed(film.id, address('publisher'), 'embed-1', 'https://films.example');
  chain.distributeRevenue(film.id, 1_000_000_000n, [{ embed, views: 100n }]);
  chain.time += DAY_S;
  chain.distributeRevenue(film.id, 2_000_000_000n, [{ embed, views: 300n }]);
  chain.claimRevenue(film.id, alice);
  await cluster.indexer.sync();
  return { ...t, film, other };
}

const get = async (request: Awaited<ReturnType<typeof testApp>>['request'], path: string) => {
  const response = await request('GET', path);
  assert.equal(response.status, 200, path);
  return response.json();
};

test('platform analytics: funding over time, views and revenue per day, split and per film', async () => {
  const { request, film, other } = await scenario();
  const body = await get(request, '/api/analytics/platform');
  assert.deepEqual(body.funding, [
    { date: day(0), invested: 7000, raised: 7000 },
    { date: day(1), invested: 4000, raised: 11000 },
  ]);
  assert.deepEqual(body.daily, [
    { date: day(1), views: 100, revenue: 1000 },
    { date: day(2), views: 300, revenue: 2000 },
  ]);
  assert.deepEqual(body.split, { publishers: 1200, investors: 1725, platform: 75 });
  assert.deepEqual(body.totals, { projects: 2, funded: 1, investors: 2, raised: 11000, revenue: 3000, views: 400 });
  const films = Object.fromEntries(body.projects.map((p: { projectId: number }) => [p.projectId, p]));
  assert.deepEqual([films[film.id].raised, films[film.id].revenue, films[film.id].views], [10000, 3000, 400]);
  assert.deepEqual([films[other.id].raised, films[other.id].revenue], [1000, 0]);
});

test('film analytics and a 404 for an unknown film', async () => {
  const { request, other } = await scenario();
  const body = await get(request, `/api/analytics/projects/${other.id}`);
  assert.deepEqual(body.funding, [{ date: day(0), invested: 1000, raised: 1000 }]);
  assert.deepEqual(body.daily, []);
  assert.deepEqual(body.totals, { investors: 1, raised: 1000, revenue: 0, views: 0 });
  const missing = await request('GET', '/api/analytics/projects/999');
  assert.equal(missing.status, 404);
  assert.deepEqual(await missing.json(), { message: 'Project not found' });
});

test("a wallet's own figures: invested over time, earned and claimed", async () => {
  const { request } = await scenario();
  const body = await get(request, `/api/analytics/wallet/${alice}`);
  assert.deepEqual(body.invested, [{ date: day(0), invested: 6000, total: 6000 }]);
  // alice holds 60% of the film: 60% of the investors' 57.5% of each distribution.
  assert.deepEqual(
    body.revenue.map((point: { date: string; earned: number; claimed: number }) => [point.date, Math.round(point.earned), Math.round(point.claimed)]),
    [
      [day(1), 345, 0],
      [day(2), 690, 1035],
    ],
  );
  assert.equal(body.totals.projects, 1);
  assert.equal(Math.round(body.totals.claimed), 1035);
});
