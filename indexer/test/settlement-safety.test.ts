// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Settlement that never stalls and never pays twice (issue 26): a batch the program refuses for
// good ends `failed` with its reason and does not hold the film's other campaigns back; a stale read
// of the chain never moves a batch's index backwards; two leaders batching at once batch each view
// once (run it on PostgreSQL too); reconciliation rolls a transaction back only after repeated
// misses the cluster's history confirms.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FINALITY_MISSES_BEFORE_ROLLBACK, MAX_EMBEDS_PER_DISTRIBUTION } from '../src/constants.ts';
import { maskOfGenres } from '../src/campaigns/rules.ts';
import { settlement } from '../src/db/index.ts';
import { SettlementJob, type CampaignSettlementRequest, type SettlementSigner } from '../src/settlement/job.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { scalar, sqlRows, sqlRun } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { fundedProjectWithEmbeds } from './helpers/scenario.ts';
import { mintedTicket } from './helpers/tickets.ts';

type TestApp = Awaited<ReturnType<typeof testApp>>;

/** A funded Drama film with a verified embed and two video campaigns targeting Drama. */
async function twoCampaigns() {
  const t = await testApp();
  const stored = (await (
    await t.request('POST', '/api/metadata', { title: 'Film', description: 'd', directorName: 'D', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming' })
  ).json()) as { uri: string; sha256: string };
  const { film } = fundedProjectWithEmbeds(t.chain, { metadata: { metadataHash: [...Buffer.from(stored.sha256, 'hex')], metadataUri: stored.uri } });
  const doomed = t.chain.createCampaign(address('advertiser'), { targetGenres: maskOfGenres(['Drama']) }).address;
  const healthy = t.chain.createCampaign(address('other advertiser'), { targetGenres: maskOfGenres(['Drama']) }).address;
  await t.cluster.indexer.sync();
  await verifiedWebsite(t.cluster.db, address('publisher'), 'https://a.example');
  return { ...t, film, doomed, healthy };
}

let ipCounter = 0;
async function countViews(t: TestApp, projectId: number, count: number, campaign: string) {
  for (let i = 0; i < count; i++) {
    const ip = `10.1.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`;
    const ticket = mintedTicket({ projectId, embedId: 'embed-0-1', origin: 'https://a.example', campaign, nowMs: t.clock.now() });
    t.clock.advance(2_000);
    const counted = await t.request('POST', '/api/views', { projectId, embedId: 'embed-0-1', ticket: ticket.ticket }, { 'x-forwarded-for': ip });
    assert.deepEqual(await counted.json(), { counted: true });
  }
}

/** Settles on the scripted chain, except that the program refuses `refused`'s batches as an RPC reports it. */
function signer(t: TestApp, options: { refused?: string; nextIndex?: (project: string) => number } = {}): SettlementSigner {
  return {
    nextDistributionIndex: async (project) => (options.nextIndex ?? ((address: string) => t.chain.distributionCount(address)))(project),
    rentExemptMinimum: async () => 10_000n,
    async settleCampaign(request: CampaignSettlementRequest) {
      if (request.campaign === options.refused) {
        // 0x17ab = 6059, CampaignSettlementClosed (what an RPC's SendTransactionError says).
        throw new Error('Simulation failed. Message: Transaction simulation failed: Error processing Instruction 0: custom program error: 0x17ab.');
      }
      const views = request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) }));
      return t.chain.settleCampaign(request.campaign, request.projectId, BigInt(request.impressions), views).tx.signature;
    },
    async distributeRevenue() {
      throw new Error('not used');
    },
  };
}

describe('settlement safety', () => {
  test('a batch the program refuses for good ends failed with its reason, and the film’s other campaign is paid', async () => {
    const t = await twoCampaigns();
    await countViews(t, t.film.id, 2, t.doomed);
    await countViews(t, t.film.id, 3, t.healthy);
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: signer(t, { refused: t.doomed }) });
    const [first] = await job.runOnce();
    assert.equal(first.signature, null);
    assert.match(first.error!, /^CampaignSettlementClosed: /);
    const [failed] = await sqlRows<{ status: string; failed_reason: string }>(t.cluster.db, 'SELECT status, failed_reason FROM settlement_batches');
    assert.equal(failed.status, 'failed');
    assert.match(failed.failed_reason, /^CampaignSettlementClosed: The campaign's settlement grace period is over/);
    assert.deepEqual(
      await sqlRows(t.cluster.db, 'SELECT DISTINCT unsettled_reason FROM views WHERE campaign = ?', t.doomed),
      [{ unsettled_reason: `Settlement failed: ${failed.failed_reason}` }],
    );
    // The next pass batches and pays the other campaign's views of the same film.
    const [second] = await job.runOnce();
    assert.ok(second.signature, second.error);
    assert.equal(await scalar(t.cluster.db, "SELECT impressions FROM campaigns WHERE address = ?", t.healthy), 3);
    // The failed batch is never sent again.
    assert.deepEqual(await job.runOnce(), []);
    assert.equal(await scalar(t.cluster.db, "SELECT COUNT(*) FROM settlement_batches WHERE status = 'failed'"), 1);
  });

  test('a read of the chain behind a batch’s index leaves the batch where it is', async () => {
    const t = await twoCampaigns();
    await countViews(t, t.film.id, 2, t.healthy);
    t.chain.settleCampaign(t.doomed, t.film.id, 1n);
    await t.cluster.indexer.sync();
    let stale = false;
    const reads = signer(t, { nextIndex: (project) => (stale ? 0 : t.chain.distributionCount(project)) });
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: { ...reads, settleCampaign: async () => assert.fail('not sent on a stale read') } });
    assert.equal(await job.createBatches(), 1);
    assert.equal(await scalar(t.cluster.db, 'SELECT expected_index FROM settlement_batches'), 1);
    stale = true;
    const [result] = await job.runOnce();
    assert.match(result.error!, /behind the batch's 1: a stale read/);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT expected_index, status FROM settlement_batches'), [{ expected_index: 1, status: 'pending' }]);
  });

  test('two leaders batching at once batch each view once', async () => {
    const t = await twoCampaigns();
    await countViews(t, t.film.id, 40, t.healthy);
    const group = { projectId: t.film.id, campaign: t.healthy };
    const batch = () =>
      settlement.createCampaignBatch(t.cluster.db, group, {
        expectedIndex: 0,
        maxEmbeds: MAX_EMBEDS_PER_DISTRIBUTION,
        maxImpressions: 1000,
        lamportsFor: (views) => BigInt(views) * 15_000n,
        leftOverReason: 'next batch',
        now: t.clock.now(),
      });
    const made = await Promise.all([batch(), batch(), batch()]);
    assert.equal(made.reduce((sum, one) => sum + one.views, 0), 40, 'every view in exactly one batch');
    const batches = await sqlRows<{ impressions: number; amount_lamports: number }>(t.cluster.db, 'SELECT impressions, amount_lamports FROM settlement_batches');
    assert.equal(batches.reduce((sum, row) => sum + Number(row.impressions), 0), 40, 'no view paid by two batches');
    for (const row of batches) assert.ok(Number(row.impressions) > 0, 'no empty batch is left to send');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 0);
  });

  test('reconciliation rolls a transaction back only after repeated misses the cluster’s history confirms', async () => {
    const t = await twoCampaigns();
    const settled = t.chain.settleCampaign(t.healthy, t.film.id, 1n).tx.signature;
    await t.cluster.indexer.sync();
    // One RPC node answers null at finalized, but the cluster's history still has it.
    t.chain.source.forkOut(settled);
    t.chain.source.stillKnown.add(settled);
    t.chain.registerStudio('later', 'Later');
    await t.cluster.indexer.sync();
    for (let pass = 0; pass < FINALITY_MISSES_BEFORE_ROLLBACK + 2; pass++) assert.deepEqual((await t.cluster.indexer.reconcileFinalized()).rolledBack, []);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 1);
    // Really gone: the history confirms each miss, and the last of the passes rolls it back.
    t.chain.source.stillKnown.delete(settled);
    for (let pass = 1; pass < FINALITY_MISSES_BEFORE_ROLLBACK; pass++) assert.deepEqual((await t.cluster.indexer.reconcileFinalized()).rolledBack, []);
    assert.deepEqual((await t.cluster.indexer.reconcileFinalized()).rolledBack, [settled]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 0);
  });

  test('a settlement that carries its batch id is matched by that id, whatever its amount', async () => {
    const t = await twoCampaigns();
    await countViews(t, t.film.id, 2, t.healthy);
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: signer(t) });
    assert.equal(await job.createBatches(), 1);
    const [batch] = await sqlRows<{ id: number }>(t.cluster.db, 'SELECT id FROM settlement_batches');
    // The batch was sent (the program charging its rent too: another amount), then the leader died
    // before recording it; the index records the batch id the event carried.
    const sent = t.chain.settleCampaign(t.healthy, t.film.id, 3n).tx.signature;
    await t.cluster.indexer.sync();
    await sqlRun(t.cluster.db, 'UPDATE campaign_settlements SET batch_id = ? WHERE signature = ?', Number(batch.id), sent);
    const [result] = await job.runOnce();
    assert.equal(result.signature, sent);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT status, signature FROM settlement_batches'), [{ status: 'settled', signature: sent }]);
  });
});
