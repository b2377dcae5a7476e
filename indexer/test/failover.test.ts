// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Failover on PostgreSQL (run under scripts/with-postgres.sh): two leader candidates as child
// processes; the leader is SIGKILLed mid-ingestion and, later, mid-settlement (its settle_campaign
// sent, not recorded); the standby takes over within 10 s, and the database then equals an
// uninterrupted run's, with the distribution sent exactly once.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/api/app.ts';
import { clusterLocation, createCluster, type StorageConfig } from '../src/cluster.ts';
import { isPostgresUrl, openStore } from '../src/db/index.ts';
import { REVENUE_PER_VIEW_LAMPORTS } from '../src/constants.ts';
import { chainTransactionToJson, type ChainTransaction } from '@marquee/program-client';
import { address, FakeChainSource } from './helpers/chain.ts';
import { dropTestStorage, storageEnv, testStorage } from './helpers/database.ts';
import { dumpTables } from './helpers/dump.ts';
import { CHILD_POLL_MS, publishedLog, type FailoverFixture } from './helpers/failover-fixture.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { fullScenario, T0 } from './helpers/scenario.ts';
import { mintedTicket, TEST_TICKET_SECRET } from './helpers/tickets.ts';

const child = fileURLToPath(new URL('./helpers/failover-child.ts', import.meta.url));
const skip = isPostgresUrl(process.env.DATABASE_URL) ? false : 'needs PostgreSQL: run under scripts/with-postgres.sh';
/** The bound on a takeover. */
const TAKEOVER_LIMIT_MS = 10_000;
const VIEWS = 3;
/** The website fullScenario registers its embed for. */
const EMBED_WEBSITE = 'https://films.example';

interface ChildLine {
  state: string;
  at: number;
}

/** Each run's storage: on PostgreSQL, schemas of its own shared by that run's processes. */
const storages = new Map<string, StorageConfig>();
function storageOf(dataDir: string): StorageConfig {
  if (!storages.has(dataDir)) storages.set(dataDir, testStorage(dataDir));
  return storages.get(dataDir)!;
}

/** A running candidate: its JSON lines as they come, and how it ended. */
function candidate(fixture: string, dataDir: string, lockKey: number, mode: 'ingest' | 'settle', options: { kill?: string; hold?: boolean } = {}) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', child, fixture, dataDir, String(lockKey), mode, ...(options.kill ? [options.kill] : [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...storageEnv(storageOf(dataDir)) },
  });
  const go = () => proc.stdin!.write('go\n');
  const lines: ChildLine[] = [];
  let stderr = '';
  const waiters: { state: string; resolve: (line: ChildLine) => void }[] = [];
  let buffered = '';
  proc.stdout!.on('data', (data) => {
    buffered += data;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as ChildLine;
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      if (line.state === 'elected' && !options.hold) go();
      for (const waiter of waiters.filter((w) => w.state === line.state)) waiter.resolve(line);
    }
  });
  proc.stderr!.on('data', (data) => (stderr += data));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    lines,
    exited,
    stderr: () => stderr,
    reached: (state: string) =>
      new Promise<ChildLine>((resolve) => {
        const seen = lines.find((line) => line.state === state);
        if (seen) resolve(seen);
        else waiters.push({ state, resolve });
      }),
    go,
    kill: () => proc.kill('SIGKILL'),
  };
}

/** The uninterrupted run: one candidate, elected at once, does the work. */
async function uninterrupted(fixture: string, dataDir: string, lockKey: number, mode: 'ingest' | 'settle') {
  const run = candidate(fixture, dataDir, lockKey, mode);
  const end = await run.exited;
  assert.equal(end.code, 0, run.stderr());
}

/**
 * The leader dies where `kill` says, a standby already campaigning takes over: returns how long
 * after the leader's death the standby was elected.
 */
async function withFailover(fixture: string, dataDir: string, lockKey: number, mode: 'ingest' | 'settle', kill: string): Promise<number> {
  const leader = candidate(fixture, dataDir, lockKey, mode, { kill, hold: true });
  await leader.reached('elected');
  const standby = candidate(fixture, dataDir, lockKey, mode);
  try {
    await standby.reached('campaigning');
    // At least one refused poll: the standby is standing by when the leader starts its work.
    await new Promise((resolve) => setTimeout(resolve, CHILD_POLL_MS * 2));
    assert.equal(standby.lines.some((line) => line.state === 'elected'), false, 'two leaders at once');
    leader.go();
    const death = await leader.exited;
    assert.equal(death.signal, 'SIGKILL', `the leader was to die at ${kill}: ${leader.stderr()}`);
    const elected = await standby.reached('elected');
    const end = await standby.exited;
    assert.equal(end.code, 0, standby.stderr());
    return elected.at - death.at;
  } finally {
    leader.kill();
    standby.kill();
  }
}

/** Counted views for the fixture's funded film, through the API (same clock and IPs in every run). */
async function countViews(dataDir: string, projectId: number, embedId: string, campaign: string) {
  let nowMs = (T0 + 100_000) * 1000;
  const cluster = await createCluster({ ...storageOf(dataDir), source: new FakeChainSource('demo'), now: () => nowMs });
  // Views count only on the embed's registered website, verified by its publisher (fullScenario's).
  await verifiedWebsite(cluster.db, address('publisher'), EMBED_WEBSITE, nowMs);
  const app = createApp({ clusters: [cluster], now: () => nowMs, trustedProxyHops: 1, ticketSecret: TEST_TICKET_SECRET });
  const post = async (path: string, body: unknown, ip: string) => {
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  for (let view = 0; view < VIEWS; view++) {
    const ip = `10.9.0.${view}`;
    const { ticket } = mintedTicket({ projectId, embedId, origin: EMBED_WEBSITE, campaign, nowMs });
    nowMs += 2_000;
    assert.deepEqual(await post('/api/views', { projectId, embedId, ticket }, ip), { counted: true });
  }
  await cluster.store.close();
}

/** The run's tables; the views' play ids (their ad tickets' random ids) differ per run, so their values are left out. */
async function dump(dataDir: string) {
  const store = await openStore(clusterLocation(storageOf(dataDir), 'demo'));
  try {
    // A leader killed mid-batch drew sequence values its rolled-back batch never used: ids are compared
    // through the rows they stand for (the rows, and what points at them, must still be the same).
    return await dumpTables(store.db, { omit: ['nonce'], idsByRow: true });
  } finally {
    await store.close();
  }
}

describe('failover between two leader candidates', { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-failover-'));
  const fixturePath = join(dir, 'fixture.json');
  const { chain, film, embed } = fullScenario();
  // The video campaign whose ads the counted views served.
  const campaign = chain.createCampaign(address('advertiser')).address;
  const base = [...chain.source.transactions];
  // The settlement job's settle_campaign of the counted views: film 0's third distribution (index 2).
  chain.settleCampaign(campaign, film.id, BigInt(VIEWS), [{ embed, views: BigInt(VIEWS) }]);
  const distribution = chain.source.transactions.at(-1)!;
  const wire = ({ tx, addresses }: { tx: ChainTransaction; addresses: string[] }) => ({ tx: chainTransactionToJson(tx) as ChainTransaction, addresses });
  const fixture: FailoverFixture = {
    base: base.map(wire),
    distribution: { ...wire(distribution), projectId: film.id, index: 2, amountLamports: String(VIEWS * REVENUE_PER_VIEW_LAMPORTS) },
  };
  writeFileSync(fixturePath, JSON.stringify(fixture));
  const reference = join(dir, 'reference');
  const failover = join(dir, 'failover');
  for (const run of [reference, failover]) mkdirSync(run);
  // One lock per run, so the reference's candidate never waits for the failover's.
  const lockKey = 800_000 + Math.floor(Math.random() * 100_000);
  const takeovers: number[] = [];
  after(async () => {
    for (const storage of storages.values()) await dropTestStorage(storage);
  });

  test('killed mid-ingestion (inside the 9th event): the standby takes over and the index equals an uninterrupted run', async (t) => {
    await uninterrupted(fixturePath, reference, lockKey, 'ingest');
    takeovers.push(await withFailover(fixturePath, failover, lockKey + 1, 'ingest', 'event:9'));
    t.diagnostic(`standby elected ${takeovers[0]} ms after the leader's death`);
    assert.ok(takeovers[0] <= TAKEOVER_LIMIT_MS, `took over ${takeovers[0]} ms after the leader died`);
    assert.deepEqual(await dump(failover), await dump(reference));
  });

  test('killed mid-settlement (distribution sent, not recorded): taken over, sent once, same rows', async (t) => {
    for (const run of [reference, failover]) await countViews(run, film.id, 'embed-0-1', campaign);
    await uninterrupted(fixturePath, reference, lockKey, 'settle');
    takeovers.push(await withFailover(fixturePath, failover, lockKey + 1, 'settle', 'after-send'));
    t.diagnostic(`standby elected ${takeovers[1]} ms after the leader's death`);
    assert.ok(takeovers[1] <= TAKEOVER_LIMIT_MS, `took over ${takeovers[1]} ms after the leader died`);
    for (const run of [reference, failover]) {
      assert.deepEqual(readFileSync(publishedLog(run), 'utf8'), `${distribution.tx.signature}\n`, 'the distribution was sent exactly once');
    }
    const settled = await dump(failover);
    assert.deepEqual(settled, await dump(reference));
    assert.equal(settled.settlement_batches.length, 1);
    assert.match(String(settled.settlement_batches[0]), /"status":"settled"/);
  });
});
