// /api/auth: Sign-In With Solana. GET /nonce hands out a sign-in request (the fields for
// `solana:signIn` and the same request as SIWS text for `signMessage`), POST /sign-in verifies the
// signed message and sets the session cookie, POST /sign-out clears it, GET /session reads it.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, get, post } from '../api/openapi.ts';
import { randomBytes } from 'node:crypto';
import { type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../api/context.ts';
import { fail } from '../api/errors.ts';
import { signInBody, signInRequestQuery } from '../api/schemas.ts';
import { SESSION_COOKIE, SESSION_TTL_MS, SIGN_IN_STATEMENT, SIGN_IN_TTL_MS, SIGN_IN_VERSION } from '../constants.ts';
import { requireSession } from './guard.ts';
import type { SessionSigner } from './session.ts';
import { SignInError, verifySignIn } from './sign-in.ts';
import { formatSignInMessage, type SignInFields } from './siws.ts';
import type { AuthStore } from './store.ts';

export interface AuthDeps {
  store: AuthStore;
  sessions: SessionSigner;
  /** The server's public origin (MARQUEE_PUBLIC_URL): sign-ins must name its host. Without it, the request's Host. */
  publicUrl?: string;
  /** Read the protocol from x-forwarded-proto (behind a proxy you run). */
  trustProxy?: boolean;
}

/** SIWS chain ids (solana:<id>) of the API's clusters; clusters without a public one are local. */
function chainIdOf(cluster: string | undefined): string {
  if (cluster === 'mainnet-beta') return 'mainnet';
  if (cluster === 'devnet' || cluster === 'testnet') return cluster;
  return 'localnet';
}

function serverOrigin(c: Context<AppEnv>, deps: AuthDeps): URL {
  if (deps.publicUrl) return new URL(deps.publicUrl);
  const url = new URL(c.req.url);
  if (deps.trustProxy && c.req.header('x-forwarded-proto') === 'https') url.protocol = 'https:';
  return url;
}

export function authRoutes(deps: AuthDeps, now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get('/nonce', 'A Sign-In With Solana request: { input } for solana:signIn and the same request as SIWS text { message } for signMessage', {
        query: signInRequestQuery,
        response: contract.signInRequest,
        errors: { 503: 'no cluster database to keep sign-in nonces in' },
      }),
      async (c) => {
        const origin = serverOrigin(c, deps);
        const nowMs = now();
        const nonce = randomBytes(16).toString('hex');
        const expiresAt = nowMs + SIGN_IN_TTL_MS;
        await deps.store.issueNonce(nonce, expiresAt, nowMs);
        const input: SignInFields = {
          domain: origin.host,
          address: c.req.valid('query').address,
          statement: SIGN_IN_STATEMENT,
          uri: origin.origin,
          version: SIGN_IN_VERSION,
          chainId: chainIdOf(c.req.query('cluster')),
          nonce,
          issuedAt: new Date(nowMs).toISOString(),
          expirationTime: new Date(expiresAt).toISOString(),
        };
        return c.json({ input, message: formatSignInMessage(input) });
      },
    )
    .endpoint(
      post('/sign-in', 'Verify a signed SIWS message and set the HttpOnly session cookie; answers { walletAddress, expiresAt }', {
        body: signInBody,
        response: contract.session,
        errors: {
          400: 'not a SIWS message',
          401: 'bad signature, other domain, unknown/used/expired nonce, or expired message',
          503: 'no cluster database to keep sign-in nonces in',
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const origin = serverOrigin(c, deps);
        const nowMs = now();
        let fields: SignInFields;
        try {
          fields = await verifySignIn(
            { signedMessage: Buffer.from(body.signedMessage, 'base64'), signature: Buffer.from(body.signature, 'base64') },
            { domain: origin.host, store: deps.store, nowMs },
          );
        } catch (error) {
          if (error instanceof SignInError) fail(error.status, error.message);
          throw error;
        }
        const session = { walletAddress: fields.address, issuedAt: nowMs, expiresAt: nowMs + SESSION_TTL_MS };
        setCookie(c, SESSION_COOKIE, deps.sessions.sign(session), {
          httpOnly: true,
          // The dApp calls the API from its own origin only, so the cookie never needs to cross sites.
          sameSite: 'Strict',
          secure: origin.protocol === 'https:',
          path: '/',
          expires: new Date(session.expiresAt),
        });
        return c.json({ walletAddress: session.walletAddress, expiresAt: new Date(session.expiresAt).toISOString() });
      },
    )
    .endpoint(post('/sign-out', 'Clear the session cookie', { response: contract.signedOut }), (c) => {
      deleteCookie(c, SESSION_COOKIE, { path: '/', secure: serverOrigin(c, deps).protocol === 'https:' });
      return c.json({ signedOut: true });
    })
    .endpoint(get('/session', 'The current session { walletAddress, expiresAt }', { response: contract.session, errors: { 401: 'not signed in' } }), (c) => {
      const session = requireSession(c);
      return c.json({ walletAddress: session.walletAddress, expiresAt: new Date(session.expiresAt).toISOString() });
    });
}
