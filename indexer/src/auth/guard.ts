// Who is calling: the session middleware reads the signed session cookie on every request (its
// signature and expiry: `sessionClaim`), and the session is what `currentSession` makes of it — the
// claim, unless it was signed out on any process (one lookup, made only when a route asks, at most
// once a request). A signed-in browser sends its cookie with every request, the public reads too,
// and looking the session up for each was a third of a cached read's time.
// requireWallet is the one-line check of a route acting for a wallet — 401 without a session, 403
// with another wallet's.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../api/context.ts';
import { fail } from '../api/errors.ts';
import type { Session, SessionSigner } from './session.ts';
import type { AuthStore } from './store.ts';

export const NOT_SIGNED_IN = 'Sign in with your wallet first: this action needs a session of the wallet it acts for';

export function sessionMiddleware(
  deps: { sessions: SessionSigner; store: AuthStore; cookieName: string },
  now: () => number,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claim = deps.sessions.verify(getCookie(c, deps.cookieName), now());
    let checked: Promise<Session | null> | undefined;
    c.set('sessionClaim', claim);
    c.set('session', () => (checked ??= claim ? deps.store.isSessionRevoked(claim.id).then((revoked) => (revoked ? null : claim)) : Promise.resolve(null)));
    await next();
  };
}

/**
 * The caller's session (signed-in wallet), or null: none, expired, forged, or signed out — or a
 * request the session middleware did not see (a sub-app served on its own), which has none.
 */
export function currentSession(c: Context<AppEnv>): Promise<Session | null> {
  const lookUp = c.get('session') as (() => Promise<Session | null>) | undefined;
  return lookUp ? lookUp() : Promise.resolve(null);
}

/** The caller's session, or 401. */
export async function requireSession(c: Context<AppEnv>): Promise<Session> {
  const session = await currentSession(c);
  if (!session) fail(401, NOT_SIGNED_IN);
  return session;
}

/** The caller's session when it is `walletAddress`'s: 401 without one, 403 for another wallet. */
export async function requireWallet(c: Context<AppEnv>, walletAddress: string): Promise<Session> {
  const session = await requireSession(c);
  if (session.walletAddress !== walletAddress) {
    fail(403, `Signed in as ${session.walletAddress}, not as ${walletAddress}: sign in with that wallet`);
  }
  return session;
}
