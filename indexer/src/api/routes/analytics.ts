// /api/analytics: charts' data from the indexed chain — platform-wide, per film, and per wallet.
import { createRoute } from '@hono/zod-openapi';
import * as contract from '@marquee/api-contract';
import { ApiRoutes, json } from '../openapi.ts';
import { analytics, users } from '../../db/index.ts';
import { fail } from '../errors.ts';
import { nextCursor, requestedPage } from '../page-cursor.ts';
import { pageQuery, projectIdParams, userIdParams } from '../schemas.ts';

export function analyticsRoutes() {
  return new ApiRoutes()
    .endpoint(
      createRoute({
        method: 'get',
        path: '/platform',
        summary: 'Funding over time, views and revenue per day, the split, per film (the per-film list paginated)',
        request: { query: pageQuery },
        responses: { 200: json(contract.LIST_RESPONSES['/api/analytics/platform']) },
      }),
      async (c) => {
        const page = requestedPage(c.req.valid('query'), analytics.PLATFORM_FILM_ORDER);
        if (!page) return c.json(await analytics.platformAnalytics(c.var.cluster.db));
        const { projects, ...figures } = await analytics.platformAnalyticsPage(c.var.cluster.db, page);
        return c.json({ ...figures, projects: projects.rows, nextCursor: nextCursor(analytics.PLATFORM_FILM_ORDER, projects) });
      },
    )
    .endpoint(
      createRoute({
        method: 'get',
        path: '/projects/{projectId}',
        summary: "One film's funding over time, views and revenue per day, split",
        request: { params: projectIdParams },
        responses: { 200: json(contract.projectAnalytics) },
      }),
      async (c) => {
        const figures = await analytics.projectAnalytics(c.var.cluster.db, c.req.valid('param').projectId);
        if (!figures) fail(404, 'Project not found');
        return c.json(figures);
      },
    )
    .endpoint(
      createRoute({
        method: 'get',
        path: '/wallet/{userId}',
        summary: "A wallet's invested, earned and claimed amounts over time",
        request: { params: userIdParams },
        responses: { 200: json(contract.walletAnalytics) },
      }),
      async (c) => {
        const { chainAddress } = await users.resolveUser(c.var.cluster.db, c.req.valid('param').userId);
        if (!chainAddress) fail(404, 'User not found');
        return c.json(await analytics.walletAnalytics(c.var.cluster.db, chainAddress));
      },
    );
}
