// Child process for the crash test: syncs a fixture chain into a database file, and SIGKILLs
// itself at a chosen point (inside the database transaction of the Nth event, or right after the
// database commit that made the Nth chain transaction durable, having written on stderr how many
// chain transactions the commits so far stored) — the same as a kill -9 arriving there.
// Usage: node --import tsx sync-child.ts <fixture.json> <dataDir> [event|commit] [N]
import { readFileSync } from 'node:fs';
import { createCluster } from '../../src/cluster.ts';
import type { ChainTransaction } from '@marquee/program-client';
import { FakeChainSource } from './chain.ts';
import { testStorage } from './database.ts';

const [fixturePath, dataDir, mode, at] = process.argv.slice(2);
const source = new FakeChainSource('demo');
for (const entry of JSON.parse(readFileSync(fixturePath, 'utf8')) as { tx: ChainTransaction; addresses: string[] }[]) {
  source.transactions.push(entry);
}
/** Chain transactions per backfill batch. */
const BATCH = 3;
let events = 0;
let committed = 0;
const kill = () => process.kill(process.pid, 'SIGKILL');
const cluster = await createCluster({
  source,
  ...testStorage(dataDir),
  now: () => 0,
  // A backfill batch much smaller than a 16-transaction fixture, so a sync commits several times
  // and the kills land inside and between batches (a long history does the same with the default).
  backfillBatch: BATCH,
  hooks: {
    afterEventStored: () => {
      if (mode === 'event' && ++events === Number(at)) kill();
    },
    afterCommit: (results) => {
      const before = committed;
      committed += results.length;
      if (mode === 'commit' && before < Number(at) && committed >= Number(at)) {
        // stderr is a pipe: the write is synchronous, so it is out before the kill.
        process.stderr.write(`committed ${committed}\n`);
        kill();
      }
    },
  },
});
await cluster.indexer.sync();
await cluster.store.close();
