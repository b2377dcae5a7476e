// The play lane: the two requests of every play, answered ahead of the app's layers when they are
// plainly well formed — the ads of the player's slots when the viewer presses Play (GET
// /player/{projectId}/ads, the play's ticket on the ad it pays for) and the view report that counts
// at first sight (POST /api/views). They are most of the API's traffic, and the layers every other
// request needs (the session, the cluster middleware, the routes' validators) took a quarter of a
// play's time for nothing (docs/PERFORMANCE.md, "Round 10").
// The lane answers with the functions the declared routes use (routes.ts playAds; first-sight.ts)
// and the headers the app's middleware would add. It takes the requests as the player's script
// sends them (requests.ts: each names the page's cluster), when the cluster named is the lane's.
// It stands in front of the app on a router of its own (`inFrontOf`): the app's router, with every
// route and layer of the API, spent 34–46 µs of a play's two requests finding the lane
// (docs/PERFORMANCE.md, "Round 12"). Anything else goes on to the declared routes, which answer it
// as documented and say what is wrong: a cookie, another cluster named, any other parameter, a body
// that is not small plain JSON, a value the routes' schemas refuse, a ticket that does not fit, a
// view the one statement does not count.
import { Hono, type Context, type ErrorHandler, type MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppEnv, ViewRules } from '../api/context.ts';
import { securityHeaderEntries, CROSS_ORIGIN_ANSWER_HEADER } from '../api/security-headers.ts';
import { playerAdsQuery, projectIdParams, viewBody } from '../api/schemas.ts';
import { declaredBodyLength, requestHeader, smallBodyText } from '../api/node-request.ts';
import { pathOfNul } from '../api/validate.ts';
import type { ClusterContext } from '../cluster.ts';
import { CLUSTER_HEADER, MAX_REQUEST_BODY_BYTES } from '../constants.ts';
import { checkedTicket, countAtFirstSight, markFirstSightTried, reportedPlay } from './first-sight.ts';
import { parseAdSlots } from './machine.ts';
import { AD_CACHE_CONTROL, playAds } from './routes.ts';
import type { TicketSigner } from './ticket.ts';

export interface PlayLaneOptions {
  /** The cluster a request naming none is for (the lane serves no other). */
  cluster: ClusterContext | undefined;
  tickets: TicketSigner;
  rules: ViewRules;
  now: () => number;
  /** Whether responses carry Strict-Transport-Security (the public URL is https). */
  hsts: boolean;
  /** The request's client address, as the app's middleware derives it. */
  clientOf: (c: Context<AppEnv>) => string;
}

/** Where the lane's two requests are sent (the declared routes' paths). */
export const ADS_PATH = '/player/:projectId/ads';
export const VIEWS_PATH = '/api/views';
/** The ads request's parameters besides `cluster`: the slots and the page's token. */
const ADS_QUERY = ['slots', 'page'] as const;
/** ADS_PATH or VIEWS_PATH, a parameter standing for one segment (and a trailing slash allowed): what goes through the lane's router at all. */
const LANE_PATH = new RegExp(`^(?:${[ADS_PATH, VIEWS_PATH].map((path) => path.replace(/:[^/]+/g, '[^/]+')).join('|')})/?$`);

/**
 * Headers that send a request down the declared routes: a session's cookie, or a cluster header
 * naming another cluster than the lane's (`cluster`).
 */
function wantsTheRoutes(c: Context<AppEnv>, cluster: string): boolean {
  if (requestHeader(c, 'cookie') !== undefined) return true;
  const named = requestHeader(c, CLUSTER_HEADER);
  return named !== undefined && named !== cluster;
}

/**
 * The request's query parameters as the lane takes them — each named once, `cluster` (the player
 * always names its page's) only when it is the lane's own, and no other name than `allowed` — or
 * null, which sends the request down the declared routes.
 */
function laneQuery(c: Context<AppEnv>, cluster: string, allowed: readonly string[]): Record<string, string> | null {
  const taken: Record<string, string> = {};
  if (!c.req.url.includes('?')) return taken;
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (values.length !== 1) return null;
    if (name === 'cluster') {
      if (values[0] !== cluster) return null;
    } else if (allowed.includes(name)) taken[name] = values[0];
    else return null;
  }
  return taken;
}

export function playLane(options: PlayLaneOptions): { ad: MiddlewareHandler<AppEnv>; view: MiddlewareHandler<AppEnv> } {
  const { cluster, tickets, rules, now } = options;
  // What the app's middleware gives these answers: the security headers, and CORS's one header on a cross-origin path.
  const answered = Object.fromEntries([
    ...securityHeaderEntries({ hsts: options.hsts, ownCsp: false, data: true }),
    CROSS_ORIGIN_ANSWER_HEADER,
    ['Content-Type', 'application/json'],
  ]);
  const adAnswered = { ...answered, 'Cache-Control': AD_CACHE_CONTROL };

  const ad: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!cluster || c.req.method !== 'GET' || wantsTheRoutes(c, cluster.name)) return next();
    const query = laneQuery(c, cluster.name, ADS_QUERY);
    if (!query) return next();
    const params = projectIdParams.safeParse(c.req.param());
    const asked = playerAdsQuery.safeParse(query);
    if (!params.success || !asked.success || pathOfNul(asked.data) !== undefined) return next();
    const slots = parseAdSlots(asked.data.slots);
    const ads = await playAds(tickets, cluster, { projectId: params.data.projectId, slots, page: asked.data.page }, now);
    if (!ads) return next();
    return new Response(JSON.stringify({ ads }), { status: 200, headers: adAnswered });
  };

  const view: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!cluster || c.req.method !== 'POST' || wantsTheRoutes(c, cluster.name) || !laneQuery(c, cluster.name, [])) return next();
    if (requestHeader(c, 'content-type')?.toLowerCase() !== 'application/json') return next();
    // A declared length within the limit (a report is a few hundred bytes); a streamed body goes to the routes' body check.
    const length = declaredBodyLength(c);
    if (length === undefined || length > MAX_REQUEST_BODY_BYTES) return next();
    let body: unknown;
    try {
      body = JSON.parse(await smallBodyText(c));
    } catch {
      // Read once and kept: the route's validator answers the malformed JSON.
      return next();
    }
    const report = viewBody.safeParse(body);
    if (!report.success || pathOfNul(report.data) !== undefined) return next();
    const reportedAt = now();
    const checked = checkedTicket(tickets, report.data, cluster.name, reportedAt);
    if ('status' in checked) return next();
    const { ticket, publisher } = checked;
    const reported = reportedPlay(ticket, options.clientOf(c), reportedAt, rules);
    // Not counted at first sight: the route takes the rules one by one, without running the statement again.
    if (
      !(await countAtFirstSight(cluster.db, { projectId: report.data.projectId, embedId: report.data.embedId, publisher, ticket }, reported, rules.minWatchMs))
    ) {
      c.set('firstSightTried', true);
      return next();
    }
    return new Response(JSON.stringify({ counted: true }), { status: 200, headers: answered });
  };

  return { ad, view };
}

/**
 * What goes on to the app: the request as it came, or, when the lane read its body from Node's
 * stream, the same request carrying that body (the app's routes read it again).
 */
async function handedOn(c: Context<AppEnv>): Promise<Request> {
  const text = (c.req.bodyCache as { text?: Promise<string> }).text;
  if (text === undefined) return c.req.raw;
  const request = new Request(c.req.url, { method: c.req.method, headers: c.req.raw.headers, body: await text });
  if (c.get('firstSightTried')) markFirstSightTried(request);
  return request;
}

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/**
 * `app`'s fetch with the lane in front of it: the lane's two paths on a router of their own, and
 * every request the lane does not answer handed on to `app` (with Node's request, for the client's
 * address and headers); any other path straight to `app`. `onError`: the app's answer to an error,
 * for one the lane meets.
 */
export function inFrontOf(
  app: { fetch: Fetch },
  lane: { ad: MiddlewareHandler<AppEnv>; view: MiddlewareHandler<AppEnv> },
  onError: ErrorHandler<AppEnv>,
): Fetch {
  const appFetch = app.fetch;
  const front = new Hono<AppEnv>().use(ADS_PATH, lane.ad).use(VIEWS_PATH, lane.view);
  front.notFound(async (c) => appFetch(await handedOn(c), c.env));
  front.onError(onError);
  return (request, env) => (LANE_PATH.test(getPath(request)) ? front.fetch(request, env) : appFetch(request, env));
}
