// /api/embeds: registered embeds (verified register_embed transactions) and their listing.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { embedBody, embedListQuery } from '../schemas.ts';
import { listEmbeds, resolveUser } from '../shapes.ts';
import { validate } from '../validate.ts';
import { projectOfWrite, verifiedEvents } from '../verify.ts';

export function embedRoutes(now: () => number) {
  return new Hono<AppEnv>()
    .post('/', validate('json', embedBody), async (c) => {
      const ctx = c.var.cluster;
      const origin = new URL(c.req.url).origin;
      const body = c.req.valid('json');
      const project = await projectOfWrite(ctx, origin, now, body.projectId, body.txHash, ['EmbedRegistered']);
      const [event] = await verifiedEvents(
        ctx,
        body.txHash,
        ['EmbedRegistered'],
        (e) => e.data.project === project.address && e.data.embed_id === body.embedId,
      );
      const [embed] = listEmbeds(ctx, origin, 'WHERE address = ?', [event.data.embed]);
      return c.json(embed, 201);
    })
    .get('/', validate('query', embedListQuery), (c) => {
      const ctx = c.var.cluster;
      const { projectId, publisher } = c.req.valid('query');
      const clauses: string[] = [];
      const params: unknown[] = [];
      if (projectId !== undefined) {
        clauses.push('project_id = ?');
        params.push(projectId);
      }
      if (publisher) {
        clauses.push('publisher = ?');
        params.push(resolveUser(ctx.db, publisher).chainAddress);
      }
      const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
      return c.json(listEmbeds(ctx, new URL(c.req.url).origin, where, params));
    });
}
