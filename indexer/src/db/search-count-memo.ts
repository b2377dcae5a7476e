// SQLite's costliest count of a search, remembered while the films' searchable text is unchanged: a
// phrase whose every trigram is common ("director", in every film's director) is counted by matching
// each trigram's position in every film (six lists of 100,000 entries: 55 ms), and the total is exact
// (GET /api/projects promises every match's count). A count is served again only while the database
// has taken no write since it was counted (change-stamp.ts's token: this connection's changes and
// other connections' commits), so under the same text; any write, a counted view's too, forgets it.
import { sql } from 'kysely';
import { SQLITE_CHANGE_STAMP_SQL, sqliteStampOf } from './change-stamp.ts';
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

/**
 * The count of `key` (a search's FTS5 question), from `count` or remembered. A transaction counts
 * afresh and keeps nothing: its writes, not yet committed, may be rolled back, leaving the stamp
 * where they took it.
 */
export async function rememberedCount(db: Executor, key: string, count: () => Promise<number>): Promise<number> {
  if (db.isTransaction) return count();
  const { rows } = await sql<{ changes: number; version: number }>`${sql.raw(SQLITE_CHANGE_STAMP_SQL)}`.execute(db);
  const stamp = sqliteStampOf(rows[0]);
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
