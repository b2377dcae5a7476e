// Diagnostic (not part of `npm run bench`): where the marketplace's first card time goes. Starts the
// bench's server with FILMS films (default 24), opens /marketplace once in headless Chromium and
// (the bench's Chromium) prints the navigation and resource timings (a network waterfall), paint entries, the user-timing
// marks and Chromium's main-thread totals (script, style, layout) up to the first card.
//   npx tsx scripts/bench/trace-marketplace.ts [films] [trace.json]
// STATIC_DIR=<another dApp build> serves that build instead of app/dist; RUNS=<n> runs (default 2).
import { writeFileSync } from 'node:fs';
import { launchChromium, startServer } from './marketplace.ts';
import { PROJECT_CARD_TEST_ID } from '../../app/src/lib/shared-selectors.ts';

const films = Number(process.argv[2] ?? 24);
const tracePath = process.argv[3];
const server = await startServer(films, process.env.STATIC_DIR || undefined);
const browser = await launchChromium();
try {
  const runs = Number(process.env.RUNS ?? 2);
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    if (tracePath && run === 1) await browser.startTracing(page, { path: tracePath, screenshots: false });
    const started = Date.now();
    await page.goto(`${server.origin}/marketplace`, { waitUntil: 'commit' });
    await page.getByTestId(PROJECT_CARD_TEST_ID).first().waitFor({ state: 'visible' });
    const firstCard = Date.now() - started;
    if (tracePath && run === 1) await browser.stopTracing();
    const { metrics } = await cdp.send('Performance.getMetrics');
    const entries = await page.evaluate(() =>
      performance.getEntries().map((entry) => ({
        type: entry.entryType,
        name: entry.name.replace(location.origin, ''),
        start: Math.round(entry.startTime),
        end: Math.round(entry.startTime + entry.duration),
        bytes: (entry as PerformanceResourceTiming).transferSize ?? undefined,
      })),
    );
    console.log(`\n=== run ${run}: first card ${firstCard} ms (wall clock from goto) ===`);
    for (const entry of entries.sort((a, b) => a.start - b.start)) console.log(`${entry.type.padEnd(10)} ${String(entry.start).padStart(6)} → ${String(entry.end).padStart(6)}  ${entry.bytes ?? ''}  ${entry.name}`);
    const wanted = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'JSHeapUsedSize', 'Nodes'];
    console.log(metrics.filter((metric) => wanted.includes(metric.name)).map((metric) => `${metric.name}=${metric.name.endsWith('Duration') ? Math.round(metric.value * 1000) + 'ms' : Math.round(metric.value)}`).join(' '));
    const searchTimes = await page.evaluate(async () => {
      const times: Record<string, number> = {};
      for (const q of ['Zephyr', 'Zephy', 'Z', 'Harbor']) {
        const started = performance.now();
        await (await fetch(`/api/projects?limit=24&status=all&sort=funding&q=${q}&cluster=demo`)).json();
        times[q] = Math.round(performance.now() - started);
      }
      return times;
    });
    console.log('search requests (ms):', JSON.stringify(searchTimes));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
if (tracePath) writeFileSync(`${tracePath}.done`, '');
