// Sign-in nonces remember whom and where they were issued for (the wallet address, the domain the
// message must name, the SIWS Chain ID), so a nonce obtained for one wallet or one site cannot sign
// in another; and signed-out sessions are listed until they would have expired, so a copied cookie
// stops working on every API process sharing the database. The old nonces (ten minutes at most)
// are dropped with their table: they were bound to nothing.
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration016: MarqueeMigration = {
  name: '016_bound_nonces_and_revoked_sessions',
  async up(db) {
    await db.schema.dropTable('auth_nonces').execute();
    await db.schema
      .createTable('auth_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', INT, (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('chain_id', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_nonces_expiry').on('auth_nonces').column('expires_at').execute();
    await db.schema
      .createTable('revoked_sessions')
      .addColumn('session_id', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('revoked_sessions_expiry').on('revoked_sessions').column('expires_at').execute();
  },
};
