// The embed's identity and where it plays. Embeds are the chain's (film, publisher, embed id): the
// snippet, the player URL, the ad ticket and the view report carry the publisher, so two publishers'
// embeds of one film with the same embed id never mix. The DRM promise: the player page may be
// framed only by the embed's verified website and Marquee itself (frame-ancestors, no
// X-Frame-Options), and a page requested from another site, or opened top-level, refuses to play.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { embeds, publishers, users } from '../src/db/index.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { sqlRows } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { mintedTicket } from './helpers/tickets.ts';
import { fundedProjectWithEmbeds } from './helpers/scenario.ts';
import { playTicket } from '../src/player/machine.ts';
import { embedSnippet, playerUrl } from '../src/player/snippet.ts';

const FIRST = { publisher: address('first-publisher'), website: 'https://first.example' };
const SECOND = { publisher: address('second-publisher'), website: 'https://second.example' };
const UNVERIFIED = { publisher: address('unverified-publisher'), website: 'https://unverified.example' };
const EMBED_ID = 'embed-0-1';

type PlayerConfig = {
  embedId: string | null;
  publisher: string | null;
  refusal: string | null;
  notCounting: string | null;
  slots: string[];
  ads: Record<string, { campaign: string | null; ticket: string | null }>;
};

/** One funded film with two publishers' embeds of the same id, each on its own verified website. */
async function twoPublishers() {
  const t = await testApp();
  const { film } = fundedProjectWithEmbeds(t.chain);
  const first = t.chain.registerEmbed(film.id, FIRST.publisher, EMBED_ID, `${FIRST.website}/`).embed;
  const second = t.chain.registerEmbed(film.id, SECOND.publisher, EMBED_ID, `${SECOND.website}/`).embed;
  const unverified = t.chain.registerEmbed(film.id, UNVERIFIED.publisher, 'embed-unverified', `${UNVERIFIED.website}/`).embed;
  await t.cluster.indexer.sync();
  await verifiedWebsite(t.cluster.db, FIRST.publisher, FIRST.website);
  await verifiedWebsite(t.cluster.db, SECOND.publisher, SECOND.website);
  /** The player page as a browser framing it on `website` requests it. */
  const page = async (query: string, website: string | null, headers: Record<string, string> = {}) => {
    const framing: Record<string, string> = website ? { referer: `${website}/films.html`, 'sec-fetch-site': 'cross-site' } : {};
    const response = await t.fetchPage(`/player/${film.id}?${query}`, { 'sec-fetch-dest': 'iframe', ...framing, ...headers });
    const html = await response.text();
    const config = JSON.parse(/<script type="application\/json" id="player-config">(.*?)<\/script>/s.exec(html)![1]) as PlayerConfig;
    return { response, config, csp: response.headers.get('content-security-policy') ?? '' };
  };
  /** A counted play of the page's ad ticket, with the body the player sends. */
  const play = async (config: PlayerConfig, ip: string) => {
    const served = playTicket(config.slots as never, config.ads as never)!;
    const body = { projectId: film.id, embedId: EMBED_ID, ...(config.publisher ? { publisher: config.publisher } : {}) };
    t.clock.advance(2_000);
    const counted = await t.request('POST', '/api/views', { ...body, ticket: served.ticket }, { 'x-forwarded-for': ip });
    return (await counted.json()) as { counted: boolean };
  };
  return { ...t, film, first, second, unverified, page, play };
}

describe('embed identity: the publisher travels with the embed', () => {
  test('the snippet and the player URL name the publisher; the placeholder names nobody', () => {
    const input = { origin: 'https://marquee.example', cluster: 'demo', projectId: 3, embedId: EMBED_ID, publisherId: FIRST.publisher, website: FIRST.website };
    assert.equal(new URL(playerUrl(input)).searchParams.get('publisher'), FIRST.publisher);
    assert.ok(embedSnippet(input).includes(`publisher=${FIRST.publisher}`));
    assert.equal(new URL(playerUrl({ ...input, publisherId: undefined })).searchParams.get('publisher'), null);
  });

  test('two publishers’ embeds of one film with the same embed id: each play counts for its own embed', async () => {
    const t = await twoPublishers();
    const first = await t.page(`embed=${EMBED_ID}&publisher=${FIRST.publisher}`, FIRST.website);
    const second = await t.page(`embed=${EMBED_ID}&publisher=${SECOND.publisher}`, SECOND.website);
    assert.deepEqual([first.config.publisher, first.config.notCounting], [FIRST.publisher, null]);
    assert.deepEqual([second.config.publisher, second.config.notCounting], [SECOND.publisher, null]);
    assert.deepEqual(await t.play(first.config, '203.0.113.5'), { counted: true });
    assert.deepEqual(await t.play(second.config, '198.51.100.7'), { counted: true });
    const again = await t.page(`embed=${EMBED_ID}&publisher=${SECOND.publisher}`, SECOND.website);
    assert.deepEqual(await t.play(again.config, '192.0.2.9'), { counted: true });
    const rows = await sqlRows(t.cluster.db, 'SELECT embed, COUNT(*) AS n FROM views GROUP BY embed ORDER BY n');
    assert.deepEqual(
      rows.map((row) => [row.embed, Number(row.n)]),
      [
        [t.first, 1],
        [t.second, 2],
      ],
    );
  });

  test('an embed id two publishers share names no embed without its publisher; a ticket cannot change publisher', async () => {
    const t = await twoPublishers();
    const unnamed = await t.page(`embed=${EMBED_ID}`, FIRST.website);
    assert.equal(unnamed.config.notCounting, 'This embed is not registered: views are not counted');
    const first = await t.page(`embed=${EMBED_ID}&publisher=${FIRST.publisher}`, FIRST.website);
    const served = playTicket(first.config.slots as never, first.config.ads as never)!;
    // The first publisher's ticket reported as the second's embed is refused, and counts nothing.
    t.clock.advance(2_000);
    const swapped = await t.request('POST', '/api/views', { projectId: t.film.id, embedId: EMBED_ID, publisher: SECOND.publisher, ticket: served.ticket });
    assert.equal(swapped.status, 400);
    assert.match(((await swapped.json()) as { message: string }).message, /another publisher's embed/);
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT COUNT(*) AS n FROM views'), [{ n: 0 }]);
  });
});

describe('a view report counts for the embed its ticket names, on the website its publisher verified', () => {
  // Most reports are counted by one statement that checks every rule at once (db/views.ts
  // countViewWithinRules); each case here breaks one rule that statement must check itself.
  test('a shared id without its publisher, another publisher named, a website pending or verified by another wallet: nothing counts', async () => {
    const t = await twoPublishers();
    const report = async (play: { embedId: string; origin: string; publisher?: string }, ip: string) => {
      const ticket = mintedTicket({ projectId: t.film.id, campaign: null, nowMs: t.clock.now(), ...play });
      t.clock.advance(2_000);
      const response = await t.request('POST', '/api/views', { projectId: t.film.id, embedId: play.embedId, ...ticket }, { 'x-forwarded-for': ip });
      return { status: response.status, body: (await response.json()) as { counted?: boolean; message?: string } };
    };
    // Two publishers registered EMBED_ID: a ticket naming neither names no embed.
    assert.deepEqual(await report({ embedId: EMBED_ID, origin: FIRST.website }, '203.0.113.1'), {
      status: 404,
      body: { message: 'Embed not found: register the embed before playing it' },
    });
    // The unverified publisher's website asked for, not verified yet.
    await publishers.requestWebsite(t.cluster.db, {
      wallet: UNVERIFIED.publisher,
      origin: UNVERIFIED.website,
      websiteUrl: UNVERIFIED.website,
      token: 'marquee-site-verification=pending',
      contactEmail: null,
      now: t.clock.now(),
    });
    const unverified = { embedId: 'embed-unverified', origin: UNVERIFIED.website, publisher: UNVERIFIED.publisher };
    const notVerified = `${UNVERIFIED.website} is not verified by the publisher of this embed: views are not counted`;
    assert.deepEqual(await report(unverified, '203.0.113.2'), { status: 403, body: { message: notVerified } });
    // Another wallet verifying that website verifies it for nobody else.
    await verifiedWebsite(t.cluster.db, SECOND.publisher, UNVERIFIED.website);
    assert.deepEqual(await report(unverified, '203.0.113.3'), { status: 403, body: { message: notVerified } });
    // Verified by its publisher, the embed counts, for the publisher its ticket names only.
    await verifiedWebsite(t.cluster.db, UNVERIFIED.publisher, UNVERIFIED.website);
    assert.deepEqual(await report({ ...unverified, publisher: FIRST.publisher }, '203.0.113.4'), {
      status: 404,
      body: { message: 'Embed not found: this publisher registered no embed of this id' },
    });
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT COUNT(*) AS n FROM views'), [{ n: 0 }]);
    assert.deepEqual(await report(unverified, '203.0.113.5'), { status: 200, body: { counted: true } });
    assert.deepEqual(await report({ embedId: 'embed-unverified', origin: UNVERIFIED.website }, '203.0.113.6'), { status: 200, body: { counted: true } });
    assert.deepEqual(await sqlRows(t.cluster.db, 'SELECT embed, COUNT(*) AS n FROM views GROUP BY embed'), [{ embed: t.unverified, n: 2 }]);
  });
});

describe('DRM: the player plays only on the embed’s verified website', () => {
  test('a verified embed may be framed by its website and Marquee only, with no X-Frame-Options', async () => {
    const t = await twoPublishers();
    const { response, csp, config } = await t.page(`embed=${EMBED_ID}&publisher=${FIRST.publisher}`, FIRST.website);
    const ancestors = /frame-ancestors ([^;]+)/.exec(csp)![1].split(' ');
    assert.ok(ancestors.includes(FIRST.website), csp);
    assert.ok(ancestors.includes("'self'"), 'Marquee’s own film page previews stay allowed');
    assert.ok(!ancestors.includes('*') && !ancestors.includes(SECOND.website), csp);
    assert.ok(!ancestors.some((source) => source.includes('[')), 'no IPv6 literal, which CSP cannot express');
    assert.equal(response.headers.get('x-frame-options'), null);
    assert.equal(config.refusal, null);
  });

  test('framed by another site, opened top-level, or an unverified website: framing refused and the page says why', async () => {
    const t = await twoPublishers();
    const elsewhere = await t.page(`embed=${EMBED_ID}&publisher=${FIRST.publisher}`, SECOND.website);
    assert.ok(!/frame-ancestors[^;]*second\.example/.test(elsewhere.csp), elsewhere.csp);
    assert.equal(elsewhere.config.refusal, `This film plays only on ${FIRST.website}, not on ${SECOND.website}`);
    const topLevel = await t.page(`embed=${EMBED_ID}&publisher=${FIRST.publisher}`, null, { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'none' });
    assert.equal(topLevel.config.refusal, `This film plays only inside its player on ${FIRST.website}`);
    const unverified = await t.page(`embed=embed-unverified&publisher=${UNVERIFIED.publisher}`, UNVERIFIED.website);
    assert.doesNotMatch(unverified.csp, /unverified\.example/);
    assert.equal(unverified.config.refusal, `This film plays only on a website its publisher verified, not on ${UNVERIFIED.website}`);
    // The film page's preview (no embed) on Marquee itself plays.
    const preview = await t.page('slots=overlay', 'http://localhost');
    assert.equal(preview.config.refusal, null);
    assert.match(preview.csp, /frame-ancestors 'self'/);
  });

  test('an Auto-List player (a publisher, no embed id) may be framed by that publisher’s verified websites', async () => {
    const t = await twoPublishers();
    const listed = await t.page(`publisher=${SECOND.publisher}`, SECOND.website);
    assert.match(listed.csp, /frame-ancestors [^;]*https:\/\/second\.example/);
    assert.doesNotMatch(listed.csp, /first\.example/);
    assert.equal(listed.config.refusal, null);
    assert.equal(
      (await t.page(`publisher=${SECOND.publisher}`, FIRST.website)).config.refusal,
      `This film plays only on ${SECOND.website}, not on ${FIRST.website}`,
    );
  });
});

describe('the embed a player page plays, with its publisher’s verified websites in the same read', () => {
  test('the verified origins of the signer and of the wallet it signs for; none pending; no embed for an ambiguous id', async () => {
    const t = await twoPublishers();
    const wallet = address('first-publisher-wallet');
    await users.linkSigner(t.cluster.db, wallet, FIRST.publisher, Date.now());
    await verifiedWebsite(t.cluster.db, wallet, 'https://first-wallet.example/');
    const pending = { wallet: FIRST.publisher, origin: 'https://pending.example', websiteUrl: 'https://pending.example/', contactEmail: null };
    await publishers.requestWebsite(t.cluster.db, { ...pending, token: 'marquee-site-verification=test', now: Date.now() });
    const first = await embeds.findEmbedWithVerifiedOrigins(t.cluster.db, t.film.id, EMBED_ID, FIRST.publisher);
    assert.deepEqual(first, {
      address: t.first,
      project_id: t.film.id,
      publisher: FIRST.publisher,
      embed_id: EMBED_ID,
      website_url: `${FIRST.website}/`,
      verifiedOrigins: ['https://first-wallet.example', FIRST.website],
    });
    assert.deepEqual(
      first?.verifiedOrigins,
      (await publishers.verifiedOriginsOf(t.cluster.db, FIRST.publisher)).sort(),
      'as publishers.verifiedOriginsOf reads them',
    );
    const unverified = await embeds.findEmbedWithVerifiedOrigins(t.cluster.db, t.film.id, 'embed-unverified');
    assert.deepEqual([unverified?.publisher, unverified?.verifiedOrigins], [UNVERIFIED.publisher, []]);
    assert.equal(await embeds.findEmbedWithVerifiedOrigins(t.cluster.db, t.film.id, EMBED_ID), undefined, 'two publishers share the id');
    assert.equal(await embeds.findEmbedWithVerifiedOrigins(t.cluster.db, t.film.id, 'no-such-embed'), undefined);
  });
});
