// Table dumps for comparing databases (replay and crash tests), on SQLite or PostgreSQL.
import type { Executor } from '../../src/db/index.ts';
import { sqlRows, testDialect } from './database.ts';

export { scalar } from './database.ts';

export interface DumpOptions {
  /** Columns left out of every table. */
  omit?: string[];
  /**
   * Surrogate ids compared through the rows they stand for: each table's generated `id` is left
   * out, and every foreign key to such an id shows the row it points at instead. Two databases that
   * hold the same rows then compare equal even when their sequences handed out different numbers
   * (a PostgreSQL sequence is not rolled back with the transaction that drew from it, so a process
   * killed mid-batch leaves gaps an uninterrupted run does not have).
   */
  idsByRow?: boolean;
}

/**
 * Every table's rows in a stable order, without columns that record wall-clock ingestion time or
 * whether the periodic reconciliation pass has got to a transaction yet (`finalized`).
 */
export async function dumpTables(db: Executor, options: DumpOptions = {}): Promise<Record<string, unknown[]>> {
  const omit = new Set(['ingested_at', 'updated_at', 'finalized', ...(options.omit ?? [])]);
  const tables = (
    testDialect === 'sqlite'
      ? // Ordinary tables: the search's FTS5 shadow tables hold index segments whose layout depends on the order of writes.
        await sqlRows<{ name: string }>(db, "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      : await sqlRows<{ name: string }>(db, "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name")
  )
    // The migration bookkeeping records when it ran, not what was ingested; the campaign tables' and
    // the films' text's generations count their writes (a cache's stamp), not what they hold.
    .map(({ name }) => name)
    .filter((name) => !name.startsWith('kysely_migration') && name !== 'campaign_generation' && name !== 'search_generation');
  const rows = new Map<string, Record<string, unknown>[]>();
  for (const name of tables) rows.set(name, await sqlRows(db, `SELECT * FROM ${name}`));
  const rowText = options.idsByRow ? await rowsWithoutSurrogates(db, rows, omit) : (_table: string, row: Record<string, unknown>) => textOf(row, omit);
  const dump: Record<string, unknown[]> = {};
  for (const name of tables) dump[name] = rows.get(name)!.map((row) => rowText(name, row)).sort();
  return dump;
}

function textOf(row: Record<string, unknown>, omit: Set<string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !omit.has(column))));
}

/** A row's text with its generated id left out and its foreign keys to generated ids resolved to the rows they name. */
async function rowsWithoutSurrogates(db: Executor, rows: Map<string, Record<string, unknown>[]>, omit: Set<string>) {
  const generated = await tablesWithGeneratedId(db, [...rows.keys()]);
  const references = await foreignKeys(db);
  const byId = new Map<string, Map<string, Record<string, unknown>>>();
  for (const table of generated) byId.set(table, new Map(rows.get(table)!.map((row) => [String(row.id), row])));
  const identities = new Map<string, string>();
  const text = (table: string, row: Record<string, unknown>): string => {
    const entries = Object.entries(row)
      .filter(([column]) => !omit.has(column) && !(column === 'id' && generated.has(table)))
      .map(([column, value]) => {
        const target = references.get(`${table}.${column}`);
        if (!target || !generated.has(target) || value === null) return [column, value];
        const key = `${target}#${value}`;
        if (!identities.has(key)) {
          const referenced = byId.get(target)!.get(String(value));
          identities.set(key, referenced ? text(target, referenced) : `missing ${target} ${value}`);
        }
        return [column, { [target]: identities.get(key) }];
      });
    return JSON.stringify(Object.fromEntries(entries));
  };
  return text;
}

/** The tables whose `id` the database generates (SQLite's INTEGER PRIMARY KEY, PostgreSQL's identity). */
async function tablesWithGeneratedId(db: Executor, tables: string[]): Promise<Set<string>> {
  if (testDialect === 'postgres') {
    const rows = await sqlRows<{ name: string }>(
      db,
      "SELECT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id' AND (is_identity = 'YES' OR column_default LIKE 'nextval%')",
    );
    return new Set(rows.map((row) => row.name));
  }
  const generated = new Set<string>();
  for (const table of tables) {
    const columns = await sqlRows<{ name: string; type: string; pk: number }>(db, `SELECT name, type, pk FROM pragma_table_info('${table}')`);
    if (columns.some((column) => column.name === 'id' && column.pk === 1 && column.type.toUpperCase() === 'INTEGER')) generated.add(table);
  }
  return generated;
}

/** Declared foreign keys: "table.column" → the table it references. */
async function foreignKeys(db: Executor): Promise<Map<string, string>> {
  const rows =
    testDialect === 'postgres'
      ? await sqlRows<{ source: string; column: string; target: string }>(
          db,
          `SELECT source.relname AS source, a.attname AS column, target.relname AS target
           FROM pg_constraint c
           JOIN pg_class source ON source.oid = c.conrelid
           JOIN pg_namespace n ON n.oid = source.relnamespace
           JOIN pg_class target ON target.oid = c.confrelid
           JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
           WHERE c.contype = 'f' AND n.nspname = current_schema()`,
        )
      : await sqlRows<{ source: string; column: string; target: string }>(
          db,
          `SELECT m.name AS source, f."from" AS "column", f."table" AS target
           FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`,
        );
  return new Map(rows.map((row) => [`${row.source}.${row.column}`, row.target]));
}
