// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// A backfill ingests its transactions in batches (one database transaction each, Invested runs
// projected as sets): the database it leaves must equal the per-transaction path's (the old
// backfill loop: ingestTransaction of each listed transaction, the cursor moving with it), whatever
// the batch size, and with an event that waited behind a gap. On SQLite every row, ids included, must be equal; on
// PostgreSQL the surrogate ids are compared through the rows they stand for (a conflicting
// ON CONFLICT DO NOTHING insert draws a sequence value there, and the per-transaction path makes
// more of them than a batch, which inserts each new investor once).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openStore } from '../src/db/index.ts';
import { ClusterIndexer, PROGRAM_CURSOR } from '../src/ingest/indexer.ts';
import { address } from './helpers/chain.ts';
import { testDialect, testLocation } from './helpers/database.ts';
import { dumpTables } from './helpers/dump.ts';
import { fullScenario, ScriptedChain } from './helpers/scenario.ts';

/** fullScenario, then runs of investments across films and investors broken by every kind of event that touches what a run buffers. */
function history(): ScriptedChain {
  const { chain, studio, film, embed } = fullScenario();
  const second = chain.createProject(studio, 'Second Feature', 4);
  const third = chain.createProject(studio, 'Third Act', 100);
  for (let n = 0; n < 12; n++) {
    // Interleaved films, returning investors; Second Feature is funded in the middle of the run.
    chain.invest(n % 2 === 0 ? second.id : third.id, address(`backer-${n % 5}`), 500_000_000n);
  }
  chain.invest(film.id, address('alice'), 700_000_000n);
  chain.distributeRevenue(second.id, 900_000_000n);
  for (let n = 0; n < 5; n++) chain.invest(second.id, address(`backer-${n}`), 300_000_000n);
  chain.claimRevenue(second.id, address('backer-0'));
  chain.invest(second.id, address('backer-0'), 100_000_000n);
  chain.distributeRevenue(film.id, 500_000_000n, [{ embed, views: 10n }]);
  const campaign = chain.createCampaign(address('advertiser')).address;
  chain.invest(third.id, address('backer-9'), 200_000_000n);
  chain.settleCampaign(campaign, film.id, 3n, [{ embed, views: 3n }]);
  for (let n = 0; n < 6; n++) chain.invest(third.id, address(`late-${n % 3}`), 250_000_000n);
  return chain;
}

async function ingested(chain: ScriptedChain, ingest: (indexer: ClusterIndexer) => Promise<void>, backfillBatch?: number) {
  const store = await openStore(testLocation());
  try {
    const indexer = new ClusterIndexer({ cluster: 'demo', store, source: chain.source, now: () => 0, backfillBatch });
    await ingest(indexer);
    return await dumpTables(store.db, { idsByRow: testDialect === 'postgres' });
  } finally {
    await store.close();
  }
}

/** The per-transaction path, in chain order, as the backfill did it before batches. */
async function oneByOne(indexer: ClusterIndexer) {
  for (const { tx } of (indexer.source as ScriptedChain['source']).transactions) await indexer.ingestTransaction(tx, { recordEmpty: true, cursor: PROGRAM_CURSOR });
}

describe('batched backfill', () => {
  const chain = history();
  let reference: Record<string, unknown[]>;

  test('one batch: the database equals the per-transaction path', async () => {
    reference = await ingested(chain, (indexer) => oneByOne(indexer));
    assert.ok(reference.investments.length > 25, 'the history has runs of investments');
    assert.deepEqual(await ingested(chain, (indexer) => indexer.sync().then(() => undefined)), reference);
  });

  for (const size of [1, 4, 7]) {
    test(`batches of ${size}: the same database`, async () => {
      assert.deepEqual(await ingested(chain, (indexer) => indexer.sync().then(() => undefined), size), reference);
    });
  }

  test('a transaction that arrived live before its predecessors waits, and the batch that brings them applies it: the same database', async () => {
    const early = chain.source.transactions.filter(({ tx }) => tx.innerInstructions.length > 0)[30].tx;
    const arrivedEarly = async (indexer: ClusterIndexer) => {
      await indexer.ingestTransaction(early);
      assert.ok((await indexer.gaps()).length > 0, 'the early transaction waits behind a gap');
    };
    const perTransaction = await ingested(chain, async (indexer) => {
      await arrivedEarly(indexer);
      await oneByOne(indexer);
    });
    const batched = await ingested(
      chain,
      async (indexer) => {
        await arrivedEarly(indexer);
        await indexer.sync();
        assert.deepEqual(await indexer.gaps(), []);
      },
      5,
    );
    assert.deepEqual(batched, perTransaction);
  });
});
