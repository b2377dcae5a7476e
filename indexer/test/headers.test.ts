// Browser-facing headers: the dApp and the API carry a CSP (the dApp's on its pages, one that loads
// nothing on the API's JSON) and may not be framed or read cross-origin; the player may be framed by its embed's verified website (player-framing.test.ts)
// and, with the view and embed endpoints, called from any origin (never with credentials).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Hono } from 'hono';
import { APP_CSP, DATA_CSP, securityHeaders } from '../src/api/security-headers.ts';
import { signInOrigins } from '../src/auth/origins.ts';
import { address } from './helpers/chain.ts';
import { testApp } from './helpers/app.ts';

const ORIGIN = { origin: 'https://publisher.example' };

async function seeded() {
  const t = await testApp();
  t.chain.initializePlatform();
  const studio = t.chain.registerStudio('a24', 'A24');
  t.chain.createProject(studio, 'Open Water', 20);
  await t.cluster.indexer.sync();
  return t;
}

describe('security headers', () => {
  test("the API carries a CSP that loads nothing, may not be framed and answers no cross-origin caller", async () => {
    const t = await seeded();
    for (const [method, path] of [
      ['GET', '/api/projects'],
      ['POST', '/api/demo/invest'],
      ['POST', '/api/auth/sign-in'],
      ['GET', '/api/auth/session'],
      ['POST', '/api/users'],
      ['GET', '/no-such-page'],
    ]) {
      const response = await t.request(method, path, method === 'POST' ? {} : undefined, ORIGIN);
      assert.equal(response.headers.get('content-security-policy'), DATA_CSP, path);
      assert.match(DATA_CSP, /default-src 'none'; frame-ancestors 'none'/);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('access-control-allow-origin'), null, path);
      const preflight = await t.app.request(path, { method: 'OPTIONS', headers: { ...ORIGIN, 'access-control-request-method': 'POST' } });
      assert.equal(preflight.headers.get('access-control-allow-origin'), null, `preflight ${path}`);
    }
  });

  test("a page gets the dApp's CSP, JSON (of any +json type) the one that loads nothing; a route's own CSP stays", async () => {
    const app = new Hono()
      .use('*', securityHeaders({ hsts: false }))
      .get('/page', (c) => c.html('<p>page</p>'))
      .get('/data', (c) => c.json({ a: 1 }))
      .get('/problem', (c) => c.body('{}', 400, { 'Content-Type': 'application/problem+json; charset=utf-8' }))
      .get('/not-json', (c) => c.body('x', 200, { 'Content-Type': 'application/jsonx' }))
      .get('/own', (c) => c.html('<p>own</p>', 200, { 'Content-Security-Policy': "default-src 'self'" }));
    const csp = async (path: string) => (await app.request(path)).headers.get('content-security-policy');
    assert.equal(await csp('/page'), APP_CSP);
    assert.equal(await csp('/data'), DATA_CSP);
    assert.equal(await csp('/problem'), DATA_CSP);
    assert.equal(await csp('/not-json'), APP_CSP);
    assert.equal(await csp('/own'), "default-src 'self'");
    assert.match(APP_CSP, /frame-ancestors 'none'/);
  });

  test('the player may be framed only by Marquee itself unless an embed’s website is verified (player-framing); its script and style run by nonce', async () => {
    const t = await seeded();
    const response = await t.request('GET', '/player/0?embed=e1', undefined, ORIGIN);
    assert.equal(response.status, 200);
    const csp = response.headers.get('content-security-policy')!;
    assert.match(csp, /frame-ancestors 'self'[^;*]*$/, 'an unregistered embed: no other site');
    assert.doesNotMatch(csp, /publisher\.example/);
    assert.equal(response.headers.get('x-frame-options'), null);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    const html = await response.text();
    assert.ok(html.includes(`<script src="/player/player.js" nonce="${nonce}"></script>`), 'the page script carries the nonce');
    assert.ok(html.includes(`<style nonce="${nonce}">`));
    assert.doesNotMatch(html.replace(/<script type="application\/json"[^>]*>/g, ''), /<script(?![^>]*nonce=)[^>]*>/, 'no script element without the nonce, but the JSON configuration (not run)');
    const again = await t.request('GET', '/player/0');
    assert.notEqual(/nonce-([^']+)/.exec(again.headers.get('content-security-policy')!)![1], nonce, 'a fresh nonce per page');
  });

  test('views and embeds answer any origin, without credentials', async () => {
    const t = await seeded();
    for (const path of ['/api/views', '/api/embeds']) {
      const preflight = await t.app.request(path, {
        method: 'OPTIONS',
        headers: { ...ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      assert.equal(preflight.status, 204, path);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*', path);
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null, path);
    }
    const list = await t.request('GET', '/api/embeds', undefined, ORIGIN);
    assert.equal(list.headers.get('access-control-allow-origin'), '*');
  });

  test('absolute URLs are built on a configured origin, never on a Host or forwarded origin the caller made up', async () => {
    const t = await testApp({ auth: { origins: signInOrigins(['https://marquee.example', 'http://localhost']) } });
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('a24', 'A24');
    const film = t.chain.createProject(studio, 'Open Water', 20);
    t.chain.registerEmbed(film.id, address('publisher'), 'embed-0-1', 'https://films.example');
    await t.cluster.indexer.sync();
    const listing = { title: 'Film', description: 'd', directorName: 'D', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming' };
    const forged: { url: string; headers: Record<string, string> }[] = [
      { url: 'http://attacker.example', headers: {} },
      { url: 'http://localhost', headers: { 'x-marquee-forwarded-origin': 'http://attacker.example' } },
    ];
    for (const { url, headers } of forged) {
      const metadata = await t.request('POST', `${url}/api/metadata`, listing, headers);
      assert.equal(metadata.status, 201);
      assert.match((await metadata.json()).uri, /^https:\/\/marquee\.example\/api\/metadata\//, 'the public URL, not the forged origin');
      const embeds = await (await t.request('GET', `${url}/api/embeds`, undefined, headers)).text();
      assert.doesNotMatch(embeds, /attacker\.example/);
      assert.match(embeds, /https:\/\/marquee\.example\/player\//);
    }
    // One of ours, by host (a TLS proxy in front speaks http to us), keeps its configured origin.
    const own = await t.request('POST', 'http://marquee.example/api/metadata', listing);
    assert.match((await own.json()).uri, /^https:\/\/marquee\.example\//);
    const local = await t.request('POST', 'http://localhost/api/metadata', listing);
    assert.match((await local.json()).uri, /^http:\/\/localhost\//);
  });

  test("a signed-in caller's answers may be kept by no shared cache; public answers stay cacheable", async () => {
    const t = await seeded();
    const cookie = await t.writerSession();
    const wallet = t.writer.publicKey.toBase58();
    for (const path of ['/api/notifications', `/api/studios/${wallet}`, `/api/publishers/${wallet}/keys`, '/api/auth/session', '/api/projects']) {
      const response = await t.request('GET', path, undefined, { cookie });
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('cache-control'), 'private, no-store', path);
    }
    const anonymous = await t.request('GET', '/api/projects');
    assert.equal(anonymous.headers.get('cache-control'), null, 'an anonymous public read keeps its ETag caching');
  });
});
