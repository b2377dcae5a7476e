// The embed host's routes outside /api (short URLs for the snippet): the player page, its script,
// the snippet's loader, and the ad of each slot (ads.ts picks it) with its signed ticket
// (ticket.ts). Views of a page count only for a registered embed played on its website, as the
// browser's request for the page says it (never as the page's query says it).
import * as contract from '@marquee/api-contract';
import type { Context } from 'hono';
import { ApiRoutes, media, get } from '../api/openapi.ts';
import { randomBytes } from 'node:crypto';
import { AD_TICKET_TTL_MS, LAMPORTS_PER_USD, MIN_VIEW_WATCH_MS, PLAYER_PAGE_TOKEN_TTL_MS, REVENUE_PER_VIEW_LAMPORTS } from '../constants.ts';
import { chainSeconds, type ClusterContext } from '../cluster.ts';
import { playerCsp } from '../api/security-headers.ts';
import { getProject } from '../read-models/projects.ts';
import { adsAmong, type Ad, type AdFilm } from './ads.ts';
import { browserScript } from './bundle.ts';
import type { PlayerPageConfig } from './client.ts';
import { AD_SLOTS, SAMPLE_DURATION_SECONDS, parseAdSlots, playedSlot, type AdSlot } from './machine.ts';
import { playerPage } from './page.ts';
import { countingProblem } from './counting.ts';
import { originOf } from '../origin.ts';
import { embeddingOrigin } from './website.ts';
import { frameAncestors, framingOrigins, framingRefusal } from './framing.ts';
import type { PageToken, TicketSigner } from './ticket.ts';
import { campaigns, embeds } from '../db/index.ts';
import { playerAdParams, playerAdQuery, playerAdsQuery, playerQuery, projectIdParams } from '../api/schemas.ts';

/** A slot's ad is chosen anew at every Play (a campaign may have paused since): never kept by a cache. */
export const AD_CACHE_CONTROL = 'no-store';

const SCRIPT_HEADERS = { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=300' };

/** The ad with a fresh ticket for `page`'s embed and origin (none without a page). */
function ticketed(tickets: TicketSigner, ad: Ad, page: Omit<PageToken, 'kind' | 'expiresAt'> | null, nowMs: number): Ad {
  if (!page) return ad;
  const { projectId, cluster, embed, publisher, origin } = page;
  const expiresAt = nowMs + AD_TICKET_TTL_MS;
  const ticket = tickets.issueTicket({ campaign: ad.campaign, projectId, cluster, embed, publisher, slot: ad.slot, origin, issuedAt: nowMs, expiresAt });
  return { ...ad, ticket };
}

/**
 * Each of `slots`' ad among the `running` campaigns, and on the ad the play pays for (playedSlot)
 * a fresh ticket for `page`'s embed and origin (none without a page): the player page's ads and
 * those at Play alike.
 */
function adsOfPlay(
  tickets: TicketSigner,
  play: { running: readonly campaigns.CampaignWithDetails[]; film: AdFilm; slots: readonly AdSlot[]; chainNow: number },
  page: Omit<PageToken, 'kind' | 'expiresAt'> | null,
  nowMs: number,
): Partial<Record<AdSlot, Ad>> {
  const ads = adsAmong(play.running, play.slots, play.film, play.chainNow);
  const played = playedSlot(play.slots, ads);
  if (played) ads[played] = ticketed(tickets, ads[played]!, page, nowMs);
  return ads;
}

/**
 * The ads of a film's `slots` for the player at Play: each slot's ad, and a fresh ticket, for the
 * page's embed and origin, on the ad the play pays for (playedSlot) — none without the page's token,
 * or with another film's or cluster's. Undefined for a film the cluster does not have. What
 * GET /player/{projectId}/ads answers (the play lane's too, play-lane.ts), and, for one slot,
 * GET /player/{projectId}/ads/{slot}.
 */
export async function playAds(
  tickets: TicketSigner,
  cluster: ClusterContext,
  request: { projectId: number; slots: readonly AdSlot[]; page: string | undefined },
  now: () => number,
): Promise<Partial<Record<AdSlot, Ad>> | undefined> {
  const { projectId, slots } = request;
  // Only what campaigns are matched against (the film's account, title and genres) and the running campaigns.
  const target = await campaigns.adTarget(cluster.db, projectId);
  if (!target) return undefined;
  const film: AdFilm = { address: target.film.address, genres: target.film.genres, filmTitle: target.film.title };
  const nowMs = now();
  // The page's token says which embed and origin the page was served for; one of another
  // film or cluster gets no ticket.
  const page = tickets.verifyPage(request.page, nowMs);
  const forThisPage = page && page.projectId === projectId && page.cluster === cluster.name ? page : null;
  return adsOfPlay(tickets, { running: target.running, film, slots, chainNow: chainSeconds(cluster, now) }, forThisPage, nowMs);
}

/** The ad of one slot (playAds of that slot alone: its ad is the play's). */
export async function playAd(
  tickets: TicketSigner,
  cluster: ClusterContext,
  request: { projectId: number; slot: AdSlot; page: string | undefined },
  now: () => number,
): Promise<Ad | undefined> {
  return (await playAds(tickets, cluster, { projectId: request.projectId, slots: [request.slot], page: request.page }, now))?.[request.slot];
}

/** `ownOrigins`: Marquee's public origins (the dApp's), which may always frame the player. */
export function playerRoutes(options: {
  clusters: Map<string, ClusterContext>;
  defaultCluster: string;
  now: () => number;
  tickets: TicketSigner;
  ownOrigins?: readonly string[];
}) {
  const { tickets } = options;
  return (
    new ApiRoutes()
      .endpoint(
        get('/player.js', "The player page's script (the state machine of pre-roll, film, mid-roll and overlay)", {
          response: media('text/javascript', 'the script'),
        }),
        (c) => c.body(browserScript('player'), 200, SCRIPT_HEADERS),
      )
      .endpoint(
        get('/loader.js', "The embed snippet's loader: initialises each queued player (container, projectId, adUnit, website)", {
          response: media('text/javascript', 'the script'),
        }),
        (c) => c.body(browserScript('loader'), 200, SCRIPT_HEADERS),
      )
      .endpoint(
        get('/catalogue.js', 'The Auto-List loader: lists the funded catalogue of its data-key on the page', {
          response: media('text/javascript', 'the script'),
        }),
        (c) => c.body(browserScript('catalogue'), 200, SCRIPT_HEADERS),
      )
      // The player asks for its slots' ads when the viewer presses Play (a campaign may have started,
      // paused or run out of budget since the page was served).
      .endpoint(
        get(
          '/{projectId}/ads',
          "The ads of the player's slots at Play, each a campaign's (video for pre-roll and mid-roll, display for the overlay) or the house ad (campaign null); only the ad the play pays for (the first slot a campaign filled, else the first slot) carries the play's ticket",
          { params: projectIdParams, query: playerAdsQuery, response: contract.playAds, errors: { 400: 'unknown slot or cluster', 404: 'Project not found' } },
        ),
        async (c) => {
          const cluster = options.clusters.get(c.req.query('cluster') ?? options.defaultCluster);
          if (!cluster) return unknownCluster(c, options.clusters);
          const projectId = Number(c.req.param('projectId'));
          const slots = parseAdSlots(c.req.query('slots'));
          const ads = Number.isSafeInteger(projectId) ? await playAds(tickets, cluster, { projectId, slots, page: c.req.query('page') }, options.now) : undefined;
          if (!ads) return c.json({ message: 'Project not found' }, 404);
          c.header('Cache-Control', AD_CACHE_CONTROL);
          return c.json({ ads });
        },
      )
      .endpoint(
        get(
          '/{projectId}/ads/{slot}',
          "One slot's ad for the player: a campaign's (video for pre-roll and mid-roll, display for the overlay) or the house ad (campaign null)",
          { params: playerAdParams, query: playerAdQuery, response: contract.ad, errors: { 400: 'unknown slot or cluster', 404: 'Project not found' } },
        ),
        async (c) => {
          const cluster = options.clusters.get(c.req.query('cluster') ?? options.defaultCluster);
          if (!cluster) return unknownCluster(c, options.clusters);
          const projectId = Number(c.req.param('projectId'));
          const slot = c.req.param('slot') as AdSlot;
          if (!AD_SLOTS.includes(slot)) return c.json({ message: `Unknown ad slot "${slot}" (known: ${AD_SLOTS.join(', ')})` }, 400);
          const ad = Number.isSafeInteger(projectId) ? await playAd(tickets, cluster, { projectId, slot, page: c.req.query('page') }, options.now) : undefined;
          if (!ad) return c.json({ message: 'Project not found' }, 404);
          c.header('Cache-Control', AD_CACHE_CONTROL);
          return c.json(ad);
        },
        ['params'],
      )
      // The query as /api/openapi.json documents it: an embed id longer than any registered one is a 400.
      .endpoint(
        get('/{projectId}', 'The embed player page (HTML): pre-roll ad, film, view reporting under the visibility rule', {
          params: projectIdParams,
          query: playerQuery,
          response: media('text/html', 'the player page'),
          errors: { 404: media('text/html', 'unknown project or cluster') },
        }),
        async (c) => {
          const name = c.req.query('cluster') ?? options.defaultCluster;
          const cluster = options.clusters.get(name);
          const projectId = Number(c.req.param('projectId'));
          const project =
            cluster && Number.isSafeInteger(projectId) ? await getProject(cluster, new URL(c.req.url).origin, options.now(), projectId) : undefined;
          if (!cluster || !project) return c.html('<!doctype html><title>Not found</title><p>Film not found.</p>', 404);
          const query = c.req.valid('query');
          const embedId = query.embed || null;
          // The embed is the chain's (film, publisher, embed id): the URL names the publisher. It
          // comes with its publisher's verified websites, where the page may be framed.
          const embed = embedId ? await embeds.findEmbedWithVerifiedOrigins(cluster.db, projectId, embedId, query.publisher) : undefined;
          // The page embedding the iframe, as the browser's request says it (Referer, Sec-Fetch-Site):
          // the only origin views can count for. The website the loader passed is shown, never counted.
          const origin = embeddingOrigin(c.req.header('referer'), c.req.header('sec-fetch-site'));
          const website = origin ?? originOf(query.website ?? '');
          const nowMs = options.now();
          const publisher = embed?.publisher ?? query.publisher;
          const page = embedId && origin ? { projectId, cluster: name, embed: embedId, ...(publisher ? { publisher } : {}), origin } : null;
          const own = [new URL(c.req.url).origin, ...(options.ownOrigins ?? [])];
          const allowed = await framingOrigins(cluster.db, { embed, publisher: query.publisher });
          const framedBy = originOf(c.req.header('referer') ?? '');
          const destination = c.req.header('sec-fetch-dest');
          const refusal = framingRefusal({ framedBy, destination, embedded: Boolean(embedId || query.publisher) }, allowed, own);
          const slots = parseAdSlots(c.req.query('slots'));
          const film: AdFilm = { address: project.address, genres: project.genres, filmTitle: project.title };
          const chainNow = chainSeconds(cluster, options.now);
          const ads = adsOfPlay(tickets, { running: await campaigns.servable(cluster.db, chainNow), film, slots, chainNow }, page, nowMs);
          const config: PlayerPageConfig = {
            projectId,
            title: project.title,
            cluster: name,
            embedId,
            publisher: publisher ?? null,
            website,
            refusal,
            notCounting: embedId ? notCountingReason(embed, origin, website) : null,
            pageToken: page ? tickets.signPage({ ...page, expiresAt: nowMs + PLAYER_PAGE_TOKEN_TTL_MS }) : null,
            slots,
            ads,
            videoUrl: project.videoUrl,
            sampleDurationSeconds: SAMPLE_DURATION_SECONDS,
            minVisibleMs: MIN_VIEW_WATCH_MS,
            revenuePerViewLamports: REVENUE_PER_VIEW_LAMPORTS,
            counters: { views: project.totalViews, revenueLamports: Math.round(project.totalRevenue * LAMPORTS_PER_USD) },
          };
          // The page's style and script carry a fresh nonce, for the player's Content-Security-Policy.
          const nonce = randomBytes(16).toString('base64');
          c.header('Content-Security-Policy', playerCsp(nonce, frameAncestors(own.slice(1), allowed)));
          return c.html(playerPage(config, project.thumbnailUrl, nonce));
        },
        ['params'],
      )
  );
}

/** The ads' answer to a cluster named that is none of `clusters` (as the API's other routes answer it). */
function unknownCluster(c: Context, clusters: Map<string, ClusterContext>): Response {
  return c.json({ message: `Unknown cluster "${c.req.query('cluster')}" (known: ${[...clusters.keys()].join(', ')})` }, 400);
}

/** Why views of this page will not count, or null when they will. */
function notCountingReason(embed: embeds.EmbedWithVerifiedOrigins | undefined, origin: string | null, website: string | null): string | null {
  if (!embed) return 'This embed is not registered: views are not counted';
  if (origin === null && website !== null) return `The browser did not say which page embeds this player: views of it are not counted on ${website}`;
  return countingProblem(embed, origin);
}
