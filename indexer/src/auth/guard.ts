// Who is calling: the session middleware reads the signed session cookie into c.var.session on every
// request, and requireWallet is the one-line check of a route acting for a wallet — 401 without a
// session, 403 with another wallet's.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../api/context.ts';
import { fail } from '../api/errors.ts';
import { SESSION_COOKIE } from '../constants.ts';
import type { Session, SessionSigner } from './session.ts';

export const NOT_SIGNED_IN = 'Sign in with your wallet first: this action needs a session of the wallet it acts for';

export function sessionMiddleware(sessions: SessionSigner, now: () => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('session', sessions.verify(getCookie(c, SESSION_COOKIE), now()));
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
