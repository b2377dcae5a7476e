// Benchmark (not a test): requests/s of the API's list endpoints over 1,000 films against a bare Hono
// route serving the same bytes, on the same HTTP server stack in the same run (target ≥ 0.5): asked
// without Accept-Encoding (both sides send the JSON as it is), and as a browser asks (Accept-Encoding:
// gzip, deflate, br, zstd; the bare route then serves the API's gzipped bytes, Content-Encoding set).
//   npx tsx scripts/bench/api.ts        (SQLite in memory; DATABASE_URL=postgres://… for PostgreSQL)
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../indexer/src/api/app.ts';
import type { ClusterContext } from '../../indexer/src/cluster.ts';
import { data, openStore, type StoreLocation } from '../../indexer/src/index.ts';
import { ClusterIndexer } from '../../indexer/src/ingest/indexer.ts';
import type { ChainSource } from '../../indexer/src/sources/source.ts';
import { SMOKE, benchRow, printRows, type BenchRow } from './rows.ts';

const FILMS = SMOKE ? 60 : 1000;
const HOLDINGS = 50;
const TARGET = 0.5;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? (SMOKE ? 300 : 3000));
const CONCURRENCY = 8;
/** The measurement alternates between the API and the bare route this many times. */
const SLICES = 10;
const INVESTOR = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'; // any valid address

/** The catalogue: 1,000 films with metadata, an investor holding 50 of them with unclaimed distributions. */
async function fill(db: data.Executor) {
  const now = 1_750_000_000;
  await data.platform.insertStudio(db, { address: 'BenchStudio', authority: 'BenchAuthority', name: 'Bench Studio', registeredAt: now, signature: 'sig-studio' });
  await db.transaction().execute(async (trx) => {
    for (let id = 0; id < FILMS; id++) {
      const body = JSON.stringify({ description: `Film number ${id}, a story told in ninety minutes.`, directorName: `Director ${id % 37}`, genres: ['Drama'], thumbnailUrl: `/posters/${id}.svg` });
      await data.metadata.putMetadata(trx, `hash${id}`, body, now);
      await data.projects.insertProject(trx, {
        id,
        address: `Project${id}`,
        studio: 'BenchAuthority',
        shareMint: `Mint${id}`,
        vault: `Vault${id}`,
        title: `Bench Film ${id}`,
        metadataUri: `http://localhost/api/metadata/hash${id}`,
        metadataHash: `hash${id}`,
        goalLamports: 10_000_000_000,
        deadline: now + 86400 * (1 + (id % 60)),
        createdAt: now + id,
        signature: `sig-project-${id}`,
      });
      await data.projects.recordInvestmentTotals(trx, id, { raisedLamports: (id * 7919) % 10_000_000_000, investorCount: 3, sharesMinted: 1, statusAfter: 'funding', at: now });
    }
    await data.users.ensureUser(trx, INVESTOR, now);
    for (let id = 0; id < HOLDINGS; id++) {
      const distributionId = await data.revenue.insertDistribution(trx, {
        projectId: id,
        index: 0,
        address: `Distribution${id}`,
        totalLamports: 1_000_000,
        publisherLamports: 400_000,
        investorLamports: 575_000,
        platformLamports: 25_000,
        totalViews: 10,
        totalShares: 1,
        revenuePerShareBefore: '0',
        revenuePerShareAfter: '1',
        distributedAt: now + id,
        signature: `sig-distribution-${id}`,
      });
      await data.revenue.insertInvestorParts(trx, distributionId, id, [{ investor: INVESTOR, shares: 1, amountLamports: 575_000 }]);
    }
  });
}

/** A source the read-only benchmark never asks anything. */
const idleSource: ChainSource = {
  cluster: 'demo',
  getTransaction: async () => null,
  getSignatures: async () => [],
};

function listen(app: Hono): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

/** What a browser's request says it accepts (Chromium's Accept-Encoding). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** The answer's bytes as sent (compressed when `headers` accept it), and its Content-Encoding. */
function get(agent: Agent, port: number, path: string, headers: Record<string, string> = {}): Promise<Buffer & { encoding?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(Object.assign(Buffer.concat(chunks), { encoding: res.headers['content-encoding'] })) : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Requests completed on `path` by CONCURRENCY clients within `ms`. */
async function requestsWithin(agent: Agent, port: number, path: string, headers: Record<string, string>, ms: number): Promise<{ done: number; seconds: number }> {
  let done = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await get(agent, port, path, headers);
        done++;
      }
    }),
  );
  return { done, seconds: (performance.now() - start) / 1000 };
}

/**
 * Requests per second of the API's `path` and of the bare route, CONCURRENCY clients each, over
 * DURATION_MS each: measured in alternating slices, so a load that comes and goes on a shared
 * machine weighs on both alike and the ratio stays meaningful.
 */
async function interleavedRequestsPerSecond(
  api: { port: number; path: string },
  bare: { port: number; path: string },
  headers: Record<string, string>,
): Promise<{ value: number; base: number }> {
  const apiAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  for (let i = 0; i < 20; i++) {
    await get(apiAgent, api.port, api.path, headers); // warm-up
    await get(bareAgent, bare.port, bare.path, headers);
  }
  const totals = { api: { done: 0, seconds: 0 }, bare: { done: 0, seconds: 0 } };
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [side, target, agent] of [['api', api, apiAgent], ['bare', bare, bareAgent]] as const) {
      const { done, seconds } = await requestsWithin(agent, target.port, target.path, headers, DURATION_MS / SLICES);
      totals[side].done += done;
      totals[side].seconds += seconds;
    }
  }
  apiAgent.destroy();
  bareAgent.destroy();
  return { value: totals.api.done / totals.api.seconds, base: totals.bare.done / totals.bare.seconds };
}

export async function benchApi(): Promise<BenchRow[]> {
  const url = process.env.DATABASE_URL;
  const location: StoreLocation = data.isPostgresUrl(url)
    ? { dialect: 'postgres', url, schema: `bench_api_${process.pid}`, temporary: true }
    : { dialect: 'sqlite', path: ':memory:' };
  const store = await openStore(location);
  await fill(store.db);
  const cluster: ClusterContext = { name: 'demo', store, db: store.db, indexer: new ClusterIndexer({ cluster: 'demo', store, source: idleSource }) };
  const api = await listen(createApp({ clusters: [cluster] }) as unknown as Hono);
  const rows: BenchRow[] = [];
  try {
    for (const [name, path] of [
      ['GET /api/projects?limit=24 (req/s)', '/api/projects?limit=24'],
      ['GET /api/revenue/unclaimed/:user (req/s)', `/api/revenue/unclaimed/${INVESTOR}`],
    ] as const) {
      for (const [asked, headers] of [
        ['', {}],
        [', as a browser asks (Accept-Encoding: gzip…)', { 'accept-encoding': BROWSER_ENCODINGS }],
      ] as const) {
        const bytes = await get(new Agent(), api.port, path, headers);
        const encoded = bytes.encoding ? { 'content-encoding': bytes.encoding } : {};
        const bare = new Hono().get('/bare', (c) => c.body(new Uint8Array(bytes), 200, { 'content-type': 'application/json', ...encoded }));
        const baseline = await listen(bare);
        try {
          const { value, base } = await interleavedRequestsPerSecond({ port: api.port, path }, { port: baseline.port, path: '/bare' }, headers);
          rows.push(benchRow(`${name}${asked} [${store.dialect}]`, value, base, TARGET));
        } finally {
          baseline.server.close();
        }
      }
    }
  } finally {
    api.server.close();
    await store.close();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await benchApi());
