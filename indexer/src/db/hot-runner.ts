// The hot paths' statements (compiled-once.ts: the ad's read, the view's insert) run straight on the
// driver when they may, past Kysely's executor, whose connection provider, mutex and result plumbing
// cost a played view about what SQLite takes to run the ad's read. Only on a store's own handle:
// a transaction's statements always go through Kysely, on the transaction's connection.
// - SQLite: the process's one connection, unless a transaction is open on it (a statement run
//   then would join that transaction): then through Kysely, which waits for it to end.
// - PostgreSQL: any connection of the pool, as Kysely would take one.
import type { QueryResult } from 'kysely';

/**
 * Runs a compiled statement now, or answers undefined when it must go through Kysely. `groupCommit`:
 * the statement may be committed with the others of the event loop's turn (SQLite, group-commit.ts).
 */
export type HotRunner = (sql: string, parameters: readonly unknown[], options?: { groupCommit?: boolean }) => Promise<QueryResult<unknown>> | undefined;

const runners = new WeakMap<object, HotRunner>();

/** `db`: a store's Kysely instance (connection.ts). */
export function registerHotRunner(db: object, runner: HotRunner): void {
  runners.set(db, runner);
}

export function hotRunnerOf(db: object): HotRunner | undefined {
  return runners.get(db);
}
