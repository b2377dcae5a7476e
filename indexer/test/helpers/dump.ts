// Table dumps for comparing databases (replay and crash tests).
import type { Db } from '../../src/db/database.ts';

/** Every table's rows in a stable order, without columns that record wall-clock ingestion time. */
export function dumpTables(db: Db, options: { omit?: string[] } = {}): Record<string, unknown[]> {
  const omit = new Set(['ingested_at', 'updated_at', ...(options.omit ?? [])]);
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[];
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    const rows = db.prepare(`SELECT * FROM ${name}`).all() as Record<string, unknown>[];
    dump[name] = rows
      .map((row) => {
        return JSON.stringify(Object.fromEntries(Object.entries(row).filter(([column]) => !omit.has(column))));
      })
      .sort();
  }
  return dump;
}

/** A single number from SQL (COUNT, one column of one row). */
export function scalar(db: Db, sql: string, ...params: unknown[]): unknown {
  const row = db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
  return row ? Object.values(row)[0] : undefined;
}
