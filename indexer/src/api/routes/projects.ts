// /api/projects: the catalogue (spec: all, featured, one) and the licence-claim status write.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { featuredQuery, idParams, projectListQuery, projectStatusBody } from '../schemas.ts';
import { getProject, listProjects } from '../shapes.ts';
import { validate } from '../validate.ts';
import { projectOfWrite, verifiedEvents } from '../verify.ts';

/** Verified studios' films first (the verification benefit "higher in search and featured"). */
const verifiedRank = (project: { studioVerified: boolean }) => (project.studioVerified ? 0 : 1);

export function projectRoutes(now: () => number) {
  return new Hono<AppEnv>()
    .get('/', validate('query', projectListQuery), (c) => {
      const { status, search, studio } = c.req.valid('query');
      const where = studio ? 'WHERE s.address = ? OR p.studio = ?' : '';
      let projects = listProjects(c.var.cluster, new URL(c.req.url).origin, now(), where, studio ? [studio, studio] : []);
      if (status && status !== 'all') projects = projects.filter((project) => project.status === status);
      if (search) {
        const needle = search.toLowerCase();
        projects = projects
          .filter((project) => [project.title, project.description, project.directorName].some((text) => text.toLowerCase().includes(needle)))
          // Verified studios rank higher in search (a stable sort keeps newest first among equals).
          .sort((a, b) => verifiedRank(a) - verifiedRank(b));
      }
      return c.json(projects);
    })
    .get('/featured', validate('query', featuredQuery), (c) => {
      const { limit } = c.req.valid('query');
      const rank = (status: string) => (status === 'funding' ? 0 : status === 'funded' ? 1 : 2);
      const projects = listProjects(c.var.cluster, new URL(c.req.url).origin, now())
        .sort(
          (a, b) =>
            rank(a.status) - rank(b.status) || verifiedRank(a) - verifiedRank(b) || b.currentFunding / b.fundingGoal - a.currentFunding / a.fundingGoal,
        )
        .slice(0, limit);
      return c.json(projects);
    })
    .get('/:id', validate('param', idParams), (c) => {
      const project = getProject(c.var.cluster, new URL(c.req.url).origin, now(), c.req.valid('param').id);
      if (!project) fail(404, 'Project not found');
      return c.json(project);
    })
    .put('/:id/status', validate('param', idParams), validate('json', projectStatusBody), async (c) => {
      const ctx = c.var.cluster;
      const origin = new URL(c.req.url).origin;
      const { id } = c.req.valid('param');
      const expected = ['LicenseClaimed', 'Invested'];
      const before = await projectOfWrite(ctx, origin, now, id, c.req.valid('json').txHash, expected);
      // The project is funded by the licence claim, or by the investment that reached the goal.
      await verifiedEvents(
        ctx,
        c.req.valid('json').txHash,
        expected,
        (event) =>
          event.data.project === before.address && (event.name === 'LicenseClaimed' || event.data.status_after === 'funded'),
      );
      return c.json(getProject(ctx, origin, now(), id)!);
    });
}
