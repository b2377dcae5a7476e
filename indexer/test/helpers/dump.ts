// Table dumps for comparing databases (replay and crash tests), on SQLite or PostgreSQL.
import type { Executor } from '../../src/db/index.ts';
import { sqlRows, testDialect } from './database.ts';

export { scalar } from './database.ts';

/**
 * Every table's rows in a stable order, without columns that record wall-clock ingestion time or
 * whether the periodic reconciliation pass has got to a transaction yet (`finalized`).
 */
export async function dumpTables(db: Executor, options: { omit?: string[] } = {}): Promise<Record<string, unknown[]>> {
  const omit = new Set(['ingested_at', 'updated_at', 'finalized', ...(options.omit ?? [])]);
  const tables =
    testDialect === 'sqlite'
      ? await sqlRows<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      : await sqlRows<{ name: string }>(db, "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name");
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    // The migration bookkeeping records when it ran, not what was ingested.
    if (name.startsWith('kysely_migration')) continue;
    const rows = await sqlRows(db, `SELECT * FROM ${name}`);
    dump[name] = rows.map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !omit.has(column))))).sort();
  }
  return dump;
}
