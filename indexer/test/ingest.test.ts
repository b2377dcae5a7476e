// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openStore } from '../src/db/index.ts';
import { ClusterIndexer } from '../src/ingest/indexer.ts';
import { address, buildTransaction, FakeChainSource } from './helpers/chain.ts';
import { dumpTables, scalar } from './helpers/dump.ts';
import { fullScenario, platformWithFilm, ScriptedChain } from './helpers/scenario.ts';
import { sqlRow, sqlRows, sqlRun, testLocation } from './helpers/database.ts';

const alice = address('alice');
const bob = address('bob');

async function indexerFor(source: FakeChainSource) {
  const store = await openStore(testLocation());
  return new ClusterIndexer({ cluster: 'demo', store, source, now: () => 0 });
}

describe('ingestion', () => {
  test('a sync projects every event once, with the program-exact revenue split', async () => {
    const { chain, film } = fullScenario();
    const indexer = await indexerFor(chain.source);
    assert.equal(await indexer.sync(), chain.source.transactions.length);
    assert.deepEqual((await indexer.gaps()), []);
    const db = indexer.db;
    const project = (await sqlRow(db, 'SELECT * FROM projects WHERE id = ?', film.id)) as Record<string, unknown>;
    assert.equal(project.raised_lamports, 10_000_000_000);
    assert.equal(project.investor_count, 2);
    assert.equal(project.status, 'funded');
    assert.equal(project.funds_released, 1);
    assert.equal(project.total_revenue_lamports, 3_000_000_000);
    assert.equal(project.total_views, 150);
    assert.equal(await scalar(db, 'SELECT COUNT(*) AS n FROM investments'), 4);
    // Alice holds 7/10 of the shares: her part of each distribution is floor(shares × Δrps / 2^64).
    const rows = (await sqlRows(db, 'SELECT investor, amount_lamports, claimed FROM investor_distributions ORDER BY distribution_id, investor')) as { investor: string; amount_lamports: number; claimed: number }[];
    const aliceRows = rows.filter((r) => r.investor === alice);
    assert.equal(aliceRows.length, 2);
    assert.equal(aliceRows[0].claimed, 1, 'claimed by her RevenueClaimed');
    assert.equal(aliceRows[1].claimed, 0, 'distributed after her claim');
    const claimed = (await sqlRow(db, 'SELECT amount_lamports FROM revenue_claims WHERE investor = ?', alice)) as { amount_lamports: number };
    assert.equal(claimed.amount_lamports, aliceRows[0].amount_lamports, 'the claim pays exactly the distributions it marks');
    assert.equal(aliceRows[1].amount_lamports, Number(chain.owed(film.id, alice)));
    const embedRow = (await sqlRow(db, 'SELECT total_views, earned_lamports, claimed_lamports FROM embeds'));
    assert.deepEqual(embedRow, { total_views: 150, earned_lamports: 1_200_000_000, claimed_lamports: 1_200_000_000 });
    const flop = (await sqlRow(db, "SELECT raised_lamports, investor_count, total_shares FROM projects WHERE title = 'Flop'"));
    assert.deepEqual(flop, { raised_lamports: 0, investor_count: 0, total_shares: 0 });
  });

  test("a claim's time is its transaction's block time, or when it was ingested where the block time is unknown", async () => {
    const ingestedAtMs = 1_800_000_000_999;
    for (const blockTime of [1_760_000_000, null]) {
      const { chain, film } = platformWithFilm();
      chain.invest(film.id, alice, 10_000_000_000n);
      chain.claimLicense(film.id);
      const { embed } = chain.registerEmbed(film.id, address('publisher'), 'embed-0-1', 'https://films.example');
      chain.distributeRevenue(film.id, 2_000_000_000n, [{ embed, views: 10n }]);
      // RevenueClaimed carries no timestamp of its own: only the transaction can date it.
      const claim = chain.claimRevenue(film.id, alice);
      claim.blockTime = blockTime;
      const store = await openStore(testLocation());
      const indexer = new ClusterIndexer({ cluster: 'demo', store, source: chain.source, now: () => ingestedAtMs });
      await indexer.sync();
      const row = (await sqlRow(indexer.db, 'SELECT claimed_at FROM revenue_claims WHERE investor = ?', alice)) as { claimed_at: number };
      assert.equal(Number(row.claimed_at), blockTime ?? Math.floor(ingestedAtMs / 1000));
      await store.close();
    }
  });

  test('replaying every transaction, through sync or directly, changes nothing', async () => {
    const { chain } = fullScenario();
    const indexer = await indexerFor(chain.source);
    await indexer.sync();
    const before = await dumpTables(indexer.db);
    for (const { tx } of chain.source.transactions) {
      const result = await indexer.ingestTransaction(tx);
      assert.equal(result.duplicate, true);
    }
    (await sqlRun(indexer.db, 'DELETE FROM cursors'));
    assert.equal(await indexer.sync(), 0);
    assert.deepEqual(await dumpTables(indexer.db), before);
  });

  test('transactions delivered newest first end in the same rows as in order', async () => {
    const { chain } = fullScenario();
    const inOrder = await indexerFor(chain.source);
    await inOrder.sync();
    const reversed = await indexerFor(chain.source);
    for (const { tx } of [...chain.source.transactions].reverse()) await reversed.ingestTransaction(tx);
    assert.deepEqual((await reversed.gaps()), []);
    // Each stream is applied in seq order either way; only surrogate ids (numbered across streams
    // in application order), a user's first-seen time and the cursor (unused here) may differ.
    const content = async (indexer: ClusterIndexer) => {
      const { cursors: _c, ...rest } = await dumpTables(indexer.db, { omit: ['id', 'distribution_id', 'created_at'] });
      return rest;
    };
    assert.deepEqual(await content(reversed), await content(inOrder));
  });

  test("campaign events wait for their campaign's CampaignCreated, then advance its own stream", async () => {
    const indexer = await indexerFor(new FakeChainSource());
    const campaign = address('campaign');
    const advertiser = address('advertiser');
    const created = {
      campaign, advertiser, campaign_id: 1n, ad_type: { Video: {} }, price_per_mille_lamports: 15_000_000n,
      sponsored_project: '11111111111111111111111111111111', budget_lamports: 1_000_000_000n, creative_uri: 'https://cdn.example.com/ad.mp4',
      creative_hash: Array(32).fill(1), target_genres: 1n, start_at: 0n, end_at: 10n, max_daily_spend_lamports: 1_000_000_000n, seq: 1n, timestamp: 0n,
    };
    const toppedUp = { campaign, advertiser, amount_lamports: 5n, budget_after: 1_000_000_005n, remaining_after: 1_000_000_005n, seq: 2n, timestamp: 1n };
    await indexer.ingestTransaction(buildTransaction([{ name: 'CampaignToppedUp', data: toppedUp }]));
    assert.deepEqual(await indexer.gaps(), [{ stream: campaign, nextSeq: null, firstPendingSeq: 2, pending: 1 }]);
    await indexer.ingestTransaction(buildTransaction([{ name: 'CampaignCreated', data: created }]));
    assert.deepEqual(await indexer.gaps(), []);
    assert.equal(await scalar(indexer.db, 'SELECT next_seq AS n FROM streams WHERE stream = ?', campaign), 3);
  });

  test("ProjectMetadataUpdated points the film to the new document, in the project's stream; a replay changes nothing", async () => {
    const { chain, film } = platformWithFilm(undefined, { metadata: { metadataUri: 'https://marquee.test/api/metadata/listed', metadataHash: Array(32).fill(1) } });
    chain.invest(film.id, alice, 1_000_000_000n);
    const edit = chain.updateMetadata(film.id, 'https://marquee.test/api/metadata/edited', Array(32).fill(2));
    const indexer = await indexerFor(chain.source);
    await indexer.sync();
    assert.deepEqual(await indexer.gaps(), []);
    const row = await sqlRow(indexer.db, 'SELECT metadata_uri, metadata_hash, title, raised_lamports FROM projects WHERE id = ?', film.id);
    assert.deepEqual(row, { metadata_uri: 'https://marquee.test/api/metadata/edited', metadata_hash: '02'.repeat(32), title: 'Film', raised_lamports: 1_000_000_000 });
    const before = await dumpTables(indexer.db);
    assert.equal((await indexer.ingestTransaction(edit)).duplicate, true);
    assert.deepEqual(await dumpTables(indexer.db), before);
  });

  test('a gap in a project stream is detected, held back, and backfilled from the project history', async () => {
    const { chain, film } = platformWithFilm();
    const missed = chain.invest(film.id, alice, 1_000_000_000n);
    const later = chain.invest(film.id, bob, 1_000_000_000n);
    const indexer = await indexerFor(chain.source);
    // The first invest is missing from the program's signature list (a lost websocket message,
    // an RPC node that lags) but present in the project account's history.
    chain.source.hidden.add(missed.signature);
    for (const { tx } of chain.source.transactions) if (tx !== missed) await indexer.ingestTransaction(tx);
    assert.deepEqual((await indexer.gaps()), [{ stream: film.address, nextSeq: 2, firstPendingSeq: 3, pending: 1 }]);
    assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) AS n FROM investments'), 0, 'seq 3 waits for seq 2');
    chain.source.hidden.delete(missed.signature);
    assert.deepEqual(await indexer.resolveGaps(), []);
    const rows = (await sqlRows(indexer.db, 'SELECT signature FROM investments ORDER BY id')) as { signature: string }[];
    assert.deepEqual(rows.map((r) => r.signature), [missed.signature, later.signature]);
  });

  test('sync resumes from the persisted cursor and skips failed transactions', async () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'S');
    const indexer = await indexerFor(chain.source);
    assert.equal(await indexer.sync(), 2);
    const cursor = (await indexer.cursor())!;
    assert.equal(cursor.signature, chain.source.transactions[1].tx.signature);
    const film = chain.createProject(studio, 'Film', 10);
    const failedTx = chain.invest(film.id, alice, 1n);
    failedTx.err = { InstructionError: [0, { Custom: 6022 }] };
    const listed: string[] = [];
    const original = chain.source.getSignatures.bind(chain.source);
    chain.source.getSignatures = async (addr, query) => {
      listed.push(String(query.until));
      return original(addr, query);
    };
    assert.equal(await indexer.sync(), 2);
    assert.equal(listed[0], cursor.signature, 'the backfill asks only for signatures after the cursor');
    assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) AS n FROM investments'), 0);
    assert.equal(await scalar(indexer.db, 'SELECT failed FROM transactions WHERE signature = ?', failedTx.signature), 1);
    assert.equal((await indexer.cursor())!.signature, failedTx.signature);
  });

  test('a signature the source lists but cannot serve yet does not stop the backfill: it is remembered and fetched once served', async () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    chain.registerStudio('s', 'S');
    let nowMs = 0;
    const indexer = new ClusterIndexer({ cluster: 'demo', store: await openStore(testLocation()), source: chain.source, now: () => nowMs });
    const second = chain.source.transactions[1].tx;
    const original = chain.source.getTransaction.bind(chain.source);
    chain.source.getTransaction = async (signature) => (signature === second.signature ? null : original(signature));
    assert.equal(await indexer.sync(), 1);
    assert.equal((await indexer.cursor())!.signature, second.signature, 'the cursor moves past it');
    assert.equal((await indexer.ingestionHealth()).unavailableSignatures.count, 1);
    chain.source.getTransaction = original;
    nowMs += 60_000;
    assert.equal(await indexer.sync(), 1);
    assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) AS n FROM studios'), 1);
    assert.equal((await indexer.ingestionHealth()).unavailableSignatures.count, 0);
  });

  test('live notifications from the source are ingested', async () => {
    const chain = new ScriptedChain();
    const indexer = await indexerFor(chain.source);
    const seen: string[] = [];
    const ingested = new Promise<void>((resolve) => indexer.onIngested(() => resolve()));
    indexer.onIngested((result) => seen.push(result.signature));
    indexer.start({ pollMs: 60_000 });
    // The start's own sync is over before the transaction exists, and the next poll is a minute
    // away: only the notification can bring it in. Ingestion is asynchronous (a database round
    // trip per statement on PostgreSQL), so the test waits for it instead of a fixed delay.
    await indexer.sync();
    const tx = chain.initializePlatform();
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the notified transaction was not ingested within 10 s')), 10_000).unref());
    await Promise.race([ingested, timeout]);
    indexer.stop();
    assert.deepEqual(seen, [tx.signature]);
    assert.equal(await scalar(indexer.db, 'SELECT COUNT(*) AS n FROM platform'), 1);
  });
});
