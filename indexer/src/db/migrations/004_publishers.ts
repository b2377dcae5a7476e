// Publishers: the websites a wallet verifies (the token the site must serve, and the result) and the
// auto-list API keys scoped to one verified origin (only their sha256 is kept).
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

export const migration004: MarqueeMigration = {
  name: '004_publishers',
  async up(db, dialect) {
    await withId(db.schema.createTable('publisher_websites'), dialect)
      .addColumn('wallet', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('website_url', 'text', (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('unverified'))
      .addColumn('method', 'text')
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('checked_at', INT)
      .addColumn('verified_at', INT)
      .addColumn('last_error', 'text')
      .addUniqueConstraint('publisher_websites_wallet_origin', ['wallet', 'origin'])
      .execute();
    await db.schema.createIndex('publisher_websites_origin').on('publisher_websites').columns(['origin', 'status']).execute();

    await withId(db.schema.createTable('publisher_api_keys'), dialect)
      .addColumn('wallet', 'text', (c) => c.notNull())
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('prefix', 'text', (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('revoked_at', INT)
      .execute();
    await db.schema.createIndex('publisher_api_keys_wallet').on('publisher_api_keys').column('wallet').execute();
  },
};
