// A search's costliest counts, remembered while the database is unchanged, on either database: a
// word whose every trigram is common ("director", in every film's director) is counted by reading
// every film that holds it (SQLite matches each trigram's position in every film, six lists of
// 100,000 entries: 55 ms; PostgreSQL's trigram index lists every film, each rechecked: ~110 ms),
// and the total is exact (GET /api/projects promises every match's count). A count is served again
// only while the database's change stamp (change-stamp.ts) is the one it was counted under: SQLite's
// moves with this connection's changes and other connections' commits, PostgreSQL's snapshot with
// every commit by any process (equal snapshots see the same committed rows). Any write, a counted
// view's too, forgets every count.
import { PostgresAdapter, sql } from 'kysely';
import { POSTGRES_CHANGE_STAMP, SQLITE_CHANGE_STAMP, type ChangeStampQuery } from './change-stamp.ts';
import type { Executor } from './executor.ts';

/** Counts kept per database; the oldest is dropped past this many. */
const REMEMBERED_COUNTS = 256;

/** A database's remembered counts and the change stamp they were counted at. */
interface Memo {
  stamp: string;
  counts: Map<string, number>;
}

// Each database (its adapter: one per Kysely instance, shared by its transactions) has its own.
const memos = new WeakMap<object, Memo>();

/** The database's change stamp, read through Kysely in a statement of its own. */
function changeStamp(db: Executor): Promise<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? readStamp(db, POSTGRES_CHANGE_STAMP) : readStamp(db, SQLITE_CHANGE_STAMP);
}

async function readStamp<Row>(db: Executor, query: ChangeStampQuery<Row>): Promise<string> {
  const { rows } = await sql<Row>`${sql.raw(query.sql)}`.execute(db);
  return query.stampOf(rows[0]);
}

/**
 * The count of `key` (a search's question, as its database asks it), from `count` or remembered. The
 * stamp is read before counting: a commit landing while `count` runs may be in the count, and then
 * every later reading differs from the stamp it is kept under. A transaction counts afresh and keeps
 * nothing: its writes, not yet committed, may be rolled back, and on PostgreSQL its own snapshot
 * reads like the one outside it (its own id is not listed), where those writes are not seen.
 */
export async function rememberedCount(db: Executor, key: string, count: () => Promise<number>): Promise<number> {
  if (db.isTransaction) return count();
  const stamp = await changeStamp(db);
  const adapter = db.getExecutor().adapter;
  let memo = memos.get(adapter);
  if (!memo || memo.stamp !== stamp) memos.set(adapter, (memo = { stamp, counts: new Map() }));
  const remembered = memo.counts.get(key);
  if (remembered !== undefined) return remembered;
  const counted = await count();
  if (memo.counts.size >= REMEMBERED_COUNTS) memo.counts.delete(memo.counts.keys().next().value!);
  memo.counts.set(key, counted);
  return counted;
}
