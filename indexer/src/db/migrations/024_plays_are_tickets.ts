// A play is its ad ticket: the ticket the server signed when the viewer pressed Play is what the view
// report presents, its random id is the play's id (views.nonce, unique: one view per ticket) and its
// campaign the one the view records. The play nonces of before (a row written per play, then used
// by the view) are dropped with the foreign key that tied each view to one. Views counted before
// keep their nonce as their play's id. SQLite cannot drop a column's constraint: `views` is rebuilt
// there with the same columns, rows and indexes. One index goes: every counted view writes each of
// them, and the unbatched views by film (001) are read through (batch_id, project_id, campaign) (009).
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';
import { INT, withId } from './columns.ts';

const VIEW_COLUMNS = ['id', 'project_id', 'embed', 'nonce', 'ip', 'counted_at', 'batch_id', 'campaign', 'unsettled_reason', 'ip_group', 'wide_group'];

export const migration024: MarqueeMigration = {
  name: '024_plays_are_tickets',
  async up(db, dialect) {
    if (dialect === 'postgres') {
      const keys = await sql<{ name: string }>`
        SELECT conname AS name FROM pg_constraint
        WHERE conrelid = 'views'::regclass AND confrelid = 'play_nonces'::regclass AND contype = 'f'`.execute(db);
      for (const { name } of keys.rows) await sql`ALTER TABLE views DROP CONSTRAINT ${sql.id(name)}`.execute(db);
      await db.schema.dropTable('play_nonces').execute();
      await db.schema.dropIndex('views_unbatched').ifExists().execute();
      return;
    }
    const indexes = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'views' AND sql IS NOT NULL`.execute(db);
    await withId(db.schema.createTable('views_of_tickets'), dialect)
      .addColumn('project_id', INT, (c) => c.notNull().references('projects.id'))
      .addColumn('embed', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull().unique())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('counted_at', INT, (c) => c.notNull())
      .addColumn('batch_id', INT, (c) => c.references('settlement_batches.id'))
      .addColumn('campaign', 'text')
      .addColumn('unsettled_reason', 'text')
      .addColumn('ip_group', 'text')
      .addColumn('wide_group', 'text')
      .execute();
    const columns = sql.join(VIEW_COLUMNS.map((column) => sql.ref(column)));
    await sql`INSERT INTO views_of_tickets (${columns}) SELECT ${columns} FROM views`.execute(db);
    await db.schema.dropTable('views').execute();
    await db.schema.alterTable('views_of_tickets').renameTo('views').execute();
    // The indexes went with the old table: the same statements, on the rebuilt one.
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    await db.schema.dropIndex('views_unbatched').ifExists().execute();
    await db.schema.dropTable('play_nonces').execute();
  },
};
