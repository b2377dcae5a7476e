// The studio side's off-chain data: each studio's settings, its verification applications (the
// documents live in the media store, the decision is verify_studio on chain), the latest metadata a
// studio edited for a film, the licence certificates minted for films, and the uploaded images
// themselves (thumbnails, documents), in the database so every API process serves every upload.
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

export const migration006: MarqueeMigration = {
  name: '006_studios',
  async up(db, dialect) {
    await db.schema
      .createTable('studio_profiles')
      .addColumn('wallet_address', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('updated_at', INT, (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('verification_applications'), dialect)
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addColumn('chain_address', 'text', (c) => c.notNull())
      .addColumn('studio_name', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text', (c) => c.notNull())
      .addColumn('website', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('documents', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('rejection_reason', 'text')
      .addColumn('submitted_at', INT, (c) => c.notNull())
      .addColumn('reviewed_at', INT)
      .addColumn('approval_signature', 'text')
      .execute();
    await db.schema.createIndex('verification_applications_wallet').on('verification_applications').columns(['wallet_address', 'id']).execute();
    await db.schema.createIndex('verification_applications_status').on('verification_applications').columns(['status', 'id']).execute();

    await db.schema
      .createTable('listing_edits')
      .addColumn('project_id', INT, (c) => c.primaryKey())
      .addColumn('metadata_hash', 'text', (c) => c.notNull())
      .addColumn('edited_by', 'text', (c) => c.notNull())
      .addColumn('edited_at', INT, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('license_certificates')
      .addColumn('mint', 'text', (c) => c.primaryKey())
      .addColumn('project_id', INT, (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('minted_at', INT, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('media')
      .addColumn('sha256', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', INT, (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .execute();

    await db.schema.createIndex('license_certificates_project').on('license_certificates').columns(['project_id', 'minted_at']).execute();
  },
};
