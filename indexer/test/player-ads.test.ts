// Ad serving: the one lookup of player/ads.ts through GET /player/{projectId}/ads/{slot}, the
// ads of a player's slots at Play (GET /player/{projectId}/ads) and the player page. Pre-roll and mid-roll get a video campaign, the overlay a display campaign,
// matched on the film's genres (or all-genre, or a sponsorship of that film), running now, not
// paused, with at least one impression's price left; otherwise the house ad.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SKIP_AFTER_SECONDS } from '../src/constants.ts';
import { AD_COUNTDOWN_SECONDS } from '../src/player/machine.ts';
import { playerCsp } from '../src/api/security-headers.ts';
import { maskOfGenres } from '../src/campaigns/rules.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';

type Json = any;

/** A funded film of `genres` and a second of Comedy, with nothing else running. */
async function films(genres: string[] = ['Drama', 'Thriller']) {
  const t = await testApp();
  t.chain.initializePlatform();
  const studio = t.chain.registerStudio('s', 'S');
  const list = async (title: string, filmGenres: string[]) => {
    const stored = (await (
      await t.request('POST', '/api/metadata', { title, description: 'd', directorName: 'D', genres: filmGenres, releaseYear: 2024, licenseType: 'Exclusive Streaming' })
    ).json()) as { uri: string; sha256: string };
    const film = t.chain.createProject(studio, title, 10, { metadataHash: [...Buffer.from(stored.sha256, 'hex')], metadataUri: stored.uri });
    t.chain.invest(film.id, address('alice'), 10_000_000_000n);
    return film;
  };
  const drama = await list('Film', genres);
  const comedy = await list('Laughs', ['Comedy']);
  return { ...t, drama, comedy };
}

async function adOf(t: Awaited<ReturnType<typeof testApp>>, projectId: number, slot: string): Promise<Json> {
  await t.cluster.indexer.sync();
  const response = await t.request('GET', `/player/${projectId}/ads/${slot}`);
  assert.equal(response.status, 200);
  return response.json();
}

describe('ad serving', () => {
  test('without campaigns every slot is the house ad, which names no campaign', async () => {
    const t = await films();
    for (const slot of ['pre-roll', 'mid-roll', 'overlay']) {
      const ad = await adOf(t, t.drama.id, slot);
      assert.equal(ad.advertiser, 'Marquee');
      assert.equal(ad.campaign, null);
      assert.equal(ad.creative, null);
    }
    assert.equal((await t.request('GET', `/player/${t.drama.id}/ads/banner`)).status, 400);
    assert.equal((await t.request('GET', '/player/999/ads/pre-roll')).status, 404);
  });

  test('a video campaign fills pre-roll and mid-roll of films of its genres only; a display campaign the overlay', async () => {
    const t = await films();
    const video = t.chain.createCampaign(address('advertiser'), { adType: 'video', targetGenres: maskOfGenres(['Thriller']), creativeUri: 'https://ads.example/spot.mp4' }).address;
    const display = t.chain.createCampaign(address('advertiser'), { adType: 'display', targetGenres: maskOfGenres(['Drama']), creativeUri: 'https://ads.example/banner.png' }).address;
    const preRoll = await adOf(t, t.drama.id, 'pre-roll');
    assert.equal(preRoll.campaign, video);
    assert.deepEqual(preRoll.creative, { kind: 'video', url: 'https://ads.example/spot.mp4' });
    assert.equal((await adOf(t, t.drama.id, 'mid-roll')).campaign, video);
    const overlay = await adOf(t, t.drama.id, 'overlay');
    assert.equal(overlay.campaign, display);
    assert.deepEqual(overlay.creative, { kind: 'image', url: 'https://ads.example/banner.png' });
    // Neither targets Comedy.
    assert.equal((await adOf(t, t.comedy.id, 'pre-roll')).campaign, null);
    assert.equal((await adOf(t, t.comedy.id, 'overlay')).campaign, null);
  });

  test('the ads at Play: those of the slots named (every slot when none is), in the player’s order; an unknown slot is a 400, an unknown film a 404', async () => {
    const t = await films();
    const video = t.chain.createCampaign(address('advertiser'), { adType: 'video', targetGenres: maskOfGenres(['Thriller']), creativeUri: 'https://ads.example/spot.mp4' }).address;
    await t.cluster.indexer.sync();
    const adsOf = async (query: string) => {
      const response = await t.request('GET', `/player/${t.drama.id}/ads${query}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      return ((await response.json()) as Json).ads;
    };
    const all = await adsOf('');
    assert.deepEqual(Object.keys(all), ['pre-roll', 'mid-roll', 'overlay']);
    assert.deepEqual([all['pre-roll'].campaign, all['mid-roll'].campaign, all.overlay.campaign], [video, video, null]);
    // Without the player page's token no ad carries a ticket.
    assert.deepEqual(Object.values(all).map((ad) => (ad as Json).ticket), [null, null, null]);
    assert.deepEqual(Object.keys(await adsOf('?slots=overlay,pre-roll')), ['pre-roll', 'overlay']);
    const unknown = await t.request('GET', `/player/${t.drama.id}/ads?slots=pre-roll,banner`);
    assert.equal(unknown.status, 400);
    assert.match(((await unknown.json()) as Json).message, /Expected ad slots, comma-separated: pre-roll, mid-roll, overlay/);
    assert.equal((await t.request('GET', '/player/999/ads')).status, 404);
    // A cluster named that is none of the server's: a 400 naming those it has, on both ads routes.
    for (const path of [`/player/${t.drama.id}/ads?cluster=mainnet`, `/player/${t.drama.id}/ads/pre-roll?cluster=mainnet`]) {
      const response = await t.request('GET', path);
      assert.deepEqual([response.status, await response.json()], [400, { message: 'Unknown cluster "mainnet" (known: demo)' }], path);
    }
  });

  test('an all-genre campaign runs on every film; a campaign of the film’s genre comes before it; a sponsorship of the film first', async () => {
    const t = await films();
    const everywhere = t.chain.createCampaign(address('a'), { targetGenres: 0n }).address;
    assert.equal((await adOf(t, t.comedy.id, 'pre-roll')).campaign, everywhere);
    const drama = t.chain.createCampaign(address('b'), { targetGenres: maskOfGenres(['Drama']), budget: 500_000_000n }).address;
    assert.equal((await adOf(t, t.drama.id, 'pre-roll')).campaign, drama);
    assert.equal((await adOf(t, t.comedy.id, 'pre-roll')).campaign, everywhere);
    const sponsorship = t.chain.createCampaign(address('c'), { adType: 'sponsorship', pricePerMille: 20_000_000n, sponsoredProjectId: t.comedy.id, creativeUri: 'https://ads.example/sponsor.mp4' }).address;
    assert.equal((await adOf(t, t.comedy.id, 'pre-roll')).campaign, sponsorship);
    assert.equal((await adOf(t, t.drama.id, 'pre-roll')).campaign, drama, 'a sponsorship runs on its own film only');
  });

  test('a campaign paused, not started, ended, closed or with less than one impression left is not served', async () => {
    const t = await films();
    const now = Math.floor(t.clock.now() / 1000);
    const paused = t.chain.createCampaign(address('p'), { targetGenres: 0n }).address;
    t.chain.pauseCampaign(paused, true);
    t.chain.createCampaign(address('s'), { targetGenres: 0n, startAt: now + 3600, endAt: now + 7200 });
    t.chain.createCampaign(address('e'), { targetGenres: 0n, startAt: now - 7200, endAt: now - 3600 });
    const spent = t.chain.createCampaign(address('x'), { targetGenres: 0n, budget: 15_000_000n }).address;
    t.chain.settleCampaign(spent, t.drama.id, 1000n);
    assert.equal((await adOf(t, t.drama.id, 'pre-roll')).campaign, null);
    // Resumed, it is served again.
    t.chain.pauseCampaign(paused, false);
    assert.equal((await adOf(t, t.drama.id, 'pre-roll')).campaign, paused);
    t.chain.closeCampaign(paused);
    assert.equal((await adOf(t, t.drama.id, 'pre-roll')).campaign, null);
  });

  test('the player page carries the served ads and shows "Ad · {company}" from the campaign’s details', async () => {
    const t = await films();
    const video = t.chain.createCampaign(address('advertiser'), { targetGenres: 0n, creativeUri: '/api/media/' + 'a'.repeat(64) }).address;
    await t.cluster.indexer.sync();
    const { campaigns } = await import('../src/db/index.ts');
    await campaigns.upsertDetails(t.cluster.db, video, { companyName: 'Acme Films', creativeKind: 'video' }, 0);
    const html = await (await t.request('GET', `/player/${t.drama.id}`)).text();
    const config = JSON.parse(/<script type="application\/json" id="player-config">(.*?)<\/script>/s.exec(html)![1]) as Json;
    assert.equal(config.ads['pre-roll'].campaign, video);
    assert.equal(config.ads['pre-roll'].advertiser, 'Acme Films');
    assert.deepEqual(config.ads['pre-roll'].creative, { kind: 'video', url: `/api/media/${'a'.repeat(64)}` });
    assert.equal(config.ads.overlay.campaign, null);
    assert.match(html, /<video id="ad-video" hidden muted playsinline/);
    assert.match(html, /<img id="overlay-image" hidden/);
    const script = await (await t.request('GET', '/player/player.js')).text();
    // The label, the ad's video creative and the ticket the nonce presents (esbuild writes · as \xB7).
    assert.match(script, /Ad (\\xB7|·) \$\{/);
    assert.match(script, /ad-video/);
    assert.match(script, /ticket/);
  });

  test('the player may load creatives of /api/media (its CSP), and a video ad is skippable after 5 s', () => {
    const csp = playerCsp('n', "'self'");
    assert.match(csp, /media-src 'self'/);
    assert.match(csp, /img-src 'self'/);
    assert.equal(SKIP_AFTER_SECONDS, 5);
    assert.equal(AD_COUNTDOWN_SECONDS, SKIP_AFTER_SECONDS);
  });
});
