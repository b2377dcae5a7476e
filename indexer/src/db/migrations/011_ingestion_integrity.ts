// Ingestion that never stalls: transactions set aside because their events cannot be
// decoded or projected, signatures the RPC listed but could not return (retried with backoff), and
// which ingested transactions the finalized commitment has confirmed.
import { sql } from 'kysely';
import type { MarqueeMigration } from '../migrate.ts';
import { INT } from './columns.ts';

export const migration011: MarqueeMigration = {
  name: '011_ingestion_integrity',
  async up(db, dialect) {
    await db.schema
      .createTable('quarantined_transactions')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('slot', INT, (c) => c.notNull())
      /** decode | project */
      .addColumn('stage', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      // A transaction whose events could not be decoded is kept whole (JSON, as the leader hands
      // transactions over), so re-projecting it after a fix needs no chain access.
      .addColumn('transaction_json', 'text')
      .addColumn('first_attempt_at', INT, (c) => c.notNull())
      .addColumn('last_attempt_at', INT, (c) => c.notNull())
      .addColumn('attempts', INT, (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('unavailable_signatures')
      .addColumn('signature', 'text', (c) => c.primaryKey())
      .addColumn('slot', INT, (c) => c.notNull())
      .addColumn('attempts', INT, (c) => c.notNull())
      .addColumn('last_error', 'text', (c) => c.notNull())
      .addColumn('first_attempt_at', INT, (c) => c.notNull())
      .addColumn('last_attempt_at', INT, (c) => c.notNull())
      .addColumn('next_attempt_at', INT, (c) => c.notNull())
      .execute();

    // 1 once the reconciliation pass read the transaction back at `finalized`. Rows ingested before
    // this version are counted as finalized: the pass re-reads only what arrives from now on.
    await db.schema.alterTable('transactions').addColumn('finalized', INT, (c) => c.notNull().defaultTo(0)).execute();
    await db.updateTable('transactions').set({ finalized: 1 }).execute();
    await db.schema.createIndex('transactions_unfinalized').on('transactions').columns(['finalized', 'slot']).execute();

    // Rolling a vanished transaction back rebuilds the projected tables inside one database
    // transaction, while off-chain rows (views, chat, settlement batches…) keep pointing at
    // projects.id: their foreign keys are checked at commit, when the film is back. SQLite defers
    // with a pragma per transaction; PostgreSQL only defers constraints declared DEFERRABLE.
    if (dialect === 'postgres') {
      const { rows } = await sql<{ name: string; table_name: string }>`
        SELECT c.conname AS name, t.relname AS table_name
        FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace`.execute(db);
      for (const { name, table_name } of rows) {
        await sql`ALTER TABLE ${sql.id(table_name)} ALTER CONSTRAINT ${sql.id(name)} DEFERRABLE INITIALLY IMMEDIATE`.execute(db);
      }
    }
  },
};
