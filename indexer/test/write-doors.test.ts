// The write doors of issue 27: every write needs a session (401 and nothing stored without one),
// reporting transactions is within a per-wallet quota (429 with Retry-After) and a signature the
// cluster does not know is not looked up again at once, sign-in nonces are rate-limited per client
// address, and the index keeps embeds by (film, publisher, embed id) as the chain does.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_QUOTAS } from '../src/api/quotas.ts';
import { address, randomSignature } from './helpers/chain.ts';
import { testApp } from './helpers/app.ts';
import { scalar } from './helpers/dump.ts';
import { signIn } from './helpers/sign-in.ts';

const WALLET = address('someone');
const listing = { title: 'Night Train', description: 'A thriller.', directorName: 'Ada Lens', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming' };

describe('write doors', () => {
  test('every write answers 401 without a session, and stores nothing', async () => {
    const t = await testApp();
    const writes: [string, string, unknown][] = [
      ['POST', '/api/metadata', listing],
      ['POST', '/api/transactions', { txHash: randomSignature() }],
      ['POST', '/api/investments', { projectId: 0, amount: 1, txHash: randomSignature(), simulated: true }],
      ['POST', '/api/embeds', { projectId: 0, websiteUrl: 'https://films.example', embedId: 'e1', txHash: randomSignature() }],
      ['POST', '/api/embeds/claims', { txHash: randomSignature() }],
      ['POST', '/api/revenue/claim', { distributionIds: [1], txHash: randomSignature() }],
      ['PUT', '/api/projects/0/status', { status: 'funded', txHash: randomSignature() }],
      ['POST', '/api/projects/0/metadata', { description: 'x', directorName: 'y', genres: ['Drama'], releaseYear: 2024, licenseType: 'Exclusive Streaming' }],
      ['POST', '/api/users', { walletAddress: WALLET }],
      ['PUT', `/api/studios/${WALLET}/profile`, { name: 'S', description: '' }],
      ['POST', '/api/verification/applications', { walletAddress: WALLET }],
      ['POST', '/api/publishers/websites', { walletAddress: WALLET, websiteUrl: 'https://films.example/' }],
      ['POST', '/api/publishers/websites/verify', { walletAddress: WALLET, websiteUrl: 'https://films.example/' }],
      ['POST', '/api/collaboration/0/messages', { walletAddress: WALLET, text: 'hello' }],
      ['PUT', `/api/campaigns/${WALLET}/details`, { walletAddress: WALLET }],
    ];
    let lookups = 0;
    const ingest = t.cluster.indexer.ingestSignature.bind(t.cluster.indexer);
    t.cluster.indexer.ingestSignature = (signature: string) => {
      lookups++;
      return ingest(signature);
    };
    for (const [method, path, body] of writes) {
      const response = await t.request(method, path, body, { cookie: '' });
      assert.equal(response.status, 401, `${method} ${path}`);
      assert.match(((await response.json()) as { message: string }).message, /Sign in/);
    }
    assert.equal(lookups, 0, 'no transaction was looked up on the cluster');
    for (const table of ['metadata', 'users', 'studio_profiles', 'verification_applications', 'publisher_websites', 'chat_messages']) {
      assert.equal(Number(await scalar(t.cluster.db, `SELECT COUNT(*) AS n FROM ${table}`)), 0, table);
    }
  });

  test('reporting transactions is within the wallet’s quota: 429 with Retry-After past it', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, txVerifications: { limit: 2, windowMs: 60_000 } } });
    for (let report = 0; report < 2; report++) assert.equal((await t.request('POST', '/api/transactions', { txHash: randomSignature() })).status, 404);
    const third = await t.request('POST', '/api/transactions', { txHash: randomSignature() });
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
    assert.match(((await third.json()) as { message: string }).message, /Too many transaction reports: try again in 60 seconds/);
    // Another wallet has its own quota.
    const other = await signIn(t.app, anchor.web3.Keypair.generate());
    assert.equal((await t.request('POST', '/api/transactions', { txHash: randomSignature() }, { cookie: other })).status, 404);
    // The window passes: the wallet reports again.
    t.clock.advance(60_000);
    assert.equal((await t.request('POST', '/api/transactions', { txHash: randomSignature() })).status, 404);
  });

  test('a signature the cluster did not know is answered 404 again without another RPC request', async () => {
    const t = await testApp();
    let lookups = 0;
    const ingest = t.cluster.indexer.ingestSignature.bind(t.cluster.indexer);
    t.cluster.indexer.ingestSignature = (signature: string) => {
      lookups++;
      return ingest(signature);
    };
    const unknown = randomSignature();
    assert.equal((await t.request('POST', '/api/transactions', { txHash: unknown })).status, 404);
    const again = await t.request('POST', '/api/transactions', { txHash: unknown });
    assert.equal(again.status, 404);
    assert.match(((await again.json()) as { message: string }).message, /asked moments ago/);
    assert.equal(lookups, 1);
  });

  test('sign-in nonces are rate-limited per client address: 429 with Retry-After', async () => {
    const t = await testApp({ quotas: { ...DEFAULT_QUOTAS, nonces: { limit: 2, windowMs: 60_000 } } });
    const nonce = (ip: string) => t.app.request(`/api/auth/nonce?address=${WALLET}`, { headers: { 'x-forwarded-for': ip } });
    assert.equal((await nonce('203.0.113.1')).status, 200);
    assert.equal((await nonce('203.0.113.1')).status, 200);
    const third = await nonce('203.0.113.1');
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
    assert.equal((await nonce('203.0.113.2')).status, 200, 'another address has its own limit');
    assert.equal(Number(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM auth_nonces')), 3, 'the refused request stored no nonce');
  });

  test("a second publisher's embed with the same embed id on the same film is indexed, not dropped", async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('a24', 'A24');
    const film = t.chain.createProject(studio, 'Night Train', 10);
    t.chain.invest(film.id, address('alice'), 10_000_000_000n);
    t.chain.claimLicense(film.id);
    const first = t.chain.registerEmbed(film.id, address('publisher-1'), 'player', 'https://one.example');
    const second = t.chain.registerEmbed(film.id, address('publisher-2'), 'player', 'https://two.example');
    await t.cluster.indexer.sync();
    const listed = (await (await t.request('GET', `/api/embeds?projectId=${film.id}`)).json()) as { address: string; publisher: string }[];
    assert.deepEqual(listed.map((embed) => embed.address).sort(), [first.embed, second.embed].sort());
  });
});
