// Child process for the crash test: syncs a fixture chain into a database file, and SIGKILLs
// itself at a chosen point (inside the database transaction of the Nth event, or right after the Nth
// committed transaction) — the same as a kill -9 arriving there.
// Usage: node --import tsx sync-child.ts <fixture.json> <dataDir> [event|commit] [N]
import { readFileSync } from 'node:fs';
import { createCluster } from '../../src/cluster.ts';
import type { ChainTransaction } from '../../src/program/decoder.ts';
import { FakeChainSource } from './chain.ts';
import { testStorage } from './database.ts';

const [fixturePath, dataDir, mode, at] = process.argv.slice(2);
const source = new FakeChainSource('demo');
for (const entry of JSON.parse(readFileSync(fixturePath, 'utf8')) as { tx: ChainTransaction; addresses: string[] }[]) {
  source.transactions.push(entry);
}
let events = 0;
let commits = 0;
const kill = () => process.kill(process.pid, 'SIGKILL');
const cluster = await createCluster({
  source,
  ...testStorage(dataDir),
  now: () => 0,
  hooks: {
    afterEventStored: () => {
      if (mode === 'event' && ++events === Number(at)) kill();
    },
    afterCommit: () => {
      if (mode === 'commit' && ++commits === Number(at)) kill();
    },
  },
});
await cluster.indexer.sync();
await cluster.store.close();
