// The play lane (player/play-lane.ts): the ads at Play and a view report that counts at first sight,
// answered ahead of the app's layers when plainly well formed, with what the declared routes answer
// (the same body, the same headers); everything else goes on to the declared routes.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from '../src/api/context.ts';
import { requestHeader } from '../src/api/node-request.ts';
import { maskOfGenres } from '../src/campaigns/rules.ts';
import {
  MAX_VIEWS_PER_EMBED_PER_WINDOW,
  MAX_VIEWS_PER_IP_PER_WINDOW,
  MAX_VIEWS_PER_NETWORK_PER_WINDOW,
  MIN_VIEW_WATCH_MS,
  RATE_LIMIT_WINDOW_MS,
} from '../src/constants.ts';
import { playLane } from '../src/player/play-lane.ts';
import { AD_SLOTS, playTicket, type AdSlot } from '../src/player/machine.ts';
import { adsRequestPath, viewReport, viewReportPath } from '../src/player/requests.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { scalar } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { fundedProjectWithEmbeds } from './helpers/scenario.ts';
import { mintedTicket, playerConfig, testTickets } from './helpers/tickets.ts';

const SITE = 'https://a.example';
const EMBED = 'embed-0-1';
/** The answer of whatever the lane hands on: the declared routes, in the app. */
const HANDED_ON = 599;

/** A funded Drama film with an embed on a verified SITE and a campaign targeting Drama; the lane alone, in front of a stand-in for the routes. */
async function market() {
  const t = await testApp();
  const stored = (await (
    await t.request('POST', '/api/metadata', {
      title: 'Film',
      description: 'd',
      directorName: 'D',
      genres: ['Drama'],
      releaseYear: 2024,
      licenseType: 'Exclusive Streaming',
    })
  ).json()) as { uri: string; sha256: string };
  const { film } = fundedProjectWithEmbeds(t.chain, { metadata: { metadataHash: [...Buffer.from(stored.sha256, 'hex')], metadataUri: stored.uri } });
  const campaign = t.chain.createCampaign(address('advertiser'), {
    targetGenres: maskOfGenres(['Drama']),
    creativeUri: 'https://ads.example/spot.mp4',
  }).address;
  await t.cluster.indexer.sync();
  await verifiedWebsite(t.cluster.db, address('publisher'), SITE);
  const rules = {
    minWatchMs: MIN_VIEW_WATCH_MS,
    windowMs: RATE_LIMIT_WINDOW_MS,
    maxViewsPerIp: MAX_VIEWS_PER_IP_PER_WINDOW,
    maxViewsPerNetwork: MAX_VIEWS_PER_NETWORK_PER_WINDOW,
    maxViewsPerEmbed: MAX_VIEWS_PER_EMBED_PER_WINDOW,
  };
  const lane = playLane({
    cluster: t.cluster,
    tickets: testTickets,
    rules,
    now: t.clock.now,
    hsts: false,
    clientOf: (c) => c.req.header('x-forwarded-for') ?? 'unknown',
  });
  const alone = new Hono<AppEnv>()
    .use('/player/:projectId/ads', lane.ad)
    .use('/api/views', lane.view)
    .all('*', () => new Response('handed on', { status: HANDED_ON }));
  const config = await playerConfig(t.fetchPage, { projectId: film.id, embedId: EMBED, website: SITE });
  const adPath = `/player/${film.id}/ads?page=${encodeURIComponent(config.pageToken!)}`;
  /** A view report with a fresh ticket, as the player sends it after watching. */
  const reportOf = () => {
    const { ticket } = mintedTicket({ projectId: film.id, embedId: EMBED, origin: SITE, campaign, nowMs: t.clock.now() });
    t.clock.advance(MIN_VIEW_WATCH_MS);
    return JSON.stringify({ projectId: film.id, embedId: EMBED, ticket });
  };
  const post = (app: { request: Hono['request'] }, body: string, headers: Record<string, string> = {}, path = '/api/views') =>
    app.request(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-forwarded-for': '203.0.113.5', ...headers },
    });
  const views = async () => Number(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views'));
  return { ...t, film, campaign, alone, config, adPath, reportOf, post, views };
}

/** `app` served by @hono/node-server on a free port, as the server serves it (Node's request under Hono's), while `use` runs. */
async function served<T>(app: { fetch: Hono['fetch'] }, use: (origin: string) => Promise<T>): Promise<T> {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A GET sending each of `headers` as written (Host too: Node adds none to a raw list), a header named twice on two lines; the answer's body. */
function getWithHeaders(url: string, headers: [string, string][]): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers: headers.flat() }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString()));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the play lane', () => {
  test('answers a plain ad request and a view counted at first sight', async () => {
    const t = await market();
    const ad = await t.alone.request(t.adPath);
    assert.equal(ad.status, 200);
    const { ads } = (await ad.json()) as { ads: Record<AdSlot, { campaign: string | null; ticket: string | null }> };
    assert.deepEqual(Object.keys(ads), [...AD_SLOTS], 'every slot when none is named');
    // The video campaign fills pre-roll and mid-roll; the play pays for the first, whose ad alone carries the play's ticket.
    assert.deepEqual(
      AD_SLOTS.map((slot) => [ads[slot].campaign, ads[slot].ticket !== null]),
      [
        [t.campaign, true],
        [t.campaign, false],
        [null, false],
      ],
    );
    assert.ok(!('problem' in testTickets.verifyTicket(ads['pre-roll'].ticket!, t.clock.now())), 'a ticket for the page');

    const counted = await t.post(t.alone, t.reportOf(), { 'x-forwarded-for': '203.0.113.6' });
    assert.equal(counted.status, 200);
    assert.deepEqual(await counted.json(), { counted: true });
    assert.equal(await t.views(), 1);
  });

  test("answers the player's own requests (requests.ts), which name the page's cluster, and the cluster named either way", async () => {
    const t = await market();
    const page = { projectId: t.film.id, cluster: t.cluster.name, embedId: EMBED, publisher: address('publisher'), pageToken: t.config.pageToken };
    const ad = await t.alone.request(adsRequestPath(page, AD_SLOTS));
    assert.equal(ad.status, 200, "the player's ads request");
    const { ticket } = playTicket(AD_SLOTS, ((await ad.json()) as { ads: Record<AdSlot, { campaign: string | null; ticket: string | null }> }).ads)!;
    t.clock.advance(MIN_VIEW_WATCH_MS);
    const counted = await t.post(t.alone, JSON.stringify(viewReport(page, ticket, t.clock.now())), { 'x-forwarded-for': '203.0.113.6' }, viewReportPath(page));
    assert.deepEqual([counted.status, await counted.json()], [200, { counted: true }], "the player's view report");

    assert.equal((await t.alone.request(t.adPath, { headers: { 'x-marquee-cluster': t.cluster.name } })).status, 200, 'the cluster in the header');
    const named = await t.post(t.alone, t.reportOf(), { 'x-forwarded-for': '203.0.113.7', 'x-marquee-cluster': t.cluster.name });
    assert.equal(named.status, 200, 'the cluster in the header');
    assert.equal(await t.views(), 2);
  });

  test('hands on whatever is not plainly well formed, or a view the one statement does not count', async () => {
    const t = await market();
    const handedOn = async (response: Response | Promise<Response>, why: string) => assert.equal((await response).status, HANDED_ON, why);
    await handedOn(t.alone.request(t.adPath, { headers: { cookie: 'a=b' } }), 'a cookie');
    await handedOn(t.alone.request(`${t.adPath}&cluster=devnet`), 'another cluster named');
    await handedOn(t.alone.request(t.adPath, { headers: { 'x-marquee-cluster': 'devnet' } }), 'another cluster in the header');
    await handedOn(t.alone.request(`${t.adPath}&cluster=demo&cluster=demo`), 'the cluster named twice');
    await handedOn(t.alone.request(`${t.adPath}&page=again`), 'a parameter twice');
    await handedOn(t.alone.request(`${t.adPath}&slots=pre-roll&slots=overlay`), 'the slots named twice');
    await handedOn(t.alone.request(`${t.adPath}&embed=x`), 'another parameter');
    await handedOn(t.alone.request(`${t.adPath}&slots=pre-roll,post-roll`), 'an unknown slot');
    await handedOn(t.alone.request('/player/99999/ads'), 'an unknown film');
    await handedOn(t.alone.request(`/player/${t.film.id}/ads`, { method: 'POST' }), 'another method');

    await handedOn(t.post(t.alone, t.reportOf(), { cookie: 'a=b' }), 'a cookie');
    await handedOn(t.post(t.alone, t.reportOf(), {}, '/api/views?cluster=devnet'), 'another cluster named');
    await handedOn(t.post(t.alone, t.reportOf(), { 'x-marquee-cluster': 'devnet' }), 'another cluster in the header');
    await handedOn(t.post(t.alone, t.reportOf(), {}, '/api/views?cluster=demo&page=x'), 'another parameter');
    await handedOn(t.post(t.alone, t.reportOf(), { 'content-type': 'text/plain' }), 'not JSON');
    await handedOn(t.post(t.alone, '{"projectId":', {}), 'malformed JSON');
    await handedOn(t.post(t.alone, JSON.stringify({ projectId: t.film.id, embedId: EMBED }), {}), 'no ticket');
    const forged = JSON.stringify({ projectId: t.film.id, embedId: EMBED, ticket: 'a.b' });
    await handedOn(t.post(t.alone, forged), 'a forged ticket');
    const once = t.reportOf();
    assert.equal((await t.post(t.alone, once)).status, 200);
    await handedOn(t.post(t.alone, once, { 'x-forwarded-for': '203.0.113.7' }), 'a ticket already counted: the route says so');
    const early = JSON.stringify({
      projectId: t.film.id,
      embedId: EMBED,
      ticket: mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }).ticket,
    });
    await handedOn(t.post(t.alone, early, { 'x-forwarded-for': '203.0.113.8' }), 'watched too briefly: the route says so');
    assert.equal(await t.views(), 1, 'only the one counted');
  });

  test("in the app, its answers are the declared routes' answers, header for header", async () => {
    const t = await market();
    const headersOf = (response: Response) => [...response.headers].sort(([a], [b]) => a.localeCompare(b));
    // A cookie sends the same request down the declared routes.
    const routed = { cookie: 'a=b' };
    const laneAd = await t.app.request(t.adPath);
    const routedAd = await t.app.request(t.adPath, { headers: routed });
    assert.deepEqual([laneAd.status, headersOf(laneAd)], [routedAd.status, headersOf(routedAd)]);
    // The same ads; each play's ticket is its own.
    const withoutTickets = async (response: Response) =>
      Object.entries(((await response.json()) as { ads: Record<string, { ticket: string | null }> }).ads).map(([slot, served]) => [slot, { ...served, ticket: served.ticket !== null }]);
    assert.deepEqual(await withoutTickets(laneAd), await withoutTickets(routedAd));

    const laneView = await t.post(t.app, t.reportOf(), { 'x-forwarded-for': '203.0.113.10' });
    const routedView = await t.post(t.app, t.reportOf(), { 'x-forwarded-for': '203.0.113.11', ...routed });
    assert.deepEqual([laneView.status, headersOf(laneView), await laneView.json()], [routedView.status, headersOf(routedView), await routedView.json()]);
    assert.equal(await t.views(), 2);
  });

  test("over Node's HTTP server, reads a report's body and headers from Node's request, and a report handed on reads the same body", async () => {
    const t = await market();
    await served(t.app, async (origin) => {
      const send = (body: string, forwardedFor: string) =>
        fetch(`${origin}/api/views`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor } });
      const counted = await send(t.reportOf(), '203.0.113.20');
      assert.deepEqual([counted.status, await counted.json()], [200, { counted: true }]);
      // Refused by the schemas: the lane read the body, the route's validator reads it again and says why.
      const noTicket = JSON.stringify({ projectId: t.film.id, embedId: EMBED });
      const refused = await send(noTicket, '203.0.113.21');
      const refusedInTheApp = await t.post(t.app, noTicket, { 'x-forwarded-for': '203.0.113.21' });
      assert.equal(refused.status, 400);
      assert.deepEqual(await refused.json(), await refusedInTheApp.json());
      // Counted by the route after the lane handed it on: a ticket already counted.
      const once = t.reportOf();
      assert.equal((await send(once, '203.0.113.22')).status, 200);
      const again = await send(once, '203.0.113.23');
      const againInTheApp = await t.post(t.app, once, { 'x-forwarded-for': '203.0.113.23' });
      const answer = [again.status, await again.json()];
      assert.deepEqual(answer, [againInTheApp.status, await againInTheApp.json()]);
      assert.deepEqual(answer, [200, { counted: false, reason: 'This play was already counted' }]);
    });
    assert.equal(await t.views(), 2);
  });

  test("a header read from Node's request is the header Hono reads: each line of it, joined in order", async () => {
    const echo = new Hono().get('/', (c) =>
      c.json({ lane: requestHeader(c, 'x-forwarded-for') ?? null, hono: c.req.header('x-forwarded-for') ?? null, none: requestHeader(c, 'x-absent') ?? null }),
    );
    const read = await served(echo, (origin) =>
      getWithHeaders(origin, [
        ['Host', new URL(origin).host],
        ['X-Forwarded-For', '198.51.100.1'],
        ['x-forwarded-for', '203.0.113.9'],
      ]),
    );
    assert.deepEqual(JSON.parse(read), { lane: '198.51.100.1, 203.0.113.9', hono: '198.51.100.1, 203.0.113.9', none: null });
  });
});
