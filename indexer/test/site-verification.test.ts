// Website verification against local HTTP servers the test starts: the token in the /.well-known
// file or a <meta> tag in an HTML page's <head> verifies; a site without it, an unreachable one, a
// redirect to another origin (a private address, or another site serving the token), a token
// anywhere else in a page, Marquee's own origin, an oversized page and a timeout each leave the
// site unverified with a clear reason.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { fetchSite, isPublicAddress, type SiteFetchOptions } from '../src/publishers/site-fetch.ts';
import { issueToken, metaTag, metaTokens, verifySite } from '../src/publishers/site-verification.ts';

const TOKEN = issueToken();
const OPTIONS: SiteFetchOptions = { timeoutMs: 1000, maxBytes: 64 * 1024, maxRedirects: 3, allowLoopback: true };

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;
const routes: Record<string, Handler> = {};
let server: http.Server;
let base: string;

before(async () => {
  server = http.createServer((request, response) => {
    const handler = routes[`${request.headers['x-site'] ?? ''}${request.url}`] ?? routes[request.url ?? ''];
    if (handler) return handler(request, response);
    response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const html = (body: string): Handler => (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(body);
const redirect = (location: () => string): Handler => (_request, response) => response.writeHead(302, { location: location() }).end();

describe('website verification', () => {
  test('the token served in /.well-known/marquee-verification.txt verifies the site', async () => {
    routes['/.well-known/marquee-verification.txt'] = (_request, response) => response.writeHead(200).end(`${TOKEN}\n`);
    try {
      assert.deepEqual(await verifySite(`${base}/`, TOKEN, OPTIONS), { verified: true, method: 'well-known' });
      assert.deepEqual(await verifySite(`${base}/`, issueToken(), OPTIONS).then((r) => r.verified), false, 'another token does not');
    } finally {
      delete routes['/.well-known/marquee-verification.txt'];
    }
  });

  test('the token in a <meta> tag of the website page verifies it, redirects followed hop by hop', async () => {
    routes['/blog'] = redirect(() => '/blog/');
    routes['/blog/'] = html(`<!doctype html><html><head><title>Films</title>\n<meta content='${TOKEN}' name="marquee-verification"></head><body></body></html>`);
    assert.deepEqual(await verifySite(`${base}/blog`, TOKEN, OPTIONS), { verified: true, method: 'meta' });
  });

  test('a site serving no token stays unverified', async () => {
    routes['/plain'] = html('<html><head><meta name="description" content="x"></head></html>');
    const result = await verifySite(`${base}/plain`, TOKEN, OPTIONS);
    assert.equal(result.verified, false);
    assert.match(
      (result as { reason: string }).reason,
      new RegExp(
        `^The verification token was not found: serve it at ${base}/.well-known/marquee-verification.txt or in a <meta name="marquee-verification"> tag in the <head> of the HTML page ${base}/plain$`,
      ),
    );
    const missing = await verifySite(`${base}/nothing-here`, TOKEN, OPTIONS);
    assert.match((missing as { reason: string }).reason, /token was not found.*\(the page answered 404\)$/);
  });

  test('an unreachable site stays unverified', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await verifySite(`http://127.0.0.1:${port}/`, TOKEN, OPTIONS);
    assert.deepEqual(result, { verified: false, reason: `Could not reach http://127.0.0.1:${port}/ (ECONNREFUSED)` });
    const unknownHost = await verifySite('http://marquee-test.invalid/', TOKEN, OPTIONS);
    assert.match((unknownHost as { reason: string }).reason, /^Could not reach http:\/\/marquee-test.invalid\/ \((ENOTFOUND|EAI_AGAIN)\)$/);
  });

  test('a redirect to another origin is refused: a private address, or another site that serves the token', async () => {
    for (const target of ['http://10.1.2.3/admin', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00::1]/', 'http://192.168.1.1/']) {
      routes['/moved'] = redirect(() => target);
      const result = await verifySite(`${base}/moved`, TOKEN, OPTIONS);
      assert.equal(result.verified, false);
      assert.match((result as { reason: string }).reason, new RegExp(`^${base}/moved redirected to another origin \\(${new URL(target).origin.replace(/[[\]/.]/g, '\\$&')}\\)`));
    }
    // An open redirect of the claimed site to a site that does serve the token (a paste site, the
    // attacker's own) proves nothing about the claimed one: neither the file nor the page verifies.
    const elsewhere = http.createServer((request, response) => {
      if (request.url === '/.well-known/marquee-verification.txt') return response.writeHead(200).end(`${TOKEN}\n`);
      response.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head>${metaTag(TOKEN)}</head><body></body></html>`);
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    assert.deepEqual(await verifySite(`${other}/`, TOKEN, OPTIONS), { verified: true, method: 'well-known' }, 'the other site itself verifies');
    routes['/.well-known/marquee-verification.txt'] = redirect(() => `${other}/.well-known/marquee-verification.txt`);
    routes['/open-redirect'] = redirect(() => `${other}/page`);
    try {
      const result = await verifySite(`${base}/open-redirect`, TOKEN, OPTIONS);
      assert.equal(result.verified, false);
      assert.match((result as { reason: string }).reason, /redirected to another origin/);
    } finally {
      delete routes['/.well-known/marquee-verification.txt'];
      elsewhere.closeAllConnections();
      elsewhere.close();
    }
  });

  test('the token counts only in an HTML page\'s <head> or as a line of the file, never anywhere in a body', async () => {
    routes['/in-body'] = html(`<html><head><title>Paste</title></head><body><pre>${metaTag(TOKEN)}</pre></body></html>`);
    assert.equal((await verifySite(`${base}/in-body`, TOKEN, OPTIONS)).verified, false, 'a meta tag in the body');
    // A JSON document (Marquee's own /api/metadata serving a description with the tag) is not an HTML page.
    routes['/document.json'] = (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ description: `<head>${metaTag(TOKEN)}</head>` }));
    assert.equal((await verifySite(`${base}/document.json`, TOKEN, OPTIONS)).verified, false, 'a JSON document');
    routes['/.well-known/marquee-verification.txt'] = (_request, response) => response.writeHead(200).end(`pasted: ${TOKEN} and more`);
    try {
      assert.equal((await verifySite(`${base}/`, TOKEN, OPTIONS)).verified, false, 'the token inside a line of the file');
    } finally {
      delete routes['/.well-known/marquee-verification.txt'];
    }
  });

  test("Marquee's own origin never verifies a site", async () => {
    routes['/.well-known/marquee-verification.txt'] = (_request, response) => response.writeHead(200).end(`${TOKEN}\n`);
    try {
      const result = await verifySite(`${base}/`, TOKEN, OPTIONS, [base]);
      assert.deepEqual(result, { verified: false, reason: `${base} is Marquee itself: verify a website you run` });
    } finally {
      delete routes['/.well-known/marquee-verification.txt'];
    }
  });

  test('outside tests, loopback is private too: the server cannot be aimed at itself', async () => {
    routes['/.well-known/marquee-verification.txt'] = (_request, response) => response.writeHead(200).end(TOKEN);
    try {
      const result = await verifySite(`${base}/`, TOKEN, { ...OPTIONS, allowLoopback: false });
      assert.deepEqual(result, { verified: false, reason: `127.0.0.1 resolves to 127.0.0.1, a private or loopback address: only public websites can be verified` });
      const named = await fetchSite(`http://localhost:${new URL(base).port}/`, { ...OPTIONS, allowLoopback: false });
      assert.equal(named.ok ? 'ok' : named.kind, 'private', 'a name resolving to loopback is refused on connect');
    } finally {
      delete routes['/.well-known/marquee-verification.txt'];
    }
  });

  test('an oversized page stays unverified', async () => {
    routes['/huge'] = html(`<html><head>${'<meta name="x" content="y">'.repeat(5000)}${metaTag(TOKEN)}</head></html>`);
    const result = await verifySite(`${base}/huge`, TOKEN, OPTIONS);
    assert.deepEqual(result, { verified: false, reason: `The page at ${base}/huge is larger than 0.1 MB` });
    routes['/streamed'] = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('x'.repeat(200 * 1024));
    };
    assert.match(((await verifySite(`${base}/streamed`, TOKEN, OPTIONS)) as { reason: string }).reason, /is larger than/);
  });

  test('a site that does not answer in time stays unverified', async () => {
    routes['/slow'] = () => undefined; // never answers
    const started = Date.now();
    const result = await verifySite(`${base}/slow`, TOKEN, { ...OPTIONS, timeoutMs: 300 });
    assert.deepEqual(result, { verified: false, reason: `${base}/slow did not answer within 0.3 seconds` });
    assert.ok(Date.now() - started < 2000);
  });

  test('too many redirects stay unverified', async () => {
    routes['/loop'] = redirect(() => '/loop');
    assert.match(((await verifySite(`${base}/loop`, TOKEN, OPTIONS)) as { reason: string }).reason, /redirected more than 3 times/);
  });
});

describe('address and meta parsing', () => {
  test('public and non-public addresses', () => {
    for (const address of ['127.0.0.1', '10.0.0.8', '172.20.1.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1', 'not-an-ip']) {
      assert.equal(isPublicAddress(address), false, address);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) assert.equal(isPublicAddress(address), true, address);
  });

  test('an IPv4 address written as IPv6 (IPv4-compatible ::a.b.c.d, as a URL normalises [::127.0.0.1]) and site-local fec0::/10 are not public', () => {
    for (const url of ['http://[::127.0.0.1]/', 'http://[::169.254.169.254]/', 'http://[::10.0.0.1]/', 'http://[fec0::1]/']) {
      const address = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
      assert.equal(isPublicAddress(address), false, `${url} (${address})`);
    }
  });

  test('meta tags in any attribute order and quoting', () => {
    assert.deepEqual(
      metaTokens(`<head><META NAME=marquee-verification CONTENT=abc><meta content="def" name='marquee-verification'><meta name="other" content="x"></head>`),
      ['abc', 'def'],
    );
    assert.deepEqual(metaTokens(`<meta name="marquee-verification" content="abc">`), [], 'not an HTML page with a head');
    assert.deepEqual(metaTokens(`<head></head><body><meta name="marquee-verification" content="abc"></body>`), [], 'in the body');
  });
});
