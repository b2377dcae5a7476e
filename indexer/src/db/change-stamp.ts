// A token that changes whenever anything a query could read may have changed, read in one cheap
// query: the read cache (api/read-cache.ts) serves an answer again only while the token it was
// computed under still holds.
// - SQLite: `total_changes()` counts every row this connection (the process's only one) has
//   inserted, updated or deleted, and `data_version` moves when another connection commits (a
//   `npm run reproject` beside the server).
// - PostgreSQL: the current snapshot (xmin, xmax, in-progress ids) is what decides which
//   transactions a query sees: equal snapshots see the same committed data, and every commit, by
//   any process, gives the next one a different snapshot. Read-only transactions take no id, so
//   reads alone never change it.
import { sql } from 'kysely';
import type { DialectName } from './connection.ts';
import type { Executor } from './executor.ts';

export async function changeStamp(db: Executor, dialect: DialectName): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ changes: number; version: number }>`SELECT total_changes() AS changes, data_version AS version FROM pragma_data_version`.execute(db);
    return `${rows[0].changes}:${rows[0].version}`;
  }
  const { rows } = await sql<{ snapshot: string }>`SELECT pg_current_snapshot()::text AS snapshot`.execute(db);
  return rows[0].snapshot;
}
