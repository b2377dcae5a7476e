// The hot paths' queries (compiled-once.ts: a played ad, a counted view) run as named prepared
// statements on PostgreSQL. pg sends a query with parameters as an unnamed statement, which
// PostgreSQL parses and plans anew every time: for the statement that counts a view (an
// INSERT … SELECT with its rules' subqueries) that cost about what running it does. A named
// statement is parsed once per connection and its plan kept. Only registered texts are named:
// each connection keeps every statement it prepared, so a text built per call (an IN list of its
// own length) must never be.
import pg from 'pg';

const names = new Map<string, string>();

/** `SELECT *` or `"t".*`: every column of a table (COUNT(*) is not). */
const EVERY_COLUMN = /select\s+\*|\.\*/i;

/**
 * Runs `text` as a named prepared statement on every PostgreSQL connection from now on. A text
 * reading every column of a table (`*`) stays unnamed: a newer process's migration adding a column
 * would change its rows, which PostgreSQL refuses for a prepared statement ("cached plan must not
 * change result type") until the connection is gone.
 */
export function prepareEverywhere(text: string): void {
  if (!names.has(text) && !EVERY_COLUMN.test(text)) names.set(text, `marquee_hot_${names.size}`);
}

/** A pg client that runs the registered texts as named prepared statements. */
export class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (name === undefined) return super.query(config, values, callback);
    return super.query({ name, text: config, values }, callback);
  }
}
