// What sign-in keeps in the database (sessions themselves are signed cookies): the nonces it issued,
// each bound to a wallet, a domain and a Chain ID, and the sessions signed out before their expiry.
// Sign-in is not per cluster, so both live in one cluster's database (the default cluster's); every
// API process on that database — several on PostgreSQL — shares them.
import { fail } from '../api/errors.ts';
import { authNonces, revokedSessions, type Executor } from '../db/index.ts';

export type { NonceBinding, NonceOutcome } from '../db/auth-nonces.ts';

export interface AuthStore {
  issueNonce(nonce: string, binding: authNonces.NonceBinding, expiresAtMs: number, nowMs: number): Promise<void>;
  /** Consumes a nonce issued for `claimed`; 'unknown' if never issued or already used. */
  consumeNonce(nonce: string, claimed: authNonces.NonceBinding, nowMs: number): Promise<authNonces.NonceOutcome>;
  revokeSession(sessionId: string, expiresAtMs: number, nowMs: number): Promise<void>;
  isSessionRevoked(sessionId: string): Promise<boolean>;
}

export function databaseAuthStore(db: Executor): AuthStore {
  return {
    issueNonce: (nonce, binding, expiresAtMs, nowMs) => authNonces.issueNonce(db, nonce, binding, expiresAtMs, nowMs),
    consumeNonce: (nonce, claimed, nowMs) => authNonces.consumeNonce(db, nonce, claimed, nowMs),
    revokeSession: (sessionId, expiresAtMs, nowMs) => revokedSessions.revokeSession(db, sessionId, expiresAtMs, nowMs),
    isSessionRevoked: (sessionId) => revokedSessions.isSessionRevoked(db, sessionId),
  };
}

const UNAVAILABLE = 'Sign-in is unavailable: the server has no cluster database to keep sign-in nonces in';

/** A server without any cluster has no database to keep nonces in: sign-in answers 503 (and no session can exist). */
export const unavailableAuthStore: AuthStore = {
  issueNonce: async () => fail(503, UNAVAILABLE),
  consumeNonce: async () => fail(503, UNAVAILABLE),
  revokeSession: async () => fail(503, UNAVAILABLE),
  isSessionRevoked: async () => true,
};
