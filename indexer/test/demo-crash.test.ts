// The demo chain survives kill -9 anywhere: a child process seeds a chain or runs demo actions on a
// seeded one and is SIGKILLed inside a commit (after the transaction ran, after the log append, after the new state
// file was written) or after it (right after the commit, inside the indexer's ingest transaction).
// Restarted, the chain holds exactly the state of the last committed transaction, the index agrees
// with it, and finishing the sequence ends where an uninterrupted run ends.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { StorageConfig } from '../src/cluster.ts';
import { dropTestStorage, storageEnv, testStorage } from './helpers/database.ts';

const child = fileURLToPath(new URL('./helpers/demo-child.ts', import.meta.url));

interface State {
  after: number;
  facts: { projects: unknown[]; transactions: number; wallet: string | null; indexAgrees: boolean };
}

/**
 * Each data folder's index storage. On PostgreSQL a copied folder gets schemas of its own, empty:
 * its first start indexes the copied chain from its log, as after a crash.
 */
const storages = new Map<string, StorageConfig>();
function storageOf(dataDir: string): StorageConfig {
  if (!storages.has(dataDir)) storages.set(dataDir, testStorage(dataDir));
  return storages.get(dataDir)!;
}

function run(dataDir: string, from: number, kill?: { stage: string; at: number }) {
  const args = ['--import', 'tsx', child, dataDir, String(from), ...(kill ? [kill.stage, String(kill.at)] : [])];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...storageEnv(storageOf(dataDir)) } });
  const states = result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as State);
  return { ...result, states };
}

describe('demo chain: kill -9 and restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-demo-crash-'));
  const seeded = join(dir, 'seeded');
  let reference: State[];

  before(() => {
    // One seeded chain, copied for every scenario (seeding once keeps the test short).
    const seeding = run(seeded, Number.MAX_SAFE_INTEGER);
    assert.equal(seeding.status, 0, seeding.stderr);
    const uninterrupted = run(join(dir, 'reference'), 0);
    assert.equal(uninterrupted.status, 0, uninterrupted.stderr);
    reference = uninterrupted.states;
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    for (const storage of storages.values()) await dropTestStorage(storage);
  });

  test('the uninterrupted run: every state agrees with its index', () => {
    assert.ok(reference.length >= 7);
    for (const state of reference) assert.equal(state.facts.indexAgrees, true, `after action ${state.after}`);
    assert.equal(reference.at(-1)!.facts.transactions, reference[0].facts.transactions + reference.length - 2);
  });

  // Each stage once (two processes per scenario: the machine is shared, keep it to these).
  const scenarios = [
    // -1: the first start's seeding, one commit; killed there, the next start seeds again.
    { stage: 'state-written', at: -1, committed: false },
    { stage: 'executed', at: 1, committed: false },
    { stage: 'log-written', at: 2, committed: false },
    { stage: 'state-written', at: 4, committed: false },
    { stage: 'committed', at: 3, committed: true },
    { stage: 'event', at: 5, committed: true },
  ];
  for (const { stage, at, committed } of scenarios) {
    const what = at < 0 ? 'the seeding commit' : `action ${at}`;
    test(`killed at ${stage} of ${what}: restart shows the last committed transaction, the index agrees`, () => {
      const dataDir = join(dir, `${stage}-${at}`);
      if (at >= 0) cpSync(seeded, dataDir, { recursive: true });
      const killed = run(dataDir, 0, { stage, at });
      assert.equal(killed.signal, 'SIGKILL', killed.stderr);
      // A seed killed before its commit is redone by the next start: that start ends seeded.
      const lastDone = at < 0 ? -1 : committed ? at : at - 1;
      const restarted = run(dataDir, lastDone + 1);
      assert.equal(restarted.status, 0, restarted.stderr);
      const [recovered, ...rest] = restarted.states;
      const expected = reference.find((state) => state.after === lastDone)!;
      assert.deepEqual(recovered.facts, expected.facts);
      assert.equal(recovered.facts.indexAgrees, true);
      assert.deepEqual(rest.at(-1)!.facts, reference.at(-1)!.facts);
    });
  }
});
