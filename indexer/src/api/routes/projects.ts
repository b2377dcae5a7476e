// /api/projects: the catalogue (spec: all, featured, one) and the licence-claim status write. The
// list is filtered, sorted and paginated in the database (marketplace at scale, docs/API.md).
import * as contract from '@marquee/api-contract';
import { VERIFIED_WRITE, ApiRoutes, get, put } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { DEFAULT_PAGE_LIMIT } from '../../constants.ts';
import { projects } from '../../db/index.ts';
import { fail } from '../errors.ts';
import { decodeCursor, encodeCursor } from '../page-cursor.ts';
import { featuredQuery, idParams, projectListQuery, projectStatusBody } from '../schemas.ts';
import { getProject, listProjects, projectShape } from '../../read-models/projects.ts';
import { cachedRead, holdsUntil } from '../read-cache.ts';
import { projectOfWrite, verifiedEvents } from '../verify.ts';

/** Verified studios' films first among films of the same status (the verification benefit "higher in featured lists"). */
const verifiedRank = (project: { studioVerified: boolean }) => (project.studioVerified ? 0 : 1);

export function projectRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get(
        '/',
        'Projects (spec Project shape): every match as Project[]; with limit or cursor one page { items: Project[], nextCursor: string or null, total: number }',
        { middleware: [cachedRead], query: projectListQuery, response: contract.projectList },
      ),
      async (c) => {
        const query = c.req.valid('query');
        const ctx = c.var.cluster;
        const origin = c.get('publicOrigin');
        const nowMs = now();
        const filter = { studio: query.studio, status: query.status, q: query.q ?? query.search, nowMs };
        const sort = query.sort ?? 'newest';
        // Without limit or cursor: the spec's plain array of every match.
        if (query.limit === undefined && query.cursor === undefined) {
          holdsUntil(c, await projects.nextStatusChangeMs(ctx.db, nowMs));
          return c.json(await listProjects(ctx, origin, nowMs, filter, sort));
        }
        const after = query.cursor ? decodeCursor(query.cursor, sort) : null;
        // At once: on PostgreSQL each is a wait for the server, and a loaded machine makes every wait long.
        const [statusChangeMs, page] = await Promise.all([
          projects.nextStatusChangeMs(ctx.db, nowMs),
          projects.pageProjects(ctx.db, filter, sort, query.limit ?? DEFAULT_PAGE_LIMIT, after),
        ]);
        holdsUntil(c, statusChangeMs);
        return c.json({
          items: page.rows.map((row) => projectShape(row, ctx, origin, nowMs)),
          nextCursor: page.next && encodeCursor(page.next),
          total: page.total,
        });
      },
    )
    .endpoint(
      get('/featured', 'Featured projects, funding first', { middleware: [cachedRead], query: featuredQuery, response: contract.featuredProjects }),
      async (c) => {
        const { limit } = c.req.valid('query');
        const nowMs = now();
        holdsUntil(c, await projects.nextStatusChangeMs(c.var.cluster.db, nowMs));
        const rank = (status: string) => (status === 'funding' ? 0 : status === 'funded' ? 1 : 2);
        const list = (await listProjects(c.var.cluster, c.get('publicOrigin'), nowMs))
          .sort(
            (a, b) =>
              rank(a.status) - rank(b.status) || verifiedRank(a) - verifiedRank(b) || b.currentFunding / b.fundingGoal - a.currentFunding / a.fundingGoal,
          )
          .slice(0, limit);
        return c.json(list);
      },
    )
    .endpoint(
      get('/{id}', 'One project', { middleware: [cachedRead], params: idParams, response: contract.project, errors: { 404: 'Project not found' } }),
      async (c) => {
        const nowMs = now();
        holdsUntil(c, await projects.nextStatusChangeMs(c.var.cluster.db, nowMs));
        const project = await getProject(c.var.cluster, c.get('publicOrigin'), nowMs, c.req.valid('param').id);
        if (!project) fail(404, 'Project not found');
        return c.json(project);
      },
    )
    .endpoint(
      put('/{id}/status', 'Mark funded after verifying the claim_license (or goal-reaching invest) transaction', {
        middleware: [signedWrite('txVerifications')],
        params: idParams,
        body: projectStatusBody,
        response: contract.project,
        errors: { ...VERIFIED_WRITE, ...SIGNED_WRITE },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const origin = c.get('publicOrigin');
        const { id } = c.req.valid('param');
        const expected = ['LicenseClaimed', 'Invested'];
        const before = await projectOfWrite(ctx, origin, now, id, c.req.valid('json').txHash, expected);
        // The project is funded by the licence claim, or by the investment that reached the goal.
        await verifiedEvents(
          ctx,
          c.req.valid('json').txHash,
          expected,
          (event) => event.data.project === before.address && (event.name === 'LicenseClaimed' || event.data.status_after === 'funded'),
        );
        return c.json((await getProject(ctx, origin, now(), id))!);
      },
    );
}
