import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openDatabase } from '../src/db/database.ts';
import { ClusterIndexer } from '../src/ingest/indexer.ts';
import { address, buildTransaction, FakeChainSource } from './helpers/chain.ts';
import { dumpTables, scalar } from './helpers/dump.ts';
import { fullScenario, ScriptedChain } from './helpers/scenario.ts';

const alice = address('alice');
const bob = address('bob');

function indexerFor(source: FakeChainSource) {
  const db = openDatabase(':memory:');
  return new ClusterIndexer({ cluster: 'demo', db, source, now: () => 0 });
}

describe('ingestion', () => {
  test('a sync projects every event once, with the program-exact revenue split', async () => {
    const { chain, film } = fullScenario();
    const indexer = indexerFor(chain.source);
    assert.equal(await indexer.sync(), chain.source.transactions.length);
    assert.deepEqual(indexer.gaps(), []);
    const db = indexer.db;
    const project = db.prepare('SELECT * FROM projects WHERE id = ?').get(film.id) as Record<string, unknown>;
    assert.equal(project.raised_lamports, 10_000_000_000);
    assert.equal(project.investor_count, 2);
    assert.equal(project.status, 'funded');
    assert.equal(project.funds_released, 1);
    assert.equal(project.total_revenue_lamports, 3_000_000_000);
    assert.equal(project.total_views, 150);
    assert.equal(scalar(db, 'SELECT COUNT(*) AS n FROM investments'), 4);
    // Alice holds 7/10 of the shares: her part of each distribution is floor(shares × Δrps / 2^64).
    const rows = db
      .prepare('SELECT investor, amount_lamports, claimed FROM investor_distributions ORDER BY distribution_id, investor')
      .all() as { investor: string; amount_lamports: number; claimed: number }[];
    const aliceRows = rows.filter((r) => r.investor === alice);
    assert.equal(aliceRows.length, 2);
    assert.equal(aliceRows[0].claimed, 1, 'claimed by her RevenueClaimed');
    assert.equal(aliceRows[1].claimed, 0, 'distributed after her claim');
    const claimed = db.prepare('SELECT amount_lamports FROM revenue_claims WHERE investor = ?').get(alice) as { amount_lamports: number };
    assert.equal(claimed.amount_lamports, aliceRows[0].amount_lamports, 'the claim pays exactly the distributions it marks');
    assert.equal(aliceRows[1].amount_lamports, Number(chain.owed(film.id, alice)));
    const embedRow = db.prepare('SELECT total_views, earned_lamports, claimed_lamports FROM embeds').get();
    assert.deepEqual(embedRow, { total_views: 150, earned_lamports: 1_200_000_000, claimed_lamports: 1_200_000_000 });
    const flop = db.prepare("SELECT raised_lamports, investor_count, total_shares FROM projects WHERE title = 'Flop'").get();
    assert.deepEqual(flop, { raised_lamports: 0, investor_count: 0, total_shares: 0 });
  });

  test('replaying every transaction, through sync or directly, changes nothing', async () => {
    const { chain } = fullScenario();
    const indexer = indexerFor(chain.source);
    await indexer.sync();
    const before = dumpTables(indexer.db);
    for (const { tx } of chain.source.transactions) {
      const result = indexer.ingestTransaction(tx);
      assert.equal(result.duplicate, true);
    }
    indexer.db.prepare('DELETE FROM cursors').run();
    assert.equal(await indexer.sync(), 0);
    assert.deepEqual(dumpTables(indexer.db), before);
  });

  test('transactions delivered newest first end in the same rows as in order', async () => {
    const { chain } = fullScenario();
    const inOrder = indexerFor(chain.source);
    await inOrder.sync();
    const reversed = indexerFor(chain.source);
    for (const { tx } of [...chain.source.transactions].reverse()) reversed.ingestTransaction(tx);
    assert.deepEqual(reversed.gaps(), []);
    // Each stream is applied in seq order either way; only surrogate ids (numbered across streams
    // in application order), a user's first-seen time and the cursor (unused here) may differ.
    const content = (indexer: ClusterIndexer) => {
      const { cursors: _c, ...rest } = dumpTables(indexer.db, { omit: ['id', 'distribution_id', 'created_at'] });
      return rest;
    };
    assert.deepEqual(content(reversed), content(inOrder));
  });

  test("campaign events wait for their campaign's CampaignCreated, then advance its own stream", () => {
    const indexer = indexerFor(new FakeChainSource());
    const campaign = address('campaign');
    const advertiser = address('advertiser');
    const created = {
      campaign, advertiser, campaign_id: 1n, ad_type: { Video: {} }, price_per_mille_lamports: 15_000_000n,
      sponsored_project: '11111111111111111111111111111111', budget_lamports: 1_000_000_000n, creative_uri: 'https://cdn.example.com/ad.mp4',
      creative_hash: Array(32).fill(1), target_genres: 1n, start_at: 0n, end_at: 10n, seq: 1n, timestamp: 0n,
    };
    const toppedUp = { campaign, advertiser, amount_lamports: 5n, budget_after: 1_000_000_005n, remaining_after: 1_000_000_005n, seq: 2n, timestamp: 1n };
    indexer.ingestTransaction(buildTransaction([{ name: 'CampaignToppedUp', data: toppedUp }]));
    assert.deepEqual(indexer.gaps(), [{ stream: campaign, nextSeq: null, firstPendingSeq: 2, pending: 1 }]);
    indexer.ingestTransaction(buildTransaction([{ name: 'CampaignCreated', data: created }]));
    assert.deepEqual(indexer.gaps(), []);
    assert.equal(scalar(indexer.db, `SELECT next_seq AS n FROM streams WHERE stream = '${campaign}'`), 3);
  });

  test('a gap in a project stream is detected, held back, and backfilled from the project history', async () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'S');
    const film = chain.createProject(studio, 'Film', 10);
    const missed = chain.invest(film.id, alice, 1_000_000_000n);
    const later = chain.invest(film.id, bob, 1_000_000_000n);
    const indexer = indexerFor(chain.source);
    // The first invest is missing from the program's signature list (a lost websocket message,
    // an RPC node that lags) but present in the project account's history.
    chain.source.hidden.add(missed.signature);
    for (const { tx } of chain.source.transactions) if (tx !== missed) indexer.ingestTransaction(tx);
    assert.deepEqual(indexer.gaps(), [{ stream: film.address, nextSeq: 2, firstPendingSeq: 3, pending: 1 }]);
    assert.equal(scalar(indexer.db, 'SELECT COUNT(*) AS n FROM investments'), 0, 'seq 3 waits for seq 2');
    chain.source.hidden.delete(missed.signature);
    assert.deepEqual(await indexer.resolveGaps(), []);
    const rows = indexer.db.prepare('SELECT signature FROM investments ORDER BY id').all() as { signature: string }[];
    assert.deepEqual(rows.map((r) => r.signature), [missed.signature, later.signature]);
  });

  test('sync resumes from the persisted cursor and skips failed transactions', async () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'S');
    const indexer = indexerFor(chain.source);
    assert.equal(await indexer.sync(), 2);
    const cursor = indexer.cursor()!;
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
    assert.equal(scalar(indexer.db, 'SELECT COUNT(*) AS n FROM investments'), 0);
    assert.equal(scalar(indexer.db, 'SELECT failed FROM transactions WHERE signature = ?', failedTx.signature), 1);
    assert.equal(indexer.cursor()!.signature, failedTx.signature);
  });

  test('a signature the source lists but cannot serve yet stops the backfill before it, to resume later', async () => {
    const chain = new ScriptedChain();
    chain.initializePlatform();
    const lagging = chain.registerStudio('s', 'S');
    void lagging;
    const indexer = indexerFor(chain.source);
    const second = chain.source.transactions[1].tx;
    const original = chain.source.getTransaction.bind(chain.source);
    chain.source.getTransaction = async (signature) => (signature === second.signature ? null : original(signature));
    assert.equal(await indexer.sync(), 1);
    assert.equal(indexer.cursor()!.signature, chain.source.transactions[0].tx.signature);
    chain.source.getTransaction = original;
    assert.equal(await indexer.sync(), 1);
    assert.equal(scalar(indexer.db, 'SELECT COUNT(*) AS n FROM studios'), 1);
  });

  test('live notifications from the source are ingested', async () => {
    const chain = new ScriptedChain();
    const indexer = indexerFor(chain.source);
    const seen: string[] = [];
    indexer.onIngested((result) => seen.push(result.signature));
    indexer.start({ pollMs: 60_000 });
    const tx = chain.initializePlatform();
    await new Promise((resolve) => setTimeout(resolve, 20));
    indexer.stop();
    assert.deepEqual(seen, [tx.signature]);
    assert.equal(scalar(indexer.db, 'SELECT COUNT(*) AS n FROM platform'), 1);
  });
});
