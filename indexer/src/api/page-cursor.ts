// The opaque `cursor` of paginated lists: the position after the last row of a page (its sort key
// and id, see db/projects.ts and db/keyset.ts), as base64url JSON. Clients pass it back untouched.
import type { projects } from '../db/index.ts';
import { fail } from './errors.ts';
import { PROJECT_SORTS } from '../db/projects.ts';
import { DEFAULT_PAGE_LIMIT } from '../constants.ts';
import { fitsOrder, mapPage, type KeysetOrder, type KeysetPage, type KeyValues, type Paged } from '../db/keyset.ts';

const INVALID_CURSOR = 'Invalid cursor: pass the nextCursor of the previous page unchanged';

export function encodeCursor(cursor: projects.ProjectCursor): string {
  const parts: unknown[] = [cursor.sort, cursor.key, cursor.id];
  if (cursor.verified !== undefined) parts.push(cursor.verified);
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

export function decodeCursor(text: string, sort: projects.ProjectSort): projects.ProjectCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    fail(400, INVALID_CURSOR);
  }
  if (
    !Array.isArray(parsed) ||
    (parsed.length !== 3 && parsed.length !== 4) ||
    !PROJECT_SORTS.includes(parsed[0]) ||
    typeof parsed[1] !== 'number' ||
    !Number.isFinite(parsed[1]) ||
    !Number.isSafeInteger(parsed[2]) ||
    (parsed.length === 4 && parsed[3] !== 0 && parsed[3] !== 1)
  ) {
    fail(400, INVALID_CURSOR);
  }
  if (parsed[0] !== sort) fail(400, `The cursor belongs to sort "${parsed[0]}", not "${sort}"`);
  return { sort, key: parsed[1], id: parsed[2], ...(parsed.length === 4 ? { verified: parsed[3] } : {}) };
}

// Every other list (db/keyset.ts): the list's name and the key of the page's last row. The name
// keeps a cursor from being replayed on another list, where its values would mean something else.

/**
 * The page a list request asks for: undefined without `limit` and `cursor` (the un-paginated call:
 * every row, as the spec's plain array), else `limit` rows (DEFAULT_PAGE_LIMIT) after the cursor.
 */
export function requestedPage(query: { limit?: number; cursor?: string }, order: KeysetOrder<never>): KeysetPage | undefined {
  if (query.limit === undefined && query.cursor === undefined) return undefined;
  return { limit: query.limit ?? DEFAULT_PAGE_LIMIT, after: query.cursor === undefined ? null : decodeListCursor(query.cursor, order) };
}

/** The `nextCursor` of a page: null on the last page. */
export function nextCursor(order: KeysetOrder<never>, page: Paged<unknown>): string | null {
  return page.next && encodeListCursor(order.name, page.next);
}

/** A list's page as the API answers it: `{ items, nextCursor }`. */
export function pageAnswer<Item>(order: KeysetOrder<never>, page: Paged<Item>) {
  return { items: page.rows, nextCursor: nextCursor(order, page) };
}

function encodeListCursor(list: string, key: KeyValues): string {
  return Buffer.from(JSON.stringify([list, ...key])).toString('base64url');
}

function decodeListCursor(text: string, order: KeysetOrder<never>): KeyValues {
  const list = order.name;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    fail(400, INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') fail(400, INVALID_CURSOR);
  if (parsed[0] !== list) fail(400, `The cursor belongs to another list ("${parsed[0]}"), not "${list}"`);
  const key = parsed.slice(1);
  if (!fitsOrder(key, order)) fail(400, INVALID_CURSOR);
  return key;
}

/**
 * A paginated list's answer: every row without `limit` and `cursor` (the spec's plain array), else the
 * requested page as `{ items, nextCursor }`; `shape` turns each row into its answer.
 */
export async function listAnswer<Row, Item = Row>(
  query: { limit?: number; cursor?: string },
  order: KeysetOrder<never>,
  every: () => Promise<Row[]>,
  pageOf: (page: KeysetPage) => Promise<Paged<Row>>,
  shape: (row: Row) => Item = (row) => row as unknown as Item,
): Promise<Item[] | { items: Item[]; nextCursor: string | null }> {
  const page = requestedPage(query, order);
  if (!page) return (await every()).map(shape);
  return pageAnswer(order, mapPage(await pageOf(page), shape));
}
