// /api/users: a user is a wallet. Registration is idempotent per wallet, needs that wallet's
// session, and never takes an address that already signs for another user (a demo key); ids are
// per cluster.
import { Hono } from 'hono';
import { requireWallet } from '../../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { shortAddress } from '../../ingest/projector.ts';
import { userBody, userIdParams } from '../schemas.ts';
import { resolveUser, userShape, type UserRow } from '../shapes.ts';
import { validate } from '../validate.ts';
import type { Db } from '../../db/database.ts';

/** A registration or link the users table must refuse (a client mistake: 4xx). */
export class UserLinkError extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** Creates (or returns) the user of a wallet whose chain address is the wallet itself. */
export function registerUser(db: Db, walletAddress: string, fields: { username?: string; isStudio?: boolean }, nowMs: number): UserRow {
  return db.transaction(() => {
    const existing = db.prepare('SELECT * FROM users WHERE wallet_address = ?').get(walletAddress) as UserRow | undefined;
    if (!existing) {
      const signsFor = db.prepare('SELECT wallet_address FROM users WHERE chain_address = ?').get(walletAddress) as
        | { wallet_address: string }
        | undefined;
      if (signsFor) throw new UserLinkError(409, `${walletAddress} is the demo key of ${signsFor.wallet_address}, not a wallet: it cannot be registered`);
    }
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

/** Whether anything on chain is recorded under `address` (investments, positions, studios, embeds). */
function hasChainHistory(db: Db, address: string): boolean {
  return Boolean(
    db
      .prepare(
        `SELECT 1 FROM investments WHERE investor = @address UNION ALL SELECT 1 FROM positions WHERE investor = @address
         UNION ALL SELECT 1 FROM studios WHERE authority = @address UNION ALL SELECT 1 FROM embeds WHERE publisher = @address LIMIT 1`,
      )
      .get({ address }),
  );
}

/**
 * Demo chain: the wallet's actions are signed by `signerAddress` (its server-held demo keypair), so
 * the user's chain address becomes that key. A user row the indexer already made for the signer
 * (from its investments) is merged into the wallet's. A user whose chain address already holds
 * investments (a seeded investor, a wallet linked before) is never moved to another key: that would
 * detach them.
 */
export function linkSigner(db: Db, walletAddress: string, signerAddress: string, nowMs: number): UserRow {
  return db.transaction(() => {
    const wallet = registerUser(db, walletAddress, {}, nowMs);
    if (wallet.chain_address === signerAddress) return wallet;
    if (wallet.chain_address !== wallet.wallet_address || hasChainHistory(db, wallet.chain_address)) {
      throw new UserLinkError(409, `${walletAddress} already signs as ${wallet.chain_address}; re-linking it would detach its investments`);
    }
    const signerRow = db.prepare('SELECT * FROM users WHERE chain_address = ?').get(signerAddress) as UserRow | undefined;
    if (signerRow) db.prepare('DELETE FROM users WHERE id = ?').run(signerRow.id);
    db.prepare('UPDATE users SET chain_address = ? WHERE id = ?').run(signerAddress, wallet.id);
    return db.prepare('SELECT * FROM users WHERE id = ?').get(wallet.id) as UserRow;
  })();
}

export function userRoutes(now: () => number, isServerKey: (address: string) => boolean = () => false) {
  return new Hono<AppEnv>()
    .post('/', validate('json', userBody), (c) => {
      const body = c.req.valid('json');
      requireWallet(c, body.walletAddress);
      if (isServerKey(body.walletAddress)) fail(409, `${body.walletAddress} is a key held by the demo chain, not a wallet: it cannot be registered`);
      try {
        return c.json(userShape(registerUser(c.var.cluster.db, body.walletAddress, body, now())));
      } catch (error) {
        if (error instanceof UserLinkError) fail(error.status, error.message);
        throw error;
      }
    })
    .get('/:userId', validate('param', userIdParams), (c) => {
      const { user } = resolveUser(c.var.cluster.db, c.req.valid('param').userId);
      if (!user) fail(404, 'User not found');
      return c.json(userShape(user));
    });
}
