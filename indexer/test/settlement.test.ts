// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The settlement job: counted views, grouped by film and the campaign that served them →
// settle_campaign through a SettlementSigner → ingested. Never more impressions than the campaign
// has budget for; house-ad views never; a paused campaign's served views still.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CAMPAIGN_SETTLEMENT_GRACE_SECONDS, FINALITY_MISSES_BEFORE_ROLLBACK, SPEND_WINDOW_SECONDS } from '../src/constants.ts';
import { HOUSE_AD_REASON } from '../src/db/settlement.ts';
import { maskOfGenres } from '../src/campaigns/rules.ts';
import { DAILY_CAP_REACHED } from '../src/settlement/batch-size.ts';
import { SettlementJob, type CampaignSettlementRequest, type SettlementSigner } from '../src/settlement/job.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { scalar, sqlRows } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { mintedTicket } from './helpers/tickets.ts';
import { fundedProjectWithEmbeds } from './helpers/scenario.ts';

const VIDEO_IMPRESSION_LAMPORTS = 15_000;

type TestApp = Awaited<ReturnType<typeof testApp>>;

/** A funded Drama film with a verified embed, and a video campaign targeting Drama. */
async function setting(options: { budget?: bigint; maxDailySpend?: bigint } = {}) {
  const t = await testApp();
  const { chain } = t;
  const stored = (await (
    await t.request('POST', '/api/metadata', { title: 'Film', description: 'd', directorName: 'D', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming' })
  ).json()) as { uri: string; sha256: string };
  const { studio, film, embed } = fundedProjectWithEmbeds(chain, { metadata: { metadataHash: [...Buffer.from(stored.sha256, 'hex')], metadataUri: stored.uri } });
  const campaign = chain.createCampaign(address('advertiser'), {
    targetGenres: maskOfGenres(['Drama']),
    budget: options.budget ?? 1_000_000_000n,
    maxDailySpend: options.maxDailySpend,
  }).address;
  await t.cluster.indexer.sync();
  await verifiedWebsite(t.cluster.db, address('publisher'), 'https://a.example');
  return { ...t, studio, film, embed, campaign, metadata: { metadataHash: [...Buffer.from(stored.sha256, 'hex')], metadataUri: stored.uri } };
}

/**
 * A budget of one mille with 998 impressions settled (two impressions, 30,000 lamports, left), and
 * three views of it counted; its maximum spend per day is far above, so only the budget binds.
 */
async function nearlySpent() {
  const t = await setting({ budget: 15_000_000n, maxDailySpend: 1_000_000_000n });
  t.chain.settleCampaign(t.campaign, t.film.id, 998n);
  await t.cluster.indexer.sync();
  await countViews(t, t.film, 3, t.campaign);
  return t;
}

let ipCounter = 0;
/** Counted views of the embed, each a play that served `campaign` (undefined: the house ad). */
async function countViews(t: TestApp, film: { id: number }, count: number, campaign?: string) {
  for (let i = 0; i < count; i++) {
    const ip = `10.0.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`;
    const ticket = mintedTicket({ projectId: film.id, embedId: 'embed-0-1', origin: 'https://a.example', campaign: campaign ?? null, nowMs: t.clock.now() });
    t.clock.advance(2_000);
    const counted = await t.request('POST', '/api/views', { projectId: film.id, embedId: 'embed-0-1', ticket: ticket.ticket }, { 'x-forwarded-for': ip });
    assert.deepEqual(await counted.json(), { counted: true });
  }
}

/**
 * The scripted chain's rent for a distribution account: below one video impression, so the small
 * batches of these tests are worth sending; the rent rule's own tests set theirs (and the demo
 * chain's test checks the real one).
 */
const SCRIPTED_RENT_LAMPORTS = 10_000n;

/** What the signers here read of the scripted chain: the project's distribution count, and a rent. */
function chainReader(t: TestApp, rent = SCRIPTED_RENT_LAMPORTS) {
  return {
    nextDistributionIndex: async (project: string) => t.chain.distributionCount(project),
    rentExemptMinimum: async () => rent,
  };
}

/**
 * A signer that runs settle_campaign on the scripted chain and records the requests; as the program
 * does, it refuses a distribution index that is not the project's next one, and charges the campaign
 * the distribution's rent on top of the amount (against its budget and its maximum spend per day).
 */
function chainSigner(t: TestApp, requests: CampaignSettlementRequest[] = [], rent = SCRIPTED_RENT_LAMPORTS): SettlementSigner {
  return {
    ...chainReader(t, rent),
    async settleCampaign(request) {
      requests.push(request);
      const next = t.chain.distributionCount(request.project);
      if (request.index !== next) throw new Error(`InvalidDistributionIndex: ${request.index}, the project's next is ${next}`);
      const views = request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) }));
      return t.chain.settleCampaign(request.campaign, request.projectId, BigInt(request.impressions), views, request.batchId, rent).tx.signature;
    },
    async distributeRevenue() {
      throw new Error('campaign views are never paid by distribute_revenue');
    },
  };
}

/** A signer that reads the scripted chain but must never send. */
function neverSends(t: TestApp): SettlementSigner {
  return {
    ...chainReader(t),
    settleCampaign: async () => assert.fail('nothing may be sent'),
    distributeRevenue: async () => assert.fail('nothing may be sent'),
  };
}

describe('settlement job', () => {
  test('batches a campaign’s counted views into one settle_campaign per film and ingests its transaction', async () => {
    const t = await setting();
    await countViews(t, t.film, 3, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) });
    const results = await job.runOnce();
    assert.equal(results.length, 1);
    assert.ok(results[0].signature);
    const batchId = Number(await scalar(t.cluster.db, 'SELECT id FROM settlement_batches'));
    assert.deepEqual(requests, [
      {
        campaign: t.campaign,
        batchId,
        project: t.film.address,
        projectId: t.film.id,
        index: 0,
        impressions: 3,
        amountLamports: BigInt(3 * VIDEO_IMPRESSION_LAMPORTS),
        embeds: [{ embed: t.embed, views: 3 }],
      },
    ]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 1);
    assert.equal(await scalar(t.cluster.db, 'SELECT total_views FROM embeds'), 3);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 0);
    // The campaign pays the amount and the distribution's rent.
    assert.equal(await scalar(t.cluster.db, 'SELECT spent_lamports FROM campaigns'), 3 * VIDEO_IMPRESSION_LAMPORTS + Number(SCRIPTED_RENT_LAMPORTS));
    // The payment carries the batch's id back, as the program's CampaignSettled does.
    assert.equal(Number(await scalar(t.cluster.db, 'SELECT batch_id FROM campaign_settlements')), batchId);
    assert.equal(Number(await scalar(t.cluster.db, 'SELECT last_batch_id FROM campaigns')), batchId);
    // Nothing new: nothing sent.
    assert.deepEqual(await job.runOnce(), []);
    assert.equal(requests.length, 1);
  });

  test('groups by film and campaign: two campaigns on one film are two batches (one pending per film at a time)', async () => {
    const t = await setting();
    const other = t.chain.createCampaign(address('another advertiser'), { targetGenres: 0n }).address;
    await t.cluster.indexer.sync();
    await countViews(t, t.film, 2, t.campaign);
    await countViews(t, t.film, 1, other);
    await countViews(t, t.film, 1, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) });
    await job.runOnce();
    await job.runOnce();
    assert.deepEqual(
      requests.map((r) => [r.campaign, r.index, r.impressions, r.amountLamports]),
      [
        [t.campaign, 0, 3, BigInt(3 * VIDEO_IMPRESSION_LAMPORTS)],
        [other, 1, 1, BigInt(VIDEO_IMPRESSION_LAMPORTS)],
      ],
    );
    const spent = await sqlRows<{ address: string; spent_lamports: number }>(t.cluster.db, 'SELECT address, spent_lamports FROM campaigns ORDER BY spent_lamports');
    const rent = Number(SCRIPTED_RENT_LAMPORTS);
    assert.deepEqual(spent.map((row) => [row.address, Number(row.spent_lamports)]), [
      [other, VIDEO_IMPRESSION_LAMPORTS + rent],
      [t.campaign, 3 * VIDEO_IMPRESSION_LAMPORTS + rent],
    ]);
  });

  test('never settles more impressions than the campaign’s remaining budget pays, with the rent it pays; the rest waits with its reason, paid after a top-up', async () => {
    const t = await nearlySpent();
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) });
    const results = await job.runOnce();
    // 30,000 lamports left: one impression (15,000) and the distribution's rent (10,000); two and
    // the rent would be refused on chain (CampaignBudgetExceeded).
    assert.equal(results[0].error, undefined);
    assert.deepEqual(requests.map((r) => [r.impressions, r.amountLamports]), [[1, 15_000n]]);
    assert.equal(await scalar(t.cluster.db, 'SELECT spent_lamports FROM campaigns'), 15_000_000 - 5_000);
    const waiting = await sqlRows<{ unsettled_reason: string }>(t.cluster.db, 'SELECT unsettled_reason FROM views WHERE batch_id IS NULL');
    assert.deepEqual(waiting, [{ unsettled_reason: "Beyond the campaign's remaining budget: waits for a top-up" }, { unsettled_reason: "Beyond the campaign's remaining budget: waits for a top-up" }]);
    // Spent: nothing more is sent.
    assert.deepEqual(await job.runOnce(), []);
    assert.equal(requests.length, 1);
    t.chain.topUpCampaign(t.campaign, 15_000_000n);
    await t.cluster.indexer.sync();
    await job.runOnce();
    assert.deepEqual(requests.map((r) => r.impressions), [1, 2]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 0);
  });

  test('a paused campaign is no longer served, but the views it served are still settled', async () => {
    const t = await setting();
    await countViews(t, t.film, 2, t.campaign);
    t.chain.pauseCampaign(t.campaign, true);
    await t.cluster.indexer.sync();
    const requests: CampaignSettlementRequest[] = [];
    await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) }).runOnce();
    assert.deepEqual(requests.map((r) => [r.campaign, r.impressions]), [[t.campaign, 2]]);
  });

  test('house-ad views are never settled: set aside with their reason, nothing sent, not counted as waiting', async () => {
    const t = await setting();
    await countViews(t, t.film, 2);
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: neverSends(t) });
    assert.deepEqual(await job.runOnce(), []);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT campaign, batch_id, unsettled_reason FROM views'), [
      { campaign: null, batch_id: null, unsettled_reason: HOUSE_AD_REASON },
      { campaign: null, batch_id: null, unsettled_reason: HOUSE_AD_REASON },
    ]);
    const health = (await (await t.request('GET', '/api/health')).json()) as { clusters: { settlement: { unbatchedViews: number } }[] };
    assert.equal(health.clusters[0].settlement.unbatchedViews, 0);
  });

  test('views of a campaign past its end and settlement grace are never sent (the program would refuse them)', async () => {
    const t = await setting();
    await countViews(t, t.film, 1, t.campaign);
    const end = Number(await scalar(t.cluster.db, 'SELECT end_at FROM campaigns'));
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: neverSends(t), chainNow: () => (end + CAMPAIGN_SETTLEMENT_GRACE_SECONDS + 1) * 1000 });
    assert.deepEqual(await job.runOnce(), []);
    assert.equal(await scalar(t.cluster.db, 'SELECT unsettled_reason FROM views'), "The campaign's settlement period (its end plus 7 days) is over");
  });

  test('a batch whose transaction landed but was not recorded is settled without paying twice', async () => {
    const t = await setting();
    await countViews(t, t.film, 2, t.campaign);
    let sent = 0;
    const crashing: SettlementSigner = {
      async settleCampaign(request) {
        sent++;
        t.chain.settleCampaign(request.campaign, request.projectId, BigInt(request.impressions), request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) })));
        throw new Error('connection lost after sending');
      },
      ...chainReader(t),
      distributeRevenue: neverSends(t).distributeRevenue,
    };
    const first = await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: crashing }).runOnce();
    assert.equal(first[0].error, 'connection lost after sending');
    assert.equal(await scalar(t.cluster.db, "SELECT status FROM settlement_batches"), 'pending');
    await t.cluster.indexer.sync();
    const second = await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: neverSends(t) }).runOnce();
    assert.equal(second[0].error, undefined);
    assert.equal(sent, 1);
    assert.equal(await scalar(t.cluster.db, "SELECT status FROM settlement_batches"), 'settled');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 1);
  });

  test('a batch whose index another distribution took is moved to the next index, then paid once', async () => {
    const t = await setting();
    await countViews(t, t.film, 2, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) });
    assert.equal(await job.createBatches(), 1);
    // Test revenue (no embeds) lands at index 0 before the batch is sent.
    t.chain.distributeRevenue(t.film.id, 5_000_000n, []);
    await t.cluster.indexer.sync();
    const first = await job.runOnce();
    assert.equal(first[0].error, 'distribution 0 is another payment; the batch moves to index 1');
    assert.equal(requests.length, 0);
    const second = await job.runOnce();
    assert.ok(second[0].signature);
    assert.deepEqual(requests.map((r) => [r.index, r.amountLamports]), [[1, BigInt(2 * VIDEO_IMPRESSION_LAMPORTS)]]);
    assert.equal(await scalar(t.cluster.db, "SELECT status FROM settlement_batches"), 'settled');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 2);
    assert.deepEqual(await job.runOnce(), []);
  });

  test('a batch is made and sent at the chain’s next distribution index, not the index’s count', async () => {
    const t = await setting();
    await countViews(t, t.film, 2, t.campaign);
    // Test revenue lands at index 0 and is not indexed yet: the index counts 0 distributions, the chain 1.
    t.chain.distributeRevenue(t.film.id, 5_000_000n, []);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 0);
    const requests: CampaignSettlementRequest[] = [];
    const results = await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) }).runOnce();
    assert.equal(results[0].error, undefined);
    assert.deepEqual(requests.map((r) => r.index), [1]);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT expected_index, status FROM settlement_batches'), [{ expected_index: 1, status: 'settled' }]);
  });

  test('a batch sent before a crash whose distribution is not indexed yet waits: neither sent again nor moved', async () => {
    const t = await setting();
    await countViews(t, t.film, 2, t.campaign);
    let landed = '';
    const crashing: SettlementSigner = {
      ...chainReader(t),
      async settleCampaign(request) {
        landed = t.chain.settleCampaign(request.campaign, request.projectId, BigInt(request.impressions), request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) }))).tx.signature;
        throw new Error('connection lost after sending');
      },
      distributeRevenue: neverSends(t).distributeRevenue,
    };
    await new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: crashing }).runOnce();
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: neverSends(t) });
    const waiting = await job.runOnce();
    assert.equal(waiting[0].error, 'distribution 0 is on chain but not indexed yet; the batch waits to know whether it paid it');
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT expected_index, status FROM settlement_batches'), [{ expected_index: 0, status: 'pending' }]);
    await t.cluster.indexer.sync();
    const settled = await job.runOnce();
    assert.equal(settled[0].signature, landed);
    assert.equal(await scalar(t.cluster.db, 'SELECT signature FROM settlement_batches'), landed);
  });

  test('another campaign’s distribution at the batch’s index, with the same amount, embed and views, is not the batch’s payment', async () => {
    const t = await setting();
    const other = t.chain.createCampaign(address('another advertiser'), { targetGenres: 0n }).address;
    await t.cluster.indexer.sync();
    await countViews(t, t.film, 2, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) });
    assert.equal(await job.createBatches(), 1);
    // The other campaign pays 2 impressions of the same embed at the same price, at index 0.
    const taken = t.chain.settleCampaign(other, t.film.id, 2n, [{ embed: t.embed, views: 2n }]).tx.signature;
    await t.cluster.indexer.sync();
    const first = await job.runOnce();
    assert.equal(first[0].error, 'distribution 0 is another payment; the batch moves to index 1');
    assert.equal(await scalar(t.cluster.db, 'SELECT status FROM settlement_batches'), 'pending');
    const second = await job.runOnce();
    assert.ok(second[0].signature && second[0].signature !== taken);
    assert.deepEqual(requests.map((r) => [r.campaign, r.index, r.amountLamports]), [[t.campaign, 1, BigInt(2 * VIDEO_IMPRESSION_LAMPORTS)]]);
    assert.equal(await scalar(t.cluster.db, 'SELECT signature FROM settlement_batches'), second[0].signature);
  });

  test('the same campaign’s distribution at the batch’s index with the same amount and views on other embeds is not the batch’s payment', async () => {
    const t = await setting();
    const { embed: otherEmbed } = t.chain.registerEmbed(t.film.id, address('another publisher'), 'embed-0-2', 'https://b.example');
    await t.cluster.indexer.sync();
    await countViews(t, t.film, 2, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests) });
    assert.equal(await job.createBatches(), 1);
    // Same campaign, impressions, amount and total views: only the embed and the batch id it was sent with differ.
    t.chain.settleCampaign(t.campaign, t.film.id, 2n, [{ embed: otherEmbed, views: 2n }], 1_000);
    await t.cluster.indexer.sync();
    assert.equal((await job.runOnce())[0].error, 'distribution 0 is another payment; the batch moves to index 1');
    await job.runOnce();
    assert.deepEqual(requests.map((r) => [r.index, r.embeds]), [[1, [{ embed: t.embed, views: 2 }]]]);
    assert.equal(await scalar(t.cluster.db, 'SELECT status FROM settlement_batches'), 'settled');
  });

  test('views wait until their batch pays more than the distribution account’s rent, then are sent together', async () => {
    const t = await setting();
    // Two video impressions pay 30,000 lamports: not more than this rent.
    const rent = 30_000n;
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests, rent) });
    await countViews(t, t.film, 2, t.campaign);
    assert.deepEqual(await job.runOnce(), []);
    assert.equal(requests.length, 0);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT DISTINCT unsettled_reason FROM views'), [
      { unsettled_reason: "Waits until its views pay more than the distribution account's rent (30000 lamports)" },
    ]);
    await countViews(t, t.film, 1, t.campaign);
    const results = await job.runOnce();
    assert.equal(results[0].error, undefined);
    assert.deepEqual(requests.map((r) => [r.impressions, r.amountLamports]), [[3, 45_000n]]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL OR unsettled_reason IS NOT NULL'), 0);
  });

  test('a batch the remaining budget cuts below the rent waits for a top-up, with the budget’s reason', async () => {
    const t = await nearlySpent();
    const requests: CampaignSettlementRequest[] = [];
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: chainSigner(t, requests, 40_000n) });
    assert.deepEqual(await job.runOnce(), []);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT DISTINCT unsettled_reason FROM views'), [{ unsettled_reason: "Beyond the campaign's remaining budget: waits for a top-up" }]);
    t.chain.topUpCampaign(t.campaign, 15_000_000n);
    await t.cluster.indexer.sync();
    await job.runOnce();
    assert.deepEqual(requests.map((r) => r.impressions), [3]);
  });

  test('a batch above what the campaign’s maximum spend per day leaves is split: the rest waits for the next day with its reason', async () => {
    // The day's cap pays three video impressions and the distribution's rent (55,000 lamports).
    const t = await setting({ maxDailySpend: 3n * BigInt(VIDEO_IMPRESSION_LAMPORTS) + SCRIPTED_RENT_LAMPORTS });
    await countViews(t, t.film, 5, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const chainNow = () => (t.chain.time + 60) * 1000;
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, chainNow, signer: chainSigner(t, requests) });
    const results = await job.runOnce();
    assert.deepEqual(results.map((result) => result.error), [undefined]);
    assert.deepEqual(requests.map((r) => r.impressions), [3]);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT DISTINCT unsettled_reason FROM views WHERE batch_id IS NULL'), [{ unsettled_reason: DAILY_CAP_REACHED }]);
    // The day's cap is spent: nothing is sent (the program would refuse it), the views keep their reason.
    assert.deepEqual(await job.runOnce(), []);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT DISTINCT unsettled_reason FROM views WHERE batch_id IS NULL'), [{ unsettled_reason: DAILY_CAP_REACHED }]);
    t.chain.time += SPEND_WINDOW_SECONDS;
    assert.deepEqual((await job.runOnce()).map((result) => result.error), [undefined]);
    assert.deepEqual(requests.map((r) => r.impressions), [3, 2]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 0);
  });

  test('what a campaign’s pending batch on one film will draw counts against its day’s cap on another film', async () => {
    const t = await setting({ maxDailySpend: 3n * BigInt(VIDEO_IMPRESSION_LAMPORTS) + SCRIPTED_RENT_LAMPORTS });
    // A second funded film with the same publisher's embed, where the same campaign was served.
    const second = t.chain.createProject(t.studio, 'Second', 10, t.metadata);
    t.chain.invest(second.id, address('alice'), 10_000_000_000n);
    t.chain.registerEmbed(second.id, address('publisher'), 'embed-0-1', 'https://a.example');
    await t.cluster.indexer.sync();
    await countViews(t, t.film, 2, t.campaign);
    await countViews(t, second, 2, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const chainNow = () => (t.chain.time + 60) * 1000;
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, chainNow, signer: chainSigner(t, requests) });
    // Both films are batched in one pass: the first takes 40,000 of the day's 55,000 lamports, so the
    // second's two impressions and rent (40,000) would pass the cap on chain; it waits for tomorrow.
    assert.equal(await job.createBatches(), 1);
    assert.deepEqual(await sqlRows(t.cluster.db, `SELECT DISTINCT unsettled_reason FROM views WHERE project_id = ${second.id}`), [{ unsettled_reason: DAILY_CAP_REACHED }]);
    assert.deepEqual((await job.runOnce()).map((result) => result.error), [undefined]);
    t.chain.time += SPEND_WINDOW_SECONDS;
    assert.deepEqual((await job.runOnce()).map((result) => result.error), [undefined]);
    assert.deepEqual(requests.map((r) => [r.projectId, r.impressions]), [[t.film.id, 2], [second.id, 2]]);
  });

  test('a batch the day’s cap would cut to no more than the rent is deferred to the next day, with the cap’s reason', async () => {
    const t = await setting({ maxDailySpend: 3n * BigInt(VIDEO_IMPRESSION_LAMPORTS) + SCRIPTED_RENT_LAMPORTS });
    // Three impressions settled today already: 10,000 lamports of the day are left, only the rent.
    t.chain.settleCampaign(t.campaign, t.film.id, 3n);
    await t.cluster.indexer.sync();
    await countViews(t, t.film, 2, t.campaign);
    const requests: CampaignSettlementRequest[] = [];
    const chainNow = () => (t.chain.time + 60) * 1000;
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, chainNow, signer: chainSigner(t, requests) });
    assert.deepEqual(await job.runOnce(), []);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT DISTINCT unsettled_reason FROM views'), [{ unsettled_reason: DAILY_CAP_REACHED }]);
    t.chain.time += SPEND_WINDOW_SECONDS;
    assert.deepEqual((await job.runOnce()).map((result) => result.error), [undefined]);
    assert.deepEqual(requests.map((r) => r.impressions), [2]);
  });

  test('a settlement the cluster drops before finality (forked out) is rolled back and its batch is sent again', async () => {
    const t = await setting();
    await countViews(t, t.film, 3, t.campaign);
    const forked: string[] = [];
    // The chain as the job reads it once the fork is gone: the dropped distribution never happened.
    const signer: SettlementSigner = {
      ...chainSigner(t),
      nextDistributionIndex: async (project) => t.chain.distributionCount(project) - forked.length,
      async settleCampaign(request) {
        const views = request.embeds.map((e) => ({ embed: e.embed, views: BigInt(e.views) }));
        return t.chain.settleCampaign(request.campaign, request.projectId, BigInt(request.impressions), views).tx.signature;
      },
    };
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer });
    const [first] = await job.runOnce();
    assert.ok(first.signature);

    t.chain.source.forkOut(first.signature);
    forked.push(first.signature);
    // The chain goes on past the fork, so its slot is final.
    t.chain.registerStudio('later', 'Later');
    await t.cluster.indexer.sync();
    for (let pass = 1; pass < FINALITY_MISSES_BEFORE_ROLLBACK; pass++) await t.cluster.indexer.reconcileFinalized();
    const reconciled = await t.cluster.indexer.reconcileFinalized();
    assert.deepEqual(reconciled.rolledBack, [first.signature]);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM distributions'), 0);
    assert.equal(await scalar(t.cluster.db, 'SELECT spent_lamports FROM campaigns'), 0);
    const [reopened] = await sqlRows<{ status: string; signature: string | null; last_error: string }>(t.cluster.db, 'SELECT status, signature, last_error FROM settlement_batches');
    assert.equal(reopened.status, 'pending');
    assert.equal(reopened.signature, null);
    assert.match(reopened.last_error, /gone at finalized/);

    // Sent again, the same views at the chain's next index (the scripted chain cannot rewind its
    // event seqs past the dropped transaction, so what the resend projects is not compared here).
    const requests: CampaignSettlementRequest[] = [];
    const settle = signer.settleCampaign;
    signer.settleCampaign = async (request) => (requests.push(request), settle(request));
    const [again] = await job.runOnce();
    assert.ok(again.signature && again.signature !== first.signature);
    assert.deepEqual(requests.map(({ index, impressions, embeds }) => ({ index, impressions, embeds })), [{ index: 0, impressions: 3, embeds: [{ embed: t.embed, views: 3 }] }]);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT status, signature FROM settlement_batches'), [{ status: 'settled', signature: again.signature }]);
    assert.deepEqual(await job.runOnce(), [], 'sent once');
  });

  test('views of a project that is not funded wait', async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('s', 'S');
    const film = t.chain.createProject(studio, 'Film', 10);
    t.chain.registerEmbed(film.id, address('publisher'), 'embed-0-1', 'https://a.example');
    const campaign = t.chain.createCampaign(address('advertiser')).address;
    await t.cluster.indexer.sync();
    await verifiedWebsite(t.cluster.db, address('publisher'), 'https://a.example');
    await countViews(t, film, 1, campaign);
    const job = new SettlementJob({ db: t.cluster.db, indexer: t.cluster.indexer, now: t.clock.now, signer: neverSends(t) });
    assert.equal(await job.createBatches(), 0);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views WHERE batch_id IS NULL'), 1);
  });
});
