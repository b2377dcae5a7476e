// An `api` process forwards /api/demo/* to the leader: method, path, query, body, the caller's
// headers and cookies go there; status, headers and every Set-Cookie come back; the origin the
// leader uses is the caller's, never one the caller made up; the leader counts the action for the
// client the process vouched for, never one a caller names; with no live leader, a clear 503.
import assert from 'node:assert/strict';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { AppEnv } from '../src/api/context.ts';
import { ClientVoucher } from '../src/api/forwarded-client.ts';
import { FORWARDED_CLIENT_HEADER, FORWARDED_CLIENT_TTL_MS, FORWARDED_ORIGIN_HEADER } from '../src/constants.ts';
import { signInOrigins } from '../src/auth/origins.ts';
import { demoForwarder, type LeaderAddress } from '../src/roles/demo-forward.ts';
import { testApp } from './helpers/app.ts';
import { TEST_TICKET_SECRET } from './helpers/tickets.ts';

/** A stand-in leader that answers with what it received. */
function echoLeader() {
  return new Hono().all('/api/demo/*', async (c) => {
    const received = {
      method: c.req.method,
      path: c.req.path,
      query: c.req.query(),
      body: await c.req.text(),
      cookie: c.req.header('cookie') ?? null,
      authorization: c.req.header('authorization') ?? null,
      origin: c.req.header(FORWARDED_ORIGIN_HEADER) ?? null,
      forwardedFor: c.req.header('x-forwarded-for') ?? null,
      vouched: c.req.header(FORWARDED_CLIENT_HEADER) ?? null,
    };
    c.header('set-cookie', 'session=renewed; HttpOnly; Path=/', { append: true });
    c.header('set-cookie', 'theme=dark; Path=/', { append: true });
    c.header('x-leader', 'yes');
    return c.json(received, c.req.method === 'POST' ? 201 : 200);
  });
}

class FixedLeader implements LeaderAddress {
  invalidations = 0;
  constructor(public url: string | null) {}
  async leaderUrl() {
    return this.url;
  }
  invalidate() {
    this.invalidations++;
  }
}

describe('demo actions forwarded to the leader', () => {
  let server: ServerType;
  let leaderUrl: string;

  before(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: echoLeader().fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    leaderUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('the request goes as it came, the answer comes back as it went', async () => {
    const origins = signInOrigins(['http://marquee.example', 'http://localhost']);
    const { request } = await testApp({ demo: demoForwarder(new FixedLeader(leaderUrl)), auth: { origins } });
    const response = await request('POST', 'http://marquee.example/api/demo/invest?cluster=demo&x=1', { walletAddress: 'w', amount: 1 }, {
      cookie: 'session=abc; theme=light',
      authorization: 'Bearer t',
      [FORWARDED_ORIGIN_HEADER]: 'http://attacker.example',
      [FORWARDED_CLIENT_HEADER]: 'made-up',
      'x-forwarded-for': '203.0.113.9',
    });
    assert.equal(response.status, 201);
    assert.equal(response.headers.get('x-leader'), 'yes');
    assert.deepEqual(response.headers.getSetCookie(), ['session=renewed; HttpOnly; Path=/', 'theme=dark; Path=/']);
    const { vouched, ...received } = (await response.json()) as { vouched: string };
    assert.notEqual(vouched, 'made-up', "the process's own voucher, not the caller's");
    assert.deepEqual(received, {
      method: 'POST',
      path: '/api/demo/invest',
      query: { cluster: 'demo', x: '1' },
      body: JSON.stringify({ walletAddress: 'w', amount: 1 }),
      cookie: 'session=abc; theme=light',
      authorization: 'Bearer t',
      origin: 'http://marquee.example',
      // testApp trusts the proxy: the client is 203.0.113.9, appended to the chain it came with.
      forwardedFor: '203.0.113.9, 203.0.113.9',
    });
  });

  test('the leader counts a forwarded action for the client the process vouched for, and for no one a caller names', async () => {
    // The leader trusts no proxy hop: on its own it would see the forwarding process's socket.
    const whoAmI = new Hono<AppEnv>().get('/whoami', (c) => c.json({ clientIp: c.var.clientIp }));
    const leader = await testApp({ trustedProxyHops: 0, demo: { routes: whoAmI } });
    const leaderServer = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: leader.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
    });
    after(() => new Promise<void>((resolve) => leaderServer.close(() => resolve())));
    const url = `http://127.0.0.1:${(leaderServer.address() as AddressInfo).port}`;
    const whoAt = async (headers: Record<string, string>) => ((await (await fetch(`${url}/api/demo/whoami`, { headers })).json()) as { clientIp: string }).clientIp;

    const { request } = await testApp({ demo: demoForwarder(new FixedLeader(url)) });
    const forwarded = await request('GET', '/api/demo/whoami', undefined, { 'x-forwarded-for': '203.0.113.9' });
    assert.deepEqual(await forwarded.json(), { clientIp: '203.0.113.9' });
    const other = await request('GET', '/api/demo/whoami', undefined, { 'x-forwarded-for': '198.51.100.4' });
    assert.deepEqual(await other.json(), { clientIp: '198.51.100.4' }, 'each client its own');

    // Straight to the leader: a voucher under another secret, a stale one and a made-up one name no one.
    const now = leader.clock.now;
    assert.equal(await whoAt({ [FORWARDED_CLIENT_HEADER]: new ClientVoucher(Buffer.alloc(32, 9), now).vouch('203.0.113.9') }), '127.0.0.1');
    const stale = new ClientVoucher(Buffer.from(TEST_TICKET_SECRET), () => now() - FORWARDED_CLIENT_TTL_MS - 1).vouch('203.0.113.9');
    assert.equal(await whoAt({ [FORWARDED_CLIENT_HEADER]: stale }), '127.0.0.1');
    assert.equal(await whoAt({ [FORWARDED_CLIENT_HEADER]: '203.0.113.9' }), '127.0.0.1');
    const fresh = new ClientVoucher(Buffer.from(TEST_TICKET_SECRET), now).vouch('203.0.113.9');
    assert.equal(await whoAt({ [FORWARDED_CLIENT_HEADER]: fresh }), '203.0.113.9', 'the same secret, in time: believed');
  });

  test('GET with no body', async () => {
    const { request } = await testApp({ demo: demoForwarder(new FixedLeader(leaderUrl)) });
    const response = await request('GET', '/api/demo/wallets/abc');
    assert.equal(response.status, 200);
    const received = (await response.json()) as { method: string; path: string; body: string };
    assert.deepEqual([received.method, received.path, received.body], ['GET', '/api/demo/wallets/abc', '']);
  });

  test('error: no leader right now', async () => {
    const { request } = await testApp({ demo: demoForwarder(new FixedLeader(null)) });
    const response = await request('POST', '/api/demo/wallets', { walletAddress: 'w' });
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), {
      message: 'The demo chain is unavailable: no indexer process leads right now (a new leader takes over within seconds); try again shortly',
    });
  });

  test('error: a leader that does not answer is forgotten, then 503', async () => {
    // A port nobody listens on: the server above, closed.
    const gone = await new Promise<string>((resolve) => {
      const s = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' }, () => {
        const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
        s.close(() => resolve(url));
      });
    });
    const leader = new FixedLeader(gone);
    const { request } = await testApp({ demo: demoForwarder(leader) });
    const response = await request('POST', '/api/demo/wallets', { walletAddress: 'w' });
    assert.equal(response.status, 503);
    assert.equal(leader.invalidations, 2);
  });
});
