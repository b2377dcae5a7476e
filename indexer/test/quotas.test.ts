// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The quotas of issue 27 on what a caller can make the server store, fetch or hold open, each 429
// with Retry-After past its limit and nothing done: server-sent event streams per client address
// (a closed one frees its place), demo wallets per client address (no airdrop), metadata documents,
// chat posts and website checks per wallet (no row, no outbound fetch), every write per client
// address whichever wallets it signs in as, and the short negative cache of unknown signatures.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, mock, test } from 'node:test';
import { DEFAULT_QUOTAS, UNKNOWN_SIGNATURE_CACHE_MS } from '../src/api/quotas.ts';
import { demoOpenApi } from '../src/demo/contract.ts';
import { demoRoutes } from '../src/demo/routes.ts';
import type { DemoService, MetadataStore } from '../src/demo/service.ts';
import { testApp } from './helpers/app.ts';
import { signIn } from './helpers/sign-in.ts';
import { randomSignature } from './helpers/chain.ts';
import { scalar } from './helpers/dump.ts';

const HOUR = 3_600_000;
const listing = {
  title: 'Night Train',
  description: 'A thriller.',
  directorName: 'Ada Lens',
  genres: ['Drama'],
  releaseYear: 2024,
  licenseType: 'Exclusive Streaming',
};
const count = async (t: Awaited<ReturnType<typeof testApp>>, table: string) => Number(await scalar(t.cluster.db, `SELECT COUNT(*) AS n FROM ${table}`));
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe('quotas', () => {
  test('a client address holds at most its SSE streams open: the next is 429 with Retry-After, a closed one frees its place', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, sseConnections: 2 } });
    t.chain.initializePlatform();
    const film = t.chain.createProject(t.chain.registerStudio('a24', 'A24'), 'Open Water', 20);
    await t.cluster.indexer.sync();
    const open = (address: string) => {
      const controller = new AbortController();
      const answer = t.app.request(`/api/collaboration/${film.id}/stream`, { headers: { 'x-forwarded-for': address }, signal: controller.signal });
      return { answer, close: () => controller.abort() };
    };
    const first = open('203.0.113.9');
    const second = open('203.0.113.9');
    assert.equal((await first.answer).status, 200);
    assert.equal((await second.answer).status, 200);
    const third = await open('203.0.113.9').answer;
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers.get('retry-after')) >= 1, 'Retry-After says when to try again');
    assert.match(await message(third), /Too many open chat streams from this address \(at most 2\)/);
    // Another address has its own streams.
    const elsewhere = open('198.51.100.4');
    assert.equal((await elsewhere.answer).status, 200);
    // Closing a stream gives its place back.
    first.close();
    await (await first.answer).body?.cancel().catch(() => {});
    let reopened: Response | undefined;
    for (let attempt = 0; attempt < 50 && reopened?.status !== 200; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      reopened = await open('203.0.113.9').answer;
      if (reopened.status !== 200) await reopened.body?.cancel();
    }
    assert.equal(reopened?.status, 200);
    for (const stream of [second, elsewhere]) stream.close();
    await reopened?.body?.cancel().catch(() => {});
  });

  test('demo wallets are within the client address’s quota: 429 with Retry-After past it, and no further airdrop', async () => {
    let airdrops = 0;
    const service = {
      keys: {
        connect: (walletAddress: string) => {
          airdrops++;
          return { walletAddress, demoAddress: walletAddress, lamports: 1 };
        },
      },
    } as unknown as DemoService;
    const demo = { routes: demoRoutes(service, { metadataStore: () => ({}) as MetadataStore }), openapi: demoOpenApi() };
    const t = await testApp({ demo, quotas: { ...DEFAULT_QUOTAS, demoWallets: { limit: 2, windowMs: 3_600_000 } } });
    const connect = async (address: string) => {
      const wallet = anchor.web3.Keypair.generate();
      const cookie = await signIn(t.app, wallet);
      return t.request('POST', '/api/demo/wallets', { walletAddress: wallet.publicKey.toBase58() }, { cookie, 'x-forwarded-for': address });
    };
    assert.equal((await connect('203.0.113.20')).status, 200);
    assert.equal((await connect('203.0.113.20')).status, 200);
    const third = await connect('203.0.113.20');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '3600');
    assert.match(await message(third), /Too many demo wallets: try again in 3600 seconds/);
    assert.equal(airdrops, 2, 'the refused wallet got no airdrop');
    // Another address has its own quota; the window passes and the first address connects again.
    assert.equal((await connect('198.51.100.21')).status, 200);
    t.clock.advance(3_600_000);
    assert.equal((await connect('203.0.113.20')).status, 200);
    assert.equal(airdrops, 4);
  });

  test('metadata documents are within the wallet’s quota: 429 with Retry-After and nothing stored past it', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, metadata: { limit: 2, windowMs: HOUR } } });
    for (const title of ['One', 'Two']) assert.equal((await t.request('POST', '/api/metadata', { ...listing, title })).status, 201);
    const third = await t.request('POST', '/api/metadata', { ...listing, title: 'Three' });
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '3600');
    assert.match(await message(third), /Too many metadata documents/);
    assert.equal(await count(t, 'metadata'), 2);
  });

  test('metadata documents are within the client address’s quota too, whichever wallets it signs in as', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, metadata: { limit: 2, windowMs: HOUR } } });
    const asFreshWallet = async (title: string, address: string) => {
      const cookie = await signIn(t.app, anchor.web3.Keypair.generate());
      return t.request('POST', '/api/metadata', { ...listing, title }, { cookie, 'x-forwarded-for': address });
    };
    for (const title of ['One', 'Two']) assert.equal((await asFreshWallet(title, '203.0.113.50')).status, 201);
    const third = await asFreshWallet('Three', '203.0.113.50');
    assert.equal(third.status, 429);
    assert.match(await message(third), /Too many metadata documents/);
    assert.equal(await count(t, 'metadata'), 2);
    assert.equal((await asFreshWallet('Elsewhere', '198.51.100.51')).status, 201, 'another address writes');
  });

  test('an IPv6 client is one address per /64: rotating through its /64 starts no fresh count of sign-in requests', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, nonces: { limit: 2, windowMs: 60_000 } } });
    const wallet = anchor.web3.Keypair.generate().publicKey.toBase58();
    const nonceFrom = (address: string) => t.request('GET', `/api/auth/nonce?address=${wallet}`, undefined, { 'x-forwarded-for': address });
    assert.equal((await nonceFrom('2001:db8:7:1::1')).status, 200);
    assert.equal((await nonceFrom('2001:db8:7:1::2')).status, 200);
    const third = await nonceFrom('2001:db8:7:1:ffff:ffff:ffff:3');
    assert.equal(third.status, 429);
    assert.match(await message(third), /Too many sign-in requests/);
    assert.equal((await nonceFrom('2001:db8:7:2::1')).status, 200, 'another /64 has its own count');
  });

  test('chat posts are within the wallet’s quota: 429 with Retry-After and no message stored past it', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, chat: { limit: 2, windowMs: 60_000 } } });
    t.chain.initializePlatform();
    const film = t.chain.createProject(t.chain.registerStudio('a24', 'A24'), 'Open Water', 20);
    await t.cluster.indexer.sync();
    const walletAddress = t.writer.publicKey.toBase58();
    const post = (text: string) => t.request('POST', `/api/collaboration/${film.id}/messages`, { walletAddress, text });
    assert.equal((await post('one')).status, 201);
    assert.equal((await post('two')).status, 201);
    const third = await post('three');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
    assert.match(await message(third), /Too many posts/);
    assert.equal(await count(t, 'chat_messages'), 2);
  });

  test('website checks are within the wallet’s quota: past it 429 with Retry-After and no fetch of the site', async () => {
    let fetches = 0;
    const site = http.createServer((_request, response) => {
      fetches++;
      response.writeHead(404).end('no token here');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    try {
      const websiteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
      const t = await testApp({ siteFetch: { allowLoopback: true }, quotas: { ...DEFAULT_QUOTAS, verificationFetches: { limit: 1, windowMs: HOUR } } });
      const walletAddress = t.writer.publicKey.toBase58();
      assert.equal((await t.request('POST', '/api/publishers/websites', { walletAddress, websiteUrl })).status, 201);
      assert.equal((await t.request('POST', '/api/publishers/websites/verify', { walletAddress, websiteUrl })).status, 422);
      const fetched = fetches;
      assert.ok(fetched > 0, 'the first check fetched the site');
      const second = await t.request('POST', '/api/publishers/websites/verify', { walletAddress, websiteUrl });
      assert.equal(second.status, 429);
      assert.equal(second.headers.get('retry-after'), '3600');
      assert.match(await message(second), /Too many website checks/);
      assert.equal(fetches, fetched, 'the refused check fetched nothing');
    } finally {
      site.closeAllConnections();
      site.close();
    }
  });

  test('every write from one client address counts together, whichever wallets it signs in as', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, writesPerAddress: { limit: 3, windowMs: 60_000 } } });
    const from = async (address: string) => {
      const cookie = await signIn(t.app, anchor.web3.Keypair.generate());
      return t.request('POST', '/api/metadata', { ...listing, title: `By ${cookie.slice(-6)}` }, { cookie, 'x-forwarded-for': address });
    };
    for (let wallet = 0; wallet < 3; wallet++) assert.equal((await from('203.0.113.30')).status, 201);
    const fourth = await from('203.0.113.30');
    assert.equal(fourth.status, 429);
    assert.equal(fourth.headers.get('retry-after'), '60');
    assert.match(await message(fourth), /Too many writes/);
    assert.equal((await from('198.51.100.31')).status, 201, 'another address writes');
    assert.equal(await count(t, 'metadata'), 4);
  });

  test('an unknown signature is remembered only briefly: past the negative cache the cluster is asked again', async () => {
    const t = await testApp();
    let lookups = 0;
    const ingest = t.cluster.indexer.ingestSignature.bind(t.cluster.indexer);
    t.cluster.indexer.ingestSignature = (signature: string) => {
      lookups++;
      return ingest(signature);
    };
    await t.writerSession();
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    try {
      const unknown = randomSignature();
      assert.equal((await t.request('POST', '/api/transactions', { txHash: unknown })).status, 404);
      assert.equal((await t.request('POST', '/api/transactions', { txHash: unknown })).status, 404);
      assert.equal(lookups, 1, 'the second report of the same unknown signature did not reach the cluster');
      mock.timers.tick(UNKNOWN_SIGNATURE_CACHE_MS);
      assert.equal((await t.request('POST', '/api/transactions', { txHash: unknown })).status, 404);
      assert.equal(lookups, 2, 'the cluster is asked again once the cache expired');
    } finally {
      mock.timers.reset();
    }
  });
});
