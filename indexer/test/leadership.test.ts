// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Roles and leader election: MARQUEE_ROLE is checked against the database, and on PostgreSQL
// (DATABASE_URL, as scripts/with-postgres.sh sets it) exactly one campaigning process leads, a
// standby takes over when the leader goes, and API processes find the current leader only.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { isPostgresUrl } from '../src/db/index.ts';
import { LeaderDirectory, LeaderElection } from '../src/roles/leadership.ts';

const databaseUrl = process.env.DATABASE_URL;
const skipWithoutPostgres = isPostgresUrl(databaseUrl) ? false : 'needs PostgreSQL: run under scripts/with-postgres.sh';
const POLL_MS = 200;

describe('MARQUEE_ROLE', () => {
  test('defaults to all', () => {
    assert.equal(loadConfig({}).role, 'all');
  });

  test('error: api or indexer on SQLite', () => {
    for (const role of ['api', 'indexer']) {
      assert.throws(() => loadConfig({ MARQUEE_ROLE: role }), {
        message: `The configuration is invalid:\n  MARQUEE_ROLE=${role} needs PostgreSQL (DATABASE_URL=postgres://…): with SQLite one process does everything, so only MARQUEE_ROLE=all is allowed`,
      });
    }
  });

  test('error: an unknown role', () => {
    assert.throws(() => loadConfig({ MARQUEE_ROLE: 'worker', DATABASE_URL: 'postgres://x/y' }), {
      message: 'The configuration is invalid:\n  MARQUEE_ROLE=worker: expected one of api, indexer, all',
    });
  });

  test('api and indexer with PostgreSQL; the internal URL defaults to the loopback port', () => {
    const config = loadConfig({ MARQUEE_ROLE: 'api', DATABASE_URL: 'postgresql://db/marquee', PORT: '9100' });
    assert.equal(config.role, 'api');
    assert.equal(config.internalUrl, 'http://127.0.0.1:9100');
    assert.equal(loadConfig({ MARQUEE_ROLE: 'indexer', DATABASE_URL: 'postgres://db/m', MARQUEE_INTERNAL_URL: 'http://10.0.0.5:8000/' }).internalUrl, 'http://10.0.0.5:8000');
  });
});

describe('leader election on PostgreSQL', { skip: skipWithoutPostgres }, () => {
  // A key of its own, so this suite never meets a server's leader lock in the same database.
  let key = 900_000 + Math.floor(Math.random() * 1000);
  const quiet = () => undefined;

  test('one leader; the standby takes over when it steps down; the directory names the live leader only', async () => {
    const lockKey = key++;
    const first = new LeaderElection({ databaseUrl: databaseUrl!, lockKey, pollMs: POLL_MS, log: quiet });
    const second = new LeaderElection({ databaseUrl: databaseUrl!, lockKey, pollMs: POLL_MS, log: quiet });
    const directory = new LeaderDirectory({ databaseUrl: databaseUrl!, lockKey, ttlMs: 0 });
    try {
      await first.campaign();
      assert.equal(first.isLeader, true);
      await first.register('http://first.internal:1');
      assert.equal(await directory.leaderUrl(), 'http://first.internal:1');

      let secondElected = false;
      const standing = second.campaign().then(() => (secondElected = true));
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
      assert.equal(secondElected, false, 'two leaders at once');

      await first.stop();
      // The row is still there, its lock is not: no leader until the next one registers.
      assert.equal(await directory.leaderUrl(), null);
      const started = Date.now();
      await standing;
      assert.ok(Date.now() - started <= POLL_MS * 3, `took over in ${Date.now() - started} ms`);
      await second.register('http://second.internal:2');
      assert.equal(await directory.leaderUrl(), 'http://second.internal:2');
    } finally {
      await first.stop();
      await second.stop();
      await directory.close();
    }
  });

  test('a leader whose session is terminated learns it lost the leadership', async () => {
    const lockKey = key++;
    const election = new LeaderElection({ databaseUrl: databaseUrl!, lockKey, pollMs: POLL_MS, log: quiet });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await election.campaign();
      const lost = new Promise<string>((resolve) => election.onLost(resolve));
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid::bigint = $1 AND granted`,
        [lockKey],
      );
      assert.match(await lost, /connection|heartbeat|no longer held/);
      assert.equal(election.isLeader, false);
    } finally {
      await election.stop();
      await admin.end();
    }
  });

  test('a leader killed with SIGKILL frees the lock: the standby leads within 10 s', async () => {
    const lockKey = key++;
    // The leader: a separate process that takes the lock, says so and waits to be killed.
    const script = `
      import pg from 'pg';
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS locked', [${lockKey}]);
      console.log(rows[0].locked ? 'locked' : 'refused');
      setInterval(() => undefined, 1000);`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('..', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'inherit'] });
    const standby = new LeaderElection({ databaseUrl: databaseUrl!, lockKey, pollMs: POLL_MS, log: quiet });
    try {
      const said = await new Promise<string>((resolve) => child.stdout.once('data', (data) => resolve(String(data).trim())));
      assert.equal(said, 'locked');
      let elected = false;
      const standing = standby.campaign().then(() => (elected = true));
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
      assert.equal(elected, false);
      const killedAt = Date.now();
      child.kill('SIGKILL');
      await standing;
      assert.ok(Date.now() - killedAt < 10_000, `took over ${Date.now() - killedAt} ms after the kill`);
    } finally {
      child.kill('SIGKILL');
      await standby.stop();
    }
  });
});
