// /api/investments: a user's and a project's investments, and the verified invest write.
import * as contract from '@marquee/api-contract';
import { VERIFIED_WRITE, ApiRoutes, get, post } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { fail } from '../errors.ts';
import { listAnswer } from '../page-cursor.ts';
import type { KeysetPage } from '../../db/keyset.ts';
import { investmentBody, pageQuery, projectIdParams, userIdParams } from '../schemas.ts';
import { investments } from '../../db/index.ts';
import { getProject } from '../../read-models/projects.ts';
import { listInvestments, pageInvestments } from '../shapes.ts';
import { projectOfWrite, verifiedEvents } from '../verify.ts';
import { chainAddressOfUser } from '../known-user.ts';

export function investmentRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get('/user/{userId}', "A user's investments with their project, newest first", {
        params: userIdParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/investments/user/{userId}'],
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const chainAddress = await chainAddressOfUser(ctx.db, c.req.valid('param').userId);
        const origin = c.get('publicOrigin');
        const withProjects = async (list: Awaited<ReturnType<typeof listInvestments>>) => {
          const result = [];
          for (const investment of list) result.push({ ...investment, project: await getProject(ctx, origin, now(), investment.projectId) });
          return result;
        };
        const list = async () => withProjects(await listInvestments(ctx, { investor: chainAddress }));
        const pageOf = async (page: KeysetPage) => {
          const found = await pageInvestments(ctx, { investor: chainAddress }, page);
          return { rows: await withProjects(found.rows), next: found.next };
        };
        return c.json(await listAnswer(c.req.valid('query'), investments.INVESTMENT_ORDER, list, pageOf));
      },
    )
    .endpoint(
      get('/project/{projectId}', "A project's investments, newest first", {
        params: projectIdParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/investments/project/{projectId}'],
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const { projectId } = c.req.valid('param');
        if (!(await getProject(ctx, c.get('publicOrigin'), now(), projectId))) fail(404, 'Project not found');
        const list = () => listInvestments(ctx, { projectId });
        return c.json(await listAnswer(c.req.valid('query'), investments.INVESTMENT_ORDER, list, (page) => pageInvestments(ctx, { projectId }, page)));
      },
    )
    .endpoint(
      post('/', 'Record an investment after verifying its invest transaction', {
        middleware: [signedWrite('txVerifications')],
        body: investmentBody,
        response: contract.investmentWithProject,
        status: 201,
        errors: { ...VERIFIED_WRITE, ...SIGNED_WRITE },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const origin = c.get('publicOrigin');
        const body = c.req.valid('json');
        const project = await projectOfWrite(ctx, origin, now, body.projectId, body.txHash, ['Invested']);
        const [event] = await verifiedEvents(ctx, body.txHash, ['Invested'], (e) => e.data.project === project.address);
        const [investment] = await listInvestments(ctx, { event });
        return c.json({ ...investment, project: await getProject(ctx, origin, now(), body.projectId) }, 201);
      },
    );
}
