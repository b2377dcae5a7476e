// The server's side of the marketplace prerender (prerendered-pages.ts), with a stand-in for the
// app's module: the page goes into index.html, is rendered again only when the API's answers change,
// and any failure serves the plain dApp (null); a missing module turns prerendering off.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Hono } from 'hono';
import type { AppEnv } from '../src/api/context.ts';
import { loadPrerenderer } from '../src/prerendered-pages.ts';

const folder = mkdtempSync(join(tmpdir(), 'marquee-prerender-'));
after(() => rmSync(folder, { recursive: true, force: true }));

writeFileSync(join(folder, 'index.html'), '<html><head><title>Marquee</title></head><body><div id="root"></div><script src="/a.js"></script></body></html>');
// Counts its renders on globalThis; "$&" in the markup checks it is inserted as text.
writeFileSync(
  join(folder, 'prerender.mjs'),
  `export function prerenderMode(cookie) {
    return cookie === 'marquee-mode=onchain' ? 'onchain' : 'demo';
  }
  export async function prerenderData(url, apiGet, mode) {
    if (!url.startsWith('/marketplace')) return null;
    const answer = await apiGet('/api/listing', mode === 'onchain' ? 'devnet' : 'demo');
    return { answer };
  }
  export async function renderPrerendered(url, state, mode) {
    globalThis.prerenderCount = (globalThis.prerenderCount ?? 0) + 1;
    if (state.answer.title === 'breaks') throw new Error('render failed');
    return { head: '<style>.card{}</style>', root: '<div id="root"><p>' + mode + ': ' + state.answer.title + ' $&</p></div>' };
  }`,
);

const renders = () => (globalThis as { prerenderCount?: number }).prerenderCount ?? 0;

test('a page goes into index.html, rendered again only when its answers change; failures serve the plain dApp', async () => {
  let title = 'The Quiet Orchard';
  let status = 200;
  const app = new Hono<AppEnv>();
  app.get('/api/listing', (c) => (status === 200 ? c.json({ title, cluster: c.req.query('cluster') }) : c.text('down', 503)));
  const prerenderer = await loadPrerenderer({ app, staticDir: folder, modulePath: join(folder, 'prerender.mjs') });
  assert.ok(prerenderer);

  const page = await prerenderer.page('/marketplace');
  assert.equal(page, '<html><head><title>Marquee</title><style>.card{}</style></head><body><div id="root"><p>demo: The Quiet Orchard $&</p></div><script src="/a.js"></script></body></html>');
  assert.equal(renders(), 1);
  assert.equal(await prerenderer.page('/marketplace'), page, 'the same answers: the kept page');
  assert.equal(renders(), 1);

  title = 'Winter Line';
  assert.match((await prerenderer.page('/marketplace')) ?? '', /<p>demo: Winter Line \$&<\/p>/);
  assert.equal(renders(), 2);

  // The mode the cookie asks for is its own page, from its own cluster's answers; the demo page stays kept.
  assert.match((await prerenderer.page('/marketplace', 'marquee-mode=onchain')) ?? '', /<p>onchain: Winter Line \$&<\/p>/);
  assert.equal(renders(), 3);
  assert.match((await prerenderer.page('/marketplace', 'anything=else')) ?? '', /<p>demo: Winter Line/);
  assert.equal(renders(), 3);

  assert.equal(await prerenderer.page('/investments'), null, 'a path the module does not prerender');
  status = 503;
  assert.equal(await prerenderer.page('/marketplace'), null, 'the API failing');
  status = 200;
  title = 'breaks';
  assert.equal(await prerenderer.page('/marketplace'), null, 'the render failing');
});

test("a mode whose cluster the server does not serve is not prerendered, and nothing is logged", async (t) => {
  const app = new Hono<AppEnv>();
  app.get('/api/listing', (c) => c.json({ title: 'Salt and Iron' }));
  const prerenderer = await loadPrerenderer({ app, staticDir: folder, modulePath: join(folder, 'prerender.mjs'), clusters: ['devnet'] });
  assert.ok(prerenderer);
  const logged = t.mock.method(console, 'error', () => {});
  assert.equal(await prerenderer.page('/marketplace'), null, 'Demo mode, and no demo cluster here');
  assert.equal(logged.mock.callCount(), 0);
  assert.match((await prerenderer.page('/marketplace', 'marquee-mode=onchain')) ?? '', /<p>onchain: Salt and Iron/, 'the served cluster still is');
});

test('no module, or one that does not load: no prerendering', async () => {
  const app = new Hono<AppEnv>();
  assert.equal(await loadPrerenderer({ app, staticDir: folder, modulePath: join(folder, 'missing.mjs') }), null);
  writeFileSync(join(folder, 'broken.mjs'), 'export const = ;');
  assert.equal(await loadPrerenderer({ app, staticDir: folder, modulePath: join(folder, 'broken.mjs') }), null);
});
