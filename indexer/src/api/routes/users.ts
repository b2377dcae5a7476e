// /api/users: a user is a wallet. Registration is idempotent per wallet; ids are per cluster.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { shortAddress } from '../../ingest/projector.ts';
import { userBody, userIdParams } from '../schemas.ts';
import { resolveUser, userShape, type UserRow } from '../shapes.ts';
import { validate } from '../validate.ts';
import type { Db } from '../../db/database.ts';

/** Creates (or returns) the user of a wallet whose chain address is the wallet itself. */
export function registerUser(db: Db, walletAddress: string, fields: { username?: string; isStudio?: boolean }, nowMs: number): UserRow {
  return db.transaction(() => {
    const existing = db.prepare('SELECT * FROM users WHERE wallet_address = ?').get(walletAddress) as UserRow | undefined;
    if (existing) {
      if (fields.isStudio && existing.is_studio === 0) db.prepare('UPDATE users SET is_studio = 1 WHERE id = ?').run(existing.id);
      return db.prepare('SELECT * FROM users WHERE id = ?').get(existing.id) as UserRow;
    }
    db.prepare(
      `INSERT INTO users (wallet_address, chain_address, username, is_studio, created_at) VALUES (?, ?, ?, ?, ?)`,
    ).run(walletAddress, walletAddress, fields.username || shortAddress(walletAddress), fields.isStudio ? 1 : 0, Math.floor(nowMs / 1000));
    return db.prepare('SELECT * FROM users WHERE wallet_address = ?').get(walletAddress) as UserRow;
  })();
}

/**
 * Demo chain: the wallet's actions are signed by `signerAddress` (its server-held demo keypair), so
 * the user's chain address becomes that key. A user row the indexer already made for the signer
 * (from its investments) is merged into the wallet's.
 */
export function linkSigner(db: Db, walletAddress: string, signerAddress: string, nowMs: number): UserRow {
  return db.transaction(() => {
    const wallet = registerUser(db, walletAddress, {}, nowMs);
    if (wallet.chain_address === signerAddress) return wallet;
    const signerRow = db.prepare('SELECT * FROM users WHERE chain_address = ?').get(signerAddress) as UserRow | undefined;
    if (signerRow) db.prepare('DELETE FROM users WHERE id = ?').run(signerRow.id);
    db.prepare('UPDATE users SET chain_address = ? WHERE id = ?').run(signerAddress, wallet.id);
    return db.prepare('SELECT * FROM users WHERE id = ?').get(wallet.id) as UserRow;
  })();
}

export function userRoutes(now: () => number) {
  return new Hono<AppEnv>()
    .post('/', validate('json', userBody), (c) => {
      const body = c.req.valid('json');
      const user = registerUser(c.var.cluster.db, body.walletAddress, body, now());
      return c.json(userShape(user));
    })
    .get('/:userId', validate('param', userIdParams), (c) => {
      const { user } = resolveUser(c.var.cluster.db, c.req.valid('param').userId);
      if (!user) fail(404, 'User not found');
      return c.json(userShape(user));
    });
}
