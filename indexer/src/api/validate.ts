// zValidator with the API's error format: the first issue becomes `{ message }` with status 400.
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';

function describe(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String).join('.');
  if (path && issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${path} is required`;
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ message: describe(result.error.issues[0]) }, 400);
  });
}
