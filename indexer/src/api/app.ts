// createApp: the Hono application of docs/API.md. One sub-app per resource under /api, a cluster
// middleware choosing the request's ClusterContext, one error format, and the /api/demo extension
// point for the demo chain.
import { getConnInfo } from '@hono/node-server/conninfo';
import { randomBytes } from 'node:crypto';
import * as contract from '@marquee/api-contract';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { etag } from 'hono/etag';
import { HTTPException } from 'hono/http-exception';
import type { Context, ErrorHandler } from 'hono';
import { inFrontOf, playLane } from '../player/play-lane.ts';
import {
  CLUSTER_HEADER,
  DEFAULT_CLUSTER,
  FORWARDED_CLIENT_HEADER,
  FORWARDED_ORIGIN_HEADER,
  MAX_REQUEST_BODY_BYTES,
  MAX_VIEWS_PER_EMBED_PER_WINDOW,
  MAX_VIEWS_PER_IP_PER_WINDOW,
  MAX_VIEWS_PER_NETWORK_PER_WINDOW,
  MIN_VIEW_WATCH_MS,
  RATE_LIMIT_WINDOW_MS,
  SITE_VERIFY_MAX_BYTES,
  SITE_VERIFY_MAX_REDIRECTS,
  SITE_VERIFY_TIMEOUT_MS,
} from '../constants.ts';
import type { SiteFetchOptions } from '../publishers/site-fetch.ts';
import { sessionMiddleware } from '../auth/guard.ts';
import { loopbackOrigins, signInOrigins } from '../auth/origins.ts';
import { authRoutes, sessionCookieName, type AuthDeps } from '../auth/routes.ts';
import { SessionSigner } from '../auth/session.ts';
import { databaseAuthStore, unavailableAuthStore } from '../auth/store.ts';
import { chainLog, settlement } from '../db/index.ts';
import type { AppDeps, AppEnv, ViewRules } from './context.ts';
import { fail } from './errors.ts';
import { allowedMethods } from './method-not-allowed.ts';
import { ApiRoutes, openApiDocument, get } from './openapi.ts';
import { playerRoutes } from '../player/routes.ts';
import { TicketSigner } from '../player/ticket.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { CROSS_ORIGIN_PATHS, crossOriginCors, securityHeaders } from './security-headers.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { campaignRoutes } from './routes/campaigns.ts';
import { collaborationRoutes } from './routes/collaboration.ts';
import { embedRoutes } from './routes/embeds.ts';
import { publisherRoutes } from './routes/publishers.ts';
import { investmentRoutes } from './routes/investments.ts';
import { metadataRoutes } from './routes/metadata.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { projectRoutes } from './routes/projects.ts';
import { revenueRoutes } from './routes/revenue.ts';
import { userRoutes } from './routes/users.ts';
import { viewRoutes } from './routes/views.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { listingEditRoutes, platformRoutes, studioRoutes, transactionRoutes, verificationRoutes } from './routes/studios.ts';
import { mediaRoutes } from '../media/routes.ts';

/** POST here is the media upload, limited by its own route. */
const MEDIA_UPLOAD_PATH = '/api/media';
import { clientAddress } from './client-address.ts';
import { ClientVoucher } from './forwarded-client.ts';
import { declaredBodyLength, requestHeader } from './node-request.ts';
import { publicOrigin } from './public-origin.ts';
import { privateAnswers } from './private-answers.ts';
import { ReadCache } from './read-cache.ts';
import { DEFAULT_QUOTAS, perAddress, QuotaCounters } from './quotas.ts';
import { NO_MAIL } from '../notifications/mail.ts';

export function createApp(deps: AppDeps) {
  const now = deps.now ?? Date.now;
  const clusters = new Map(deps.clusters.map((cluster) => [cluster.name, cluster]));
  const defaultCluster = deps.defaultCluster ?? (clusters.has(DEFAULT_CLUSTER) ? DEFAULT_CLUSTER : deps.clusters[0]?.name);
  const rules: ViewRules = {
    minWatchMs: MIN_VIEW_WATCH_MS,
    windowMs: RATE_LIMIT_WINDOW_MS,
    maxViewsPerIp: MAX_VIEWS_PER_IP_PER_WINDOW,
    maxViewsPerNetwork: MAX_VIEWS_PER_NETWORK_PER_WINDOW,
    maxViewsPerEmbed: MAX_VIEWS_PER_EMBED_PER_WINDOW,
    ...deps.views,
  };

  const trustedProxyHops = deps.trustedProxyHops ?? 0;
  const sharedSecret = deps.ticketSecret ?? randomBytes(32);
  const tickets = new TicketSigner(sharedSecret);
  const clientVoucher = new ClientVoucher(sharedSecret, now);

  const siteFetch: SiteFetchOptions = {
    timeoutMs: SITE_VERIFY_TIMEOUT_MS,
    maxBytes: SITE_VERIFY_MAX_BYTES,
    maxRedirects: SITE_VERIFY_MAX_REDIRECTS,
    allowLoopback: false,
    ...deps.siteFetch,
  };

  const readCache = new ReadCache(now);
  const quotas = new QuotaCounters(deps.quotas ?? DEFAULT_QUOTAS, now);
  const api = new ApiRoutes();
  // Lists are large (1,000 films ≈ 1 MB of JSON): compressed when the client accepts it, and a
  // client holding the same answer gets 304 Not Modified for its If-None-Match.
  // Only for a client that accepts an encoding: the others get the bytes as they are, and the
  // middleware's header reads would cost every request for nothing.
  const compressed = compress();
  api.use('*', (c, next) => (c.req.header('accept-encoding') ? compressed(c, next) : next()));
  // A server-sent event stream never ends: hashing its body for an ETag would wait forever.
  const tagged = etag();
  api.use('*', async (c, next) => (c.req.method === 'GET' && !c.req.path.endsWith('/stream') ? tagged(c, next) : next()));
  api.use('*', async (c, next) => {
    // ?cluster= wins over the header, but a name in either that is no cluster is a 400 (both are
    // documented as one of the clusters).
    const named = [c.req.query('cluster'), c.req.header(CLUSTER_HEADER)];
    for (const name of named) {
      if (name !== undefined && !clusters.has(name)) fail(400, `Unknown cluster "${name}" (known: ${[...clusters.keys()].join(', ')})`);
    }
    const cluster = clusters.get(named.find((name) => name !== undefined) ?? defaultCluster);
    if (!cluster) fail(400, `No cluster named and no default cluster (known: ${[...clusters.keys()].join(', ')})`);
    c.set('cluster', cluster);
    c.set('media', deps.media);
    c.set('readCache', readCache);
    await next();
  });

  api.endpoint(
    get(
      '/health',
      'Liveness and per-cluster indexer state: cursor, gaps (with the quarantined transaction a stream waits for), transactions, settlement, quarantine { count, newest } and unavailableSignatures { count, newest }',
      { response: contract.health },
    ),
    async (c) =>
      c.json({
        ok: true,
        defaultCluster,
        clusters: await Promise.all(
          [...clusters.values()].map(async (cluster) => ({
            name: cluster.name,
            database: cluster.store.dialect,
            cursor: (await cluster.indexer.cursor()) ?? null,
            gaps: await cluster.indexer.gaps(),
            transactions: await chainLog.transactionCount(cluster.db),
            ...(await cluster.indexer.ingestionHealth()),
            settlement: await settlement.settlementHealth(cluster.db),
          })),
        ),
      }),
  );
  api.endpoint(get('/openapi.json', 'This document', { response: contract.openApiDocument }), (c) =>
    c.json(openApiDocument(app, { clusters: [...clusters.keys()], defaultCluster, extraPaths: deps.demo?.openapi })),
  );
  api.route('/projects', projectRoutes(now));
  api.route('/projects', listingEditRoutes(now));
  api.route('/platform', platformRoutes(now, deps.supportEmail ?? null, Boolean(deps.decisionMail && deps.decisionMail.mailer !== NO_MAIL)));
  api.route('/studios', studioRoutes(now));
  api.route('/verification', verificationRoutes(now, deps.decisionMail));
  api.route('/transactions', transactionRoutes());
  api.route('/investments', investmentRoutes(now));
  api.route('/users', userRoutes(now, deps.demo?.isServerKey));
  api.route('/embeds', embedRoutes(now));
  api.route('/publishers', publisherRoutes(now, siteFetch));
  api.route('/catalogue', catalogueRoutes(now));
  api.route('/revenue', revenueRoutes());
  api.route('/views', viewRoutes(now, rules, tickets));
  api.route('/metadata', metadataRoutes(now));
  api.route('/collaboration', collaborationRoutes(now));
  api.route('/analytics', analyticsRoutes());
  api.route('/campaigns', campaignRoutes(now));
  api.route('/notifications', notificationRoutes(now));
  api.route('/webhooks', webhookRoutes(deps.heliusAuthHeader));
  if (deps.media) api.route('/media', mediaRoutes(deps.media));
  if (deps.demo) api.route('/demo', deps.demo.routes);

  const nonceCluster = defaultCluster === undefined ? undefined : clusters.get(defaultCluster);
  const auth: AuthDeps = {
    store: deps.auth?.store ?? (nonceCluster ? databaseAuthStore(nonceCluster.db) : unavailableAuthStore),
    sessions: deps.auth?.sessions ?? new SessionSigner(randomBytes(32)),
    // Without a configuration (tests): the loopback names on the default http port.
    origins: deps.auth?.origins ?? signInOrigins(loopbackOrigins(80)),
  };
  // The client address every limit counts: one another process of this deployment vouched for when
  // it forwarded a demo action (forwarded-client.ts), else the socket's or a trusted proxy's.
  const clientOf = (c: Context<AppEnv>) =>
    clientVoucher.vouchedFor(requestHeader(c, FORWARDED_CLIENT_HEADER)) ?? clientAddress(requestHeader(c, 'x-forwarded-for'), socketAddress(c), trustedProxyHops);
  const app = new ApiRoutes();
  // The two requests of every play, when plainly well formed, ahead of the app (inFrontOf, below; player/play-lane.ts).
  const lane = playLane({
    cluster: defaultCluster === undefined ? undefined : clusters.get(defaultCluster),
    tickets,
    rules,
    now,
    hsts: auth.origins.secure,
    clientOf,
  });
  app.use('*', securityHeaders({ hsts: auth.origins.secure }));
  for (const path of CROSS_ORIGIN_PATHS) app.use(path, crossOriginCors);
  app.use('*', sessionMiddleware({ ...auth, cookieName: sessionCookieName(auth.origins) }, now));
  app.use('*', privateAnswers);
  // Ahead of sign-in too: its nonces are rate-limited per client address.
  app.use('*', async (c, next) => {
    c.set('quotas', quotas);
    c.set('clientIp', clientOf(c));
    c.set('clientVoucher', clientVoucher);
    c.set('publicOrigin', publicOrigin(auth.origins, c.req.url, c.req.header(FORWARDED_ORIGIN_HEADER)));
    await next();
  });
  app.use('/api/auth/nonce', perAddress('nonces'));
  // Before any route reads it: a declared Content-Length over the limit is refused at once, a
  // streamed body as soon as it passes it.
  // The media upload has its own, larger limit (media/routes.ts: a video creative's 50 MB).
  const tooLarge = (c: Context) => c.json({ message: `Request body too large: at most ${MAX_REQUEST_BODY_BYTES} bytes` }, 413);
  const requestBodyLimit = bodyLimit({ maxSize: MAX_REQUEST_BODY_BYTES, onError: tooLarge });
  // GET and HEAD carry no body; asking for one would build the whole web Request (and its abort
  // signal) on every read, the most of a cached read's cost.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || (c.req.method === 'POST' && c.req.path === MEDIA_UPLOAD_PATH)) return next();
    // A declared length is judged from the header alone, as bodyLimit would: bodyLimit first asks
    // whether the request has a body, which on Node builds the whole web Request and its abort
    // signal (more than a small write's route costs); the route then reads the body directly.
    const declared = declaredBodyLength(c);
    if (declared !== undefined) return declared > MAX_REQUEST_BODY_BYTES ? Promise.resolve(tooLarge(c)) : next();
    return requestBodyLimit(c, next);
  });
  // Sign-in is not per cluster: mounted ahead of /api's cluster middleware.
  app.route('/api/auth', authRoutes(auth, { names: [...clusters.keys()], defaultCluster }, now));
  app.route('/api', api);
  // The embed host (player page, its script, the snippet's loader), outside /api so the snippet's URLs stay short.
  const ownOrigins = [...auth.origins.byDomain.values()].map((url) => url.origin);
  app.route('/player', playerRoutes({ clusters, defaultCluster, now, tickets, ownOrigins }));
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    const allow = allowedMethods(app.routes, path);
    // Only a trailing slash keeps a method the path's route answers from matching it.
    if (allow.includes(c.req.method) && path.endsWith('/')) {
      return c.json({ message: `Not found: ${c.req.method} ${path} (without the trailing slash: ${path.replace(/\/+$/, '')})` }, 404);
    }
    if (allow.length > 0) {
      c.header('Allow', allow.join(', '));
      return c.json({ message: `Method ${c.req.method} is not allowed on ${path} (allowed: ${allow.join(', ')})` }, 405);
    }
    return c.json({ message: `Not found: ${c.req.method} ${path}` }, 404);
  });
  const answerError: ErrorHandler<AppEnv> = (error, c) => {
    if (error instanceof HTTPException) return c.json({ message: error.message || 'Bad request' }, error.status);
    console.error('[api]', error);
    return c.json({ message: 'Internal server error' }, 500);
  };
  app.onError(answerError);
  // Every request (app.request() too) goes through inFrontOf: the lane's two paths meet the lane first.
  app.fetch = inFrontOf(app, lane, answerError);
  return app;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function socketAddress(c: any): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}
