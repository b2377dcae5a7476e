// Two small per-wallet tables of the first start:
// - platform_roles: who holds a platform role off chain (the demo's admin wallet: the first wallet
//   that signs in on a fresh demo, or MARQUEE_DEMO_ADMIN_WALLET). The role is the primary key, so
//   of two wallets signing in at once on several API processes only one insert wins;
// - notification_reads: which of a wallet's notifications (computed from indexed data, so only their
//   ids are stored) the wallet has read.
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration018: MarqueeMigration = {
  name: '018_roles_and_notification_reads',
  async up(db) {
    await db.schema
      .createTable('platform_roles')
      .addColumn('role', 'text', (c) => c.primaryKey())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('assigned_at', INT, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_reads')
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('notification_id', 'text', (c) => c.notNull())
      .addColumn('read_at', INT, (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_reads_pk', ['wallet_address', 'notification_id'])
      .execute();
  },
};
