// The advertiser's journey in headless Chromium against the real server (API + built dApp + demo
// chain): a publisher applies through the advertising page's publisher programme (which leads into
// website verification) and embeds a funded film; an advertiser sponsors that film with 2 SOL at
// 2 SOL per 1,000 views through the Request Advertising form, with a video creative recorded in the
// browser; a view of the publisher's embed plays that creative; after settlement the campaign's
// remaining budget has fallen by exactly one impression's price (2,000,000 lamports: a batch is sent
// only when it pays more than the rent of the distribution account it creates, 1,844,400 lamports,
// which one video-campaign view at 15,000 lamports never does) and the publisher, the investors and
// the treasury received 40 / 57.5 / 2.5% of it; the advertiser
// moves the demo chain's clock past the end and the grace period, closes the campaign from the
// dashboard and receives what was left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { withPublisherSite, type PublisherSite } from './publisher-site.ts';
import { harnessCalls, type Harness } from './harness.ts';

let harness: Harness;
let origin = '';
const publisher = Keypair.generate();
const advertiser = Keypair.generate();
/** One impression of the sponsorship: its price of 2 SOL per 1,000 views. */
const PRICE_PER_MILLE_SOL = '2';
const IMPRESSION_LAMPORTS = 2_000_000n;
/** A campaign's budget pays at least one batch of 1,000 impressions: 2 SOL at this price. */
const BUDGET_LAMPORTS = 2_000_000_000n;
/** The rent of the RevenueDistribution a settlement creates (137 bytes), which the campaign pays on top of the batch. */
const DISTRIBUTION_RENT_LAMPORTS = 1_844_400n;
/** What settling the one impression takes from the budget. */
const SETTLED_LAMPORTS = IMPRESSION_LAMPORTS + DISTRIBUTION_RENT_LAMPORTS;
/** The demo chain charges the runtime's fee per signature to the signer's key. */
const SIGNATURE_FEE_LAMPORTS = 5_000n;

let site: PublisherSite;

const { api, waitFor } = harnessCalls(() => harness);

withPublisherSite(async (started) => {
  ({ site, harness } = started);
  origin = harness.origin;
});

const shot = (target: Page, name: string) =>
  process.env.E2E_SCREENSHOT_DIR ? target.screenshot({ path: join(process.env.E2E_SCREENSHOT_DIR, `advertiser-${name}.png`) }) : Promise.resolve();

/** A short real WebM (a canvas recorded by the browser's MediaRecorder), as an advertiser's creative. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d')!;
    const stream = canvas.captureStream(10);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 15; frame++) {
      context.fillStyle = `hsl(${frame * 24}, 70%, 50%)`;
      context.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

interface Campaign {
  address: string;
  status: string;
  budgetLamports: string;
  spentLamports: string;
  remainingLamports: string;
  impressions: number;
  creativeUri: string;
  targetGenres: string[];
  refundedLamports: string | null;
}

interface Analytics {
  totals: { earnedLamports: string };
  byEmbed: { embedId: string; earnedLamports: string }[];
}

interface Distribution {
  id: number;
  totalLamports: string;
  publisherAmount: number;
  investorAmount: number;
  platformAmount: number;
}

/** An API amount (thousandths of SOL) as lamports. */
const amountLamports = (amount: number) => BigInt(Math.round(amount * 1e6));

test('advertiser journey: fund a sponsorship, its video creative plays on an embed, the impression is paid 40/57.5/2.5, the rest is refunded', { timeout: 900_000 }, async () => {
  // ---- The publisher applies through the publisher programme, verifies the website and embeds a funded film.
  const projects = await api<{ id: number; title: string; status: string; genres: string[] }[]>('/projects');
  const { genres: adGenres } = await api<{ genres: string[] }>('/campaigns/genres');
  const film = projects.find((project) => project.status === 'funded' && project.genres.some((genre) => adGenres.includes(genre)));
  assert.ok(film, 'the seeded catalogue has a funded film of an ad genre');
  const genre = film.genres.find((name) => adGenres.includes(name))!;

  const publisherPage = await harness.walletPage(publisher);
  await publisherPage.goto(`${origin}/advertising`);
  await harness.connect(publisherPage, publisher);
  await publisherPage.getByRole('tab', { name: 'For Publishers' }).click();
  const application = publisherPage.getByRole('form', { name: 'Apply to Publisher Program' });
  await application.getByLabel('Website URL').fill(`${site.origin}/`);
  await application.getByLabel('Website Name').fill('Films we love');
  await application.getByLabel('Contact Email').fill('editor@films.test');
  await application.getByLabel('Monthly Visitors').selectOption('5-25k');
  await application.getByLabel('Website Category').selectOption('blog');
  await application.getByRole('button', { name: 'Apply Now' }).click();
  site.content.token = await publisherPage.getByTestId('verification-token').innerText();
  await publisherPage.getByRole('button', { name: 'Check Website' }).click();
  await publisherPage.getByText(`${site.origin} is verified`).waitFor();
  await shot(publisherPage, 'publisher-verified');

  await publisherPage.goto(`${origin}/embed`);
  await publisherPage.getByRole('button', { name: film.title }).first().click();
  await publisherPage.getByRole('tab', { name: 'Embed Code' }).click();
  await publisherPage.getByRole('button', { name: 'Register Embed' }).click();
  await publisherPage.getByText('Embed code generated successfully!').first().waitFor();
  site.content.snippet = await publisherPage.getByTestId('registered-embed').getByTestId('embed-code').innerText();
  const [embed] = await api<{ embedId: string; projectId: number }[]>(`/embeds?publisher=${publisher.publicKey.toBase58()}`);
  assert.equal(embed.projectId, film.id);

  // ---- The advertiser sponsors the film with 2 SOL, at 2 SOL per 1,000 views.
  const page = await harness.walletPage(advertiser);
  await page.goto(`${origin}/advertising`);
  await harness.connect(page, advertiser);
  const balanceBeforeCreate = await harness.demoBalance(advertiser);
  const creative = await recordWebm(page);
  await page.getByRole('group', { name: 'Sponsorship' }).getByRole('button', { name: 'Select Plan' }).click();
  const form = page.getByRole('form', { name: 'Request Advertising' });
  await form.getByLabel('Company Name').fill('Acme Popcorn');
  await form.getByLabel('Email').fill('ads@acme.test');
  await form.getByLabel('Website', { exact: true }).fill('https://acme.test');
  await form.getByLabel('Monthly Budget (USD)').fill('$1,000');
  await form.getByLabel('Target Audience').selectOption('25-34');
  await form.getByLabel('Budget to escrow now (SOL)').fill('2');
  // At least one batch of 1,000 impressions (2 SOL at this price) and its distribution's rent.
  await form.getByLabel('Maximum spend per day (SOL)').fill('3');
  await form.getByLabel('Sponsored film').selectOption(String(film.id));
  await form.getByLabel('Price per 1,000 views (SOL)').fill(PRICE_PER_MILLE_SOL);
  // Ending today: the campaign runs to the end of this UTC day.
  await form.getByLabel('End date').fill(new Date().toISOString().slice(0, 10));
  // The checkbox input is visually hidden behind its drawn control: a person clicks the label.
  await form.locator('label', { hasText: new RegExp(`^${genre}$`) }).click();
  assert.equal(await form.getByRole('checkbox', { name: genre, exact: true }).isChecked(), true);
  await form.getByLabel(/^Creative \(JPG\/PNG image/).setInputFiles({ name: 'acme.webm', mimeType: 'video/webm', buffer: creative });
  await form.getByRole('button', { name: 'Submit Advertising Request' }).click();
  await page.getByText('Campaign created').first().waitFor({ timeout: 60_000 });
  const { campaigns } = await api<{ campaigns: Campaign[] }>(`/campaigns?advertiser=${advertiser.publicKey.toBase58()}`);
  assert.equal(campaigns.length, 1);
  const [campaign] = campaigns;
  assert.equal(campaign.budgetLamports, String(BUDGET_LAMPORTS));
  assert.equal(campaign.remainingLamports, String(BUDGET_LAMPORTS));
  assert.deepEqual(campaign.targetGenres, [genre]);
  const card = page.getByRole('article', { name: 'Acme Popcorn · Sponsorship' });
  await card.getByText('Active').waitFor();
  await shot(page, 'campaign-created');
  // The budget and the campaign account's rent left the wallet, and the signature fee.
  const balanceAfterCreate = await harness.demoBalance(advertiser);
  const rentLamports = balanceBeforeCreate - balanceAfterCreate - BUDGET_LAMPORTS - SIGNATURE_FEE_LAMPORTS;
  assert.ok(rentLamports > 0n && rentLamports < 10_000_000n, `rent ${rentLamports}`);

  // ---- A visitor of the publisher's page: the pre-roll plays the advertiser's creative.
  const visitor = await harness.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await visitor.goto(`${site.origin}/films.html`);
  const player = visitor.frameLocator('iframe');
  await player.getByRole('button', { name: 'Play' }).click();
  await player.getByText(/Skip Ad in [1-5]/).waitFor();
  const adVideo = player.locator('#ad-video');
  await adVideo.waitFor();
  const adSource = await adVideo.getAttribute('src');
  assert.ok(adSource?.endsWith(campaign.creativeUri), `the pre-roll plays ${adSource}, not the campaign's ${campaign.creativeUri}`);
  await player.getByText('Ad · Acme Popcorn').waitFor();
  await player.getByRole('button', { name: 'Skip Ad' }).click({ timeout: 10_000 });
  await player.getByText('View counted').waitFor({ timeout: 15_000 });
  await shot(visitor, 'view-counted');
  await visitor.close();

  // ---- Settlement pays the impression from the campaign: 40% publisher, 57.5% investors, 2.5% treasury.
  const earnedBefore = BigInt((await api<Analytics>(`/publishers/${publisher.publicKey.toBase58()}/analytics`)).totals.earnedLamports);
  const settled = await harness.adminApi<{ settled: unknown[]; failed: unknown[] }>('/demo/settle', { method: 'POST' });
  assert.deepEqual(settled.failed, []);
  const paid = await waitFor('the settled impression', async () => {
    const current = await api<Campaign>(`/campaigns/${campaign.address}`);
    return current.impressions === 1 ? current : undefined;
  });
  assert.equal(BigInt(paid.spentLamports), SETTLED_LAMPORTS);
  assert.equal(BigInt(paid.remainingLamports), BUDGET_LAMPORTS - SETTLED_LAMPORTS);
  const publisherShare = (IMPRESSION_LAMPORTS * 4000n) / 10_000n;
  const investorShare = (IMPRESSION_LAMPORTS * 5750n) / 10_000n;
  const platformShare = IMPRESSION_LAMPORTS - publisherShare - investorShare;
  assert.equal(platformShare, (IMPRESSION_LAMPORTS * 250n) / 10_000n);
  const analytics = await api<Analytics>(`/publishers/${publisher.publicKey.toBase58()}/analytics`);
  assert.equal(BigInt(analytics.totals.earnedLamports) - earnedBefore, publisherShare);
  assert.equal(BigInt(analytics.byEmbed.find((row) => row.embedId === embed.embedId)!.earnedLamports), publisherShare);
  const distributions = await api<Distribution[]>(`/revenue/distributions?projectId=${film.id}`);
  const latest = distributions.reduce((newest, row) => (row.id > newest.id ? row : newest));
  assert.equal(BigInt(latest.totalLamports), IMPRESSION_LAMPORTS);
  assert.equal(amountLamports(latest.publisherAmount), publisherShare);
  assert.equal(amountLamports(latest.investorAmount), investorShare);
  assert.equal(amountLamports(latest.platformAmount), platformShare);

  // The dashboard follows: one impression, 2,000,000 lamports and the distribution's rent spent.
  await page.reload();
  await card.getByLabel('Spent').getByText('0.0038444 SOL').waitFor();
  await card.getByLabel('Remaining budget').getByText('1.9961556 SOL').waitFor();
  // The screen says where the rest of Spent went: the views cost 0.002 SOL, the distribution's rent the rest.
  await card.getByText("Spent includes 0.0018444 SOL of settlement rent: each settlement creates the account that records the revenue it shares with the film's investors and publishers.").waitFor();
  await shot(page, 'campaign-settled');

  // ---- Past the end and the grace period, the advertiser closes the campaign and gets the rest back.
  assert.equal(await card.getByRole('button', { name: 'Close' }).isDisabled(), true, 'no close before the grace period is over');
  // Moving the demo's clock is the platform admin's (the Debug page's button, as the admin).
  await harness.adminApi('/demo/clock/advance', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: 8 * 86_400 }),
  });
  await page.goto(`${origin}/advertising`);
  const closable = page.getByRole('article', { name: 'Acme Popcorn · Sponsorship' });
  await closable.getByText('Closing returns the remaining 1.9961556 SOL to your wallet.').waitFor();
  const balanceBeforeClose = await harness.demoBalance(advertiser);
  await closable.getByRole('button', { name: 'Close' }).click();
  await page.getByText('1.9961556 SOL of unspent budget went back to your wallet.').first().waitFor({ timeout: 60_000 });
  const closed = await waitFor('the closed campaign', async () => {
    const current = await api<Campaign>(`/campaigns/${campaign.address}`);
    return current.status === 'closed' ? current : undefined;
  });
  assert.equal(closed.refundedLamports, String(BUDGET_LAMPORTS - SETTLED_LAMPORTS));
  await closable.getByLabel('Refunded').getByText('1.9961556 SOL').waitFor();
  const balanceAfterClose = await harness.demoBalance(advertiser);
  assert.equal(
    balanceAfterClose - balanceBeforeClose,
    BUDGET_LAMPORTS - SETTLED_LAMPORTS + rentLamports - SIGNATURE_FEE_LAMPORTS,
    'the unspent budget and the account rent, less the fee of the close',
  );
  await shot(page, 'campaign-closed');
});
