// The users aggregate: a user is a wallet (ids are per cluster); on the demo chain its chain
// address is its server-held demo key.
import { sql } from 'kysely';
import { inChunks } from './batches.ts';
import { inTransaction, type Executor } from './executor.ts';
import type { UserRow } from './schema.ts';

export type { UserRow };

export function shortAddress(address: string): string {
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

/**
 * Gives every investor wallet a user row, so `userId` is always a number. A wallet already known
 * by either address hits one of the two unique columns and is left as it is.
 */
export function ensureUser(db: Executor, chainAddress: string, now: number): Promise<void> {
  return ensureUsers(db, [{ chainAddress, now }]);
}

/** ensureUser for many wallets (each once), new ones inserted in the given order. */
export async function ensureUsers(db: Executor, wallets: readonly { chainAddress: string; now: number }[]): Promise<void> {
  for (const chunk of inChunks(wallets)) {
    await db
      .insertInto('users')
      .values(chunk.map(({ chainAddress, now }) => ({ wallet_address: chainAddress, chain_address: chainAddress, username: shortAddress(chainAddress), created_at: now })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** A registration or link the users table must refuse (a client mistake: 4xx). */
export class UserLinkError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Creates (or returns) the user of a wallet whose chain address is the wallet itself. An address
 * that already signs for another user (its demo key) is not a wallet and is refused.
 */
export function registerUser(
  db: Executor,
  walletAddress: string,
  fields: { username?: string; isStudio?: boolean },
  nowMs: number,
): Promise<UserRow> {
  return inTransaction(db, async (trx) => {
    const existing = await trx.selectFrom('users').selectAll().where('wallet_address', '=', walletAddress).executeTakeFirst();
    if (existing) {
      if (fields.isStudio && existing.is_studio === 0) await trx.updateTable('users').set({ is_studio: 1 }).where('id', '=', existing.id).execute();
      return trx.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    }
    const signsFor = await trx.selectFrom('users').select('wallet_address').where('chain_address', '=', walletAddress).executeTakeFirst();
    if (signsFor) {
      throw new UserLinkError(409, `${walletAddress} is the demo key of ${signsFor.wallet_address}, not a wallet: it cannot be registered`);
    }
    await trx
      .insertInto('users')
      .values({
        wallet_address: walletAddress,
        chain_address: walletAddress,
        username: fields.username || shortAddress(walletAddress),
        is_studio: fields.isStudio ? 1 : 0,
        created_at: Math.floor(nowMs / 1000),
      })
      // Two first requests of the same wallet at once: the second finds the first's row below.
      .onConflict((oc) => oc.column('wallet_address').doNothing())
      .execute();
    return trx.selectFrom('users').selectAll().where('wallet_address', '=', walletAddress).executeTakeFirstOrThrow();
  });
}

/** Whether anything on chain is recorded under `address` (investments, positions, studios, embeds). */
async function hasChainHistory(db: Executor, address: string): Promise<boolean> {
  const found = await db
    .selectFrom('investments')
    .select(sql.lit(1).as('found'))
    .where('investor', '=', address)
    .unionAll(db.selectFrom('positions').select(sql.lit(1).as('found')).where('investor', '=', address))
    .unionAll(db.selectFrom('studios').select(sql.lit(1).as('found')).where('authority', '=', address))
    .unionAll(db.selectFrom('embeds').select(sql.lit(1).as('found')).where('publisher', '=', address))
    .limit(1)
    .executeTakeFirst();
  return Boolean(found);
}

/**
 * Demo chain: the wallet's actions are signed by `signerAddress` (its server-held demo keypair), so
 * the user's chain address becomes that key. A user row the indexer already made for the signer
 * (from its investments) is merged into the wallet's. A user whose chain address already holds
 * chain history (a seeded investor, a wallet linked before) is never moved to another key: that
 * would detach it.
 */
export function linkSigner(db: Executor, walletAddress: string, signerAddress: string, nowMs: number): Promise<UserRow> {
  return inTransaction(db, async (trx) => {
    const wallet = await registerUser(trx, walletAddress, {}, nowMs);
    if (wallet.chain_address === signerAddress) return wallet;
    if (wallet.chain_address !== wallet.wallet_address || (await hasChainHistory(trx, wallet.chain_address))) {
      throw new UserLinkError(409, `${walletAddress} already signs as ${wallet.chain_address}; re-linking it would detach its investments`);
    }
    await trx.deleteFrom('users').where('chain_address', '=', signerAddress).execute();
    await trx.updateTable('users').set({ chain_address: signerAddress }).where('id', '=', wallet.id).execute();
    return trx.selectFrom('users').selectAll().where('id', '=', wallet.id).executeTakeFirstOrThrow();
  });
}

/** A `{userId}`: the numeric id, or a wallet address (registered or not). */
export async function resolveUser(db: Executor, userId: string): Promise<{ user?: UserRow; chainAddress?: string }> {
  if (/^\d+$/.test(userId)) {
    const user = await db.selectFrom('users').selectAll().where('id', '=', Number(userId)).executeTakeFirst();
    return { user, chainAddress: user?.chain_address };
  }
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('wallet_address', '=', userId), eb('chain_address', '=', userId)]))
    // the wallet's own row before a row whose chain address it merely is
    .orderBy(sql`CASE WHEN wallet_address = ${userId} THEN 0 ELSE 1 END`)
    .limit(1)
    .executeTakeFirst();
  return { user, chainAddress: user?.chain_address ?? userId };
}
