// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The publishers aggregate on the data layer: one token per wallet and origin, checks recorded,
// verification found through a demo signer, API keys listed and revoked once.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openStore, publishers, users } from '../src/db/index.ts';
import { testLocation } from './helpers/database.ts';

const WALLET = 'Wa11et1111111111111111111111111111111111111';
const DEMO_KEY = 'DemoKey111111111111111111111111111111111111';

async function store() {
  return openStore(testLocation());
}

describe('publishers aggregate', () => {
  test('a website keeps its first token until verified; checks record the outcome', async () => {
    const { db, close } = await store();
    try {
      const first = await publishers.requestWebsite(db, { wallet: WALLET, origin: 'https://films.example', websiteUrl: 'https://films.example/', token: 't1', contactEmail: null, now: 1 });
      assert.equal(first.status, 'unverified');
      const again = await publishers.requestWebsite(db, { wallet: WALLET, origin: 'https://films.example', websiteUrl: 'https://films.example/blog', token: 't2', contactEmail: 'a@b.c', now: 2 });
      assert.equal(again.token, 't1');
      assert.equal(again.website_url, 'https://films.example/blog');
      assert.equal(again.contact_email, 'a@b.c');
      await publishers.recordCheck(db, again.id, { verified: false, reason: 'no token', now: 3 });
      assert.equal((await publishers.findWebsite(db, WALLET, 'https://films.example'))!.last_error, 'no token');
      assert.equal(await publishers.isVerifiedFor(db, WALLET, 'https://films.example'), false);
      await publishers.recordCheck(db, again.id, { verified: true, method: 'meta', now: 4 });
      const verified = (await publishers.findWebsite(db, WALLET, 'https://films.example'))!;
      assert.deepEqual([verified.status, verified.method, verified.verified_at, verified.last_error], ['verified', 'meta', 4, null]);
      assert.equal(await publishers.isVerifiedFor(db, WALLET, 'https://films.example'), true);
      assert.equal(await publishers.isVerifiedFor(db, WALLET, 'https://other.example'), false);
      assert.equal(await publishers.isVerifiedFor(db, DEMO_KEY, 'https://films.example'), false, 'an unlinked signer is not the wallet');
      await db.insertInto('users').values({ wallet_address: WALLET, chain_address: DEMO_KEY, username: users.shortAddress(WALLET), created_at: 5 }).execute();
      assert.equal(await publishers.isVerifiedFor(db, DEMO_KEY, 'https://films.example'), true, 'the demo key acts for its wallet');
      assert.equal(await publishers.signerOfWallet(db, WALLET), DEMO_KEY);
      assert.equal((await publishers.listWebsites(db, WALLET)).length, 1);
    } finally {
      await close();
    }
  });

  test('API keys: listed per wallet, revoked once, found by hash', async () => {
    const { db, close } = await store();
    try {
      const id = await publishers.insertApiKey(db, { wallet: WALLET, origin: 'https://films.example', keyHash: 'h1', prefix: 'mk_ab', now: 10 });
      assert.equal((await publishers.findKeyByHash(db, 'h1'))!.origin, 'https://films.example');
      assert.equal(await publishers.revokeApiKey(db, 'someone-else', id, 11), false);
      assert.equal(await publishers.revokeApiKey(db, WALLET, id, 12), true);
      assert.equal(await publishers.revokeApiKey(db, WALLET, id, 13), false);
      assert.equal((await publishers.findKeyByHash(db, 'h1'))!.revoked_at, 12);
      assert.deepEqual((await publishers.listApiKeys(db, WALLET)).map((key) => key.prefix), ['mk_ab']);
    } finally {
      await close();
    }
  });
});
