// The trailer journey, in headless Chromium against the real server on a fresh data folder set up by
// nothing but the server's own first start: a publisher verifies a local website and embeds a seeded
// funded film; on the website the seeded video campaign's pre-roll plays its rendered creative, Skip
// Ad comes after 5 s, then the film's trailer (rendered from its poster at seed time) really plays —
// the <video>'s currentTime advances and its duration is finite, shown on the player's clock instead
// of the 02:15:36 sample; the mid-roll interrupts it at 30%, Pause holds it, Resume plays it to its end. The view is paid by the seeded campaign (not the house ad); the demo settles
// it, and the Embed Library shows the publisher's few thousand lamports with their digits, not 0.00.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { withPublisherSite, type PublisherSite } from './publisher-site.ts';
import { harnessCalls, type ApiProject, type Harness } from './harness.ts';
import { journeyScreenshots } from './screenshots.ts';

/** What one video ad view pays ($15 CPM: 0.015 SOL per 1,000 views), and the publisher's 40% of it. */
const VIDEO_VIEW_LAMPORTS = 15_000n;
const PUBLISHER_SHARE_LAMPORTS = (VIDEO_VIEW_LAMPORTS * 4_000n) / 10_000n;
/** The seeded trailer's length (indexer/src/demo/trailers.ts TRAILER_SECONDS). */
const TRAILER_SECONDS = 4;

let harness: Harness;
let site: PublisherSite;
let page: Page;
const wallet = Keypair.generate();
const { api, waitFor } = harnessCalls(() => harness);
const shot = journeyScreenshots('trailer');

withPublisherSite(async (started) => {
  ({ site, harness } = started);
  page = await harness.walletPage(wallet);
});

/** The player's film video: where it is, how long it is, whether it plays. */
const videoState = (player: FrameLocator) =>
  player.locator('#video').evaluate((video: HTMLVideoElement) => ({ currentTime: video.currentTime, duration: video.duration, paused: video.paused, src: video.src }));

/** The website verified through the publisher API with the page's own session (the publisher journey covers the form). */
async function verifyWebsite(publisher: string): Promise<void> {
  const websiteUrl = `${site.origin}/`;
  const call = (path: string) =>
    page.evaluate(
      async ({ path, body }) => {
        const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: response.status, body: (await response.json()) as { token?: string; status?: string; message?: string } };
      },
      { path, body: { walletAddress: publisher, websiteUrl } },
    );
  const requested = await call('/api/publishers/websites');
  assert.equal(requested.status, 201, requested.body.message);
  site.content.token = requested.body.token!;
  const verified = await call('/api/publishers/websites/verify');
  assert.equal(verified.body.status, 'verified', verified.body.message);
}

test('a seeded film embedded on a website plays its trailer after a seeded video ad, and the paid view shows its digits', { timeout: 600_000 }, async () => {
  const projects = await api<(ApiProject & { videoUrl: string | null; genres: string[] })[]>('/projects');
  const film = projects.find((project) => project.status === 'funded' && project.videoUrl);
  assert.ok(film, 'a funded seeded film has a trailer');
  assert.match(film.videoUrl!, /^\/api\/media\/[0-9a-f]{64}$/);

  await page.goto(`${harness.origin}/embed`);
  await harness.connect(page, wallet);
  const publisher = wallet.publicKey.toBase58();
  await verifyWebsite(publisher);
  await page.reload();
  await page.getByText(`Website Verified: ${site.origin}`).waitFor();
  await page.getByRole('button', { name: film.title }).first().click();
  await page.getByRole('tab', { name: 'Embed Code' }).click();
  await page.getByRole('button', { name: 'Register Embed' }).click();
  await page.getByText('Embed code generated successfully!').first().waitFor();
  site.content.snippet = await page.getByTestId('registered-embed').getByTestId('embed-code').innerText();
  const [embed] = await api<{ embedId: string }[]>(`/embeds?publisher=${publisher}`);

  // The seeded video campaign fills the pre-roll of a fresh start (not the house ad).
  const preRoll = (await (await fetch(`${harness.origin}/player/${film.id}/ads/pre-roll?cluster=demo`)).json()) as {
    campaign: string | null;
    advertiser: string;
    creative: { kind: string; url: string } | null;
  };
  assert.ok(preRoll.campaign, 'a seeded campaign, not the house ad');
  assert.equal(preRoll.creative?.kind, 'video');

  const visitor = await harness.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await visitor.goto(`${site.origin}/films.html`);
  const player = visitor.frameLocator('iframe');
  await player.getByRole('button', { name: 'Play' }).click();
  await player.getByText(`Ad · ${preRoll.advertiser}`).waitFor();
  await player.getByText(/Skip Ad in [1-5]/).waitFor();
  // The creative plays while the countdown runs.
  await waitFor('the ad creative playing', () =>
    player.locator('#ad-video').evaluate((video: HTMLVideoElement) => (video.currentTime > 0.5 && Number.isFinite(video.duration) ? true : undefined)),
  );
  await shot(visitor, 'pre-roll');
  await player.getByRole('button', { name: 'Skip Ad' }).click({ timeout: 10_000 });

  // The trailer plays: its time advances, its duration is the file's, and the clock says so.
  const started = await waitFor('the trailer playing', async () => {
    const state = await videoState(player);
    return state.currentTime > 0 ? state : undefined;
  });
  assert.ok(Number.isFinite(started.duration) && Math.abs(started.duration - TRAILER_SECONDS) < 0.5, `duration ${started.duration}`);
  assert.ok(started.src.endsWith(film.videoUrl!));
  assert.match(await player.locator('#clock').innerText(), /\/ 00:00:04$/);
  await shot(visitor, 'playing');
  await player.getByText('View counted').waitFor({ timeout: 15_000 });
  // At 30% the mid-roll interrupts the trailer; after it, the trailer resumes from where it was and plays to its end.
  await player.getByText(/Skip Ad in [1-5]/).waitFor();
  const paused = await videoState(player);
  assert.ok(paused.paused && paused.currentTime >= 0.3 * TRAILER_SECONDS - 0.1, `the trailer played to 30%, then paused for the mid-roll (${paused.currentTime} s)`);
  await player.getByRole('button', { name: 'Skip Ad' }).click({ timeout: 10_000 });
  // Pause holds the trailer where it is; Resume plays it on.
  await player.getByRole('button', { name: 'Pause' }).click();
  const held = await waitFor('the trailer paused', async () => {
    const state = await videoState(player);
    return state.paused ? state.currentTime : undefined;
  });
  await new Promise((resolve) => setTimeout(resolve, 700));
  assert.equal((await videoState(player)).currentTime, held, 'a paused trailer stands still');
  await player.getByRole('button', { name: 'Resume' }).click();
  await player.getByText('Thanks for watching').waitFor({ timeout: 15_000 });
  await shot(visitor, 'ended');
  assert.ok((await videoState(player)).currentTime >= TRAILER_SECONDS - 0.5, 'played to its end');
  await visitor.close();

  // The demo settles the view: the seeded campaign paid for it.
  const settled = await harness.adminApi<{ settled: unknown[] }>('/demo/settle', { method: 'POST' });
  assert.ok(settled.settled.length >= 1);
  const paid = await api<{ impressions: number; spentLamports: string }>(`/campaigns/${preRoll.campaign}`);
  assert.equal(paid.impressions, 1);
  assert.ok(BigInt(paid.spentLamports) >= VIDEO_VIEW_LAMPORTS);

  // The publisher's earning is 6,000 lamports: shown with its digits, and claimable.
  await page.reload();
  const earnings = page.getByTestId(`embed-earnings-${embed.embedId}`).first();
  await waitFor('the earnings in the Embed Library', async () =>
    (await earnings.getByTestId('embed-claimable').innerText()) === `${Number(PUBLISHER_SHARE_LAMPORTS) / 1e9} SOL` ? true : undefined,
  );
  assert.equal(await earnings.getByRole('button', { name: /^Claim/ }).isEnabled(), true);
  await shot(page, 'earnings');
});
