// Two keys brought in line with who may read and what the chain allows:
// - media: a file uploaded as private (a studio's verification document) is served only to the
//   wallets that uploaded it privately (media_readers) and the platform admin; `private` turns 0 as
//   soon as anyone uploads the same bytes publicly (they hold the bytes already);
// - embeds: the program derives an embed's account from (project, publisher, embed id), so two
//   publishers may register the same embed id on one film; the index kept one of them unique by
//   (project, embed id) and dropped the other. SQLite cannot drop a table constraint: the table is
//   rebuilt there with the same columns and rows.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

const EMBED_COLUMNS = ['id', 'address', 'project_id', 'publisher', 'embed_id', 'website_url', 'total_views', 'earned_lamports', 'claimed_lamports', 'registered_at', 'signature'];

export const migration019: MarqueeMigration = {
  name: '019_private_media_embed_keys',
  async up(db, dialect) {
    await db.schema.alterTable('media').addColumn('private', INT, (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('media_readers')
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('wallet_address', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_readers_pkey', ['sha256', 'wallet_address'])
      .execute();

    if (dialect === 'postgres') {
      await sql`alter table embeds drop constraint embeds_project_embed`.execute(db);
      await sql`alter table embeds add constraint embeds_project_publisher_embed unique (project_id, publisher, embed_id)`.execute(db);
      return;
    }
    await withId(db.schema.createTable('embeds_rekeyed'), dialect)
      .addColumn('address', 'text', (c) => c.notNull().unique())
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('publisher', 'text', (c) => c.notNull())
      .addColumn('embed_id', 'text', (c) => c.notNull())
      .addColumn('website_url', 'text', (c) => c.notNull())
      .addColumn('total_views', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('earned_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_lamports', INT, (c) => c.notNull().defaultTo(0))
      .addColumn('registered_at', INT, (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addUniqueConstraint('embeds_project_publisher_embed', ['project_id', 'publisher', 'embed_id'])
      .execute();
    const columns = sql.join(EMBED_COLUMNS.map((column) => sql.ref(column)));
    await sql`insert into embeds_rekeyed (${columns}) select ${columns} from embeds`.execute(db);
    await db.schema.dropTable('embeds').execute();
    await db.schema.alterTable('embeds_rekeyed').renameTo('embeds').execute();
  },
};
