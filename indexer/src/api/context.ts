// What the API is built from: one ClusterContext per cluster (its database, indexer and explorer
// links) and the optional extensions (the demo chain's /api/demo routes, the settlement job).
import type { Hono } from 'hono';
import type { AuthDeps } from '../auth/routes.ts';
import type { Session } from '../auth/session.ts';
import type { DataStore, Executor } from '../db/index.ts';
import type { ClusterIndexer } from '../ingest/indexer.ts';
import type { SiteFetchOptions } from '../publishers/site-fetch.ts';
import type { MediaStore } from '../media/store.ts';
import type { ReadCache } from './read-cache.ts';

export interface ClusterContext {
  name: string;
  /** The cluster's data store (close it when the cluster goes). */
  store: DataStore;
  /** Its Kysely instance, what the data layer's aggregate functions take. */
  db: Executor;
  indexer: ClusterIndexer;
  /** Explorer link of a transaction; absent for clusters no public explorer shows (demo). */
  explorerTxUrl?: (signature: string) => string;
  /**
   * The chain's clock (unix ms) when it differs from the wall clock: the demo chain's, which
   * POST /api/demo/clock/advance moves forward. Campaign statuses and the ad server read it.
   */
  chainNow?: () => number;
}

export interface ViewRules {
  /** A view counts only this long after its play nonce was issued (the player's visibility rule). */
  minWatchMs: number;
  nonceTtlMs: number;
  windowMs: number;
  maxViewsPerIp: number;
  maxNoncesPerIp: number;
  /** Per embed over the same window, whatever addresses the plays come from (rotated addresses on one embed). */
  maxViewsPerEmbed: number;
  maxNoncesPerEmbed: number;
}

export type AppEnv = {
  Variables: {
    cluster: ClusterContext;
    clientIp: string;
    /** The caller's verified session (signed-in wallet), or null. */
    session: Session | null;
    /** The media store behind /api/media, when the server has one (campaigns check creatives in it). */
    media: MediaStore | undefined;
    /** The busiest public reads' answers, served again while the database has not changed. */
    readCache: ReadCache;
    /** Until when (unix ms) a cached read's answer holds besides the database not changing (read-cache.ts). */
    answerHoldsUntil: number;
  };
};

/**
 * The demo chain (issue 5) plugs in here: its Hono sub-app is mounted at /api/demo behind the same
 * cluster middleware and error handling; `openapi` adds its routes to /api/openapi.json.
 */
export interface DemoExtension {
  routes: Hono<AppEnv>;
  openapi?: Record<string, unknown>;
  /** Whether an address is one of the demo chain's server-held keys (never registrable as a wallet). */
  isServerKey?: (address: string) => boolean;
}

export interface AppDeps {
  clusters: ClusterContext[];
  /** Defaults to 'demo' when configured, else the first cluster. */
  defaultCluster?: string;
  demo?: DemoExtension;
  /** The Authorization header value Helius sends with each delivery; the webhook is off without it. */
  heliusAuthHeader?: string;
  /**
   * How many reverse proxies you run in front of the server: the client address is read that many
   * hops from the right of X-Forwarded-For (client-address.ts). 0 or absent: the socket address.
   */
  trustedProxyHops?: number;
  views?: Partial<ViewRules>;
  /** How publishers' websites are fetched for verification (tests allow loopback, shorten the timeout). */
  siteFetch?: Partial<SiteFetchOptions>;
  /** The content-addressed image store behind /api/media (thumbnails); the routes are off without it. */
  media?: MediaStore;
  /**
   * Sign-in: the session signer every API process shares (a process-local one when absent: tests)
   * and the nonce store (the default cluster's database when absent).
   */
  auth?: Partial<Omit<AuthDeps, 'trustProxy'>>;
  now?: () => number;
}

/** The cluster's chain clock in unix seconds: the demo chain's (which can be advanced), else the wall clock. */
export function chainSeconds(ctx: ClusterContext, now: () => number): number {
  return Math.floor((ctx.chainNow ?? now)() / 1000);
}
