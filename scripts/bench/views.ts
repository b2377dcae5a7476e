// Benchmark (not a test): counted views per second through the whole view path on the demo chain's
// seeded catalogue — when the viewer presses Play, the ads of the player's slots, the one it pays
// for carrying its signed ticket (the ticket is the play), then the view report with it, every cap at
// its default, both sent as the player's script sends them (player/requests.ts) — against a
// bare Hono POST route writing one row to the same database, on the same HTTP stack in the same run
// (target ≥ 0.3); then the settlement of 10,000 counted views on the demo chain (LiteSVM, the real
// program) in transactions and compute units. Each viewer first loads the player page as a browser
// on the embed's website does (untimed: the page is the embedding, not the view), from a new
// address (IPv4 addresses of distinct /24s and IPv6 addresses of distinct /64s, as the trusted
// proxy's X-Forwarded-For names them) on the website of one of the seeded embeds in turn, so the
// caps see honest traffic; views offered and counted are both reported (a first slice warms both
// paths up, untimed; its views are among those offered and counted). The minimum watch time is
// the viewer's wait, not the server's work, so the bench's viewers report at once (0 ms).
// SQLite always; PostgreSQL when DATABASE_URL names one (scripts/with-postgres.sh), else its row says why.
//   npx tsx scripts/bench/views.ts
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../../indexer/src/api/app.ts';
import { isPostgresUrl, publishers, type Executor } from '../../indexer/src/db/index.ts';
import { startDemo, type DemoRuntime } from '../../indexer/src/demo/index.ts';
import { playTicket, type AdSlot } from '../../indexer/src/player/machine.ts';
import { adsRequestPath, viewReport, viewReportPath, type PlayPage } from '../../indexer/src/player/requests.ts';
import { SMOKE, benchRow, printRows, type BenchRow } from './rows.ts';

const TARGET = 0.3;
const CONCURRENCY = 8;
/**
 * The measurement alternates between the view path and the bare route this many times: each slice
 * plays this many viewers' views, then writes to the bare route for as long as they took.
 */
const SLICES = SMOKE ? 2 : 10;
const VIEWERS_PER_SLICE = SMOKE ? 8 : 100;
const ORIGIN = 'http://localhost:8787';
const PER_VIEWS = 10_000;

interface Served {
  status: number;
  body: string;
}

function call(agent: Agent, port: number, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown): Promise<Served> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function listen(app: { fetch: Hono['fetch'] }): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

/** The n-th viewer's address: alternately IPv4 and IPv6, each of its own /24 or /64. */
function viewerAddress(n: number): string {
  const k = n >> 1;
  return n % 2 === 0 ? `10.${(k >> 8) & 255}.${k & 255}.${1 + ((k >> 16) & 127)}` : `2001:db8:${(k >> 16).toString(16)}:${(k & 0xffff).toString(16)}::1`;
}

interface Embed {
  projectId: number;
  embedId: string;
  websiteUrl: string;
  publisher: string;
}

/** The seeded embeds, their publishers' websites verified (as a publisher does in the dApp), so their views count. */
async function embedsOf(demo: DemoRuntime, app: ReturnType<typeof createApp>): Promise<Embed[]> {
  const embeds = (await (await app.request('/api/embeds')).json()) as Embed[];
  const verified = new Set<string>();
  for (const embed of embeds) {
    const origin = new URL(embed.websiteUrl).origin;
    const key = `${embed.publisher} ${origin}`;
    if (verified.has(key)) continue;
    verified.add(key);
    const website = await publishers.requestWebsite(demo.cluster.db, { wallet: embed.publisher, origin, websiteUrl: origin, token: 'bench', contactEmail: null, now: Date.now() });
    await publishers.recordCheck(demo.cluster.db, website.id, { verified: true, method: 'well-known', now: Date.now() });
  }
  if (embeds.length === 0) throw new Error('the demo seed has no embed');
  return embeds;
}

/** A viewer with the player page loaded: its address and the page (its film, cluster, embed, token and ad slots). */
interface Viewer {
  ip: string;
  page: PlayPage & { embedId: string; slots: AdSlot[] };
}

/** The player page as a browser on the embed's website loads it: the viewer, or null when it plays no ad. */
async function loadPage(agent: Agent, port: number, embed: Embed, ip: string): Promise<Viewer | null> {
  const site = new URL(embed.websiteUrl).origin;
  const loaded = await call(agent, port, 'GET', `/player/${embed.projectId}?embed=${encodeURIComponent(embed.embedId)}`, {
    'x-forwarded-for': ip,
    referer: `${site}/watch`,
    'sec-fetch-site': 'cross-site',
  });
  const config = /id="player-config">(.*?)<\/script>/s.exec(loaded.body)?.[1];
  if (loaded.status !== 200 || !config) throw new Error(`the player page answered ${loaded.status}`);
  const page = JSON.parse(config) as PlayPage & { slots: AdSlot[]; ads: Record<string, { campaign: string | null; ticket: string | null }> };
  const played = playTicket(page.slots, page.ads);
  const { embedId } = page;
  return played && page.pageToken && embedId ? { ip, page: { ...page, embedId } } : null;
}

/**
 * The view path of a play: the ads of the page's slots, the play's with its ticket (as the player
 * asks when the viewer presses Play), then the view report with that ticket; whether it counted.
 */
async function view(agent: Agent, port: number, viewer: Viewer): Promise<boolean> {
  const { page, ip } = viewer;
  const headers = { 'x-forwarded-for': ip };
  const served = await call(agent, port, 'GET', adsRequestPath(page, page.slots), headers);
  const ticket = served.status === 200 ? playTicket(page.slots, (JSON.parse(served.body) as { ads: Record<string, { campaign: string | null; ticket: string | null }> }).ads)?.ticket : null;
  if (!ticket) return false;
  const reported = await call(agent, port, 'POST', viewReportPath(page), headers, viewReport(page, ticket, Date.now()));
  return reported.status === 200 && (JSON.parse(reported.body) as { counted?: boolean }).counted === true;
}

/** CONCURRENCY workers running `work` on every item; how long it took. */
async function allOf<T>(items: T[], work: (item: T) => Promise<void>): Promise<number> {
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
  return (performance.now() - start) / 1000;
}

/** CONCURRENCY workers running `work` until `seconds` have passed; how long it took. */
async function within(seconds: number, work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) await work();
    }),
  );
  return (performance.now() - start) / 1000;
}

/**
 * The counted views made up to `total` for the settlement's sample: the timed run's views repeated in
 * their mix (film, embed, campaign), each of its own address, written as the view route writes them.
 * The settlement is what is measured there, not the counting again.
 */
async function viewsUpTo(db: Executor, total: number, now: number): Promise<void> {
  const counted = await db.selectFrom('views').select(['project_id', 'embed', 'campaign']).orderBy('id').execute();
  if (counted.length === 0) return;
  const rows = [];
  for (let n = counted.length; n < total; n++) {
    const { project_id, embed, campaign } = counted[n % counted.length];
    const ip = viewerAddress(1_000_000 + n);
    const nonce = `bench-${n}`;
    rows.push({ project_id, embed, campaign, nonce, ip, ip_group: ip, wide_group: ip, counted_at: now });
  }
  for (let start = 0; start < rows.length; start += 500) {
    await db.insertInto('views').values(rows.slice(start, start + 500)).execute();
  }
}

/** Settles every counted view on the demo chain; the transactions, their compute units and the views they paid. */
async function settleAll(demo: DemoRuntime): Promise<{ transactions: number; computeUnits: bigint; views: number; waiting: number }> {
  let transactions = 0;
  let computeUnits = 0n;
  for (let pass = 0; pass < 1000; pass++) {
    const results = await demo.settlement.runOnce();
    const sent = results.filter((result) => result.signature);
    if (sent.length === 0) break;
    for (const result of sent) {
      transactions++;
      computeUnits += demo.chain.computeUnitsOf(result.signature!) ?? 0n;
    }
  }
  const paid = await demo.cluster.db
    .selectFrom('views as v')
    .innerJoin('settlement_batches as b', 'b.id', 'v.batch_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('b.status', '=', 'settled')
    .executeTakeFirstOrThrow();
  const waiting = await demo.cluster.db
    .selectFrom('views')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('batch_id', 'is', null)
    .where('campaign', 'is not', null)
    .executeTakeFirstOrThrow();
  return { transactions, computeUnits, views: Number(paid.n), waiting: Number(waiting.n) };
}

/** The bare route's table, in the same database as the index. */
async function bareRoute(db: Executor): Promise<Hono> {
  await sql`CREATE TABLE bench_bare_writes (id INTEGER PRIMARY KEY, ip TEXT NOT NULL, at BIGINT NOT NULL)`.execute(db);
  let id = 0;
  return new Hono().post('/bare', async (c) => {
    await sql`INSERT INTO bench_bare_writes (id, ip, at) VALUES (${++id}, ${c.req.header('x-forwarded-for') ?? ''}, ${Date.now()})`.execute(db);
    return c.json({ written: true }, 201);
  });
}

async function measure(dialect: 'sqlite' | 'postgres', databaseUrl?: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-views-'));
  const demo = await startDemo({ dataDir, databaseUrl, schemaPrefix: `bench_views_${process.pid}`, origin: ORIGIN, settlementIntervalMs: 0 });
  const app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: { minWatchMs: 0 } });
  const api = await listen(app);
  const bare = await listen(await bareRoute(demo.cluster.db));
  const apiAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const embeds = await embedsOf(demo, app);
    let offered = 0;
    let counted = 0;
    let writes = 0;
    const write = async () => {
      const written = await call(bareAgent, bare.port, 'POST', '/bare', { 'x-forwarded-for': viewerAddress(writes++) }, {});
      if (written.status !== 201) throw new Error(`the bare route answered ${written.status}`);
    };
    const seconds = { views: 0, bare: 0 };
    const timed = { counted: 0, writes: 0 };
    // Slice -1 warms both paths up and is not timed: V8 compiles code once it runs hot, and the view
    // path has far more of it than the bare route; the figures are the steady state (as the API
    // bench's reads are measured after a warm-up request).
    for (let slice = -1; slice < SLICES; slice++) {
      // The viewers of this slice load their player pages first (untimed: a page load is not a view).
      const viewers: Viewer[] = [];
      await allOf(
        Array.from({ length: VIEWERS_PER_SLICE }, () => offered++),
        async (n) => {
          const viewer = await loadPage(apiAgent, api.port, embeds[n % embeds.length], viewerAddress(n));
          if (viewer) viewers.push(viewer);
        },
      );
      const countedBefore = counted;
      const took = await allOf(viewers, async (viewer) => {
        if (await view(apiAgent, api.port, viewer)) counted++;
      });
      const writesBefore = writes;
      const wrote = await within(took, write);
      if (slice < 0) continue;
      seconds.views += took;
      seconds.bare += wrote;
      timed.counted += counted - countedBefore;
      timed.writes += writes - writesBefore;
    }
    await viewsUpTo(demo.cluster.db, SMOKE ? 500 : PER_VIEWS, Date.now());
    const cost = await settleAll(demo);
    const per = (total: number | bigint) => (cost.views === 0 ? null : Math.round((Number(total) * PER_VIEWS) / cost.views));
    return [
      benchRow(`counted views/s: ad ticket, view, caps vs a bare POST writing one row [${dialect}]`, timed.counted / seconds.views, timed.writes / seconds.bare, TARGET),
      { name: `views counted / offered [${dialect}]`, value: `${counted} / ${offered}`, baseline: null, ratio: null, target: 'all', met: counted === offered },
      {
        name: `settlement per ${PER_VIEWS.toLocaleString('en-US')} views: transactions (${cost.views} paid views in ${cost.transactions}, ${cost.waiting} waiting) [${dialect}]`,
        value: per(cost.transactions),
        baseline: null,
        ratio: null,
        target: '—',
        met: null,
      },
      { name: `settlement per ${PER_VIEWS.toLocaleString('en-US')} views: compute units [${dialect}]`, value: per(cost.computeUnits), baseline: null, ratio: null, target: '—', met: null, unit: 'CU' },
    ];
  } finally {
    apiAgent.destroy();
    bareAgent.destroy();
    api.server.close();
    bare.server.close();
    demo.stop();
    demo.cluster.indexer.stop();
    await demo.cluster.store.close();
    demo.release();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function viewsRows(): Promise<BenchRow[]> {
  const rows = await measure('sqlite');
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) rows.push(...(await measure('postgres', url)));
  else {
    rows.push({
      name: 'counted views/s [postgres] — not available (DATABASE_URL names no PostgreSQL; run under scripts/with-postgres.sh)',
      value: null,
      baseline: null,
      ratio: null,
      target: `≥ ${TARGET}`,
      met: null,
    });
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printRows(await viewsRows());
