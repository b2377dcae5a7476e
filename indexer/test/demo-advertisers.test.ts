// The demo's seeded advertisers: a fresh start has funded, active video, display and sponsorship
// campaigns targeting the catalogue's genres, created through the demo service's create_campaign;
// the first embedded view of a seeded film is served and paid by one of them, and with the demo's
// batch threshold it settles at once, as publisher earnings and investor revenue.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAX_CREATIVE_URI_LEN } from '@marquee/program-client';
import { createApp } from '../src/api/app.ts';
import { genresOfMask } from '../src/campaigns/rules.ts';
import { campaigns, revenue } from '../src/db/index.ts';
import { HOUSE_AD_REASON, NEXT_SETTLEMENT_REASON } from '../src/db/settlement.ts';
import { DEMO_MIN_BATCH_LAMPORTS } from '../src/constants.ts';
import { bannerCreative, ensureSeededAdvertisers, seededFilmId, seededGenres } from '../src/demo/advertisers.ts';
import { ADVERTISERS } from '../src/demo/catalogue.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { adForSlot } from '../src/player/ads.ts';
import { testStorage } from './helpers/database.ts';
import { discardDemo, jsonRequest } from './helpers/demo-app.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { signIn } from './helpers/sign-in.ts';
import { mintedTicket, TEST_TICKET_SECRET } from './helpers/tickets.ts';

/** The platform admin: the only wallet that runs the demo's settlement. */
const ADMIN_KEY = anchor.web3.Keypair.generate();

type Json = any;

describe('seeded advertisers on a fresh demo', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-demo-advertisers-'));
  const storage = testStorage(dataDir);
  let demo: DemoRuntime;
  let request: (method: string, path: string, body?: unknown, asAdmin?: boolean) => Promise<{ status: number; body: Json }>;

  before(async () => {
    demo = await startDemo({
      ...storage,
      origin: 'http://localhost:8787',
      settlementIntervalMs: 0,
      settlementMinBatchLamports: DEMO_MIN_BATCH_LAMPORTS,
      adminWallet: ADMIN_KEY.publicKey.toBase58(),
    });
    demo.cluster.indexer.start();
    const app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: { minWatchMs: 0 }, ticketSecret: TEST_TICKET_SECRET });
    const cookie = await signIn(app, anchor.web3.Keypair.generate());
    const adminCookie = await signIn(app, ADMIN_KEY);
    request = (method, path, body, asAdmin) => jsonRequest(app, method, path, body, { 'x-forwarded-for': '203.0.113.20', cookie: asAdmin ? adminCookie : cookie });
  });
  after(() => discardDemo(demo, storage, dataDir));

  test('a fresh start has active, funded video, display and sponsorship campaigns for the seeded genres', async () => {
    const now = demo.chain.clockNow();
    const running = (await campaigns.servable(demo.cluster.db, now)).filter((campaign) => Number(campaign.house) !== 1);
    const byType = (type: string) => running.filter((campaign) => campaign.ad_type === type);
    assert.deepEqual(running.map((campaign) => campaign.ad_type).sort(), ['display', 'sponsorship', 'video']);
    for (const campaign of running) {
      assert.ok(BigInt(campaign.budget_lamports) > 0n && BigInt(campaign.spent_lamports) === 0n, 'funded and unspent');
      assert.ok(Number(campaign.start_at) <= now && Number(campaign.end_at) > now, 'running now');
      assert.ok(campaign.company_name, 'the advertiser has a name');
    }
    for (const type of ['video', 'display']) assert.deepEqual(genresOfMask(byType(type)[0].target_genres).sort(), seededGenres());
    const sponsored = ADVERTISERS.find((advertiser) => advertiser.sponsorship)!.sponsorship!;
    const film = (await request('GET', `/api/projects/${seededFilmId(sponsored.filmTitle)}`)).body;
    assert.equal(byType('sponsorship')[0].sponsored_project, film.address);
  });

  test('the creatives fit the program and a later start creates nothing twice', async () => {
    for (const advertiser of ADVERTISERS) assert.ok(Buffer.byteLength(bannerCreative(advertiser).uri) <= MAX_CREATIVE_URI_LEN);
    assert.equal(await ensureSeededAdvertisers(demo.service), 0);
  });

  test("a seeded film's first embedded view is served by a seeded campaign and settles as earnings", async () => {
    const { body: embeds } = await request('GET', '/api/embeds');
    const embed = embeds.find((candidate: Json) => candidate.websiteUrl === 'https://cinephile-weekly.example');
    const project = (await request('GET', `/api/projects/${embed.projectId}`)).body;
    const ad = await adForSlot(demo.cluster.db, 'pre-roll', { address: project.address, genres: project.genres, filmTitle: project.title }, demo.chain.clockNow());
    assert.equal(ad.advertiser, 'Lumen Cameras');
    assert.ok(ad.campaign);
    await verifiedWebsite(demo.cluster.db, embed.publisher, embed.websiteUrl);
    const play = (campaign: string | null) => ({
      projectId: embed.projectId,
      embedId: embed.embedId,
      ...mintedTicket({ projectId: embed.projectId, embedId: embed.embedId, origin: new URL(embed.websiteUrl).origin, campaign, nowMs: Date.now() }),
    });
    const counted = await request('POST', '/api/views', play(ad.campaign));
    assert.deepEqual(counted.body, { counted: true });
    const unsettled = async () => {
      const { body } = await request('GET', `/api/publishers/${embed.publisher}/analytics`);
      return body.byEmbed.find((row: Json) => row.embedId === embed.embedId).unsettled;
    };
    assert.deepEqual(await unsettled(), [{ views: 1, reason: NEXT_SETTLEMENT_REASON }]);
    // A house-ad view (no campaign) never earns, and the Embed Library can say why.
    assert.deepEqual((await request('POST', '/api/views', play(null))).body, { counted: true });
    const distributions = await revenue.distributionCount(demo.cluster.db, embed.projectId);
    const settled = await request('POST', '/api/demo/settle', undefined, true);
    assert.equal(settled.body.settled.length, 1, JSON.stringify(settled.body));
    assert.equal(await revenue.distributionCount(demo.cluster.db, embed.projectId), distributions + 1);
    // One view at 15,000 lamports, and the rent of the distribution account the settlement created (the campaign pays it).
    assert.equal((await request('GET', `/api/campaigns/${ad.campaign}`)).body.spentLamports, String(15_000 + 1_844_400));
    assert.deepEqual(await unsettled(), [{ views: 1, reason: HOUSE_AD_REASON }]);
  });
});
