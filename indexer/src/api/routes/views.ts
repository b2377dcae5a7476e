// /api/views: the embed player asks for a play nonce when it starts (naming the campaign whose ad it
// served), and reports the view after it stayed visible long enough. One view per nonce, registered
// embeds only, per-IP and per-embed limits; counted views wait in the views table for the settlement job, which
// pays them from their campaign.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, post } from '../openapi.ts';
import { randomBytes } from 'node:crypto';
import { chainSeconds } from '../../cluster.ts';
import type { ViewRules } from '../context.ts';
import { fail } from '../errors.ts';
import { nonceBody, viewBody } from '../schemas.ts';
import { countingProblem } from '../../player/counting.ts';
import { embeds, views, type Executor } from '../../db/index.ts';
import { checkServedCampaign } from '../../player/ads.ts';
import { getProject } from '../../read-models/projects.ts';

async function findEmbed(db: Executor, projectId: number, embedId: string) {
  const embed = await embeds.findEmbed(db, projectId, embedId);
  if (!embed) fail(404, 'Embed not found: register the embed before playing it');
  return embed;
}

/** Plays count only on the embed's registered website, verified by its publisher. */
async function requireCountingWebsite(db: Executor, embed: { publisher: string; website_url: string }, website: string | undefined) {
  const problem = await countingProblem(db, embed, website ?? null);
  if (problem) fail(403, problem);
}

export function viewRoutes(now: () => number, rules: ViewRules) {
  return new ApiRoutes()
    .endpoint(
      post('/nonce', 'A play nonce for one view of a registered embed', {
        body: nonceBody,
        response: contract.playNonce,
        status: 201,
        errors: { 429: 'rate limited: 60 play nonces per client address, or 900 per embed, a minute' },
      }),
      async (c) => {
        const { db } = c.var.cluster;
        const { projectId, embedId, campaign } = c.req.valid('json');
        const embed = await findEmbed(db, projectId, embedId);
        await requireCountingWebsite(db, embed, c.req.valid('json').website);
        if (campaign) {
          const film = await getProject(c.var.cluster, new URL(c.req.url).origin, now(), projectId);
          if (!film) fail(404, 'Project not found');
          const problem = await checkServedCampaign(
            db,
            campaign,
            { address: film.address, genres: film.genres, filmTitle: film.title },
            chainSeconds(c.var.cluster, now),
          );
          if (problem) fail(400, problem);
        }
        const issuedAt = now();
        const recent = await views.noncesIssuedSince(db, c.var.clientIp, issuedAt - rules.windowMs);
        if (recent >= rules.maxNoncesPerIp) fail(429, 'Too many plays from this address; try again in a minute');
        const embedRecent = await views.noncesIssuedForEmbedSince(db, embed.address, issuedAt - rules.windowMs);
        if (embedRecent >= rules.maxNoncesPerEmbed) fail(429, 'Too many plays of this embed; try again in a minute');
        await views.dropExpiredNonces(db, issuedAt - rules.nonceTtlMs);
        const nonce = randomBytes(16).toString('hex');
        await views.insertNonce(db, { nonce, embed: embed.address, ip: c.var.clientIp, issuedAt, campaign: campaign ?? null });
        return c.json({ nonce, issuedAt: new Date(issuedAt).toISOString(), minWatchMs: rules.minWatchMs }, 201);
      },
    )
    .endpoint(
      post('/', 'Report a view (one per play nonce)', {
        body: viewBody,
        response: contract.viewReport,
        errors: { 404: 'unregistered embed or unknown play nonce', 429: 'rate limited: 20 counted views per client address, or 300 per embed, a minute' },
      }),
      async (c) => {
        const { db } = c.var.cluster;
        const body = c.req.valid('json');
        const embed = await findEmbed(db, body.projectId, body.embedId);
        const reportedAt = now();
        const play = await views.findNonce(db, body.nonce);
        // A nonce this server never issued for the embed names nothing: 404, like an unregistered embed.
        if (!play || play.embed !== embed.address) fail(404, 'Unknown play nonce for this embed');
        if (play.used_at !== null) return c.json({ counted: false, reason: 'This play was already counted' });
        if (reportedAt - play.issued_at > rules.nonceTtlMs) return c.json({ counted: false, reason: 'The play nonce expired' });
        if (reportedAt - play.issued_at < rules.minWatchMs) {
          return c.json({ counted: false, reason: `The player must stay visible for ${rules.minWatchMs / 1000} s` });
        }
        const recent = await views.viewsCountedSince(db, c.var.clientIp, reportedAt - rules.windowMs);
        if (recent >= rules.maxViewsPerIp) fail(429, 'Too many views from this address; try again in a minute');
        const embedRecent = await views.viewsCountedForEmbedSince(db, embed.address, reportedAt - rules.windowMs);
        if (embedRecent >= rules.maxViewsPerEmbed) fail(429, 'Too many views of this embed; try again in a minute');
        const counted = await views.countView(db, {
          nonce: body.nonce,
          projectId: embed.project_id,
          embed: embed.address,
          ip: c.var.clientIp,
          countedAt: reportedAt,
        });
        return c.json(counted ? { counted: true } : { counted: false, reason: 'This play was already counted' });
      },
    );
}
