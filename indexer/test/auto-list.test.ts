// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Auto-listed films earn like registered embeds: on the demo, POST /api/demo/auto-list registers an
// embed of each funded film a publisher's verified website does not list yet (an unverified one is
// refused and registers nothing, nothing is registered twice); the catalogue then hands out each
// film's counted player, and a view through it is counted, settled from the campaign that served it
// and credited to the publisher's embed — the same as a view of an embed registered by hand.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { PLATFORM_RULES } from '@marquee/program-client';
import { DEMO_MIN_BATCH_LAMPORTS } from '../src/constants.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { playTicket } from '../src/player/machine.ts';
import { autoListEmbedId } from '../src/publishers/auto-list.ts';
import { testStorage } from './helpers/database.ts';
import { discardDemo, jsonRequest } from './helpers/demo-app.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { signIn } from './helpers/sign-in.ts';
import { TEST_TICKET_SECRET } from './helpers/tickets.ts';

type Json = any;

const ADMIN_KEY = anchor.web3.Keypair.generate();
const PUBLISHER_KEY = anchor.web3.Keypair.generate();
const PUBLISHER = PUBLISHER_KEY.publicKey.toBase58();
const SITE = 'https://listing-site.example';

describe('Auto-List: listed films earn like registered embeds', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-auto-list-'));
  const storage = testStorage(dataDir);
  let demo: DemoRuntime;
  let app: ReturnType<typeof createApp>;
  let request: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: Json }>;
  let adminCookie: string;

  before(async () => {
    demo = await startDemo({
      ...storage,
      origin: 'http://localhost:8787',
      settlementIntervalMs: 0,
      settlementMinBatchLamports: DEMO_MIN_BATCH_LAMPORTS,
      adminWallet: ADMIN_KEY.publicKey.toBase58(),
    });
    demo.cluster.indexer.start();
    app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: { minWatchMs: 0 }, ticketSecret: TEST_TICKET_SECRET });
    const cookie = await signIn(app, PUBLISHER_KEY);
    adminCookie = await signIn(app, ADMIN_KEY);
    request = (method, path, body, headers = {}) => jsonRequest(app, method, path, body, { 'x-forwarded-for': '203.0.113.30', cookie, ...headers });
    assert.equal((await request('POST', '/api/demo/wallets', { walletAddress: PUBLISHER })).status, 200);
  });
  after(() => discardDemo(demo, storage, dataDir));

  test('an unverified website is refused and registers nothing', async () => {
    const refused = await request('POST', '/api/demo/auto-list', { walletAddress: PUBLISHER, websiteUrl: `${SITE}/` });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /Verify https:\/\/listing-site\.example before listing films on it/);
    const signer = (await request('GET', `/api/demo/wallets/${PUBLISHER}`)).body.demoAddress;
    assert.deepEqual((await request('GET', `/api/embeds?publisher=${signer}`)).body, []);
  });

  test('a verified website lists every funded film once, and a view of one is counted and paid to its embed', async () => {
    await verifiedWebsite(demo.cluster.db, PUBLISHER, SITE);
    const funded = ((await request('GET', '/api/projects')).body as Json[]).filter((film) => film.status === 'funded');
    assert.ok(funded.length > 0);
    const listed = await request('POST', '/api/demo/auto-list', { walletAddress: PUBLISHER, websiteUrl: `${SITE}/` });
    assert.equal(listed.status, 200, listed.body.message);
    assert.deepEqual(listed.body.registered.map((row: Json) => row.projectId).sort(), funded.map((film) => film.id).sort());
    assert.deepEqual(
      (await request('POST', '/api/demo/auto-list', { walletAddress: PUBLISHER, websiteUrl: `${SITE}/` })).body,
      { registered: [] },
      'nothing twice',
    );

    // The catalogue of an API key of the site: each film with its counted player.
    const key = await request('POST', '/api/publishers/keys', { walletAddress: PUBLISHER, origin: SITE });
    assert.equal(key.status, 201, key.body.message);
    const catalogue = await request('GET', `/api/catalogue?key=${encodeURIComponent(key.body.key)}`, undefined, { origin: SITE });
    assert.equal(catalogue.status, 200, catalogue.body.message);
    for (const film of catalogue.body.films) assert.equal(film.embedId, autoListEmbedId(film.id));

    // A visitor of the site plays the first film through the catalogue's player URL.
    const film = catalogue.body.films[0];
    const url = new URL(film.playerUrl);
    const page = await app.request(`${url.pathname}${url.search}`, {
      headers: { referer: `${SITE}/films`, 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'iframe' },
    });
    const config = JSON.parse(/<script type="application\/json" id="player-config">(.*?)<\/script>/s.exec(await page.text())![1]);
    assert.deepEqual([config.embedId, config.notCounting, config.refusal], [film.embedId, null, null]);
    const served = playTicket(config.slots, config.ads)!;
    assert.ok(config.ads[served.slot].campaign, 'a seeded campaign pays the view');
    const play = { projectId: film.id, embedId: film.embedId, publisher: config.publisher };
    assert.deepEqual((await request('POST', '/api/views', { ...play, ticket: served.ticket })).body, { counted: true });

    const settled = await request('POST', '/api/demo/settle', undefined, { cookie: adminCookie });
    assert.equal(settled.status, 200, JSON.stringify(settled.body));
    const campaign = (await request('GET', `/api/campaigns/${config.ads[served.slot].campaign}`)).body;
    const viewPrice = BigInt(campaign.pricePerMilleLamports) / 1000n;
    const [embed] = ((await request('GET', `/api/embeds?publisher=${config.publisher}`)).body as Json[]).filter((row) => row.embedId === film.embedId);
    assert.equal(embed.totalViews, 1);
    assert.equal(
      embed.earnedLamports,
      String((viewPrice * BigInt(PLATFORM_RULES.publisherBps)) / 10_000n),
      'the publisher’s share of the view, as for any embed',
    );
  });
});
