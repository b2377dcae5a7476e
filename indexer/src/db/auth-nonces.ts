// Sign-in nonces: issued once, consumed once. Deleting the row is the consumption, so of two
// concurrent sign-ins with one nonce (in one process or several on the same database) only one
// gets it.
import type { Executor } from './executor.ts';

export type NonceOutcome = 'ok' | 'unknown' | 'expired';

/** Records a nonce; expired ones are purged on the way so the table stays small. */
export async function issueNonce(db: Executor, nonce: string, expiresAtMs: number, nowMs: number): Promise<void> {
  await db.deleteFrom('auth_nonces').where('expires_at', '<=', nowMs).execute();
  await db.insertInto('auth_nonces').values({ nonce, expires_at: expiresAtMs }).execute();
}

/** 'ok' the first time while unexpired; 'unknown' if never issued or already used. */
export async function consumeNonce(db: Executor, nonce: string, nowMs: number): Promise<NonceOutcome> {
  const row = await db.deleteFrom('auth_nonces').where('nonce', '=', nonce).returning('expires_at').executeTakeFirst();
  if (!row) return 'unknown';
  return row.expires_at > nowMs ? 'ok' : 'expired';
}
