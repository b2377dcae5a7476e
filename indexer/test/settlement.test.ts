// The settlement job: counted views → distribute_revenue through a SettlementSigner → ingested.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { REVENUE_PER_VIEW_LAMPORTS } from '../src/constants.ts';
import { SettlementJob, type DistributionRequest } from '../src/settlement/job.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { scalar } from './helpers/dump.ts';
import { verifiedWebsite } from './helpers/publishers.ts';

async function withViews(count: number) {
  const t = await testApp();
  const { chain, cluster, request, clock } = t;
  chain.initializePlatform();
  const studio = chain.registerStudio('s', 'S');
  const film = chain.createProject(studio, 'Film', 10);
  chain.invest(film.id, address('alice'), 10_000_000_000n);
  const { embed } = chain.registerEmbed(film.id, address('publisher'), 'embed-0-1', 'https://a.example');
  await cluster.indexer.sync();
  await verifiedWebsite(cluster.db, address('publisher'), 'https://a.example');
  for (let i = 0; i < count; i++) {
    const { nonce } = await (await request('POST', '/api/views/nonce', { projectId: film.id, embedId: 'embed-0-1', website: 'https://a.example' }, { 'x-forwarded-for': `10.0.0.${i}` })).json();
    clock.advance(2_000);
    await request('POST', '/api/views', { projectId: film.id, embedId: 'embed-0-1', nonce }, { 'x-forwarded-for': `10.0.0.${i}` });
  }
  return { ...t, film, embed };
}

describe('settlement job', () => {
  test('batches counted views into one distribute_revenue per project and ingests its transaction', async () => {
    const t = await withViews(3);
    const requests: DistributionRequest[] = [];
    const signer = {
      async distributeRevenue(request: DistributionRequest) {
        requests.push(request);
        const views = request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) }));
        return t.chain.distributeRevenue(request.projectId, request.amountLamports, views).signature;
      },
    };
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, signer });
    const results = await job.runOnce();
    assert.equal(results.length, 1);
    assert.ok(results[0].signature);
    assert.deepEqual(requests, [
      { project: t.film.address, projectId: t.film.id, index: 0, amountLamports: BigInt(3 * REVENUE_PER_VIEW_LAMPORTS), embeds: [{ embed: t.embed, views: 3 }] },
    ]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 1);
    assert.equal(await scalar(t.cluster.db, 'SELECT total_views FROM embeds'), 3);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 0);
    // Nothing new: nothing sent.
    assert.deepEqual(await job.runOnce(), []);
    assert.equal(requests.length, 1);
  });

  test('a batch whose transaction landed but was not recorded is settled without paying twice', async () => {
    const t = await withViews(2);
    let sent = 0;
    const crashing = {
      async distributeRevenue(request: DistributionRequest) {
        sent++;
        t.chain.distributeRevenue(request.projectId, request.amountLamports, request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) })));
        throw new Error('connection lost after sending');
      },
    };
    const first = await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, signer: crashing }).runOnce();
    assert.equal(first[0].error, 'connection lost after sending');
    assert.equal(await scalar(t.cluster.db, "SELECT status FROM settlement_batches"), 'pending');
    await t.cluster.indexer.sync();
    const neverCalled = { async distributeRevenue(): Promise<string> { throw new Error('must not resend'); } };
    const second = await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, signer: neverCalled }).runOnce();
    assert.equal(second[0].error, undefined);
    assert.equal(sent, 1);
    assert.equal(await scalar(t.cluster.db, "SELECT status FROM settlement_batches"), 'settled');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 1);
  });

  test('a batch whose index another distribution took is moved to the next index, then paid once', async () => {
    const t = await withViews(2);
    const requests: DistributionRequest[] = [];
    const signer = {
      async distributeRevenue(request: DistributionRequest) {
        requests.push(request);
        return t.chain.distributeRevenue(request.projectId, request.amountLamports, request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) }))).signature;
      },
    };
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, signer });
    assert.equal(await job.createBatches(), 1);
    // Test revenue (no embeds) lands at index 0 before the batch is sent.
    t.chain.distributeRevenue(t.film.id, 5_000_000n, []);
    await t.cluster.indexer.sync();
    const first = await job.runOnce();
    assert.equal(first[0].error, 'distribution 0 is another payment; the batch moves to index 1');
    assert.equal(requests.length, 0);
    const second = await job.runOnce();
    assert.ok(second[0].signature);
    assert.deepEqual(requests.map((r) => [r.index, r.amountLamports]), [[1, BigInt(2 * REVENUE_PER_VIEW_LAMPORTS)]]);
    assert.equal(await scalar(t.cluster.db, "SELECT status FROM settlement_batches"), 'settled');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 2);
    assert.deepEqual(await job.runOnce(), []);
  });

  test('views of a project that is not funded wait', async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('s', 'S');
    const film = t.chain.createProject(studio, 'Film', 10);
    t.chain.registerEmbed(film.id, address('publisher'), 'embed-0-1', 'https://a.example');
    await t.cluster.indexer.sync();
    await verifiedWebsite(t.cluster.db, address('publisher'), 'https://a.example');
    const { nonce } = await (await t.request('POST', '/api/views/nonce', { projectId: film.id, embedId: 'embed-0-1', website: 'https://a.example' })).json();
    t.clock.advance(2_000);
    assert.equal((await (await t.request('POST', '/api/views', { projectId: film.id, embedId: 'embed-0-1', nonce })).json()).counted, true);
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, signer: { distributeRevenue: async () => assert.fail('no') } });
    assert.equal(await job.createBatches(), 0);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 1);
  });
});
