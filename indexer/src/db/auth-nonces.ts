// Sign-in nonces: issued once for one wallet, one domain and one Chain ID, consumed once. Deleting
// the row is the consumption, so of two concurrent sign-ins with one nonce (in one process or
// several on the same database) only one gets it; a message naming another wallet or domain than
// the nonce was issued for does not consume it (it is refused, and the rightful sign-in still works).
import type { Executor } from './executor.ts';

/** What a nonce was issued for: the signed message must carry exactly these. */
export interface NonceBinding {
  address: string;
  domain: string;
  chainId: string;
}

export type NonceOutcome = { kind: 'ok' } | { kind: 'unknown' } | { kind: 'expired' } | { kind: 'mismatch'; issuedFor: NonceBinding };

/** Records a nonce; expired ones are purged on the way so the table stays small. */
export async function issueNonce(db: Executor, nonce: string, binding: NonceBinding, expiresAtMs: number, nowMs: number): Promise<void> {
  await db.deleteFrom('auth_nonces').where('expires_at', '<=', nowMs).execute();
  await db
    .insertInto('auth_nonces')
    .values({ nonce, expires_at: expiresAtMs, address: binding.address, domain: binding.domain, chain_id: binding.chainId })
    .execute();
}

/** 'ok' the first time while unexpired and bound to `claimed`; 'unknown' if never issued or already used. */
export async function consumeNonce(db: Executor, nonce: string, claimed: NonceBinding, nowMs: number): Promise<NonceOutcome> {
  const row = await db
    .deleteFrom('auth_nonces')
    .where('nonce', '=', nonce)
    .where('address', '=', claimed.address)
    .where('domain', '=', claimed.domain)
    .where('chain_id', '=', claimed.chainId)
    .returning('expires_at')
    .executeTakeFirst();
  if (row) return row.expires_at > nowMs ? { kind: 'ok' } : { kind: 'expired' };
  const other = await db.selectFrom('auth_nonces').select(['address', 'domain', 'chain_id']).where('nonce', '=', nonce).executeTakeFirst();
  if (!other) return { kind: 'unknown' };
  return { kind: 'mismatch', issuedFor: { address: other.address, domain: other.domain, chainId: other.chain_id } };
}
