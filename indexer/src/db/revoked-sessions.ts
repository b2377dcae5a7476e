// Signed-out sessions. A session is a signed cookie any API process verifies alone; signing out
// lists its id here until the cookie would have expired anyway, and every authenticated request
// checks the list (one primary-key lookup), so a copied cookie stops working everywhere at once.
import type { Executor } from './executor.ts';

/** Lists a session as signed out; expired rows are purged on the way so the table stays small. */
export async function revokeSession(db: Executor, sessionId: string, expiresAtMs: number, nowMs: number): Promise<void> {
  await db.deleteFrom('revoked_sessions').where('expires_at', '<=', nowMs).execute();
  await db
    .insertInto('revoked_sessions')
    .values({ session_id: sessionId, expires_at: expiresAtMs })
    .onConflict((conflict) => conflict.column('session_id').doNothing())
    .execute();
}

export async function isSessionRevoked(db: Executor, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('revoked_sessions').select('session_id').where('session_id', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}
