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

export function sqliteChangeStamp(database: Database.Database): ChangeStamp {
  const statement = database.prepare<[], { changes: number; version: number }>(
    'SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version',
  );
  return async () => {
    const { changes, version } = statement.get()!;
    return `${changes}:${version}`;
  };
}

export function postgresChangeStamp(pool: pg.Pool): ChangeStamp {
  const query = { name: 'marquee_change_stamp', text: 'SELECT pg_current_snapshot()::text AS snapshot' };
  return async () => (await pool.query<{ snapshot: string }>(query)).rows[0].snapshot;
}
