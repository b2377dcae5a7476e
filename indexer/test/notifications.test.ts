// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Every kind of the bell's notifications, each from indexed data and for its own recipient only:
// revenue to claim, a backed film funded or refundable, the studio's verification decided (approved
// or declined), a campaign ending or out of budget, an embed's earnings to claim. Read/unread per
// wallet and bad reads are in first-start.test.ts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CAMPAIGN_ENDING_NOTICE_SECONDS } from '../src/constants.ts';
import { verification } from '../src/db/index.ts';
import { notificationsOf } from '../src/read-models/notifications.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { T0 } from './helpers/scenario.ts';

const DAY = 86_400;
const INVESTOR = address('investor');
const PUBLISHER = address('publisher');
const ADVERTISER = address('advertiser');
const STUDIO_WALLET = address('studio-wallet');
const BYSTANDER = address('bystander');

/** A film funded by INVESTOR and paid for an embed's views, one unfunded past its deadline, two campaigns. */
async function market() {
  const t = await testApp();
  const { chain } = t;
  chain.initializePlatform();
  const studio = chain.registerStudio('studio', 'Harbour Films');
  const funded = chain.createProject(studio, 'Night Train', 10);
  chain.invest(funded.id, INVESTOR, 10_000_000_000n);
  const { embed } = chain.registerEmbed(funded.id, PUBLISHER, 'embed-1', 'https://films.example');
  chain.distributeRevenue(funded.id, 1_000_000_000n, [{ embed, views: 100n }]);
  const missed = chain.createProject(studio, 'Open Water', 50, { deadline: T0 + DAY });
  chain.invest(missed.id, INVESTOR, 2_000_000_000n);
  // One campaign spends its whole budget (1,000 views at 15,000 lamports); one ends within the notice window.
  const spent = chain.createCampaign(ADVERTISER, { budget: 15_000_000n, endAt: T0 + 30 * DAY }).address;
  chain.settleCampaign(spent, funded.id, 1000n);
  chain.createCampaign(ADVERTISER, { endAt: T0 + 10 * DAY });
  await t.cluster.indexer.sync();
  /** The kinds and titles `wallet` is notified of, `days` after T0. */
  const kindsOf = async (wallet: string, days = 8) => {
    const list = await notificationsOf(t.cluster.db, { walletAddress: wallet, chainAddress: wallet }, (T0 + days * DAY) * 1000);
    return list.map((notice) => notice.kind).sort();
  };
  return { ...t, kindsOf, funded, missed };
}

describe('notification kinds', () => {
  test('an investor: revenue to claim, a backed film funded, another refundable after its missed deadline', async () => {
    const t = await market();
    assert.deepEqual(await t.kindsOf(INVESTOR), ['film-funded', 'refund-available', 'revenue-claimable', 'revenue-claimable']);
    // Before the deadline the unfunded film owes no refund.
    assert.deepEqual(await t.kindsOf(INVESTOR, 0.5), ['film-funded', 'revenue-claimable', 'revenue-claimable']);
    const list = await notificationsOf(t.cluster.db, { walletAddress: INVESTOR, chainAddress: INVESTOR }, (T0 + 8 * DAY) * 1000);
    const refund = list.find((notice) => notice.kind === 'refund-available')!;
    assert.equal(refund.message, 'Open Water missed its goal by the deadline: claim your 2.00 SOL back.');
    assert.equal(refund.href, `/project/${t.missed.id}`);
  });

  test('a publisher: its embed’s earnings to claim', async () => {
    const t = await market();
    assert.deepEqual(await t.kindsOf(PUBLISHER), ['embed-earnings']);
    const [notice] = await notificationsOf(t.cluster.db, { walletAddress: PUBLISHER, chainAddress: PUBLISHER }, (T0 + 8 * DAY) * 1000);
    assert.match(notice.message, /^Your embed on https:\/\/films\.example earned \d+\.\d+ SOL to claim\.$/);
  });

  test('an advertiser: a campaign out of budget, and one ending within the notice window only', async () => {
    const t = await market();
    assert.deepEqual(await t.kindsOf(ADVERTISER), ['campaign-ending', 'campaign-out-of-budget']);
    const early = T0 + 10 * DAY - CAMPAIGN_ENDING_NOTICE_SECONDS - DAY;
    assert.deepEqual(await t.kindsOf(ADVERTISER, (early - T0) / DAY), ['campaign-out-of-budget']);
    assert.deepEqual(await t.kindsOf(ADVERTISER, 11), ['campaign-out-of-budget'], 'an ended campaign is not "ending"');
  });

  test('a studio: its verification approved or declined, with the reason', async () => {
    const t = await market();
    assert.deepEqual(await t.kindsOf(STUDIO_WALLET), []);
    const application = await verification.submit(t.cluster.db, {
      walletAddress: STUDIO_WALLET,
      chainAddress: STUDIO_WALLET,
      studioName: 'Harbour Films',
      contactEmail: 'hi@harbour.example',
      website: 'https://harbour.example',
      description: 'Island stories.',
      documents: [],
      submittedAt: T0,
    });
    assert.deepEqual(await t.kindsOf(STUDIO_WALLET), [], 'a submitted application is not decided');
    await verification.decide(t.cluster.db, application.id, { status: 'rejected', reason: 'Unreadable scan' }, T0 + 60);
    const [declined] = await notificationsOf(t.cluster.db, { walletAddress: STUDIO_WALLET, chainAddress: STUDIO_WALLET }, (T0 + DAY) * 1000);
    assert.deepEqual([declined.kind, declined.title, declined.href], ['verification-decided', 'Verification declined', '/verification']);
    assert.match(declined.message, /was not verified: Unreadable scan\./);
  });

  test('nobody else is notified of them', async () => {
    const t = await market();
    assert.deepEqual(await t.kindsOf(BYSTANDER), []);
  });
});
