// End to end, the marketplace's prerender in headless Chromium against the real server: the HTML of
// /marketplace already holds the first screen of cards (the indexer renders it with the app's
// src/prerender.tsx), visible with JavaScript switched off; with JavaScript the live app takes the
// preview's place, starting from the same answer, and its search works; other routes, searches and
// made-up parameters get the plain dApp shell. A visitor who only browses never downloads the wallet
// code (web3.js, wallet-adapter): it loads at the first wallet action, or at once for a remembered wallet.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { Keypair } from '@solana/web3.js';
import { MARKETPLACE_SEARCH_LABEL, PROJECT_CARD_TEST_ID } from '../app/src/lib/shared-selectors.ts';
import { startHarness, type ApiProject, type Harness } from './harness.ts';

/** The grid's first screen (the app's MARKETPLACE_FIRST_SCREEN_CARDS). */
const FIRST_SCREEN_CARDS = 8;

let harness: Harness;
let firstScreen: ApiProject[];

const decodeEntities = (html: string) =>
  html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

before(async () => {
  harness = await startHarness();
  const page = await harness.api<{ items: ApiProject[] }>('/projects?limit=24&status=all&sort=funding&cluster=demo');
  firstScreen = page.items.slice(0, FIRST_SCREEN_CARDS);
  assert.equal(firstScreen.length, FIRST_SCREEN_CARDS);
});

after(async () => {
  await harness?.close();
});

test('the HTML of /marketplace holds the first screen of cards and the answer they were drawn from', async () => {
  const response = await fetch(`${harness.origin}/marketplace`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /text\/html/);
  const html = await response.text();
  assert.match(html, /<fieldset data-prerendered data-mode="demo" disabled inert/);
  assert.equal(html.match(new RegExp(`data-testid="${PROJECT_CARD_TEST_ID}"`, 'g'))?.length, FIRST_SCREEN_CARDS);
  const text = decodeEntities(html);
  for (const project of firstScreen) assert.ok(text.includes(project.title), `the prerendered page shows ${project.title}`);
  const state = html.match(/<script type="application\/json" id="marquee-prerendered-state">([^<]*)<\/script>/);
  assert.ok(state, 'the query cache is in the page');
  const cache = JSON.parse(state[1]) as { queries: { state: { data: { pages: { items: { title: string }[] }[] } } }[] };
  assert.deepEqual(
    cache.queries[0].state.data.pages[0].items.slice(0, FIRST_SCREEN_CARDS).map((item) => item.title),
    firstScreen.map((project) => project.title),
  );
  // A filter the app writes is prerendered too.
  const funded = await (await fetch(`${harness.origin}/marketplace?status=funded`)).text();
  assert.match(funded, /<fieldset data-prerendered/);
  // A browser in On-Chain mode (its cookie) is never shown the demo catalogue: its page is drawn from
  // devnet's answers, and this server follows no devnet, so it gets the plain dApp.
  const onchain = await (await fetch(`${harness.origin}/marketplace`, { headers: { cookie: 'theme=dark; marquee-mode=onchain' } })).text();
  assert.doesNotMatch(onchain, /data-prerendered|marquee-prerendered-state/);
  // A route the server does not prerender, a search, or a made-up parameter or value, gets the plain dApp shell.
  for (const path of ['/investments', '/marketplace?search=Orchard', '/marketplace?status=nonsense', '/marketplace?x=1']) {
    const other = await (await fetch(`${harness.origin}${path}`)).text();
    assert.doesNotMatch(other, /data-prerendered|marquee-prerendered-state/, path);
    assert.match(other, /<div id="root"><\/div>/, path);
  }
});

test('without JavaScript the first cards are on screen', async () => {
  const context = await harness.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    await page.goto(`${harness.origin}/marketplace`);
    const cards = page.getByTestId(PROJECT_CARD_TEST_ID);
    await cards.first().waitFor({ state: 'visible' });
    assert.equal(await cards.count(), FIRST_SCREEN_CARDS);
    assert.match((await cards.first().textContent()) ?? '', new RegExp(firstScreen[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // The preview's controls wait for the app: disabled until it has replaced them.
    assert.equal(await page.getByLabel(MARKETPLACE_SEARCH_LABEL, { exact: true }).isDisabled(), true);
  } finally {
    await context.close();
  }
});

test('with JavaScript the live app replaces the preview, from the same answer, and its search filters', async () => {
  const context = await harness.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    const listings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') listings.push(request.url());
    });
    await page.goto(`${harness.origin}/marketplace`);
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    await page.getByTestId(PROJECT_CARD_TEST_ID).first().waitFor({ state: 'visible' });
    assert.match((await page.getByTestId(PROJECT_CARD_TEST_ID).first().textContent()) ?? '', new RegExp(firstScreen[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // The first page came with the HTML: the app did not ask for it again.
    assert.deepEqual(listings.filter((url) => !url.includes('cursor=')), []);

    const wanted = firstScreen[FIRST_SCREEN_CARDS - 1];
    const search = page.getByLabel(MARKETPLACE_SEARCH_LABEL, { exact: true });
    assert.equal(await search.isEnabled(), true);
    await search.fill(wanted.title);
    await page.waitForFunction(
      ({ title, card }) => {
        const cards = [...document.querySelectorAll(`[data-testid="${card}"]`)];
        return cards.length > 0 && cards.every((card) => card.textContent?.includes(title)) && document.querySelector('[aria-busy="false"]') !== null;
      },
      { title: wanted.title, card: PROJECT_CARD_TEST_ID },
    );
    assert.ok(listings.some((url) => new URL(url).searchParams.get('q') === wanted.title), 'the search was asked of the server');
  } finally {
    await context.close();
  }
});

test('a browser in On-Chain mode drops a demo preview at once, and its next visit gets none', async () => {
  const context = await harness.browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    // Stored before the mode cookie existed: the server draws the default (demo) mode.
    await context.addInitScript("window.localStorage.setItem('marqueeMode', 'onchain')");
    const page = await context.newPage();
    const listings: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/projects') listings.push(new URL(request.url()).searchParams.get('cluster') ?? '');
    });
    // The marketplace screen's code is held: the demo preview must go at once, not when the app can
    // draw the screen in its place.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/marketplace-feature-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const response = await page.goto(`${harness.origin}/marketplace`);
    assert.match((await response?.text()) ?? '', /data-mode="demo"/);
    await page.locator('[data-prerendered]').waitFor({ state: 'detached', timeout: 5_000 });
    release();
    await page.getByText('On-Chain Mode', { exact: true }).waitFor({ state: 'visible' });
    assert.ok(listings.length > 0 && listings.every((cluster) => cluster === 'devnet'), `asked devnet only: ${listings.join(', ')}`);
    const cookies = await context.cookies(harness.origin);
    assert.equal(cookies.find((cookie) => cookie.name === 'marquee-mode')?.value, 'onchain');

    // The cookie goes with the next visit: no demo preview (devnet's, which this server does not follow).
    const again = await page.goto(`${harness.origin}/marketplace`);
    assert.doesNotMatch((await again?.text()) ?? '', /data-prerendered/);
  } finally {
    await context.close();
  }
});

test('the wallet code loads at the first wallet action (a pointer over Connect), not for browsing, and at once for a remembered wallet', async () => {
  const page = await harness.walletPage(Keypair.generate());
  try {
    // The wallet runtime's chunk (features/wallet/wallet-data-access.tsx: web3.js, wallet-adapter, the clients).
    const walletChunk = /\/assets\/wallet-data-access-[^/]*\.js$/;
    const walletChunkRequests = () => requested.filter((path) => walletChunk.test(path)).length;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${harness.origin}/marketplace`);
    await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
    // Browsing: the marketplace, a film's page and the header draw without it.
    await page.getByTestId(PROJECT_CARD_TEST_ID).first().click();
    await page.waitForURL(/\/project\//);
    await page.getByRole('heading', { name: firstScreen[0].title }).first().waitFor();
    await page.getByRole('button', { name: 'Notifications' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(walletChunkRequests(), 0, `no wallet code while browsing: ${requested.filter((path) => path.endsWith('.js')).join(', ')}`);

    // A pointer over Connect Wallet starts the download (the click rarely waits for it); the click
    // opens the spec's wallet modal, the injected wallet listed.
    const download = page.waitForRequest(walletChunk);
    await page.getByRole('button', { name: 'Connect Wallet' }).first().hover();
    await download;
    assert.equal(await page.getByText('Connect a wallet on Solana to continue').count(), 0, 'hovering opens nothing');
    await page.getByRole('button', { name: 'Connect Wallet' }).first().click();
    await page.getByText('Connect a wallet on Solana to continue').waitFor();
    assert.equal(walletChunkRequests(), 1);
    await page.getByText('E2E Wallet').first().click();
    await page.getByText('Connected', { exact: true }).first().waitFor();

    // Remembered: the next visit loads it at once and reconnects, without a click.
    await page.reload();
    await page.getByText('Connected', { exact: true }).first().waitFor();
    assert.equal(walletChunkRequests(), 2);
  } finally {
    await page.context().close();
  }
});
