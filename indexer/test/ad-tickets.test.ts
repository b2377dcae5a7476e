// Paid views bound to the ad the server served (issue 26): a view requires the signed ticket of the
// ad the server chose (forged, expired, another film or embed: refused; used twice: counted once),
// the view records the ticket's campaign whatever the body says, a paused campaign gets no ticket,
// the origin counted is the one the player page's request carried (Referer), never `?website=`;
// limits group IPv6 by /64 and IPv4 by /24, and an embed's cap is shared fairly per network.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AD_TICKET_TTL_MS } from '../src/constants.ts';
import { maskOfGenres } from '../src/campaigns/rules.ts';
import { addressGroups } from '../src/player/address-group.ts';
import { TicketSigner } from '../src/player/ticket.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { scalar, sqlRows } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { fundedProjectWithEmbeds } from './helpers/scenario.ts';
import { signIn } from './helpers/sign-in.ts';
import { mintedTicket, playerConfig, servedPlay } from './helpers/tickets.ts';

const SITE = 'https://a.example';
const EMBED = 'embed-0-1';

/** A funded Drama film with an embed on a verified SITE, a second film, and a video campaign targeting Drama. */
async function market(options: Parameters<typeof testApp>[0] = {}) {
  const t = await testApp(options);
  const stored = (await (
    await t.request('POST', '/api/metadata', { title: 'Film', description: 'd', directorName: 'D', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming' })
  ).json()) as { uri: string; sha256: string };
  const { film } = fundedProjectWithEmbeds(t.chain, { metadata: { metadataHash: [...Buffer.from(stored.sha256, 'hex')], metadataUri: stored.uri } });
  const campaign = t.chain.createCampaign(address('advertiser'), { targetGenres: maskOfGenres(['Drama']), creativeUri: 'https://ads.example/spot.mp4' }).address;
  await t.cluster.indexer.sync();
  await verifiedWebsite(t.cluster.db, address('publisher'), SITE);
  const page = (headers: Record<string, string> = {}) => ({ projectId: film.id, embedId: EMBED, website: SITE, headers });
  /** The view report as the player sends it, at once (no watch time). */
  const report = (body: Record<string, unknown>, ip = '203.0.113.5') => t.request('POST', '/api/views', body, { 'x-forwarded-for': ip });
  /** The view report after the player's 2 s of watching. */
  const view = async (body: Record<string, unknown>, ip = '203.0.113.5') => {
    t.clock.advance(2_000);
    const counted = await report(body, ip);
    return { status: counted.status, body: (await counted.json()) as { counted?: boolean; reason?: string; message?: string } };
  };
  return { ...t, film, campaign, page, report, view };
}

const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('ad tickets', () => {
  test('the player page on the embed’s website carries a ticket for the ad the server chose; the view records its campaign', async () => {
    const t = await market();
    const served = await servedPlay(t.fetchPage, t.page());
    assert.equal(served.campaign, t.campaign);
    assert.deepEqual(await t.view({ projectId: t.film.id, embedId: EMBED, slot: served.slot, ticket: served.ticket }), { status: 200, body: { counted: true } });
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT campaign FROM views'), [{ campaign: t.campaign }]);
    // The ad requested again at Play, with the page's token, carries a fresh ticket for the same embed and origin.
    const config = await playerConfig(t.fetchPage, t.page());
    const ad = (await (await t.request('GET', `/player/${t.film.id}/ads/pre-roll?page=${encodeURIComponent(config.pageToken!)}`)).json()) as { ticket: string };
    assert.deepEqual(await t.view({ projectId: t.film.id, embedId: EMBED, ticket: ad.ticket }, '203.0.113.6'), { status: 200, body: { counted: true } });
    // Without the page's token the ad has no ticket: nothing to count with.
    assert.equal(((await (await t.request('GET', `/player/${t.film.id}/ads/pre-roll`)).json()) as { ticket: unknown }).ticket, null);
  });

  test('the ads of the player page and at Play carry one ticket, the play’s: on the first slot a campaign filled, else on the first slot (the house ad)', async () => {
    const t = await market();
    const config = await playerConfig(t.fetchPage, t.page());
    // The player page's ads, as served with the page: the same one ticket.
    assert.deepEqual(
      Object.entries(config.ads).map(([slot, ad]) => [slot, ad.campaign, ad.ticket === null ? null : 'ticket']),
      [
        ['pre-roll', t.campaign, 'ticket'],
        ['mid-roll', t.campaign, null],
        ['overlay', null, null],
      ],
    );
    const adsAt = async (slots: string) => {
      const response = await t.request('GET', `/player/${t.film.id}/ads?slots=${slots}&page=${encodeURIComponent(config.pageToken!)}`);
      assert.equal(response.status, 200);
      const { ads } = (await response.json()) as { ads: Record<string, { campaign: string | null; ticket: string | null }> };
      return Object.fromEntries(Object.entries(ads).map(([slot, ad]) => [slot, [ad.campaign, ad.ticket === null ? null : 'ticket']]));
    };
    // The video campaign fills pre-roll and mid-roll, not the overlay: the play is the pre-roll's.
    assert.deepEqual(await adsAt('pre-roll,mid-roll,overlay'), { 'pre-roll': [t.campaign, 'ticket'], 'mid-roll': [t.campaign, null], overlay: [null, null] });
    // Named in any order, the slots are played in the player's order; the house ad alone: its ticket (it pays nothing).
    assert.deepEqual(await adsAt('overlay,mid-roll'), { 'mid-roll': [t.campaign, 'ticket'], overlay: [null, null] });
    assert.deepEqual(await adsAt('overlay'), { overlay: [null, 'ticket'] });
    // A display campaign fills the overlay: when it is the only campaign served, the play is the overlay's.
    const display = t.chain.createCampaign(address('advertiser'), { adType: 'display', targetGenres: maskOfGenres(['Drama']), creativeUri: 'https://ads.example/banner.png' }).address;
    t.chain.pauseCampaign(t.campaign, true);
    await t.cluster.indexer.sync();
    assert.deepEqual(await adsAt('pre-roll,mid-roll,overlay'), { 'pre-roll': [null, null], 'mid-roll': [null, null], overlay: [display, 'ticket'] });
    // That ticket counts the view, for the overlay's campaign.
    const { ads } = (await (await t.request('GET', `/player/${t.film.id}/ads?page=${encodeURIComponent(config.pageToken!)}`)).json()) as { ads: Record<string, { ticket: string | null }> };
    assert.deepEqual(await t.view({ projectId: t.film.id, embedId: EMBED, ticket: ads.overlay.ticket }), { status: 200, body: { counted: true } });
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT campaign FROM views'), [{ campaign: display }]);
  });

  test('a view without a ticket, or with a forged or expired one or one of another film or embed, is refused and stores nothing; a reused one counts once', async () => {
    const t = await market();
    const base = { projectId: t.film.id, embedId: EMBED };
    const good = () => mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() });
    assert.equal((await t.view({ ...base, campaign: t.campaign, website: SITE })).status, 400);
    const forged = new TicketSigner(Buffer.alloc(32, 1)).issueTicket({
      campaign: t.campaign, projectId: t.film.id, cluster: 'demo', embed: EMBED, slot: 'pre-roll', origin: SITE, issuedAt: t.clock.now(), expiresAt: t.clock.now() + 60_000,
    });
    const refused = async (body: Record<string, unknown>, status: number, message: string | RegExp) => {
      t.clock.advance(2_000);
      const response = await t.report(body);
      assert.equal(response.status, status);
      const text = await messageOf(response);
      if (typeof message === 'string') assert.equal(text, message);
      else assert.match(text, message);
    };
    await refused({ ...base, slot: 'pre-roll', ticket: forged }, 403, 'Invalid ad ticket: ask the player for the ad again');
    const tampered = good();
    const [payload, mac] = tampered.ticket.split('.');
    const edited = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), campaign: address('rival') })).toString('base64url');
    await refused({ ...base, slot: 'pre-roll', ticket: `${edited}.${mac}` }, 403, 'Invalid ad ticket: ask the player for the ad again');
    const stale = good();
    t.clock.advance(AD_TICKET_TTL_MS + 1 - 2_000);
    await refused({ ...base, ...stale }, 403, 'The ad ticket expired: ask the player for the ad again');
    const other = t.chain.createProject(t.chain.registerStudio('b', 'B'), 'Other', 10);
    await refused({ ...base, ...mintedTicket({ projectId: other.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }) }, 400, 'The ad ticket is for another film');
    await refused({ ...base, ...mintedTicket({ projectId: t.film.id, embedId: 'embed-0-9', origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }) }, 400, 'The ad ticket is for another embed');
    await refused({ ...base, ...mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now(), cluster: 'devnet' }) }, 400, 'The ad ticket is for another film');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views'), 0);
    const once = good();
    assert.deepEqual(await t.view({ ...base, ...once }), { status: 200, body: { counted: true } });
    assert.deepEqual(await t.view({ ...base, ...once }, '198.51.100.7'), { status: 200, body: { counted: false, reason: 'This play was already counted' } });
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views'), 1);
  });

  test('a publisher naming a campaign it was not served, or a paused one, charges nobody: the view is the ticket’s', async () => {
    const t = await market();
    t.chain.pauseCampaign(t.campaign, true);
    await t.cluster.indexer.sync();
    // Paused: the server serves the house ad, and its ticket names no campaign.
    const served = await servedPlay(t.fetchPage, t.page());
    assert.equal(served.campaign, null);
    const named = await t.view({ projectId: t.film.id, embedId: EMBED, slot: served.slot, ticket: served.ticket, campaign: t.campaign });
    assert.deepEqual(named, { status: 200, body: { counted: true } });
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT campaign FROM views'), [{ campaign: null }]);
  });

  test('the origin counted is the player page request’s Referer: never ?website=, nor a page no site embedded', async () => {
    const t = await market();
    // A copycat site embedding the player, claiming the registered website in the query.
    const copycat = await playerConfig(t.fetchPage, { ...t.page({ referer: 'https://copycat.example/x' }), website: 'https://copycat.example' });
    assert.equal(copycat.notCounting, `Views of this embed count on ${SITE} only`);
    t.clock.advance(2_000);
    const copied = await t.report({ projectId: t.film.id, embedId: EMBED, ticket: copycat.ads['pre-roll'].ticket });
    assert.equal(copied.status, 403);
    assert.equal(await messageOf(copied), `Views of this embed count on ${SITE} only`);
    // No Referer, the website named in the query only: no ticket at all.
    const response = await t.app.request(`/player/${t.film.id}?embed=${EMBED}&website=${encodeURIComponent(SITE)}`);
    const config = JSON.parse(/id="player-config">(.*?)<\/script>/s.exec(await response.text())![1]);
    assert.equal(config.pageToken, null);
    assert.equal(config.ads['pre-roll'].ticket, null);
    assert.match(config.notCounting, /did not say which page embeds this player/);
    // A typed address (Sec-Fetch-Site: none) has no embedding page, whatever Referer it carries.
    const typed = await playerConfig(t.fetchPage, t.page({ 'sec-fetch-site': 'none' }));
    assert.equal(typed.pageToken, null);
  });
});

describe('the demo’s Simulate View', () => {
  test('on the demo cluster the embed’s signed-in publisher gets the ticket its own website’s player would get; nobody else does', async () => {
    const t = await market();
    const publisher = anchor.web3.Keypair.generate();
    const own = publisher.publicKey.toBase58();
    t.chain.registerEmbed(t.film.id, own, 'embed-0-2', `${SITE}/`);
    await t.cluster.indexer.sync();
    await verifiedWebsite(t.cluster.db, own, SITE);
    const ask = (cookie?: string, embedId = 'embed-0-2') =>
      t.request('POST', '/api/views/demo-ticket', { projectId: t.film.id, embedId, slot: 'pre-roll' }, { cookie: cookie ?? '' });
    assert.equal((await ask()).status, 401);
    const cookie = await signIn(t.app, publisher);
    const foreign = await ask(cookie, EMBED);
    assert.equal(foreign.status, 403);
    assert.equal(await messageOf(foreign), "Only the embed's publisher can simulate its views");
    const ad = (await (await ask(cookie)).json()) as { campaign: string; ticket: string };
    assert.equal(ad.campaign, t.campaign);
    assert.deepEqual(await t.view({ projectId: t.film.id, embedId: 'embed-0-2', ticket: ad.ticket }, '203.0.113.77'), { status: 200, body: { counted: true } });
  });
});

describe('ticket ids', () => {
  test('every ticket has an id of its own, across many pools of random bytes', () => {
    const signer = new TicketSigner(Buffer.alloc(32, 1));
    const play = { campaign: null, projectId: 1, cluster: 'demo', embed: 'embed-1', slot: 'pre-roll' as const, origin: 'https://films.example', issuedAt: 0, expiresAt: 1 };
    const ids = Array.from({ length: 2_000 }, () => {
      const ticket = signer.verifyTicket(signer.issueTicket(play), 0);
      assert.ok('id' in ticket);
      return ticket.id;
    });
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.match(id, /^0{9}[A-Za-z0-9_-]{16}$/, 'the issue time (0), then 96 random bits');
  });

  test('ids sort by issue time as text (the views index grows at its end), whatever their random part', () => {
    const signer = new TicketSigner(Buffer.alloc(32, 2));
    const idAt = (issuedAt: number) => {
      const play = { campaign: null, projectId: 1, cluster: 'demo', embed: 'embed-1', slot: 'pre-roll' as const, origin: 'https://films.example', issuedAt, expiresAt: issuedAt + 1 };
      const ticket = signer.verifyTicket(signer.issueTicket(play), issuedAt);
      assert.ok('id' in ticket);
      return ticket.id;
    };
    const ids = [0, 1, 35, 36, 1_000, 1_795_719_042_205, 1_795_719_042_206, 1_795_719_043_000, 9_999_999_999_999].map(idAt);
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(idAt(1_795_719_042_205).slice(0, 9), (1_795_719_042_205).toString(36).padStart(9, '0'));
  });
});

describe('address groups and fair shares', () => {
  test('IPv6 groups by /64, IPv4 by address with its /24 as the looser tier; an IPv4-mapped address is IPv4', () => {
    assert.deepEqual(addressGroups('2001:db8:1:2:aaaa::1'), { narrow: '2001:db8:1:2::/64', wide: '2001:db8:1:2::/64' });
    assert.deepEqual(addressGroups('2001:db8:1:2:ffff:ffff:ffff:ffff'), addressGroups('2001:db8:1:2::'));
    assert.notDeepEqual(addressGroups('2001:db8:1:3::1'), addressGroups('2001:db8:1:2::1'));
    assert.deepEqual(addressGroups('203.0.113.9'), { narrow: '203.0.113.9', wide: '203.0.113.0/24' });
    assert.deepEqual(addressGroups('::ffff:203.0.113.9'), addressGroups('203.0.113.9'));
  });

  test('addresses rotated inside one IPv6 /64 share one per-address cap', async () => {
    const t = await market({ views: { maxViewsPerIp: 3 } });
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      const ip = `2001:db8:aa:bb:${(i + 1).toString(16)}::${i + 7}`;
      outcomes.push((await t.view({ projectId: t.film.id, embedId: EMBED, ...mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }) }, ip)).status);
    }
    assert.deepEqual(outcomes, [200, 200, 200, 429, 429]);
    // Another /64 is another viewer.
    const elsewhere = await t.view({ projectId: t.film.id, embedId: EMBED, ...mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }) }, '2001:db8:aa:bc::1');
    assert.equal(elsewhere.status, 200);
  });

  test('addresses rotated across one IPv4 /24 meet the network tier', async () => {
    const t = await market({ views: { maxViewsPerNetwork: 4 } });
    const outcomes = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push((await t.view({ projectId: t.film.id, embedId: EMBED, ...mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }) }, `198.51.100.${i + 1}`)).status);
    }
    assert.deepEqual(outcomes, [200, 200, 200, 200, 429, 429]);
  });

  test('one network using up an embed’s cap does not lock the publisher’s other viewers out', async () => {
    const t = await market({ views: { maxViewsPerEmbed: 4 } });
    const ticket = () => ({ projectId: t.film.id, embedId: EMBED, ...mintedTicket({ projectId: t.film.id, embedId: EMBED, origin: SITE, campaign: t.campaign, nowMs: t.clock.now() }) });
    let botViews = 0;
    for (let i = 0; i < 10; i++) if ((await t.view(ticket(), `192.0.2.${i + 1}`)).status === 200) botViews++;
    assert.equal(botViews, 4, 'the bot network takes the whole cap while nobody else plays');
    const bot = await t.view(ticket(), '192.0.2.99');
    assert.equal(bot.status, 429);
    assert.equal(bot.body.message, 'Too many views of this embed from this network; try again in a minute');
    // Honest viewers of two other networks still play and count: under their fair share.
    assert.deepEqual(await t.view(ticket(), '203.0.113.20'), { status: 200, body: { counted: true } });
    assert.deepEqual(await t.view(ticket(), '2001:db8:77::1'), { status: 200, body: { counted: true } });
  });
});
