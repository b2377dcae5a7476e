// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The publisher's API end to end over a scripted chain and a local website the test serves:
// verification (bad input, a site without the token, then with it), views only from the verified
// registered website, API keys (origin-scoped, revocable) and the catalogue, analytics per embed.
// Every publisher route but the analytics needs the publisher's session: without one 401, with
// another wallet's 403, and nothing is changed.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { createCluster } from '../src/cluster.ts';
import { FakeChainSource } from './helpers/chain.ts';
import { testLocation } from './helpers/database.ts';
import { fundedProjectWithEmbeds, ScriptedChain, T0 } from './helpers/scenario.ts';
import { signIn } from './helpers/sign-in.ts';
import { mintedTicket, TEST_TICKET_SECRET } from './helpers/tickets.ts';

const PUBLISHER_KEY = anchor.web3.Keypair.generate();
const PUBLISHER = PUBLISHER_KEY.publicKey.toBase58();
let site: http.Server;
let siteOrigin: string;
let served = '';

before(async () => {
  site = http.createServer((request, response) => {
    if (request.url === '/.well-known/marquee-verification.txt' && served) return response.writeHead(200).end(served);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Films</title></head></html>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
after(() => {
  site.closeAllConnections();
  site.close();
});

async function setup() {
  const source = new FakeChainSource('demo');
  const chain = new ScriptedChain(source);
  let nowMs = (T0 + 3600) * 1000;
  const clock = { now: () => nowMs, advance: (ms: number) => (nowMs += ms) };
  const cluster = await createCluster({ source, dataDir: ':memory:', location: testLocation(), now: clock.now });
  const app = createApp({ clusters: [cluster], now: clock.now, trustedProxyHops: 1, ticketSecret: TEST_TICKET_SECRET, siteFetch: { allowLoopback: true, timeoutMs: 2000 } });
  const publisherSession = await signIn(app, PUBLISHER_KEY);
  /** As the signed-in publisher, unless `headers` say otherwise (`cookie: ''`: no session). */
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json', cookie: publisherSession, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
  const { film, embed } = fundedProjectWithEmbeds(chain, {
    studio: { label: 'a24', name: 'A24' },
    title: 'Night Train',
    claimLicense: true,
    embeds: [{ publisher: PUBLISHER, website: `${siteOrigin}/` }],
  });
  await cluster.indexer.sync();
  return { app, chain, cluster, clock, request, film, embed, close: () => cluster.store.close() };
}

/** A test on a fresh setup(), closed afterwards, with the served token cleared whatever the outcome. */
function testWithSetup(name: string, body: (t: Awaited<ReturnType<typeof setup>>) => Promise<void>) {
  test(name, async () => {
    const t = await setup();
    try {
      await body(t);
    } finally {
      served = '';
      await t.close();
    }
  });
}

describe('/api/publishers websites', () => {
  testWithSetup('verify form: bad input, a site without the token, then verified', async (t) => {
    const bad = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: 'ftp://films.example' });
    assert.deepEqual(bad, { status: 400, body: { message: 'websiteUrl: Invalid URL: Please enter a valid website URL' } });
    const spaced = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: 'https://my site.example' });
    assert.equal(spaced.status, 400);
    const email = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin, contactEmail: 'nope' });
    assert.deepEqual(email.body, { message: 'contactEmail: Invalid email: Please enter a valid email address' });
    const early = await t.request('POST', '/api/publishers/websites/verify', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
    assert.equal(early.status, 404);

    const issued = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: `${siteOrigin}/`, contactEmail: 'me@films.example' });
    assert.equal(issued.status, 201);
    assert.equal(issued.body.status, 'unverified');
    assert.match(issued.body.token, /^marquee-site-verification=[0-9a-f]{32}$/);
    assert.equal(issued.body.wellKnownUrl, `${siteOrigin}/.well-known/marquee-verification.txt`);
    assert.equal(issued.body.metaTag, `<meta name="marquee-verification" content="${issued.body.token}">`);
    const again = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
    assert.equal(again.body.token, issued.body.token, 'the same token until verified');

    served = '';
    const missing = await t.request('POST', '/api/publishers/websites/verify', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
    assert.equal(missing.status, 422);
    assert.match(missing.body.message, /^The verification token was not found/);
    const listed = await t.request('GET', `/api/publishers/${PUBLISHER}/websites`);
    assert.equal(listed.body[0].status, 'unverified');
    assert.match(listed.body[0].lastError, /token was not found/);

    served = issued.body.token;
    const verified = await t.request('POST', '/api/publishers/websites/verify', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
    assert.equal(verified.status, 200);
    assert.equal(verified.body.status, 'verified');
    assert.equal(verified.body.method, 'well-known');
    assert.equal(verified.body.lastError, null);
  });

  testWithSetup('the Apply to Publisher Program form: its fields are kept with the website, all three or none', async (t) => {
    const application = { websiteName: 'Night Films', monthlyVisitors: '25-100k', category: 'streaming' };
    const partial = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin, websiteName: 'Night Films' });
    assert.deepEqual(partial, { status: 400, body: { message: 'A publisher application needs its Website Name, Monthly Visitors and Website Category' } });
    const unknownRange = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin, ...application, monthlyVisitors: '1m+' });
    assert.equal(unknownRange.status, 400);
    assert.match(unknownRange.body.message, /^monthlyVisitors: /);
    const blankName = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin, ...application, websiteName: '  ' });
    assert.deepEqual(blankName.body, { message: 'websiteName: Website Name is required' });
    assert.deepEqual((await t.request('GET', `/api/publishers/${PUBLISHER}/websites`)).body, [], 'nothing stored for a refused application');

    const applied = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin, contactEmail: 'me@films.example', ...application });
    assert.equal(applied.status, 201);
    assert.deepEqual(
      { websiteName: applied.body.websiteName, monthlyVisitors: applied.body.monthlyVisitors, category: applied.body.category, contactEmail: applied.body.contactEmail },
      { ...application, contactEmail: 'me@films.example' },
    );
    // The Embed Library's form asks again without the application: what the application said stays.
    await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
    const [listed] = (await t.request('GET', `/api/publishers/${PUBLISHER}/websites`)).body;
    assert.deepEqual({ websiteName: listed.websiteName, monthlyVisitors: listed.monthlyVisitors, category: listed.category }, application);
  });

  test('outside tests a loopback website is refused and stays unverified', async () => {
    const source = new FakeChainSource('demo');
    const cluster = await createCluster({ source, dataDir: ':memory:', location: testLocation() });
    try {
      const app = createApp({ clusters: [cluster] });
      const cookie = await signIn(app, PUBLISHER_KEY);
      const post = (path: string, body: unknown) =>
        app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
      await post('/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
      const result = await post('/api/publishers/websites/verify', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
      assert.equal(result.status, 422);
      assert.match(((await result.json()) as { message: string }).message, /private or loopback address: only public websites can be verified/);
    } finally {
      await cluster.store.close();
    }
  });
});

async function verify(t: Awaited<ReturnType<typeof setup>>) {
  const issued = await t.request('POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: siteOrigin });
  served = issued.body.token;
  try {
    assert.equal((await t.request('POST', '/api/publishers/websites/verify', { walletAddress: PUBLISHER, websiteUrl: siteOrigin })).status, 200);
  } finally {
    served = '';
  }
}

describe('views need the verified, registered website', () => {
  testWithSetup('a view is refused until the publisher verified the website, and from another website', async (t) => {
    const play = (origin = siteOrigin) => ({
      projectId: t.film.id,
      embedId: 'embed-0-1',
      ...mintedTicket({ projectId: t.film.id, embedId: 'embed-0-1', origin, campaign: null, nowMs: t.clock.now() }),
    });
    const unverified = await t.request('POST', '/api/views', play());
    assert.deepEqual(unverified, { status: 403, body: { message: `${siteOrigin} is not verified by the publisher of this embed: views are not counted` } });
    await verify(t);
    const elsewhere = await t.request('POST', '/api/views', play('https://copycat.example'));
    assert.deepEqual(elsewhere.body, { message: `Views of this embed count on ${siteOrigin} only` });
    const watched = play();
    t.clock.advance(2_500);
    const counted = await t.request('POST', '/api/views', watched);
    assert.deepEqual(counted.body, { counted: true });
    const page = await (await createApp({ clusters: [t.cluster] }).request(`/player/${t.film.id}?embed=embed-0-1`, { headers: { referer: `${siteOrigin}/films` } })).text();
    assert.match(page, /"notCounting":null/);
  });

  testWithSetup('analytics: views per day and per embed, earnings after settlement', async (t) => {
    await verify(t);
    t.chain.distributeRevenue(t.film.id, 1_000_000_000n, [{ embed: t.embed, views: 10n }]);
    await t.cluster.indexer.sync();
    const { body } = await t.request('GET', `/api/publishers/${PUBLISHER}/analytics`);
    assert.equal(body.byEmbed.length, 1);
    assert.equal(body.byEmbed[0].embedId, 'embed-0-1');
    assert.equal(body.byEmbed[0].earnedLamports, '400000000', '40% of the distribution');
    assert.equal(body.byEmbed[0].claimableLamports, '400000000');
    assert.equal(body.totals.views, 10);
    assert.equal(body.totals.earnedLamports, '400000000');
    assert.equal(body.byDay.length, 1);
    assert.match(body.byDay[0].date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(body.byDay[0].earnedLamports, '400000000');
  });
});

describe('API keys and the catalogue', () => {
  testWithSetup('a key is shown once, works only from its verified origin, and a revoked key is refused', async (t) => {
    const refused = await t.request('POST', '/api/publishers/keys', { walletAddress: PUBLISHER, origin: siteOrigin });
    assert.equal(refused.status, 403);
    await verify(t);
    const created = await t.request('POST', '/api/publishers/keys', { walletAddress: PUBLISHER, origin: siteOrigin });
    assert.equal(created.status, 201);
    assert.match(created.body.key, /^mk_[A-Za-z0-9_-]{32}$/);
    assert.equal(created.body.prefix, created.body.key.slice(0, 10));
    assert.match(created.body.catalogueSnippet, new RegExp(`data-key="${created.body.key}"`));
    const listed = await t.request('GET', `/api/publishers/${PUBLISHER}/keys`);
    assert.equal(listed.body.length, 1);
    assert.equal(listed.body[0].key, undefined, 'never listed again');
    assert.equal(JSON.stringify(listed.body).includes(created.body.key), false);
    const stored = await t.cluster.db.selectFrom('publisher_api_keys').selectAll().execute();
    assert.equal(JSON.stringify(stored).includes(created.body.key), false, 'only its hash is stored');

    const catalogue = await t.request('GET', `/api/catalogue?key=${created.body.key}`, undefined, { origin: siteOrigin });
    assert.equal(catalogue.status, 200);
    assert.deepEqual(catalogue.body.films.map((film: { title: string }) => film.title), ['Night Train']);
    assert.equal(catalogue.body.films[0].embedId, 'embed-0-1');
    assert.match(catalogue.body.films[0].embedCode, /data-publisher-id=/);
    assert.equal((await t.request('GET', `/api/catalogue?key=${created.body.key}`, undefined, { origin: 'https://copycat.example' })).status, 403);
    assert.equal((await t.request('GET', '/api/catalogue?key=mk_unknown', undefined, { origin: siteOrigin })).status, 401);
    assert.equal((await t.request('GET', '/api/catalogue')).status, 401);

    const revoked = await t.request('POST', `/api/publishers/keys/${created.body.id}/revoke`, { walletAddress: PUBLISHER });
    assert.equal(revoked.status, 200);
    assert.ok(revoked.body.revokedAt);
    assert.deepEqual(await t.request('GET', `/api/catalogue?key=${created.body.key}`, undefined, { origin: siteOrigin }), {
      status: 403,
      body: { message: 'This API key was revoked' },
    });
    assert.equal((await t.request('POST', `/api/publishers/keys/${created.body.id}/revoke`, { walletAddress: PUBLISHER })).status, 404);
  });
});

describe("the publisher's session", () => {
  testWithSetup("every publisher route refuses a caller without the wallet's session (401) or signed in as another wallet (403), and changes nothing", async (t) => {
    await verify(t);
    const created = await t.request('POST', '/api/publishers/keys', { walletAddress: PUBLISHER, origin: siteOrigin });
    assert.equal(created.status, 201);
    const stranger = await signIn(t.app, anchor.web3.Keypair.generate());
    const acts: [string, string, unknown][] = [
      ['GET', `/api/publishers/${PUBLISHER}/websites`, undefined],
      ['POST', '/api/publishers/websites', { walletAddress: PUBLISHER, websiteUrl: 'https://other.example' }],
      ['POST', '/api/publishers/websites/verify', { walletAddress: PUBLISHER, websiteUrl: siteOrigin }],
      ['GET', `/api/publishers/${PUBLISHER}/keys`, undefined],
      ['POST', '/api/publishers/keys', { walletAddress: PUBLISHER, origin: siteOrigin }],
      ['POST', `/api/publishers/keys/${created.body.id}/revoke`, { walletAddress: PUBLISHER }],
    ];
    const before = {
      websites: await t.cluster.db.selectFrom('publisher_websites').selectAll().execute(),
      keys: await t.cluster.db.selectFrom('publisher_api_keys').selectAll().execute(),
    };
    for (const [method, path, body] of acts) {
      const anonymous = await t.request(method, path, body, { cookie: '' });
      assert.equal(anonymous.status, 401, `${method} ${path} without a session`);
      assert.match(anonymous.body.message, /^Sign in with your wallet first/);
      const forged = await t.request(method, path, body, { cookie: stranger });
      assert.equal(forged.status, 403, `${method} ${path} as another wallet`);
      assert.match(forged.body.message, /^Signed in as \S+, not as /);
    }
    assert.deepEqual(
      {
        websites: await t.cluster.db.selectFrom('publisher_websites').selectAll().execute(),
        keys: await t.cluster.db.selectFrom('publisher_api_keys').selectAll().execute(),
      },
      before,
      'no website asked for, no key issued or revoked',
    );
    assert.equal((await t.request('GET', `/api/publishers/${PUBLISHER}/analytics`, undefined, { cookie: '' })).status, 200, 'the analytics are public');
  });
});
