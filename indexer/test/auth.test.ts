// Sign-In With Solana and sessions: a sign-in proves the wallet only with that wallet's signature
// over our domain, a nonce we issued (once) and an unexpired message; the session cookie cannot be
// altered; routes acting for a wallet answer 401 without a session and 403 for another wallet.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatSignInMessage, parseSignInMessage } from '../src/auth/siws.ts';
import { SIGN_IN_TTL_MS } from '../src/constants.ts';
import { testApp } from './helpers/app.ts';
import { postSignIn, sessionCookie, signBytes, signIn, signInRequest } from './helpers/sign-in.ts';

const { Keypair } = anchor.web3;

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe('SIWS messages', () => {
  test('format and parse are inverse, with and without optional fields', () => {
    const full = {
      domain: 'marquee.example:8443',
      address: Keypair.generate().publicKey.toBase58(),
      statement: 'Sign in to Marquee',
      uri: 'https://marquee.example:8443',
      version: '1',
      chainId: 'devnet',
      nonce: 'abcdef0123456789',
      issuedAt: '2026-01-01T00:00:00.000Z',
      expirationTime: '2026-01-01T00:10:00.000Z',
      resources: ['https://marquee.example/terms'],
    };
    assert.deepEqual(parseSignInMessage(formatSignInMessage(full)), full);
    const bare = { domain: 'localhost', address: full.address };
    assert.deepEqual(parseSignInMessage(formatSignInMessage(bare)), bare);
    const noStatement = { ...full, statement: undefined, resources: undefined };
    delete noStatement.statement;
    delete noStatement.resources;
    assert.deepEqual(parseSignInMessage(formatSignInMessage(noStatement)), noStatement);
    assert.equal(parseSignInMessage('hello'), null);
    assert.equal(parseSignInMessage(`${formatSignInMessage(noStatement)}\nNonce: twice`), null, "a field given twice");
    assert.equal(parseSignInMessage(`${formatSignInMessage(noStatement)}\nUnknown: field`), null);
  });
});

describe('/api/auth', () => {
  test('a signed-in wallet has a session until it signs out', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { input, message } = await signInRequest(t.app, wallet.publicKey.toBase58());
    assert.equal(input.domain, 'localhost');
    assert.equal(input.address, wallet.publicKey.toBase58());
    assert.match(input.nonce, /^[0-9a-f]{32}$/);
    assert.equal(Date.parse(input.expirationTime) - Date.parse(input.issuedAt), SIGN_IN_TTL_MS);
    const signedIn = await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message)));
    assert.equal(signedIn.status, 200);
    const setCookie = signedIn.headers.get('set-cookie')!;
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    assert.doesNotMatch(setCookie, /Secure/, 'plain http: no Secure flag');
    const cookie = sessionCookie(signedIn);
    const session = await json(await t.request('GET', '/api/auth/session', undefined, { cookie }));
    assert.equal(session.body.walletAddress, wallet.publicKey.toBase58());
    assert.equal((await t.request('GET', '/api/auth/session')).status, 401);

    const signedOut = await t.request('POST', '/api/auth/sign-out', undefined, { cookie });
    assert.equal(signedOut.status, 200);
    assert.match(signedOut.headers.get('set-cookie')!, /marquee_session=;.*Max-Age=0/);
  });

  test('the cookie is Secure on https', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const nonce = await t.app.request(`https://marquee.example/api/auth/nonce?address=${wallet.publicKey.toBase58()}`);
    const { message } = (await nonce.json()) as { message: string };
    assert.match(message, /^marquee\.example wants you to sign in/);
    const signedIn = await t.app.request('https://marquee.example/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signedMessage: Buffer.from(message).toString('base64'), signature: signBytes(wallet, Buffer.from(message)).toString('base64') }),
    });
    assert.equal(signedIn.status, 200);
    assert.match(signedIn.headers.get('set-cookie')!, /Secure/);
  });

  test('a replayed nonce is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { message } = await signInRequest(t.app, wallet.publicKey.toBase58());
    const signature = signBytes(wallet, Buffer.from(message));
    assert.equal((await postSignIn(t.app, message, signature)).status, 200);
    const replay = await json(await postSignIn(t.app, message, signature));
    assert.equal(replay.status, 401);
    assert.match(replay.body.message, /already used nonce/);
  });

  test('a nonce the server never issued is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { input } = await signInRequest(t.app, wallet.publicKey.toBase58());
    const message = formatSignInMessage({ ...input, address: input.address, domain: input.domain, nonce: 'f'.repeat(32) });
    const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
    assert.equal(result.status, 401);
  });

  test('an expired message is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { message } = await signInRequest(t.app, wallet.publicKey.toBase58());
    t.clock.advance(SIGN_IN_TTL_MS + 1);
    const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
    assert.equal(result.status, 401);
    assert.match(result.body.message, /expired/);
  });

  test('a message for another domain is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { input } = await signInRequest(t.app, wallet.publicKey.toBase58());
    const message = formatSignInMessage({ ...input, address: input.address, domain: 'evil.example' });
    const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
    assert.equal(result.status, 401);
    assert.match(result.body.message, /signs in to evil\.example, not to localhost/);
    // The nonce was not spent by the refused attempt's domain check… but the right message still works once.
    const { message: fresh } = await signInRequest(t.app, wallet.publicKey.toBase58());
    assert.equal((await postSignIn(t.app, fresh, signBytes(wallet, Buffer.from(fresh)))).status, 200);
  });

  test('a signature by another key is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const attacker = Keypair.generate();
    const { message } = await signInRequest(t.app, wallet.publicKey.toBase58());
    const result = await json(await postSignIn(t.app, message, signBytes(attacker, Buffer.from(message))));
    assert.equal(result.status, 401);
    assert.match(result.body.message, /is not .*'s signature/);
    assert.equal((await postSignIn(t.app, message, new Uint8Array(64))).status, 401);
    assert.equal((await postSignIn(t.app, 'not a sign-in', signBytes(wallet, Buffer.from('not a sign-in')))).status, 400);
  });

  test('a tampered session cookie is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const victim = Keypair.generate().publicKey.toBase58();
    const cookie = await signIn(t.app, wallet);
    const [name, value] = cookie.split('=');
    const [payload, mac] = value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, w: victim })).toString('base64url');
    for (const tampered of [`${name}=${forged}.${mac}`, `${name}=${payload}.${mac.slice(0, -2)}AA`, `${name}=${payload}`]) {
      assert.equal((await t.request('GET', '/api/auth/session', undefined, { cookie: tampered })).status, 401, tampered);
      const register = await t.request('POST', '/api/users', { walletAddress: victim }, { cookie: tampered });
      assert.equal(register.status, 401);
    }
    // A session signed by another server's secret is not ours either.
    const other = await testApp();
    const foreign = await signIn(other.app, wallet);
    assert.equal((await t.request('GET', '/api/auth/session', undefined, { cookie: foreign })).status, 401);
  });

  test('sessions expire', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const cookie = await signIn(t.app, wallet);
    t.clock.advance(24 * 60 * 60 * 1000);
    assert.equal((await t.request('GET', '/api/auth/session', undefined, { cookie })).status, 401);
  });
});
