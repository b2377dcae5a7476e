// A process killed (SIGKILL) in the middle of a sync, then restarted, ends with exactly the rows of
// an uninterrupted run: every backfill batch's events, cursor move and projection commit together.
// Run over scripted events and over the real program's transactions.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { clusterLocation, type StorageConfig } from '../src/cluster.ts';
import { openStore } from '../src/db/index.ts';
import { dropTestStorage, storageEnv, testDialect, testStorage } from './helpers/database.ts';
import { dumpTables, scalar } from './helpers/dump.ts';
import { skipWithoutProgram } from './helpers/real-chain.ts';
import { fullScenario } from './helpers/scenario.ts';

const child = fileURLToPath(new URL('./helpers/sync-child.ts', import.meta.url));

/** Each data folder's storage (on PostgreSQL: schemas of its own, shared by the processes that use the folder). */
const storages = new Map<string, StorageConfig>();
function storageOf(dataDir: string): StorageConfig {
  if (!storages.has(dataDir)) storages.set(dataDir, testStorage(dataDir));
  return storages.get(dataDir)!;
}

function runChild(fixture: string, dataDir: string, kill?: { mode: 'event' | 'commit'; at: number }) {
  const args = ['--import', 'tsx', child, fixture, dataDir, ...(kill ? [kill.mode, String(kill.at)] : [])];
  return spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...storageEnv(storageOf(dataDir)) } });
}

async function withDatabase<T>(dataDir: string, read: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore(clusterLocation(storageOf(dataDir), 'demo'));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/**
 * A process killed inside a batch drew PostgreSQL sequence values that its rolled-back transaction
 * never used (sequences are not transactional): there ids are compared through the rows they stand
 * for. SQLite hands out the same ids again after a rollback, so it is compared as it is.
 */
const dump = (dataDir: string) => withDatabase(dataDir, (store) => dumpTables(store.db, { idsByRow: testDialect === 'postgres' }));

/** Kills a sync of `transactions` at several points; each restart must end with the uninterrupted run's rows. */
function crashSuite(name: string, options: { skip?: string | false }, transactions: () => Promise<unknown[]>) {
  describe(name, { skip: options.skip }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-crash-'));
    const fixture = join(dir, 'chain.json');
    const reference = join(dir, 'reference');
    let total = 0;

    test('the uninterrupted run', async () => {
      const log = await transactions();
      total = log.length;
      writeFileSync(fixture, JSON.stringify(log));
      const run = runChild(fixture, reference);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(await withDatabase(reference, (store) => scalar(store.db, 'SELECT COUNT(*) FROM transactions')), total);
    });

    for (const kill of [
      { mode: 'event', at: 1 },
      { mode: 'event', at: 9 },
      { mode: 'commit', at: 4 },
      { mode: 'commit', at: -1 },
    ] as const) {
      const label = kill.mode === 'event' ? `inside the transaction of event ${kill.at}` : kill.at < 0 ? 'after the commit that stored the next-to-last transaction' : `after the commit that stored transaction ${kill.at}`;
      test(`killed ${label}, restarted: same rows`, async () => {
        const at = kill.at < 0 ? total + kill.at : kill.at;
        const dataDir = join(dir, `${kill.mode}-${at}`);
        const killed = runChild(fixture, dataDir, { mode: kill.mode, at });
        assert.equal(killed.signal, 'SIGKILL', killed.stderr);
        const [committedEvents, committed] = await withDatabase(dataDir, async (store) => [
          (await scalar(store.db, 'SELECT COUNT(*) FROM events')) as number,
          (await scalar(store.db, 'SELECT COUNT(*) FROM transactions')) as number,
        ]);
        // Killed inside a database transaction: it left nothing behind. Killed after a commit:
        // exactly what the commits so far stored (the last one's batch may go past the Nth).
        if (kill.mode === 'event') assert.ok(committedEvents < at, `${committedEvents} events committed before event ${at}`);
        else {
          const reported = Number(/committed (\d+)/.exec(killed.stderr)?.[1]);
          assert.ok(reported >= at, killed.stderr);
          assert.equal(committed, reported);
        }
        const restarted = runChild(fixture, dataDir);
        assert.equal(restarted.status, 0, restarted.stderr);
        assert.deepEqual(await dump(dataDir), await dump(reference));
      });
    }
    after(async () => {
      for (const storage of storages.values()) await dropTestStorage(storage);
    });
  });
}

crashSuite('crash and restart (scripted events)', {}, async () => fullScenario().chain.source.transactions);
crashSuite('crash and restart (the real program in LiteSVM)', { skip: skipWithoutProgram }, async () => {
  const { revenueChain, serializable } = await import('./helpers/real-chain.ts');
  return serializable((await revenueChain()).source.log);
});
