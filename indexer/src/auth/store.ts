// The sign-in nonces, the only state sign-in keeps (sessions are signed cookies): a two-call
// interface over the data layer's auth_nonces table. Sign-in is not per cluster, so the nonces live
// in one cluster's database (the default cluster's); every API process on that database — several
// on PostgreSQL — shares them.
import { fail } from '../api/errors.ts';
import { authNonces, type Executor } from '../db/index.ts';

export type { NonceOutcome } from '../db/auth-nonces.ts';

export interface AuthStore {
  issueNonce(nonce: string, expiresAtMs: number, nowMs: number): Promise<void>;
  /** Consumes a nonce: 'ok' the first time while unexpired; 'unknown' if never issued or already used. */
  consumeNonce(nonce: string, nowMs: number): Promise<authNonces.NonceOutcome>;
}

export function databaseAuthStore(db: Executor): AuthStore {
  return {
    issueNonce: (nonce, expiresAtMs, nowMs) => authNonces.issueNonce(db, nonce, expiresAtMs, nowMs),
    consumeNonce: (nonce, nowMs) => authNonces.consumeNonce(db, nonce, nowMs),
  };
}

/** A server without any cluster has no database to keep nonces in: sign-in answers 503. */
export const unavailableAuthStore: AuthStore = {
  issueNonce: async () => fail(503, 'Sign-in is unavailable: the server has no cluster database to keep sign-in nonces in'),
  consumeNonce: async () => fail(503, 'Sign-in is unavailable: the server has no cluster database to keep sign-in nonces in'),
};
