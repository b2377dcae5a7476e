// The server's files: one server per demo chain folder (a second one refuses to start and touches
// nothing), a dead server's lock is taken over, secrets are created 0600, and a settlement keypair
// other users can read is refused.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { loadSessionSecret, SESSION_SECRET_FILE, SHARED_SECRET_NEEDED } from '../src/auth/session.ts';
import { loadConfig } from '../src/config.ts';
import { LOCK_FILE } from '../src/demo/folder-lock.ts';
import { ChainStore, CHAIN_FOLDER } from '../src/demo/store.ts';
import { startMarquee } from '../src/start.ts';

const main = join(dirname(fileURLToPath(import.meta.url)), '../src/main.ts');
const mode = (path: string) => statSync(path).mode & 0o777;

function startServer(dataDir: string): { child: ChildProcess; output: () => string; exited: Promise<number | null>; port: number } {
  const port = 21_000 + Math.floor(Math.random() * 19_000);
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    // SQLite whatever the suite runs on: the folder lock is SQLite's one-writer rule (on PostgreSQL a
    // second server on the folder is a standby candidate, waiting for the leader lock instead).
    env: {
      ...process.env,
      PORT: String(port),
      MARQUEE_DATA_DIR: dataDir,
      MARQUEE_RPC_CLUSTERS: '',
      MARQUEE_STATIC_DIR: join(dataDir, 'no-dist'),
      MARQUEE_SESSION_SECRET: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, port };
}

async function waitForHealth(port: number, server: { output: () => string }, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('one server per demo chain folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-lock-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a second server on the same folder refuses to start with a clear message and changes nothing', { timeout: 300_000 }, async () => {
    const first = startServer(dataDir);
    try {
      await waitForHealth(first.port, first);
      const folder = join(dataDir, CHAIN_FOLDER);
      assert.equal(readFileSync(join(folder, LOCK_FILE), 'utf8').trim(), String(first.child.pid));
      // Secrets on disk are the owner's only.
      assert.equal(mode(join(folder, 'state.bin')), 0o600);
      assert.equal(mode(join(dataDir, 'session-secret')), 0o600);
      assert.equal(mode(folder), 0o700);
      const log = join(folder, 'transactions.jsonl');
      const logBefore = readFileSync(log);

      const second = startServer(dataDir);
      const code = await second.exited;
      assert.equal(code, 1, second.output());
      assert.match(second.output(), new RegExp(`in use by another Marquee server \\(PID ${first.child.pid}\\)`));
      assert.ok(readFileSync(log).equals(logBefore), 'the log is untouched');
      assert.equal((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status, 200, 'the first server still serves');
    } finally {
      first.child.kill('SIGINT');
      await first.exited;
    }
    assert.equal(existsSync(join(dataDir, CHAIN_FOLDER, LOCK_FILE)), false, 'a clean shutdown releases the folder');
  });

  test("a dead server's lock is taken over", () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-stale-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', '0']);
      assert.equal(dead.status, 0);
      new ChainStore(dir).release();
      writeFileSync(join(dir, CHAIN_FOLDER, LOCK_FILE), `${dead.pid}\n`);
      const store = new ChainStore(dir);
      assert.equal(readFileSync(join(dir, CHAIN_FOLDER, LOCK_FILE), 'utf8').trim(), String(process.pid));
      store.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('settlement keypair', () => {
  async function startWith(keyMode: number) {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-key-'));
    const keyPath = join(dir, 'settlement.json');
    writeFileSync(keyPath, JSON.stringify(Array.from(anchor.web3.Keypair.generate().secretKey)));
    chmodSync(keyPath, keyMode);
    const config = { ...loadConfig({ PORT: '0', MARQUEE_RPC_CLUSTERS: ' ' }), dataDir: join(dir, 'data'), staticDir: join(dir, 'none'), settlementKeypairPath: keyPath };
    return { dir, keyPath, start: () => startMarquee({ config }) };
  }

  test('a world-readable settlement keypair is refused with a clear message', async () => {
    const { dir, keyPath, start } = await startWith(0o644);
    try {
      await assert.rejects(start(), (error: Error) => error.message.includes(`${keyPath} is readable by other users (mode 0644)`) && error.message.includes('chmod 600'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an owner-only settlement keypair is accepted', async () => {
    const { dir, start } = await startWith(0o600);
    try {
      const marquee = await start();
      await marquee.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('session secret', () => {
  test('a process of several (MARQUEE_ROLE api or indexer) refuses to start without MARQUEE_SESSION_SECRET', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-secret-'));
    try {
      assert.throws(() => loadSessionSecret(dir, undefined, { shared: true }), { message: SHARED_SECRET_NEEDED });
      assert.equal(existsSync(join(dir, SESSION_SECRET_FILE)), false, 'no private secret of its own');
      const shared = 'x'.repeat(32);
      assert.equal(loadSessionSecret(dir, shared, { shared: true }).toString(), shared);
      const alone = loadSessionSecret(dir, undefined);
      assert.equal(mode(join(dir, SESSION_SECRET_FILE)), 0o600);
      assert.deepEqual(loadSessionSecret(dir, undefined), alone, 'the file is read again on the next start');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
