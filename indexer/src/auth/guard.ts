// Who is calling: the session middleware reads the signed session cookie into c.var.session on every
// request (a session signed out on any process is no session: one lookup, only when a valid cookie
// came), and requireWallet is the one-line check of a route acting for a wallet — 401 without a
// session, 403 with another wallet's.
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
    const session = deps.sessions.verify(getCookie(c, deps.cookieName), now());
    c.set('session', session && !(await deps.store.isSessionRevoked(session.id)) ? session : null);
    await next();
  };
}

/** The caller's session, or 401. */
export function requireSession(c: Context<AppEnv>): Session {
  const session = c.get('session');
  if (!session) fail(401, NOT_SIGNED_IN);
  return session;
}

/** The caller's session when it is `walletAddress`'s: 401 without one, 403 for another wallet. */
export function requireWallet(c: Context<AppEnv>, walletAddress: string): Session {
  const session = requireSession(c);
  if (session.walletAddress !== walletAddress) {
    fail(403, `Signed in as ${session.walletAddress}, not as ${walletAddress}: sign in with that wallet`);
  }
  return session;
}
