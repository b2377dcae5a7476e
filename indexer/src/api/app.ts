// createApp: the Hono application of docs/API.md. One sub-app per resource under /api, a cluster
// middleware choosing the request's ClusterContext, one error format, and the /api/demo extension
// point for the demo chain.
import { getConnInfo } from '@hono/node-server/conninfo';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  CLUSTER_HEADER,
  DEFAULT_CLUSTER,
  MAX_NONCES_PER_IP_PER_WINDOW,
  MAX_VIEWS_PER_IP_PER_WINDOW,
  MIN_VIEW_WATCH_MS,
  PLAY_NONCE_TTL_MS,
  RATE_LIMIT_WINDOW_MS,
} from '../constants.ts';
import { sessionMiddleware } from '../auth/guard.ts';
import { authRoutes, type AuthDeps } from '../auth/routes.ts';
import { SessionSigner } from '../auth/session.ts';
import { openAuthStore } from '../auth/store.ts';
import type { AppDeps, AppEnv, ViewRules } from './context.ts';
import { fail } from './errors.ts';
import { openApiDocument } from './openapi.ts';
import { playerPage } from './player.ts';
import { CROSS_ORIGIN_PATHS, crossOriginCors, playerCsp, securityHeaders } from './security-headers.ts';
import { getProject } from './shapes.ts';
import { embedRoutes } from './routes/embeds.ts';
import { investmentRoutes } from './routes/investments.ts';
import { metadataRoutes } from './routes/metadata.ts';
import { projectRoutes } from './routes/projects.ts';
import { revenueRoutes } from './routes/revenue.ts';
import { userRoutes } from './routes/users.ts';
import { viewRoutes } from './routes/views.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { listingEditRoutes, platformRoutes, studioRoutes, transactionRoutes, verificationRoutes } from './routes/studios.ts';
import { mediaRoutes } from '../media/routes.ts';

export function createApp(deps: AppDeps) {
  const now = deps.now ?? Date.now;
  const clusters = new Map(deps.clusters.map((cluster) => [cluster.name, cluster]));
  const defaultCluster = deps.defaultCluster ?? (clusters.has(DEFAULT_CLUSTER) ? DEFAULT_CLUSTER : deps.clusters[0]?.name);
  const rules: ViewRules = {
    minWatchMs: MIN_VIEW_WATCH_MS,
    nonceTtlMs: PLAY_NONCE_TTL_MS,
    windowMs: RATE_LIMIT_WINDOW_MS,
    maxViewsPerIp: MAX_VIEWS_PER_IP_PER_WINDOW,
    maxNoncesPerIp: MAX_NONCES_PER_IP_PER_WINDOW,
    ...deps.views,
  };

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    const name = c.req.query('cluster') ?? c.req.header(CLUSTER_HEADER) ?? defaultCluster;
    const cluster = clusters.get(name);
    if (!cluster) fail(400, `Unknown cluster "${name}" (known: ${[...clusters.keys()].join(', ')})`);
    c.set('cluster', cluster);
    c.set('clientIp', clientIp(c, deps.trustProxy ?? false));
    await next();
  });

  api.get('/health', (c) =>
    c.json({
      ok: true,
      defaultCluster,
      clusters: [...clusters.values()].map((cluster) => ({
        name: cluster.name,
        cursor: cluster.indexer.cursor() ?? null,
        gaps: cluster.indexer.gaps(),
        transactions: (cluster.db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }).n,
        settlement: cluster.db
          .prepare(
            `SELECT (SELECT COUNT(*) FROM views WHERE batch_id IS NULL) AS unbatchedViews,
                    (SELECT COUNT(*) FROM settlement_batches WHERE status = 'pending') AS pendingBatches,
                    (SELECT last_error FROM settlement_batches WHERE status = 'pending' AND last_error IS NOT NULL
                     ORDER BY id DESC LIMIT 1) AS lastError`,
          )
          .get(),
      })),
    }),
  );
  api.get('/openapi.json', (c) => c.json(openApiDocument(deps.demo?.openapi)));
  api.route('/projects', projectRoutes(now));
  api.route('/projects', listingEditRoutes(now));
  api.route('/platform', platformRoutes());
  api.route('/studios', studioRoutes(now));
  api.route('/verification', verificationRoutes(now));
  api.route('/transactions', transactionRoutes());
  api.route('/investments', investmentRoutes(now));
  api.route('/users', userRoutes(now, deps.demo?.isServerKey));
  api.route('/embeds', embedRoutes(now));
  api.route('/revenue', revenueRoutes());
  api.route('/views', viewRoutes(now, rules));
  api.route('/metadata', metadataRoutes(now));
  api.route('/webhooks', webhookRoutes(deps.heliusAuthHeader));
  if (deps.media) api.route('/media', mediaRoutes(deps.media));
  if (deps.demo) api.route('/demo', deps.demo.routes);

  const auth: AuthDeps = deps.auth ?? { store: openAuthStore(':memory:'), sessions: new SessionSigner(randomBytes(32)) };
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders());
  for (const path of CROSS_ORIGIN_PATHS) app.use(path, crossOriginCors);
  app.use('*', sessionMiddleware(auth.sessions, now));
  // Sign-in is not per cluster: mounted ahead of /api's cluster middleware.
  app.route('/api/auth', authRoutes({ trustProxy: deps.trustProxy, ...auth }, now));
  app.route('/api', api);
  // The embed player, outside /api so the snippet's iframe URL stays short.
  app.get('/player/:projectId', (c) => {
    const name = c.req.query('cluster') ?? defaultCluster;
    const cluster = clusters.get(name);
    const projectId = Number(c.req.param('projectId'));
    const project = cluster && Number.isSafeInteger(projectId) ? getProject(cluster, new URL(c.req.url).origin, now(), projectId) : undefined;
    if (!project) return c.html('<!doctype html><title>Not found</title><p>Film not found.</p>', 404);
    const embedId = c.req.query('embed');
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', playerCsp(nonce));
    return c.html(playerPage({ projectId, title: project.title, thumbnailUrl: project.thumbnailUrl, embedId, cluster: name, nonce }));
  });
  app.notFound((c) => c.json({ message: `Not found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return c.json({ message: error.message || 'Bad request' }, error.status);
    console.error('[api]', error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function clientIp(c: any, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    if (forwarded) return forwarded.split(',')[0].trim();
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
