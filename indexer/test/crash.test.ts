// A process killed (SIGKILL) in the middle of a sync, then restarted, ends with exactly the rows of
// an uninterrupted run: every transaction's events, cursor move and projection commit together.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { databasePath } from '../src/cluster.ts';
import { openDatabase } from '../src/db/database.ts';
import { dumpTables, scalar } from './helpers/dump.ts';
import { fullScenario } from './helpers/scenario.ts';

const child = fileURLToPath(new URL('./helpers/sync-child.ts', import.meta.url));

function runChild(fixture: string, dataDir: string, kill?: { mode: 'event' | 'commit'; at: number }) {
  const args = ['--import', 'tsx', child, fixture, dataDir, ...(kill ? [kill.mode, String(kill.at)] : [])];
  return spawnSync(process.execPath, args, { encoding: 'utf8' });
}

function dump(dataDir: string) {
  const db = openDatabase(databasePath(dataDir, 'demo'));
  try {
    return dumpTables(db);
  } finally {
    db.close();
  }
}

describe('crash and restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-crash-'));
  const fixture = join(dir, 'chain.json');
  const { chain } = fullScenario();
  writeFileSync(fixture, JSON.stringify(chain.source.transactions));
  const total = chain.source.transactions.length;

  const reference = join(dir, 'reference');
  test('the uninterrupted run', () => {
    const run = runChild(fixture, reference);
    assert.equal(run.status, 0, run.stderr);
    const db = openDatabase(databasePath(reference, 'demo'));
    assert.equal(scalar(db, 'SELECT COUNT(*) FROM transactions'), total);
    db.close();
  });

  for (const kill of [
    { mode: 'event', at: 1 },
    { mode: 'event', at: 9 },
    { mode: 'commit', at: 4 },
    { mode: 'commit', at: total - 1 },
  ] as const) {
    test(`killed ${kill.mode === 'event' ? `inside the transaction of event ${kill.at}` : `after commit ${kill.at}`}, restarted: same rows`, () => {
      const dataDir = join(dir, `${kill.mode}-${kill.at}`);
      const killed = runChild(fixture, dataDir, kill);
      assert.equal(killed.signal, 'SIGKILL', killed.stderr);
      const db = openDatabase(databasePath(dataDir, 'demo'));
      const committed = scalar(db, 'SELECT COUNT(*) FROM transactions') as number;
      db.close();
      // Killed inside a transaction: that transaction left nothing behind.
      assert.equal(committed, kill.mode === 'event' ? kill.at - 1 : kill.at);
      const restarted = runChild(fixture, dataDir);
      assert.equal(restarted.status, 0, restarted.stderr);
      assert.deepEqual(dump(dataDir), dump(reference));
    });
  }
});
