// SQLite's costliest count of a search, remembered while the films' searchable text is unchanged: a
// phrase whose every trigram is common ("director", in every film's director) is counted by matching
// each trigram's position in every film (six lists of 100,000 entries: 55 ms), and the total is exact
// (GET /api/projects promises every match's count). Migration 024's search_text_changes moves with
// every write to a film's title, description or director, so a count is served only under the same
// text it was counted in.
import { sql } from 'kysely';
import type { Executor } from './executor.ts';

/** Counts kept per database; the oldest is dropped past this many. */
const REMEMBERED_COUNTS = 256;

/** A database's remembered counts and the text change they were counted at. */
interface Memo {
  changes: number;
  counts: Map<string, number>;
}

// Each database (its adapter: one per Kysely instance, shared by its transactions) has its own.
const memos = new WeakMap<object, Memo>();

/**
 * The count of `key` (a search's FTS5 question), from `count` or remembered. A transaction counts
 * afresh and keeps nothing: its writes, not yet committed, may be rolled back (and the text's
 * change counter with them, to a number a different text could reach again).
 */
export async function rememberedCount(db: Executor, key: string, count: () => Promise<number>): Promise<number> {
  if (db.isTransaction) return count();
  const { rows } = await sql<{ changes: number }>`SELECT changes FROM search_text_changes`.execute(db);
  const changes = Number(rows[0].changes);
  const adapter = db.getExecutor().adapter;
  let memo = memos.get(adapter);
  if (!memo || memo.changes !== changes) memos.set(adapter, (memo = { changes, counts: new Map() }));
  const remembered = memo.counts.get(key);
  if (remembered !== undefined) return remembered;
  const counted = await count();
  if (memo.counts.size >= REMEMBERED_COUNTS) memo.counts.delete(memo.counts.keys().next().value!);
  memo.counts.set(key, counted);
  return counted;
}
