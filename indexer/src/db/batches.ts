// Splitting a set-based statement's rows so that one statement stays under the drivers' bound
// parameter limits (SQLite 32,766, PostgreSQL 65,535) with the widest row any caller binds, and
// the bulk insert of the indexer's hot path.
import { CompiledQuery, PostgresAdapter } from 'kysely';
import type { Executor } from './executor.ts';
import type { Schema } from './schema.ts';

/** Which of `signatures` a table keyed by signature holds (one query per chunk). */
export async function signaturesAmong(
  db: Executor,
  table: 'transactions' | 'quarantined_transactions' | 'unavailable_signatures',
  signatures: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of inChunks(signatures)) {
    if (chunk.length === 0) continue;
    for (const row of await db.selectFrom(table).select('signature').where('signature', 'in', chunk).execute()) found.add(row.signature);
  }
  return found;
}

/** Rows per multi-row statement: ≤ 16 columns × 1,000 rows stays under either limit. */
export const ROWS_PER_STATEMENT = 1000;

/** `items` in consecutive slices of at most `size`. */
export function inChunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Inserts `rows` into `table` in multi-row statements of up to ROWS_PER_STATEMENT rows, every row
 * binding `columns` in that order; with `ignoreConflictOn`, a row whose key (those columns) is
 * already stored is left as it is (ON CONFLICT … DO NOTHING, both dialects). The statement's text is
 * written here rather than by Kysely's builder: building an insert node and compiling it visits every
 * value of every row, and on the indexer's catch-up path (tens of thousands of events, transactions
 * and investments) that cost more than SQLite's own work of storing them.
 */
export async function insertRows<Row extends Record<string, unknown>>(
  db: Executor,
  table: keyof Schema & string,
  columns: readonly (keyof Row & string)[],
  rows: readonly Row[],
  ignoreConflictOn?: readonly (keyof Row & string)[],
): Promise<void> {
  if (rows.length === 0) return;
  const numbered = db.getExecutor().adapter instanceof PostgresAdapter;
  const head = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values `;
  const tail = ignoreConflictOn ? ` on conflict (${ignoreConflictOn.map(quoted).join(', ')}) do nothing` : '';
  for (const chunk of inChunks(rows, Math.min(ROWS_PER_STATEMENT, Math.floor(MAX_BOUND_PARAMETERS / columns.length)))) {
    const parameters: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const placeholders: string[] = [];
      for (const column of columns) {
        parameters.push(row[column]);
        placeholders.push(numbered ? `$${parameters.length}` : '?');
      }
      tuples.push(`(${placeholders.join(', ')})`);
    }
    await db.executeQuery(CompiledQuery.raw(head + tuples.join(', ') + tail, parameters));
  }
}

/** Under SQLite's bound-parameter limit (32,766), which is below PostgreSQL's (65,535). */
const MAX_BOUND_PARAMETERS = 32_000;

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
