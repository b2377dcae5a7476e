// Keyset pagination for the lists the API serves: each list has a total order (its sort columns,
// the last one unique), a page is "the next `limit` rows after the key of the previous page's last
// row", and the database does the ordering, the skipping and the limiting (never JavaScript), on
// SQLite and PostgreSQL alike (both compare row values: `(a, b) < (x, y)`).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Executor } from './executor.ts';

/** One sort column: its SQL (a column reference or an expression) and what its values are. */
export interface KeyColumn {
  sql: Expression<unknown>;
  /** What a cursor may hold for it: checked before a value reaches SQL (PostgreSQL would refuse a text for a bigint). */
  type: 'integer' | 'text';
}

/** A list's order: columns compared left to right, all in one direction, the last one unique. */
export interface KeysetOrder<Row> {
  /** The list's name, recorded in its cursors (a cursor of one list is refused by another). */
  name: string;
  columns: readonly KeyColumn[];
  descending: boolean;
  /** The same values read from a row: where a page ends. */
  keyOf: (row: Row) => KeyValues;
}

export type KeyValues = readonly (number | string)[];

/** A page request: at most `limit` rows after the row whose key is `after` (null: from the start). */
export interface KeysetPage {
  limit: number;
  after: KeyValues | null;
}

/** A page: its rows and the key its last row ends at when more rows follow (null on the last page). */
export interface Paged<Row> {
  rows: Row[];
  next: KeyValues | null;
}

export function keyColumn(reference: string, type: KeyColumn['type']): KeyColumn {
  return { sql: sql.ref(reference), type };
}

/** The minimal query surface the helpers need (any Kysely SELECT). */
interface Orderable<Self> {
  where(expression: Expression<SqlBool>): Self;
  orderBy(expression: Expression<unknown>, direction: 'asc' | 'desc'): Self;
  limit(limit: number): Self;
}

/**
 * `query` in the list's order; with a page, only the rows after `page.after`, and one row more than
 * the limit (readPage reads that extra row as "another page follows" and drops it).
 */
export function ordered<Query extends Orderable<Query>, Row>(query: Query, order: KeysetOrder<Row>, page?: KeysetPage): Query {
  let result = query;
  if (page?.after) {
    const keys = sql.join(order.columns.map((column) => column.sql));
    const values = sql.join(page.after.map((value) => sql.val(value)));
    result = result.where(order.descending ? sql<SqlBool>`(${keys}) < (${values})` : sql<SqlBool>`(${keys}) > (${values})`);
  }
  for (const column of order.columns) result = result.orderBy(column.sql, order.descending ? 'desc' : 'asc');
  return page ? result.limit(page.limit + 1) : result;
}

/** One page of `query` in the list's order. */
export async function readPage<Query extends Orderable<Query> & { execute(): Promise<Row[]> }, Row>(
  query: Query,
  order: KeysetOrder<Row>,
  page: KeysetPage,
): Promise<Paged<Row>> {
  const rows = await ordered(query, order, page).execute();
  if (rows.length <= page.limit) return { rows, next: null };
  // The extra row only says that another page follows.
  const shown = rows.slice(0, page.limit);
  return { rows: shown, next: order.keyOf(shown[shown.length - 1]) };
}

/** A column of `Row` as a query names it: bare, or behind its table's alias. */
type ColumnOf<Row> = (keyof Row & string) | `${string}.${keyof Row & string}`;

/**
 * The usual list order: newest first by an integer time column, the integer id breaking ties; each
 * column given as the query names it and read back from the row by its bare name.
 */
export function newestFirst<Row>(name: string, time: ColumnOf<Row>, id: ColumnOf<Row>): KeysetOrder<Row> {
  const field = (column: string) => column.slice(column.lastIndexOf('.') + 1) as keyof Row;
  return {
    name,
    columns: [keyColumn(time, 'integer'), keyColumn(id, 'integer')],
    descending: true,
    keyOf: (row) => [Number(row[field(time)]), Number(row[field(id)])],
  };
}

/**
 * A list's two reads from its one query: all of it in the list's order (what the API answers without
 * a limit or cursor) and one page of it. `list` and `page` are exported under the list's names.
 */
export function keysetReads<Filter, Row, Query extends Orderable<Query> & { execute(): Promise<Row[]> }>(
  query: (db: Executor, filter: Filter) => Query,
  order: KeysetOrder<Row>,
) {
  return {
    list: (db: Executor, filter: Filter): Promise<Row[]> => ordered(query(db, filter), order).execute(),
    page: (db: Executor, filter: Filter, page: KeysetPage): Promise<Paged<Row>> => readPage(query(db, filter), order, page),
  };
}

/** A page's rows in another shape. */
export function mapPage<Row, Shape>(page: Paged<Row>, shape: (row: Row) => Shape): Paged<Shape> {
  return { rows: page.rows.map(shape), next: page.next };
}

/** A text key is an address, a mint or a signature: far shorter than this. */
const MAX_KEY_TEXT_LENGTH = 200;

/** Whether `values` can be a key of `order` (a cursor's content, checked before it reaches SQL). */
export function fitsOrder(values: unknown, order: Pick<KeysetOrder<unknown>, 'columns'>): values is KeyValues {
  return (
    Array.isArray(values) &&
    values.length === order.columns.length &&
    order.columns.every((column, index) =>
      column.type === 'integer' ? Number.isSafeInteger(values[index]) : typeof values[index] === 'string' && values[index].length <= MAX_KEY_TEXT_LENGTH,
    )
  );
}
