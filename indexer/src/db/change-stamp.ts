// A token that changes whenever anything a query could read may have changed, read in one cheap
// query: the read cache (api/read-cache.ts) serves an answer again only while the token it was
// computed under still holds. Read on the driver itself (it runs on every cached read, where
// Kysely's building and compiling would be a good part of the cost).
// - SQLite: `total_changes()` counts every row this connection (the process's only one) has
//   inserted, updated or deleted, committed or not, and `data_version` moves when another
//   connection commits (a `npm run reproject` beside the server).
// - PostgreSQL: the current snapshot (xmin, xmax, in-progress ids) is what decides which
//   transactions a query sees: equal snapshots see the same committed data, and every commit, by
//   any process, gives the next one a different snapshot. Read-only transactions take no id, so
//   reads alone never change it. A named statement: parsed and planned once per connection.
import type Database from 'better-sqlite3';
import type pg from 'pg';

export type ChangeStamp = () => Promise<string>;

/** A dialect's token: the statement that reads it and how its one row reads (search-count-memo.ts asks it through Kysely). */
export interface ChangeStampQuery<Row> {
  sql: string;
  stampOf: (row: Row) => string;
}

export const SQLITE_CHANGE_STAMP: ChangeStampQuery<{ changes: number; version: number }> = {
  sql: 'SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version',
  stampOf: (row) => `${row.changes}:${row.version}`,
};

export const POSTGRES_CHANGE_STAMP: ChangeStampQuery<{ snapshot: string }> = {
  sql: 'SELECT pg_current_snapshot()::text AS snapshot',
  stampOf: (row) => row.snapshot,
};

export function sqliteChangeStamp(database: Database.Database): ChangeStamp {
  const statement = database.prepare<[], { changes: number; version: number }>(SQLITE_CHANGE_STAMP.sql);
  return async () => SQLITE_CHANGE_STAMP.stampOf(statement.get()!);
}

export function postgresChangeStamp(pool: pg.Pool): ChangeStamp {
  const query = { name: 'marquee_change_stamp', text: POSTGRES_CHANGE_STAMP.sql };
  return async () => POSTGRES_CHANGE_STAMP.stampOf((await pool.query<{ snapshot: string }>(query)).rows[0]);
}
