// /api/analytics: charts' data from the indexed chain — platform-wide, per film, and per wallet.
import { Hono } from 'hono';
import { analytics, users } from '../../db/index.ts';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { nextCursor, requestedPage } from '../page-cursor.ts';
import { pageQuery, projectIdParams, userIdParams } from '../schemas.ts';
import { validate } from '../validate.ts';

export function analyticsRoutes() {
  return new Hono<AppEnv>()
    .get('/platform', validate('query', pageQuery), async (c) => {
      const page = requestedPage(c.req.valid('query'), analytics.PLATFORM_FILM_ORDER);
      if (!page) return c.json(await analytics.platformAnalytics(c.var.cluster.db));
      const { projects, ...figures } = await analytics.platformAnalyticsPage(c.var.cluster.db, page);
      return c.json({ ...figures, projects: projects.rows, nextCursor: nextCursor(analytics.PLATFORM_FILM_ORDER, projects) });
    })
    .get('/projects/:projectId', validate('param', projectIdParams), async (c) => {
      const figures = await analytics.projectAnalytics(c.var.cluster.db, c.req.valid('param').projectId);
      if (!figures) fail(404, 'Project not found');
      return c.json(figures);
    })
    .get('/wallet/:userId', validate('param', userIdParams), async (c) => {
      const { chainAddress } = await users.resolveUser(c.var.cluster.db, c.req.valid('param').userId);
      if (!chainAddress) fail(404, 'User not found');
      return c.json(await analytics.walletAnalytics(c.var.cluster.db, chainAddress));
    });
}
