// Benchmark (not a test): the marketplace's search at 100,000 films — latency of GET /api/projects?q=
// (the app's first-page request: limit 24, status all, sort by funding) through the real API, p50
// and p99 over a mix of searches (a rare word, a common word, a director, a phrase inside a title),
// on SQLite and on PostgreSQL. The films and their metadata are seeded straight into the database
// (multi-row inserts: the trigram indexes of migration 014 are kept by the same writes the indexer
// makes). The baseline is the unsearched first page, measured the same way in the same run.
// On PostgreSQL: with DATABASE_URL=postgres://… in this process; without it, `npm run bench` runs
// this file again under scripts/with-postgres.sh (a throwaway server) and reads its rows.
//   npx tsx scripts/bench/search.ts [--json]       BENCH_SEARCH_FILMS (default 100000)
import { serve } from '@hono/node-server';
import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Hono } from 'hono';
import { PostgresAdapter, sql } from 'kysely';
import { createApp } from '../../indexer/src/api/app.ts';
import type { ClusterContext } from '../../indexer/src/cluster.ts';
import { searchFields } from '../../indexer/src/db/metadata-search.ts';
import { data, openStore, type StoreLocation } from '../../indexer/src/index.ts';
import { ClusterIndexer } from '../../indexer/src/ingest/indexer.ts';
import type { ChainSource } from '../../indexer/src/sources/source.ts';
import { SMOKE, printRows, type BenchRow } from './rows.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const FILMS = Number(process.env.BENCH_SEARCH_FILMS ?? (SMOKE ? 2_000 : 100_000));
const TARGET_MS = 50;
const REQUESTS = SMOKE ? 20 : 400;
const ROWS_PER_INSERT = 500;
const NOW = 1_750_000_000;

const ADJECTIVES = ['Silent', 'Golden', 'Broken', 'Hidden', 'Last', 'Crimson', 'Distant', 'Electric', 'Frozen', 'Midnight'];
// Quokka is one title noun in a hundred (1,000 of 100,000 films); the others share the rest.
const NOUNS = ['Harbor', 'River', 'Empire', 'Garden', 'Signal', 'Voyage', 'Orchard', 'Lantern', 'Summit', 'Canyon'];
const DIRECTORS = Array.from({ length: 400 }, (_, index) => `Director ${String.fromCharCode(65 + (index % 26))}${index}`);
/**
 * The searches timed, in turn: rare title word, common title word, a director, a phrase across a title's words, a description word,
 * a person's first key (one character), and two characters no film holds (no trigram is that short: each is read otherwise);
 * a character in every film, a digit ending many titles and directors, and a word in every film's director (each once the slowest).
 */
export const SEARCHES = ['Quokka', 'harbor', 'Director Q42', 'en empire', 'lighthouse', 'q', 'zz', 'e', '4', 'director'];

const titleOf = (id: number) => `${ADJECTIVES[id % ADJECTIVES.length]} ${id % 100 === 0 ? 'Quokka' : NOUNS[Math.floor(id / 10) % NOUNS.length]} ${id}`;
const descriptionOf = (id: number) => `A story of ${id % 50 === 0 ? 'a lighthouse keeper' : 'two strangers'} told in ${60 + (id % 90)} minutes.`;

/** Films `firstId` to `firstId + films - 1` (default: this bench's catalogue) written straight into `db`. */
export async function seed(db: data.Executor, { films = FILMS, firstId = 0 }: { films?: number; firstId?: number } = {}): Promise<void> {
  for (let start = firstId; start < firstId + films; start += ROWS_PER_INSERT) {
    const ids = Array.from({ length: Math.min(ROWS_PER_INSERT, firstId + films - start) }, (_, offset) => start + offset);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('metadata')
        .values(
          ids.map((id) => {
            const body = JSON.stringify({ description: descriptionOf(id), directorName: DIRECTORS[id % DIRECTORS.length], genres: ['Drama'] });
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
            studio: 'BenchAuthority',
            share_mint: `Mint${id}`,
            vault: `Vault${id}`,
            title: titleOf(id),
            search_title: titleOf(id).toLowerCase(),
            metadata_uri: `http://localhost/api/metadata/hash${id}`,
            metadata_hash: `hash${id}`,
            goal_lamports: 10_000_000_000,
            raised_lamports: (id * 7919) % 10_000_000_000,
            // Deadlines ahead of the real clock: films still funding, as a live catalogue's are.
            deadline: Math.floor(Date.now() / 1000) + 86_400 * (1 + (id % 60)),
            created_at: NOW + id,
            signature: `sig-project-${id}`,
          })),
        )
        .execute();
    });
  }
  // PostgreSQL's planner reads its statistics of the table to choose between walking a sort's index and
  // sorting a search's matches; autovacuum gathers them within a minute of this many writes to a live
  // catalogue, and the bench measures the search, not that minute.
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`ANALYZE projects`.execute(db);
}

const idleSource: ChainSource = { cluster: 'demo', getTransaction: async () => null, getSignatures: async () => [] };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * p50 and p99 (ms) of GET `paths` in turn, one request at a time, after a warm-up round. Each URL
 * carries a parameter of its own the API ignores (`request=`): a repeated URL would be answered by
 * the API's read cache without reaching the database, and the search is what is timed. Each path's
 * own p50, p99 and slowest go to stderr, so a slow tail is seen to be one search's or every one's,
 * and the CPU time a request, which a loaded machine stretches less than the latencies.
 */
async function latencies(origin: string, paths: string[], label: string): Promise<{ p50: number; p99: number }> {
  const timings: number[] = [];
  const byPath = new Map<string, number[]>(paths.map((path) => [path, []]));
  let cpuStarted = process.cpuUsage();
  for (let index = -paths.length; index < REQUESTS; index++) {
    const path = paths[((index % paths.length) + paths.length) % paths.length];
    if (index === 0) cpuStarted = process.cpuUsage();
    const started = performance.now();
    const response = await fetch(`${origin}${path}&request=${index}`);
    const body = (await response.json()) as { items?: unknown[] };
    if (!response.ok || !Array.isArray(body.items)) throw new Error(`${path}: ${response.status}`);
    const elapsed = performance.now() - started;
    if (index >= 0) timings.push(elapsed);
    if (index >= 0) byPath.get(path)!.push(elapsed);
  }
  // The process's CPU time a request (the server and this client share it): what the load around it does not change much.
  const cpu = process.cpuUsage(cpuStarted);
  console.error(`  ${label}: ${((cpu.user + cpu.system) / 1000 / REQUESTS).toFixed(2)} ms of CPU a request (server and client)`);
  for (const [path, times] of byPath) {
    times.sort((a, b) => a - b);
    const q = new URL(path, origin).searchParams.get('q') ?? '(unsearched)';
    const figures = `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms`;
    console.error(`  ${label} ${JSON.stringify(q)}: ${figures} (${times.length} requests)`);
  }
  timings.sort((a, b) => a - b);
  return { p50: percentile(timings, 50), p99: percentile(timings, 99) };
}

/** The rows of one database: the search's p50 and p99 against the unsearched first page's. */
export async function measureSearch(location: StoreLocation): Promise<BenchRow[]> {
  const store = await openStore(location);
  try {
    await seed(store.db);
    const cluster: ClusterContext = { name: 'demo', store, db: store.db, indexer: new ClusterIndexer({ cluster: 'demo', store, source: idleSource }) };
    const app = createApp({ clusters: [cluster] }) as unknown as Hono;
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const page = (q?: string) => `/api/projects?limit=24&status=all&sort=funding${q ? `&q=${encodeURIComponent(q)}` : ''}`;
      const searched = await latencies(origin, SEARCHES.map(page), store.dialect);
      const unsearched = await latencies(origin, [page()], store.dialect);
      const films = FILMS.toLocaleString('en-US');
      const row = (name: string, value: number, base: number): BenchRow => ({
        name: `${name} [${store.dialect}, ${films} films] (vs the unsearched first page)`,
        value: Math.round(value * 10) / 10,
        baseline: Math.round(base * 10) / 10,
        ratio: value / base,
        target: `≤ ${TARGET_MS} ms`,
        met: value <= TARGET_MS,
        unit: 'ms',
      });
      return [row('GET /api/projects?q= p50', searched.p50, unsearched.p50), row('GET /api/projects?q= p99', searched.p99, unsearched.p99)];
    } finally {
      server.close();
    }
  } finally {
    await store.close();
  }
}

/** PostgreSQL's rows: here when DATABASE_URL names a server, else from this file run under scripts/with-postgres.sh. */
async function postgresRows(): Promise<BenchRow[]> {
  const url = process.env.DATABASE_URL;
  if (data.isPostgresUrl(url)) return measureSearch({ dialect: 'postgres', url, schema: `bench_search_${process.pid}`, temporary: true });
  const child = spawnSync('bash', ['scripts/with-postgres.sh', 'npx', 'tsx', 'scripts/bench/search.ts', '--json'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`the PostgreSQL search bench (scripts/with-postgres.sh) exited ${child.status}`);
  const json = child.stdout.split('\n').find((line) => line.startsWith('['));
  if (!json) throw new Error('the PostgreSQL search bench printed no rows');
  return JSON.parse(json) as BenchRow[];
}

export async function searchRows(): Promise<BenchRow[]> {
  return [...(await measureSearch({ dialect: 'sqlite', path: ':memory:' })), ...(await postgresRows())];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  // --json: this database's rows alone, on one line (read by searchRows above).
  if (process.argv.includes('--json')) {
    const url = process.env.DATABASE_URL;
    const location: StoreLocation = data.isPostgresUrl(url) ? { dialect: 'postgres', url, schema: `bench_search_${process.pid}`, temporary: true } : { dialect: 'sqlite', path: ':memory:' };
    console.log(JSON.stringify(await measureSearch(location)));
  } else printRows(await searchRows());
}
