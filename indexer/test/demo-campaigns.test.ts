// Campaigns on the demo chain: the advertiser's demo actions run create_campaign,
// top_up_campaign, set_campaign_paused and close_campaign through the real program, signed by the
// wallet's demo key and indexed before the answer; the clock moves forward so a campaign can end and
// be closed; creatives are checked against the ad type.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { CAMPAIGN_SETTLEMENT_GRACE_SECONDS, DISTRIBUTION_ACCOUNT_BYTES } from '../src/constants.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { MediaStore } from '../src/media/store.ts';
import { testStorage } from './helpers/database.ts';
import { discardDemo, jsonRequest } from './helpers/demo-app.ts';
import { signIn } from './helpers/sign-in.ts';

const WALLET_KEY = anchor.web3.Keypair.generate();
const OTHER_KEY = anchor.web3.Keypair.generate();
const WALLET = WALLET_KEY.publicKey.toBase58();
const OTHER_WALLET = OTHER_KEY.publicKey.toBase58();
/** The platform admin: the only wallet that moves the demo chain's clock. */
const ADMIN_KEY = anchor.web3.Keypair.generate();
const DAY = 86_400;

/** The first bytes of an MP4 (an ftyp box) and of a PNG: what the media store sniffs. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 2)]);

type Json = any;

describe('campaigns on the demo chain', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-demo-campaigns-'));
  const storage = testStorage(dataDir);
  let demo: DemoRuntime;
  let app: ReturnType<typeof createApp>;
  let sessions: { wallet: string; other: string; admin: string };
  let request: (method: string, path: string, body?: unknown, as?: 'other' | 'admin' | null) => Promise<{ status: number; body: Json }>;

  before(async () => {
    demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0, adminWallet: ADMIN_KEY.publicKey.toBase58() });
    demo.cluster.indexer.start();
    const media = new MediaStore(demo.cluster.db, join(dataDir, 'media'));
    app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: { minWatchMs: 0 }, media });
    sessions = { wallet: await signIn(app, WALLET_KEY), other: await signIn(app, OTHER_KEY), admin: await signIn(app, ADMIN_KEY) };
    request = async (method, path, body, as) => {
      const cookie = as === null ? undefined : as ? sessions[as] : sessions.wallet;
      return jsonRequest(app, method, path, body, { 'x-forwarded-for': '203.0.113.9', ...(cookie ? { cookie } : {}) });
    };
  });
  after(() => discardDemo(demo, storage, dataDir));

  async function upload(bytes: Buffer, name: string): Promise<{ url: string; sha256: string; contentType: string }> {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await app.request('/api/media', { method: 'POST', body: form, headers: { cookie: sessions.wallet } });
    assert.equal(response.status, 200);
    return (await response.json()) as { url: string; sha256: string; contentType: string };
  }

  const endIn = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

  test('an advertiser funds a video campaign with an uploaded MP4; tops it up, pauses it, and closes it after its end and grace', async () => {
    const video = await upload(MP4, 'ad.mp4');
    assert.equal(video.contentType, 'video/mp4');
    await request('POST', '/api/demo/wallets', { walletAddress: WALLET });
    const balanceBefore = BigInt((await request('GET', `/api/demo/wallets/${WALLET}`)).body.balanceLamports);
    const created = await request('POST', '/api/demo/campaigns', {
      walletAddress: WALLET,
      adType: 'video',
      budget: 1,
      creativeUri: video.url,
      creativeHash: video.sha256,
      targetGenres: ['Drama'],
      endAt: endIn(2 * DAY),
      companyName: 'Acme Films',
      email: 'ads@acme.example',
      website: 'https://acme.example',
      targetAudience: '25-34',
      monthlyBudgetUsd: 1000,
    });
    assert.equal(created.status, 201, created.body.message);
    const campaign = created.body.campaign;
    assert.ok(created.body.txHash);
    assert.equal(campaign.advertiser, (await request('GET', `/api/demo/wallets/${WALLET}`)).body.demoAddress);
    assert.equal(campaign.campaignId, '0');
    assert.equal(campaign.adType, 'video');
    assert.equal(campaign.budgetLamports, '1000000000');
    assert.equal(campaign.pricePerMilleLamports, '15000000');
    assert.equal(campaign.creativeKind, 'video');
    assert.equal(campaign.creativeUri, video.url);
    assert.equal(campaign.creativeHash, video.sha256);
    assert.deepEqual(campaign.targetGenres, ['Drama']);
    assert.equal(campaign.status, 'active');
    assert.equal(campaign.companyName, 'Acme Films');
    assert.equal(campaign.monthlyBudgetUsd, 1000);
    const balanceAfter = BigInt((await request('GET', `/api/demo/wallets/${WALLET}`)).body.balanceLamports);
    // The budget and the account's rent (and the fee) left the wallet.
    assert.ok(balanceBefore - balanceAfter > 1_000_000_000n);
    // The advertiser's list, by its wallet.
    const listed = await request('GET', `/api/campaigns?advertiser=${WALLET}`);
    assert.deepEqual(listed.body.campaigns.map((c: Json) => c.address), [campaign.address]);

    const second = await request('POST', '/api/demo/campaigns', {
      walletAddress: WALLET, adType: 'display', budget: 0.005, creativeUri: (await upload(PNG, 'ad.png')).url, creativeHash: 'ab'.repeat(32), targetGenres: [], endAt: endIn(DAY),
    });
    assert.equal(second.status, 201, second.body.message);
    assert.equal(second.body.campaign.campaignId, '1');
    assert.equal(second.body.campaign.creativeKind, 'image');

    const topUp = await request('POST', `/api/demo/campaigns/${campaign.address}/top-up`, { walletAddress: WALLET, amount: 0.5 });
    assert.equal(topUp.status, 200, topUp.body.message);
    assert.equal(topUp.body.campaign.budgetLamports, '1500000000');
    const paused = await request('POST', `/api/demo/campaigns/${campaign.address}/pause`, { walletAddress: WALLET, paused: true });
    assert.equal(paused.status, 200, paused.body.message);
    assert.equal(paused.body.campaign.paused, true);
    assert.equal(paused.body.campaign.status, 'paused');
    const resumed = await request('POST', `/api/demo/campaigns/${campaign.address}/pause`, { walletAddress: WALLET, paused: false });
    assert.equal(resumed.body.campaign.status, 'active');

    // Not before its end and the grace period: the program's named error, nothing moved.
    const early = await request('POST', `/api/demo/campaigns/${campaign.address}/close`, { walletAddress: WALLET });
    assert.equal(early.status, 400);
    assert.match(early.body.message, /grace/i);

    const advanced = await request('POST', '/api/demo/clock/advance', { seconds: 2 * DAY + CAMPAIGN_SETTLEMENT_GRACE_SECONDS + 60 }, 'admin');
    assert.equal(advanced.status, 200, advanced.body.message);
    assert.ok(Date.parse(advanced.body.now) > Date.now() + 9 * DAY * 1000);
    assert.equal((await request('GET', `/api/campaigns/${campaign.address}`)).body.status, 'ended');
    const beforeClose = BigInt((await request('GET', `/api/demo/wallets/${WALLET}`)).body.balanceLamports);
    const closed = await request('POST', `/api/demo/campaigns/${campaign.address}/close`, { walletAddress: WALLET });
    assert.equal(closed.status, 200, closed.body.message);
    assert.equal(closed.body.refundedLamports, '1500000000');
    assert.equal(closed.body.campaign.status, 'closed');
    assert.equal(closed.body.campaign.refundedLamports, '1500000000');
    const afterClose = BigInt((await request('GET', `/api/demo/wallets/${WALLET}`)).body.balanceLamports);
    assert.ok(afterClose - beforeClose > 1_500_000_000n, 'the unspent budget and the rent come back');
    // The closed campaign's id is never taken again (its account is gone, but the index ended its stream).
    const next = await request('POST', '/api/demo/campaigns', {
      walletAddress: WALLET, adType: 'display', budget: 0.005, creativeUri: (await upload(PNG, 'ad.png')).url, creativeHash: 'ab'.repeat(32), targetGenres: [],
      endAt: new Date(Date.parse(advanced.body.now) + DAY * 1000).toISOString(),
    });
    assert.equal(next.status, 201, next.body.message);
    assert.equal(next.body.campaign.campaignId, '2');
    assert.notEqual(next.body.campaign.address, campaign.address);
  });

  test('"Generate Test Revenue" is paid by the house campaign (settle_campaign), which the player never serves', async () => {
    // A seeded investor of a funded film, signed in with the key the demo holds for it.
    const investorKey = demo.service.keys.key('investor:1');
    const investor = investorKey.publicKey.toBase58();
    const cookie = await signIn(app, investorKey);
    const houseAdvertiser = demo.service.keys.key('house-advertiser').publicKey.toBase58();
    const [house] = (await request('GET', `/api/campaigns?advertiser=${houseAdvertiser}`)).body.campaigns;
    assert.equal(house.adType, 'video');
    // The house advertiser's request details are its own: not in an anonymous answer.
    assert.equal('companyName' in house, false);
    const response = await app.request('/api/demo/generate-revenue', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ userId: investor, amount: 2.5 }),
    });
    const body = (await response.json()) as Json;
    assert.equal(response.status, 200, body.message);
    // 166,666 video impressions at 15,000 lamports: 2.49999 SOL, and the house campaign pays the
    // distribution's rent on top (1,844,400 lamports), not the settlement authority.
    assert.equal(body.amount, 2.49999);
    const after = (await request('GET', `/api/campaigns/${house.address}`)).body;
    assert.equal(BigInt(after.spentLamports) - BigInt(house.spentLamports), 2_499_990_000n + BigInt(demo.chain.minimumBalance(DISTRIBUTION_ACCOUNT_BYTES)));
    assert.equal(after.impressions - house.impressions, 166_666);
    assert.deepEqual(after.byFilm.find((film: Json) => film.projectId === body.projectId)?.spentLamports !== undefined, true);
    // The player never shows the house campaign as an advertiser's ad.
    const ad = await app.request(`/player/${body.projectId}/ads/pre-roll`);
    assert.equal(((await ad.json()) as Json).campaign === house.address, false);
  });

  test('error: a creative of the wrong kind for the ad type is refused with a clear 400, nothing sent', async () => {
    const image = await upload(PNG, 'poster.png');
    const video = await upload(MP4, 'clip.mp4');
    const transactions = demo.chain.transactionCount;
    const base = { walletAddress: WALLET, budget: 1, targetGenres: [], endAt: endIn(30 * DAY) };
    const videoWithImage = await request('POST', '/api/demo/campaigns', { ...base, adType: 'video', creativeUri: image.url, creativeHash: image.sha256 });
    assert.equal(videoWithImage.status, 400);
    assert.equal(videoWithImage.body.message, 'A video campaign needs a video creative');
    const displayWithVideo = await request('POST', '/api/demo/campaigns', { ...base, adType: 'display', creativeUri: video.url, creativeHash: video.sha256 });
    assert.equal(displayWithVideo.status, 400);
    assert.equal(displayWithVideo.body.message, 'A display campaign needs an image creative');
    const byUrl = await request('POST', '/api/demo/campaigns', { ...base, adType: 'video', creativeUri: 'https://cdn.example/banner.jpg', creativeHash: 'cd'.repeat(32) });
    assert.equal(byUrl.status, 400);
    assert.equal(byUrl.body.message, 'A video campaign needs a video creative');
    const unknownGenre = await request('POST', '/api/demo/campaigns', { ...base, adType: 'video', creativeUri: video.url, creativeHash: video.sha256, targetGenres: ['Opera'] });
    assert.equal(unknownGenre.status, 400);
    assert.match(unknownGenre.body.message, /Unknown genre "Opera"/);
    assert.equal(demo.chain.transactionCount, transactions);
  });

  test('error: the program’s named errors come back as 400 (a budget below one mille, an end before the start)', async () => {
    const video = await upload(MP4, 'clip.mp4');
    const base = { walletAddress: WALLET, adType: 'video', creativeUri: video.url, creativeHash: video.sha256, targetGenres: [] };
    const small = await request('POST', '/api/demo/campaigns', { ...base, budget: 0.001, endAt: endIn(30 * DAY) });
    assert.equal(small.status, 400);
    assert.match(small.body.message, /budget/i);
    const backwards = await request('POST', '/api/demo/campaigns', { ...base, budget: 1, startAt: endIn(40 * DAY), endAt: endIn(31 * DAY) });
    assert.equal(backwards.status, 400);
    assert.match(backwards.body.message, /window|end|start/i);
  });

  test('error: a maximum spend per day below one batch and its rent, or a campaign longer than 366 days, is a 400; nothing sent', async () => {
    const video = await upload(MP4, 'clip.mp4');
    const transactions = demo.chain.transactionCount;
    const base = { walletAddress: WALLET, adType: 'video', creativeUri: video.url, creativeHash: video.sha256, targetGenres: [], budget: 1 };
    const capped = await request('POST', '/api/demo/campaigns', { ...base, maxDailySpend: 0.0168443, endAt: endIn(30 * DAY) });
    assert.equal(capped.status, 400);
    assert.equal(capped.body.message, "The maximum spend per day must be at least 0.0168444 SOL: one batch of 1,000 impressions and its distribution's rent");
    assert.equal(demo.chain.transactionCount, transactions);
    const long = await request('POST', '/api/demo/campaigns', { ...base, maxDailySpend: 0.5, startAt: endIn(60 * DAY), endAt: endIn(60 * DAY + 366 * DAY + 1) });
    assert.equal(long.status, 400);
    assert.match(long.body.message, /366 days/);
    const created = await request('POST', '/api/demo/campaigns', { ...base, maxDailySpend: 0.0168444, endAt: endIn(30 * DAY) });
    assert.equal(created.status, 201, created.body.message);
  });

  test('error: another wallet’s campaign: 401 without a session, 403 with another wallet’s, 403 for a non-advertiser', async () => {
    const video = await upload(MP4, 'clip.mp4');
    const created = await request('POST', '/api/demo/campaigns', {
      walletAddress: WALLET, adType: 'video', budget: 1, creativeUri: video.url, creativeHash: video.sha256, targetGenres: [], endAt: endIn(40 * DAY),
    });
    assert.equal(created.status, 201, created.body.message);
    const address = created.body.campaign.address;
    const transactions = demo.chain.transactionCount;
    assert.equal((await request('POST', `/api/demo/campaigns/${address}/pause`, { walletAddress: WALLET, paused: true }, null)).status, 401);
    assert.equal((await request('POST', `/api/demo/campaigns/${address}/pause`, { walletAddress: WALLET, paused: true }, 'other')).status, 403);
    const foreign = await request('POST', `/api/demo/campaigns/${address}/top-up`, { walletAddress: OTHER_WALLET, amount: 1 }, 'other');
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.message, 'Only the advertiser of this campaign can top it up');
    const foreignClose = await request('POST', `/api/demo/campaigns/${address}/close`, { walletAddress: OTHER_WALLET }, 'other');
    assert.equal(foreignClose.status, 403);
    assert.equal(demo.chain.transactionCount, transactions);
    assert.equal((await request('POST', '/api/demo/clock/advance', { seconds: 31 * DAY })).status, 400);
  });
});
