// /api/views: the embed player reports the view of a play after it stayed visible long enough,
// presenting the signed ticket of the ad it served (player/ticket.ts: the server chose the campaign
// and bound the embed's origin into it when the viewer pressed Play). The ticket is the play: its
// random id is unique among the views (one view per ticket), its issue time starts the watch, and it
// buys nothing after it expires. Registered embeds on their verified website only, limits by address
// group with fair shares per embed (player/view-limits.ts); counted views wait in the views table
// for the settlement job, which pays them from the ticket's campaign. On the demo cluster only, an embed's publisher may ask for the
// ticket its player on its own website would get (the dApp's Simulate View): play money, its own embed.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, post } from '../openapi.ts';
import type { ViewRules } from '../context.ts';
import { fail } from '../errors.ts';
import { demoTicketBody, viewBody } from '../schemas.ts';
import { countingProblem } from '../../player/counting.ts';
import type { TicketSigner } from '../../player/ticket.ts';
import { checkedTicket, countAtFirstSight, firstSightTried, reportedPlay } from '../../player/first-sight.ts';
import { limitProblem } from '../../player/view-limits.ts';
import { embeds, users, views, type Executor } from '../../db/index.ts';
import { AD_TICKET_TTL_MS, DEFAULT_CLUSTER } from '../../constants.ts';
import { chainSeconds } from '../../cluster.ts';
import { requireSession } from '../../auth/guard.ts';
import { adForSlot } from '../../player/ads.ts';
import { originOf } from '../../origin.ts';
import { getProject } from '../../read-models/projects.ts';

/** The played embed, by film, embed id and publisher (one embed id of two publishers, unnamed, is none), with its publisher's verified websites. */
async function findEmbed(db: Executor, projectId: number, embedId: string, publisher?: string) {
  const embed = await embeds.findEmbedWithVerifiedOrigins(db, projectId, embedId, publisher);
  if (!embed) fail(404, publisher ? "Embed not found: this publisher registered no embed of this id" : 'Embed not found: register the embed before playing it');
  return embed;
}

export function viewRoutes(now: () => number, rules: ViewRules, tickets: TicketSigner) {
  return new ApiRoutes()
    .endpoint(
      post('/demo-ticket', "Demo cluster only: the ad and ticket the player on the embed's own website would get, for the embed's signed-in publisher (Simulate View)", {
        body: demoTicketBody,
        response: contract.ad,
        errors: { 401: 'not signed in', 403: "not the embed's publisher", 404: 'not the demo cluster, or an unregistered embed' },
      }),
      async (c) => {
        const cluster = c.var.cluster;
        if (cluster.name !== DEFAULT_CLUSTER) fail(404, 'Simulated plays exist on the demo cluster only');
        const session = await requireSession(c);
        const body = c.req.valid('json');
        const { chainAddress } = await users.resolveUser(cluster.db, session.walletAddress);
        // The session's own embed of this id (another publisher's of the same id is not its to play).
        const own = await embeds.findEmbedWithVerifiedOrigins(cluster.db, body.projectId, body.embedId, chainAddress);
        const embed = own ?? (await findEmbed(cluster.db, body.projectId, body.embedId));
        if (embed.publisher !== session.walletAddress && embed.publisher !== chainAddress) fail(403, "Only the embed's publisher can simulate its views");
        const film = await getProject(cluster, new URL(c.req.url).origin, now(), body.projectId);
        const origin = originOf(embed.website_url);
        if (!film || !origin) fail(404, 'Project not found');
        const ad = await adForSlot(cluster.db, body.slot, { address: film.address, genres: film.genres, filmTitle: film.title }, chainSeconds(cluster, now));
        const issuedAt = now();
        const ticket = tickets.issueTicket({
          campaign: ad.campaign,
          projectId: body.projectId,
          cluster: cluster.name,
          embed: body.embedId,
          publisher: embed.publisher,
          slot: body.slot,
          origin,
          issuedAt,
          expiresAt: issuedAt + AD_TICKET_TTL_MS,
        });
        return c.json({ ...ad, ticket });
      },
    )
    .endpoint(
      post('/', "Report the view of a play: the ticket of the ad the player served (one view per ticket)", {
        body: viewBody,
        response: contract.viewReport,
        errors: {
          400: 'a ticket for another film or embed',
          403: "a forged or expired ticket, or the ticket's origin is not the embed's verified website",
          404: 'unregistered embed',
          429: 'rate limited: counted views per address group (IPv4 address, IPv6 /64), per IPv4 /24, or beyond the fair share of an embed at its cap, a minute',
        },
      }),
      async (c) => {
        const { db, name } = c.get('cluster');
        const body = c.req.valid('json');
        const reportedAt = now();
        const checked = checkedTicket(tickets, body, name, reportedAt);
        if ('status' in checked) fail(checked.status, checked.message);
        const { ticket, publisher } = checked;
        const reported = reportedPlay(ticket, c.get('clientIp'), reportedAt, rules);
        const { groups, limits, play } = reported;
        // Most reports break no rule: one statement checks them all and counts the view. Any other
        // is taken rule by rule below, which says the first it breaks.
        // (Unless the play lane already ran that statement for this request: it counted nothing.)
        if (!firstSightTried(c.req.raw) && (await countAtFirstSight(db, { projectId: body.projectId, embedId: body.embedId, publisher, ticket }, reported, rules.minWatchMs))) {
          return c.json({ counted: true });
        }
        const embed = await findEmbed(db, body.projectId, body.embedId, publisher);
        const problem = countingProblem(embed, ticket.origin);
        if (problem) fail(403, problem);
        if (reportedAt - ticket.issuedAt < rules.minWatchMs) {
          return c.json({ counted: false, reason: `The player must stay visible for ${rules.minWatchMs / 1000} s` });
        }
        const limited = await limitProblem(db, { embed: embed.address, groups }, limits);
        if (limited) fail(429, limited);
        const counted = await views.countView(db, { ...play, projectId: embed.project_id, embed: embed.address });
        return c.json(counted ? { counted: true } : { counted: false, reason: 'This play was already counted' });
      },
    );
}
