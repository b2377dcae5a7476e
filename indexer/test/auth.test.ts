// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Sign-In With Solana and sessions: a sign-in proves the wallet only with that wallet's signature
// over one of our configured origins (never a request's Host), a nonce we issued for that wallet,
// domain and Chain ID (used once) and an unexpired message; the session cookie cannot be altered,
// is `__Host-` and Secure on https, and stops working everywhere once signed out.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { formatSignInMessage, parseSignInMessage } from '../src/auth/siws.ts';
import { createApp } from '../src/api/app.ts';
import { SessionSigner } from '../src/auth/session.ts';
import { databaseAuthStore } from '../src/auth/store.ts';
import { NOT_SIGNED_IN, requireSession } from '../src/auth/guard.ts';
import type { AppEnv } from '../src/api/context.ts';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { signInOrigins } from '../src/auth/origins.ts';
import { HSTS_MAX_AGE_SECONDS, SIGN_IN_TTL_MS } from '../src/constants.ts';
import { scalar } from './helpers/database.ts';
import { testApp } from './helpers/app.ts';
import { postSignIn, sessionCookie, signBytes, signIn, signInRequest } from './helpers/sign-in.ts';

const { Keypair } = anchor.web3;

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}


/** Two apps over one cluster database with one session secret, as two API processes would be. */
async function twoProcesses() {
  const t = await testApp();
  const sessions = new SessionSigner(Buffer.alloc(32, 7));
  const apiProcess = () => createApp({ clusters: [t.cluster], now: t.clock.now, auth: { sessions } });
  return { t, first: apiProcess(), second: apiProcess() };
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

  test('with an https public URL the cookie is __Host- prefixed and Secure, and HSTS is sent', async () => {
    const t = await testApp({ auth: { origins: signInOrigins(['https://marquee.example']) } });
    const wallet = Keypair.generate();
    const nonce = await t.app.request(`https://marquee.example/api/auth/nonce?address=${wallet.publicKey.toBase58()}`);
    assert.equal(nonce.headers.get('strict-transport-security'), `max-age=${HSTS_MAX_AGE_SECONDS}`);
    const { message } = (await nonce.json()) as { message: string };
    assert.match(message, /^marquee\.example wants you to sign in/);
    assert.match(message, /\nURI: https:\/\/marquee\.example\n/);
    const signedIn = await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message)));
    assert.equal(signedIn.status, 200);
    const setCookie = signedIn.headers.get('set-cookie')!;
    assert.match(setCookie, /^__Host-marquee_session=/);
    assert.match(setCookie, /; Secure/);
    assert.match(setCookie, /; Path=\//);
    assert.doesNotMatch(setCookie, /Domain=/);
    const cookie = sessionCookie(signedIn);
    assert.equal((await t.request('GET', '/api/auth/session', undefined, { cookie })).status, 200);
    const unprefixed = cookie.replace(/^__Host-/, '');
    assert.equal((await t.request('GET', '/api/auth/session', undefined, { cookie: unprefixed })).status, 401, 'only the __Host- cookie is read');
    const signedOut = await t.request('POST', '/api/auth/sign-out', undefined, { cookie });
    assert.match(signedOut.headers.get('set-cookie')!, /^__Host-marquee_session=;.*Max-Age=0.*Secure/);
    // On plain http (the loopback default) neither the prefix, nor Secure, nor HSTS.
    const plain = await testApp();
    const response = await plain.request('GET', `/api/auth/nonce?address=${wallet.publicKey.toBase58()}`);
    assert.equal(response.headers.get('strict-transport-security'), null);
  });

  test('a Host header of another site never becomes the domain: its sign-in is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const nonce = await t.app.request(`http://evil.example/api/auth/nonce?address=${wallet.publicKey.toBase58()}`);
    const { input } = (await nonce.json()) as { input: Record<string, string> };
    assert.equal(input.domain, 'localhost', 'the configured origin, whatever the Host');
    assert.equal(input.uri, 'http://localhost');
    // The relay: the victim's wallet signs in to the relaying site's own domain with our nonce.
    const message = formatSignInMessage({ ...input, address: input.address, domain: 'evil.example', uri: 'http://evil.example' });
    const relayed = await t.app.request('http://evil.example/api/auth/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signedMessage: Buffer.from(message).toString('base64'), signature: signBytes(wallet, Buffer.from(message)).toString('base64') }),
    });
    const result = await json(relayed);
    assert.equal(result.status, 401);
    assert.match(result.body.message, /signs in to evil\.example, not to localhost/);
    assert.equal(relayed.headers.get('set-cookie'), null);
  });

  test('a nonce that is not letters and digits (a NUL, which PostgreSQL cannot look up) is a 400 before any lookup', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { input } = await signInRequest(t.app, wallet.publicKey.toBase58());
    for (const nonce of [`${input.nonce}\u0000`, `${input.nonce}'--`, 'short']) {
      const message = formatSignInMessage({ ...input, address: input.address, domain: input.domain, nonce });
      const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
      assert.equal(result.status, 400, JSON.stringify(nonce));
      assert.equal(result.body.message, "The sign-in message's Nonce must be 8 to 128 letters or digits");
    }
  });

  test('a URI off the signed-in origin is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { input } = await signInRequest(t.app, wallet.publicKey.toBase58());
    for (const uri of ['https://evil.example', 'http://localhost:8080', 'not a url']) {
      const message = formatSignInMessage({ ...input, address: input.address, domain: input.domain, uri });
      const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
      assert.equal(result.status, 401, uri);
      assert.match(result.body.message, /URI .* is not on http:\/\/localhost/);
    }
  });

  test('a Chain ID other than the named cluster\'s is refused', async () => {
    const t = await testApp();
    const wallet = Keypair.generate();
    const { input } = await signInRequest(t.app, wallet.publicKey.toBase58());
    assert.equal(input.chainId, 'localnet', "the demo cluster's");
    const message = formatSignInMessage({ ...input, address: input.address, domain: input.domain, chainId: 'mainnet' });
    const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
    assert.equal(result.status, 401);
    assert.match(result.body.message, /issued for Chain ID localnet, not for mainnet/);
    const unknown = await t.request('GET', `/api/auth/nonce?address=${wallet.publicKey.toBase58()}&cluster=nowhere`);
    assert.equal(unknown.status, 400);
  });

  test('a nonce issued for another wallet is refused, and stays usable by that wallet', async () => {
    const t = await testApp();
    const victim = Keypair.generate();
    const attacker = Keypair.generate();
    const { input, message: victimMessage } = await signInRequest(t.app, victim.publicKey.toBase58());
    const message = formatSignInMessage({ ...input, domain: input.domain, address: attacker.publicKey.toBase58() });
    const result = await json(await postSignIn(t.app, message, signBytes(attacker, Buffer.from(message))));
    assert.equal(result.status, 401);
    assert.match(result.body.message, /issued for another wallet/);
    assert.equal((await postSignIn(t.app, victimMessage, signBytes(victim, Buffer.from(victimMessage)))).status, 200);
  });

  test('a nonce issued for another of our domains is refused', async () => {
    const t = await testApp({ auth: { origins: signInOrigins(['https://marquee.example', 'https://www.marquee.example']) } });
    const wallet = Keypair.generate();
    const nonce = await t.app.request(`https://marquee.example/api/auth/nonce?address=${wallet.publicKey.toBase58()}`);
    const { input } = (await nonce.json()) as { input: Record<string, string> };
    assert.equal(input.domain, 'marquee.example');
    const www = await t.app.request(`https://www.marquee.example/api/auth/nonce?address=${wallet.publicKey.toBase58()}`);
    assert.equal(((await www.json()) as { input: Record<string, string> }).input.domain, 'www.marquee.example', 'the configured origin the browser is on');
    const message = formatSignInMessage({ ...input, address: input.address, domain: 'www.marquee.example', uri: 'https://www.marquee.example' });
    const result = await json(await postSignIn(t.app, message, signBytes(wallet, Buffer.from(message))));
    assert.equal(result.status, 401);
    assert.match(result.body.message, /issued for marquee\.example, not for www\.marquee\.example/);
  });

  test('sign-out revokes the session on every process: a copied cookie stops working', async () => {
    const { first, second } = await twoProcesses();
    const wallet = Keypair.generate();
    const cookie = await signIn(first, wallet);
    const otherDevice = await signIn(first, wallet);
    const session = (app: typeof first, cookieHeader: string) => app.request('/api/auth/session', { headers: { cookie: cookieHeader } });
    assert.equal((await session(second, cookie)).status, 200, 'a session of one process holds on the other');
    assert.equal((await first.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } })).status, 200);
    assert.equal((await session(first, cookie)).status, 401, 'the copied cookie, on the process that signed out');
    assert.equal((await session(second, cookie)).status, 401, 'and on every other process');
    const register = await second.request('/api/users', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddress: wallet.publicKey.toBase58() }),
    });
    assert.equal(register.status, 401, 'no write with it either');
    assert.equal((await session(second, otherDevice)).status, 200, "the wallet's other session is its own");
  });

  test('the session is looked up only when a route asks for it, once a request: a signed-in browser’s public reads read no revocation', async () => {
    const t = await testApp();
    const store = databaseAuthStore(t.cluster.db);
    let lookups = 0;
    const counting = { ...store, isSessionRevoked: (id: string) => (lookups++, store.isSessionRevoked(id)) };
    const app = createApp({ clusters: [t.cluster], now: t.clock.now, auth: { store: counting } });
    const wallet = Keypair.generate();
    const cookie = await signIn(app, wallet);
    lookups = 0;
    const read = await app.request('/api/projects?limit=24', { headers: { cookie } });
    assert.equal(read.status, 200);
    assert.equal(lookups, 0, 'a public read');
    assert.equal(read.headers.get('cache-control'), 'private, no-store', 'still marked private: it was asked with a session');
    assert.equal((await app.request('/api/auth/session', { headers: { cookie } })).status, 200);
    assert.equal(lookups, 1, 'a route that needs the session');
    // A route that asks twice (the write's quota, then the route's wallet check) looks it up once.
    const registered = await app.request('/api/users', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ walletAddress: wallet.publicKey.toBase58() }) });
    assert.ok(registered.status < 300, String(registered.status));
    assert.equal(lookups, 2);
    // Signed out: the cookie's public reads stay private, and anything needing the session is refused.
    assert.equal((await app.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } })).status, 200);
    assert.equal((await app.request('/api/projects?limit=24', { headers: { cookie } })).headers.get('cache-control'), 'private, no-store');
    assert.equal((await app.request('/api/auth/session', { headers: { cookie } })).status, 401);
  });

  test('a route served without the session middleware has no session: 401, never an error', async () => {
    const alone = new Hono<AppEnv>().get('/mine', async (c) => c.json({ wallet: (await requireSession(c)).walletAddress }));
    alone.onError((error, c) => (error instanceof HTTPException ? c.json({ message: error.message }, error.status) : c.json({ message: 'Internal server error' }, 500)));
    const response = await alone.request('/mine');
    assert.deepEqual([response.status, await response.json()], [401, { message: NOT_SIGNED_IN }]);
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

  test('two API processes on one database share the nonces: issued by one, used once by either', async () => {
    const { t, first, second } = await twoProcesses();
    const wallet = Keypair.generate();
    const { message } = await signInRequest(first, wallet.publicKey.toBase58());
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM auth_nonces'), 1, 'the nonce is in the database');
    const signature = signBytes(wallet, Buffer.from(message));
    assert.equal((await postSignIn(second, message, signature)).status, 200);
    assert.equal((await postSignIn(first, message, signature)).status, 401, 'used on one process, refused on the other');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM auth_nonces'), 0);
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
