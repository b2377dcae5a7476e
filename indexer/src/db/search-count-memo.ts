// A search's costliest counts, remembered while the films' searchable text is unchanged, on either
// database: a word whose every trigram is common ("director", in every film's director) is counted by
// reading every film that holds it (SQLite matches each trigram's position in every film, six lists
// of 100,000 entries: 55 ms; PostgreSQL's trigram index lists every film, each rechecked: 75 ms), and
// the total is exact (GET /api/projects promises every match's count). A count is served again only
// while migration 027's generation, which triggers move with every change to a film's text (in the
// writing transaction, whichever process writes), is the one it was counted under; a film's other
// writes (its raised amount, its views) keep it.
import { sql } from 'kysely';
import type { Executor } from './executor.ts';

/** Counts kept per database; the oldest is dropped past this many. */
const REMEMBERED_COUNTS = 256;

/** A database's remembered counts and the generation of the films' text they were counted at. */
interface Memo {
  generation: string;
  counts: Map<string, number>;
}

// Each database (its adapter: one per Kysely instance, shared by its transactions) has its own.
const memos = new WeakMap<object, Memo>();

/** The films' text's generation, as committed (a statement of its own, outside any transaction). */
async function textGeneration(db: Executor): Promise<string> {
  const { rows } = await sql<{ n: number | string }>`SELECT n FROM search_generation WHERE id = 1`.execute(db);
  return String(rows[0].n);
}

/**
 * The count of `key` (a search's question, as its database asks it), from `count` or remembered. The
 * generation is read before counting: a change committed while `count` runs may be in the count, and
 * then every later reading differs from the generation it is kept under. A transaction counts afresh
 * and keeps nothing: its writes, not yet committed, may be rolled back, and until it commits it reads
 * a generation of its own that nobody else does (PostgreSQL: other connections still read the old one).
 */
export async function rememberedCount(db: Executor, key: string, count: () => Promise<number>): Promise<number> {
  if (db.isTransaction) return count();
  const generation = await textGeneration(db);
  const adapter = db.getExecutor().adapter;
  let memo = memos.get(adapter);
  if (!memo || memo.generation !== generation) memos.set(adapter, (memo = { generation, counts: new Map() }));
  const remembered = memo.counts.get(key);
  if (remembered !== undefined) return remembered;
  const counted = await count();
  if (memo.counts.size >= REMEMBERED_COUNTS) memo.counts.delete(memo.counts.keys().next().value!);
  memo.counts.set(key, counted);
  return counted;
}
