// one_time_tasks: the tasks a start runs once per database and never again, each a row once done
// (the first is moving the media bytes of an earlier version out of the database, migration 020):
// later starts read one primary key instead of searching the data again.
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration021: MarqueeMigration = {
  name: '021_one_time_tasks',
  async up(db) {
    await db.schema
      .createTable('one_time_tasks')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('done_at', INT, (c) => c.notNull())
      .execute();
  },
};
