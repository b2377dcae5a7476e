// Sign-in nonces (Sign-In With Solana): issued by GET /api/auth/nonce, consumed once by POST
// /api/auth/sign-in. In the database rather than in a process, so every API process on the same
// database (several on PostgreSQL) honours one issue and one use.
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration005: MarqueeMigration = {
  name: '005_auth_nonces',
  async up(db) {
    await db.schema
      .createTable('auth_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', INT, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('auth_nonces_expiry').on('auth_nonces').column('expires_at').execute();
  },
};
