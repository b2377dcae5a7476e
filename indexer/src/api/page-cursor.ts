// The opaque `cursor` of paginated lists: the position after the last row of a page (its sort key
// and id, see db/projects.ts), as base64url JSON. Clients pass it back untouched.
import type { projects } from '../db/index.ts';
import { fail } from './errors.ts';
import { PROJECT_SORTS } from '../db/projects.ts';

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
    fail(400, 'Invalid cursor: pass the nextCursor of the previous page unchanged');
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
    fail(400, 'Invalid cursor: pass the nextCursor of the previous page unchanged');
  }
  if (parsed[0] !== sort) fail(400, `The cursor belongs to sort "${parsed[0]}", not "${sort}"`);
  return { sort, key: parsed[1], id: parsed[2], ...(parsed.length === 4 ? { verified: parsed[3] } : {}) };
}
