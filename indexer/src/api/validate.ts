// zValidator with the API's error format: the first issue becomes `{ message }` with status 400.
// A valid value is also refused (400) if any of its texts holds a NUL character: PostgreSQL's text
// cannot store U+0000 (the write would fail as a 500), and no field of ours has a use for it. A body
// refused while it was not sent as JSON is a 415 saying so (its fields were never read, so "x is
// required" would mislead).
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';

function describe(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  if (path && issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${path} is required`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** What zValidator reads as JSON: application/json and the application/*+json types. */
const JSON_TYPE = /^application\/([a-z0-9.-]+\+)?json\s*(;|$)/i;

export const NOT_JSON = 'Send the body as JSON, with Content-Type: application/json';

export const NUL_IN_TEXT = 'Text must not contain NUL characters (U+0000)';

/**
 * The path of the first text (a string, or an object's key) in `value` holding U+0000, in document
 * order, walked without recursion (a stack, children pushed last first); undefined when none does.
 */
export function pathOfNul(value: unknown): string[] | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: next, path } = pending.pop()!;
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return path;
    } else if (Array.isArray(next)) {
      for (let index = next.length - 1; index >= 0; index--) pending.push({ value: next[index], path: [...path, String(index)] });
    } else if (next !== null && typeof next === 'object' && Object.getPrototypeOf(next) === Object.prototype) {
      const entries = Object.entries(next);
      const badKey = entries.find(([key]) => key.includes('\u0000'));
      if (badKey) return [...path, badKey[0].replaceAll('\u0000', '\\u0000')];
      for (let index = entries.length - 1; index >= 0; index--) pending.push({ value: entries[index][1], path: [...path, entries[index][0]] });
    }
  }
  return undefined;
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  // The request schemas have no asynchronous refinement, so they are parsed synchronously:
  // zValidator's default, safeParseAsync, costs every request a chain of promises. (Its option
  // types the result with zod 3's names, hence the cast; the value is zod 4's own result.)
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      if (target === 'json' && !JSON_TYPE.test(c.req.header('content-type') ?? '')) return c.json({ message: NOT_JSON }, 415);
      // A query parameter given twice reaches the schema as a list ("expected number, received NaN"): say what happened.
      const name = String(result.error.issues[0].path[0] ?? '');
      const given = target === 'query' && name ? (c.req.queries(name)?.length ?? 0) : 0;
      if (given > 1) return c.json({ message: `${name}: Give ${name} once (it was given ${given} times)` }, 400);
      return c.json({ message: describe(result.error.issues[0]) }, 400);
    }
    const nul = pathOfNul(result.data);
    if (nul) return c.json({ message: nul.length > 0 ? `${nul.join('.')}: ${NUL_IN_TEXT}` : NUL_IN_TEXT }, 400);
  }, { validationFunction: (parsed, value) => parsed.safeParse(value) as never });
}
