// Uploaded files leave the database for the media folder (media/content-files.ts): a media row
// keeps the file's hash, type, size and visibility, and `bytes` may be null. The rows of an
// earlier version keep their bytes until the first start moves them to files
// (MediaStore.moveDatabaseBytesToFiles), so no upload is lost. SQLite cannot drop a column's NOT
// NULL: the table is rebuilt there with the same columns and rows.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

const MEDIA_COLUMNS = ['sha256', 'content_type', 'bytes', 'size', 'created_at', 'private'];

export const migration020: MarqueeMigration = {
  name: '020_media_files',
  async up(db, dialect) {
    if (dialect === 'postgres') {
      await sql`alter table media alter column bytes drop not null`.execute(db);
      return;
    }
    await db.schema
      .createTable('media_files')
      .addColumn('sha256', 'text', (c) => c.primaryKey())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('bytes', 'blob')
      .addColumn('size', INT, (c) => c.notNull())
      .addColumn('created_at', INT, (c) => c.notNull())
      .addColumn('private', INT, (c) => c.notNull().defaultTo(0))
      .execute();
    const columns = sql.join(MEDIA_COLUMNS.map((column) => sql.ref(column)));
    await sql`insert into media_files (${columns}) select ${columns} from media`.execute(db);
    await db.schema.dropTable('media').execute();
    await db.schema.alterTable('media_files').renameTo('media').execute();
  },
};
