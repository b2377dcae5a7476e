// /api/auth: Sign-In With Solana. GET /nonce hands out a sign-in request (the fields for
// `solana:signIn` and the same request as SIWS text for `signMessage`) bound to the wallet, one of
// the server's configured origins and the named cluster's Chain ID; POST /sign-in verifies the
// signed message and sets the session cookie, POST /sign-out revokes the session on every process
// and clears the cookie, GET /session reads it.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, get, post } from '../api/openapi.ts';
import { randomBytes } from 'node:crypto';
import { type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../api/context.ts';
import { fail } from '../api/errors.ts';
import { signInBody, signInRequestQuery } from '../api/schemas.ts';
import {
  CLUSTER_HEADER,
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  SIGN_IN_STATEMENT,
  SIGN_IN_TTL_MS,
  SIGN_IN_VERSION,
} from '../constants.ts';
import { currentSession, requireSession } from './guard.ts';
import type { SignInOrigins } from './origins.ts';
import type { SessionSigner } from './session.ts';
import { SignInError, verifySignIn } from './sign-in.ts';
import { formatSignInMessage, type SignInFields } from './siws.ts';
import type { AuthStore } from './store.ts';

export interface AuthDeps {
  store: AuthStore;
  sessions: SessionSigner;
  /** The origins sign-ins may name (the public URL first): the configuration's, never a request's Host. */
  origins: SignInOrigins;
}

/** The clusters the server serves: a sign-in request carries the Chain ID of the one it names. */
export interface AuthClusters {
  names: string[];
  defaultCluster?: string;
}

/** The session cookie's name: `__Host-` prefixed (and Secure) when the public URL is https. */
export function sessionCookieName(origins: SignInOrigins): string {
  return origins.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** SIWS chain ids (solana:<id>) of the API's clusters; clusters without a public one are local. */
function chainIdOf(cluster: string): string {
  if (cluster === 'mainnet-beta') return 'mainnet';
  if (cluster === 'devnet' || cluster === 'testnet') return cluster;
  return 'localnet';
}

/** The Chain ID of the cluster a nonce request names (query or header), else of the default cluster. */
function requestedChainId(c: Context<AppEnv>, clusters: AuthClusters): string {
  const named = c.req.query('cluster') ?? c.req.header(CLUSTER_HEADER) ?? clusters.defaultCluster ?? clusters.names[0];
  if (named === undefined || !clusters.names.includes(named)) fail(400, `Unknown cluster "${named ?? ''}" (known: ${clusters.names.join(', ')})`);
  return chainIdOf(named);
}

/**
 * The origin a sign-in request names: the one of ours the browser is on (its Host, when that is one
 * of the configured origins), else the public URL. A Host outside the configuration never becomes a domain.
 */
function originFor(c: Context<AppEnv>, origins: SignInOrigins): URL {
  return origins.byDomain.get(new URL(c.req.url).host) ?? origins.primary;
}

export function authRoutes(deps: AuthDeps, clusters: AuthClusters, now: () => number) {
  const cookieName = sessionCookieName(deps.origins);
  const secure = deps.origins.secure;
  return new ApiRoutes()
    .endpoint(
      get('/nonce', 'A Sign-In With Solana request for `address`: { input } for solana:signIn and the same request as SIWS text { message } for signMessage', {
        query: signInRequestQuery,
        response: contract.signInRequest,
        errors: { 400: 'unknown cluster', 503: 'no cluster database to keep sign-in nonces in' },
      }),
      async (c) => {
        const origin = originFor(c, deps.origins);
        const address = c.req.valid('query').address;
        const chainId = requestedChainId(c, clusters);
        const nowMs = now();
        const nonce = randomBytes(16).toString('hex');
        const expiresAt = nowMs + SIGN_IN_TTL_MS;
        await deps.store.issueNonce(nonce, { address, domain: origin.host, chainId }, expiresAt, nowMs);
        const input: SignInFields = {
          domain: origin.host,
          address,
          statement: SIGN_IN_STATEMENT,
          uri: origin.origin,
          version: SIGN_IN_VERSION,
          chainId,
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
          401:
            "bad signature, a domain or URI not this server's, a nonce unknown, used, expired or issued for another wallet, domain or Chain ID, " +
            'or an expired message',
          503: 'no cluster database to keep sign-in nonces in',
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const nowMs = now();
        let fields: SignInFields;
        try {
          fields = await verifySignIn(
            { signedMessage: Buffer.from(body.signedMessage, 'base64'), signature: Buffer.from(body.signature, 'base64') },
            { origins: deps.origins, store: deps.store, nowMs },
          );
        } catch (error) {
          if (error instanceof SignInError) fail(error.status, error.message);
          throw error;
        }
        const session = { walletAddress: fields.address, issuedAt: nowMs, expiresAt: nowMs + SESSION_TTL_MS };
        setCookie(c, cookieName, deps.sessions.sign(session), {
          httpOnly: true,
          // The dApp calls the API from its own origin only, so the cookie never needs to cross sites.
          sameSite: 'Strict',
          secure,
          path: '/',
          expires: new Date(session.expiresAt),
        });
        return c.json({ walletAddress: session.walletAddress, expiresAt: new Date(session.expiresAt).toISOString() });
      },
    )
    .endpoint(
      post('/sign-out', 'Revoke the session (on every API process: a copy of the cookie stops working too) and clear the cookie', {
        response: contract.signedOut,
      }),
      async (c) => {
        const session = await currentSession(c);
        if (session) await deps.store.revokeSession(session.id, session.expiresAt, now());
        deleteCookie(c, cookieName, { path: '/', secure });
        return c.json({ signedOut: true });
      },
    )
    .endpoint(get('/session', 'The current session { walletAddress, expiresAt }', { response: contract.session, errors: { 401: 'not signed in' } }), async (c) => {
      const session = await requireSession(c);
      return c.json({ walletAddress: session.walletAddress, expiresAt: new Date(session.expiresAt).toISOString() });
    });
}
