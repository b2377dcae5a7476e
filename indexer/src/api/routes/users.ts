// /api/users: a user is a wallet. Registration is idempotent per wallet; ids are per cluster.
import { Hono } from 'hono';
import { users } from '../../db/index.ts';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { userBody, userIdParams } from '../schemas.ts';
import { userShape } from '../shapes.ts';
import { validate } from '../validate.ts';

export function userRoutes(now: () => number) {
  return new Hono<AppEnv>()
    .post('/', validate('json', userBody), async (c) => {
      const body = c.req.valid('json');
      const user = await users.registerUser(c.var.cluster.db, body.walletAddress, body, now());
      return c.json(userShape(user));
    })
    .get('/:userId', validate('param', userIdParams), async (c) => {
      const { user } = await users.resolveUser(c.var.cluster.db, c.req.valid('param').userId);
      if (!user) fail(404, 'User not found');
      return c.json(userShape(user));
    });
}
