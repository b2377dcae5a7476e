// The quotas of issue 27 that hold something open or cost the chain: server-sent event streams per
// client address (the next one 429 with Retry-After, a closed one frees its place) and demo wallets
// per client address (each an airdrop: past the quota 429 with Retry-After and no airdrop).
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_QUOTAS } from '../src/api/quotas.ts';
import { demoOpenApi, demoRoutes } from '../src/demo/routes.ts';
import type { DemoService, MetadataStore } from '../src/demo/service.ts';
import { testApp } from './helpers/app.ts';
import { signIn } from './helpers/sign-in.ts';

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
});
