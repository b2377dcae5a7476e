// What the API is built from: one ClusterContext per cluster (cluster.ts) and the optional
// extensions (the demo chain's /api/demo routes, the settlement job).
import type { Hono } from 'hono';
import type { AuthDeps } from '../auth/routes.ts';
import type { Session } from '../auth/session.ts';
import type { ClusterContext } from '../cluster.ts';
import type { SiteFetchOptions } from '../publishers/site-fetch.ts';
import type { MediaStore } from '../media/store.ts';
import type { DecisionMail } from '../notifications/verification-notice.ts';
import type { QuotaCounters, QuotaSettings } from './quotas.ts';
import type { ReadCache } from './read-cache.ts';
import type { ClientVoucher } from './forwarded-client.ts';

export interface ViewRules {
  /** A view counts only this long after its play's ticket was issued (the player's visibility rule). */
  minWatchMs: number;
  windowMs: number;
  /** Per address group: an IPv4 address or an IPv6 /64 (player/address-group.ts). */
  maxViewsPerIp: number;
  /** Per IPv4 /24, the looser second tier. */
  maxViewsPerNetwork: number;
  /**
   * Per embed over the same window, whatever addresses the views come from (rotated addresses on one
   * embed); at the cap, a group that used less than its fair share still gets in (view-limits.ts).
   */
  maxViewsPerEmbed: number;
}

export type AppEnv = {
  Variables: {
    cluster: ClusterContext;
    clientIp: string;
    /** The play lane already ran this view report's one statement, which counted nothing (player/play-lane.ts). */
    firstSightTried: boolean;
    /** Vouches for `clientIp` to the leader a demo action is forwarded to (forwarded-client.ts). */
    clientVoucher: ClientVoucher;
    /** The configured origin absolute URLs are built on (public-origin.ts): never a made-up Host. */
    publicOrigin: string;
    /** The session the cookie claims (signature and expiry checked; maybe signed out since): what marks an answer private. */
    sessionClaim: Session | null;
    /** The caller's session, or null, looked up once when asked (auth/guard.ts currentSession). */
    session: () => Promise<Session | null>;
    /** The media store behind /api/media, when the server has one (campaigns check creatives in it). */
    media: MediaStore | undefined;
    /** This process's quota counters (quotas.ts). */
    quotas: QuotaCounters;
    /** The busiest public reads' answers, served again while the database has not changed. */
    readCache: ReadCache;
    /** Until when (unix ms) a cached read's answer holds besides the database not changing (read-cache.ts). */
    answerHoldsUntil: number;
  };
};

/**
 * The demo chain plugs in here: its Hono sub-app is mounted at /api/demo behind the same
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
  /**
   * The deployment's shared secret (every process has it): the ad tickets' key (player/ticket.ts)
   * and the forwarded-client vouchers' key (forwarded-client.ts) are derived from it; a
   * process-local one when absent (tests).
   */
  ticketSecret?: Buffer;
  /** Quotas and rate limits (quotas.ts); the defaults with the environment's MARQUEE_QUOTA_* settings when absent. */
  quotas?: QuotaSettings;
  /** How publishers' websites are fetched for verification (tests allow loopback, shorten the timeout). */
  siteFetch?: Partial<SiteFetchOptions>;
  /** The content-addressed image store behind /api/media (thumbnails); the routes are off without it. */
  media?: MediaStore;
  /**
   * Sign-in: the session signer every API process shares (a process-local one when absent: tests),
   * the nonce and revocation store (the default cluster's database when absent) and the origins
   * sign-ins may name (the configuration's; the loopback names when absent: tests).
   */
  auth?: Partial<AuthDeps>;
  /** The platform's support address (MARQUEE_SUPPORT_EMAIL), stated by GET /api/platform. */
  supportEmail?: string;
  /** Where verification decisions are emailed besides the bell (MARQUEE_SMTP_URL); no email when absent. */
  decisionMail?: DecisionMail;
  now?: () => number;
}

