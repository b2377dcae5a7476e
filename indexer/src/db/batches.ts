// Splitting a set-based statement's rows so that one statement stays under the drivers' bound
// parameter limits (SQLite 32,766, PostgreSQL 65,535) with the widest row any caller binds.

/** Rows per multi-row statement: ≤ 16 columns × 1,000 rows stays under either limit. */
export const ROWS_PER_STATEMENT = 1000;

/** `items` in consecutive slices of at most `size`. */
export function inChunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
