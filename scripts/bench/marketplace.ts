// Marketplace timings in headless Chromium (Debian's /usr/bin/chromium through playwright-core)
// against the real server (API + built dApp + demo chain) with 1,000 films: time from navigation to
// the first card on screen, and from the last keystroke of a search to the filtered grid. The
// baseline of each is the same measurement with a small catalogue (the demo's 14 films and 10
// listed ones), so the ratio shows what 1,000 films cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { Keypair } from '@solana/web3.js';
import { loadConfig } from '../../indexer/src/config.ts';
import { startDemo } from '../../indexer/src/demo/index.ts';
import { startMarquee } from '../../indexer/src/start.ts';
import type { BenchRow } from './rows.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const MARKETPLACE_FILMS = 1_000;
const BASELINE_FILMS = 24;
const FIRST_CARD_TARGET_MS = 1_000;
const FILTER_TARGET_MS = 150;
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/**
 * Chromium's own omnibox popup, a WebUI page (chrome://omnibox-popup.top-chrome), is built for every
 * new window, so for each run's fresh context, at the moment the run navigates: on this 2-core
 * machine its renderer spent ~2.5 s of CPU inside the measured interval (seen in a trace, with
 * scripts/bench/trace-marketplace.ts). Browser start-up, not the page under test: switched off.
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];
/** Each timing is the median of this many runs (a shared 2-core machine is noisy). */
const RUNS = 5;
/** A title word only the extra films carry, typed letter by letter in the search box. */
const SEARCH_WORD = 'Zephyr';
const FILMS_PER_STUDIO = 50;

/**
 * Installed in every page before its own scripts: notes the time (ms after navigation start) of the
 * first animation frame in which a card is laid out with a size, the frame that paints it, whether
 * the card came with the server's HTML or from the app's render. Read in the page, so the figure is
 * not rounded up to Playwright's polling of the page (its retries back off to 500 ms apart). A string:
 * a function would be sent as its source as compiled here, which may call helpers the page lacks.
 */
const WATCH_FIRST_CARD = `(() => {
  const check = () => {
    const card = document.querySelector('[data-testid="project-card"]');
    if (card && card.getBoundingClientRect().height > 0) window.firstCardAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/**
 * Run in the page before the search's last letter is typed: from that key's event to the first
 * animation frame in which every card shown matches the word and the grid is no longer busy (the
 * server's answer is drawn). In the page, so that neither the time Playwright takes to send the key
 * nor its polling of the page is counted.
 */
const WATCH_FILTER = `(() => {
  const word = ${JSON.stringify(SEARCH_WORD)};
  window.filteredAfterKey = undefined;
  let keyAt;
  document.addEventListener('keydown', (event) => {
    if (event.key === word.at(-1)) keyAt = event.timeStamp;
  }, { capture: true });
  const check = () => {
    const cards = [...document.querySelectorAll('[data-testid="project-card"]')];
    const filtered = cards.length > 0 && cards.every((card) => card.textContent.includes(word)) && document.querySelector('[aria-busy="false"]') !== null;
    if (keyAt !== undefined && filtered) window.filteredAfterKey = performance.now() - keyAt;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Headless Chromium without its browser UI's WebUI pages (BROWSER_UI_FEATURES). Chromium keeps only
 * the last --disable-features of its command line, and Playwright passes one of its own: that list
 * is read back from chrome://version and extended, not replaced.
 */
export async function launchChromium(): Promise<Browser> {
  const probe = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  let playwrightDisabled: string[];
  try {
    const page = await probe.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    playwrightDisabled = commandLine.match(/--disable-features=(\S+)/)?.[1].split(',') ?? [];
  } finally {
    await probe.close();
  }
  const disabled = [...new Set([...playwrightDisabled, ...BROWSER_UI_FEATURES])];
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, `--disable-features=${disabled.join(',')}`] });
}

interface Server {
  origin: string;
  close(): Promise<void>;
}

/**
 * The whole server on a free port with a fresh data folder; `films` in total, the extra ones listed
 * through the demo service. `staticDir`: another build of the dApp (trace-marketplace.ts compares two).
 */
export async function startServer(films: number, staticDir = join(root, 'app/dist')): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-bench-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const origin = `http://127.0.0.1:${port}`;
  const config = { ...loadConfig({}), port, dataDir, rpcClusters: [], staticDir };
  const demo = await startDemo({ dataDir, origin, programPath: join(root, 'target/deploy/marquee.so'), settlementIntervalMs: 0 });
  const marquee = await startMarquee({ config, clusters: [demo.cluster], demo: demo.extension });
  const seeded = demo.seeded?.projects ?? 0;
  // Studios take turns so no demo wallet runs out of SOL for the rent of its projects.
  const studios = Array.from({ length: Math.ceil(films / FILMS_PER_STUDIO) }, () => Keypair.generate().publicKey.toBase58());
  const deadline = new Date(Date.now() + 60 * 86_400_000).toISOString();
  // Listed through the demo service, as the seed does (the API's /api/demo/projects asks for the
  // studio wallet's signed-in session); one commit for all listings: the demo chain would otherwise
  // rewrite its state file per film.
  const store = demo.metadataStore(origin);
  await demo.chain.batch(async () => {
    for (let index = seeded; index < films; index += 1) {
      await demo.service.listFilm(
        studios[Math.floor(index / FILMS_PER_STUDIO)],
        {
          title: `${index % 10 === 0 ? SEARCH_WORD : 'Harbor'} Film ${index}`,
          description: 'A film listed for the marketplace benchmark.',
          directorName: `Director ${index}`,
          genres: ['Drama'],
          releaseYear: 2024,
          licenseType: 'Exclusive Streaming',
          fundingGoal: 1000 + index,
          deadline,
        },
        store,
      );
    }
  });
  await demo.cluster.indexer.sync();
  return {
    origin,
    close: async () => {
      demo.stop();
      await marquee.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Timings {
  firstCardMs: number;
  filterMs: number;
}

async function measure(browser: Browser, origin: string, expectedMatches: (titles: string[]) => boolean): Promise<Timings> {
  const firstCard: number[] = [];
  const filter: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(WATCH_FIRST_CARD);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${origin}/marketplace`, { waitUntil: 'commit' });
    await page.getByTestId('project-card').first().waitFor({ state: 'visible' });
    // From the moment navigation was asked for (the page's time origin is a few ms later).
    const { timeOrigin, firstCardAt } = await page.evaluate(() => ({ timeOrigin: performance.timeOrigin, firstCardAt: (window as unknown as { firstCardAt: number }).firstCardAt }));
    firstCard.push(Math.round(timeOrigin + firstCardAt - started));

    const search = page.getByLabel('Search', { exact: true });
    await search.click();
    for (const letter of SEARCH_WORD.slice(0, -1)) await search.press(letter);
    // The clock runs from the last keystroke to a grid showing only the matching films, both read in the page.
    await page.evaluate(WATCH_FILTER);
    await search.press(SEARCH_WORD.at(-1)!);
    await page.waitForFunction(() => (window as unknown as { filteredAfterKey?: number }).filteredAfterKey !== undefined);
    filter.push(Math.round(await page.evaluate(() => (window as unknown as { filteredAfterKey: number }).filteredAfterKey)));
    const titles = await page.getByTestId('project-card').allTextContents();
    if (!expectedMatches(titles)) throw new Error(`Unexpected search result: ${titles.length} cards`);
    await context.close();
  }
  return { firstCardMs: median(firstCard), filterMs: median(filter) };
}

export async function marketplaceRows(): Promise<BenchRow[]> {
  const browser = await launchChromium();
  try {
    const timingsWith = async (films: number) => {
      const server = await startServer(films);
      try {
        return await measure(browser, server.origin, (titles) => titles.length > 0);
      } finally {
        await server.close();
      }
    };
    const baseline = await timingsWith(BASELINE_FILMS);
    const scaled = await timingsWith(MARKETPLACE_FILMS);
    const row = (name: string, value: number, base: number, target: number): BenchRow => ({
      name,
      value,
      baseline: base,
      ratio: value / base,
      target: `≤ ${target} ms`,
      met: value <= target,
      unit: 'ms',
    });
    return [
      row(`marketplace: first card visible (${MARKETPLACE_FILMS} films vs ${BASELINE_FILMS})`, scaled.firstCardMs, baseline.firstCardMs, FIRST_CARD_TARGET_MS),
      row(`marketplace: last keystroke → filtered grid (${MARKETPLACE_FILMS} films vs ${BASELINE_FILMS})`, scaled.filterMs, baseline.filterMs, FILTER_TARGET_MS),
    ];
  } finally {
    await browser.close();
  }
}
