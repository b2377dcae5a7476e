// /api/analytics: charts' data from the indexed chain — platform-wide, per film, and per wallet.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, get } from '../openapi.ts';
import { analytics } from '../../db/index.ts';
import { fail } from '../errors.ts';
import { nextCursor, requestedPage } from '../page-cursor.ts';
import { pageQuery, projectIdParams, userIdParams } from '../schemas.ts';
import { chainAddressOfUser } from '../known-user.ts';

export function analyticsRoutes() {
  return new ApiRoutes()
    .endpoint(
      get('/platform', 'Funding over time, views and revenue per day, the split, per film (the per-film list paginated)', {
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/analytics/platform'],
      }),
      async (c) => {
        const page = requestedPage(c.req.valid('query'), analytics.PLATFORM_FILM_ORDER);
        if (!page) return c.json(await analytics.platformAnalytics(c.var.cluster.db));
        const { projects, ...figures } = await analytics.platformAnalyticsPage(c.var.cluster.db, page);
        return c.json({ ...figures, projects: projects.rows, nextCursor: nextCursor(analytics.PLATFORM_FILM_ORDER, projects) });
      },
    )
    .endpoint(
      get('/projects/{projectId}', "One film's funding over time, views and revenue per day, split", {
        params: projectIdParams,
        response: contract.projectAnalytics,
      }),
      async (c) => {
        const figures = await analytics.projectAnalytics(c.var.cluster.db, c.req.valid('param').projectId);
        if (!figures) fail(404, 'Project not found');
        return c.json(figures);
      },
    )
    .endpoint(
      get('/wallet/{userId}', "A wallet's invested, earned and claimed amounts over time", { params: userIdParams, response: contract.walletAnalytics }),
      async (c) => {
        const chainAddress = await chainAddressOfUser(c.var.cluster.db, c.req.valid('param').userId);
        return c.json(await analytics.walletAnalytics(c.var.cluster.db, chainAddress));
      },
    );
}
