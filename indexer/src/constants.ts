// The product's constants (prices, limits, demo amounts) as the indexer and API use them. The
// program's own rules and limits come from the program client, the one place that states them.
import { LAMPORTS_PER_SOL } from '@marquee/program-client';

export {
  AD_GENRES,
  AD_TYPES,
  CAMPAIGN_SETTLEMENT_GRACE_SECONDS,
  IMPRESSIONS_PER_MILLE,
  LAMPORTS_PER_SOL,
  MAX_CREATIVE_URI_LEN,
  MAX_EMBED_ID_LEN,
  MAX_EMBEDS_PER_DISTRIBUTION,
  MAX_METADATA_URI_LEN,
  MAX_STUDIO_NAME_LEN,
  MAX_TITLE_LEN,
  MAX_WEBSITE_URL_LEN,
  MIN_CAMPAIGN_BATCH_IMPRESSIONS,
  REVENUE_SPLIT_PERCENT,
  SPEND_WINDOW_SECONDS,
  STANDARD_PRICE_PER_MILLE_LAMPORTS,
  type AdType,
} from '@marquee/program-client';
/** Spec: amounts are thousandths of SOL, so one amount unit is 1e6 lamports. */
export const LAMPORTS_PER_AMOUNT_UNIT = 1_000_000;
/** Spec: 1 SOL = 1000 USD, so one USD is 1e6 lamports too. */
export const LAMPORTS_PER_USD = LAMPORTS_PER_SOL / 1000;
/** The largest lamport amount the program's u64 fields hold. */
export const U64_MAX = 2n ** 64n - 1n;

export const DEFAULT_PORT = 8787;
export const DEFAULT_DATA_DIR = './data';
/** PostgreSQL: cluster <name> lives in schema marquee_<name> of the DATABASE_URL database. */
export const DEFAULT_SCHEMA_PREFIX = 'marquee_';
export const DEFAULT_CLUSTER = 'demo';
export const CLUSTER_HEADER = 'x-marquee-cluster';

/** Spec: the dashboard asks for 5 featured projects. */
export const DEFAULT_FEATURED_LIMIT = 5;
export const MAX_LIST_LIMIT = 100;
/**
 * The largest request body the API reads (413 above it): room for the largest field a request may
 * carry, a listing's 2,000,000-character `thumbnailUrl` (a data: URL poster), and the rest of it.
 */
export const MAX_REQUEST_BODY_BYTES = 3 * 1024 * 1024;
/** A paginated list's page size when a cursor comes without a limit (docs/API.md "Pagination"). */
export const DEFAULT_PAGE_LIMIT = 24;
/**
 * The widest `from`..`to` window of a publisher's per-day analytics (`byDay`), in days counting
 * both ends: a year of days for charts, and a bound on the rows one answer carries.
 */
export const MAX_ANALYTICS_WINDOW_DAYS = 366;
/** The longest `cursor` a list accepts (the ones it hands out are far shorter). */
export const MAX_CURSOR_LENGTH = 200;
/**
 * The most distributions one POST /api/revenue/claim (or demo claim) names. claim_revenue takes a
 * position's whole accrued revenue at once (O(1) in distributions on chain), so the ids only say
 * which rows of the unclaimed list the claim covers: a thousand is years of daily distributions.
 */
export const MAX_CLAIM_DISTRIBUTIONS = 1000;
/** The most genres a listing names, and the longest genre and comma-separated genre text. */
export const MAX_FILM_GENRES = 16;
export const MAX_GENRE_LEN = 100;
export const MAX_GENRES_TEXT_LEN = 1000;
/** A Solana transaction is at most 1,232 bytes, so it carries at most 19 signatures of 64 bytes. */
export const MAX_TRANSACTION_SIGNATURES = 19;
/** The most transactions one Helius webhook delivery carries that the API reads. */
export const MAX_WEBHOOK_TRANSACTIONS = 1000;
/** getSignaturesForAddress's own cap (Solana RPC), kept by the demo chain's RPC surface. */
export const MAX_SIGNATURES_PER_REQUEST = 1000;

/** Q64.64 fixed point of the program's revenue-per-share accumulator. */
export const REVENUE_PER_SHARE_SHIFT = 64n;

/** Spec's video ads: $15 CPM at 1 SOL = 1000 USD → 0.015 USD = 15,000 lamports per counted view. */
export const REVENUE_PER_VIEW_LAMPORTS = 15_000;
/**
 * Bytes of a RevenueDistribution account (programs/marquee/src/state/revenue_distribution.rs: the
 * 8-byte discriminator and its packed fields). Every distribution creates one, its rent paid by the
 * settlement authority, so a batch is sent only when it pays more than that rent.
 */
export const DISTRIBUTION_ACCOUNT_BYTES = 137;
/**
 * The demo's settlement batch threshold (lamports; MARQUEE_DEMO_MIN_BATCH_LAMPORTS): on chain a batch
 * waits until it pays more than its distribution account's rent (~123 video views); the demo's
 * settlement key is funded by the faucet, so any paid view settles at the next interval and shows
 * as publisher earnings and investor revenue at once.
 */
export const DEMO_MIN_BATCH_LAMPORTS = 0n;

/** A view counts when the player stayed visible for 2 continuous seconds. */
export const MIN_VIEW_WATCH_MS = 2_000;
/** Per-IP limits over a sliding minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000;
export const MAX_VIEWS_PER_IP_PER_WINDOW = 20;
/**
 * Per-embed limits over the same window, whatever addresses the plays come from: a busy site's
 * embed stays under them (300 counted views a minute is 18,000 an hour), while views faked from
 * rotated addresses on one embed cannot cost the settlement more than that.
 */
export const MAX_VIEWS_PER_EMBED_PER_WINDOW = 300;
/**
 * The per-address limits above count an address group (IPv4 address, IPv6 /64: a /64 is one
 * subscriber's 2^64 addresses); this looser tier counts the IPv4 /24 around it (an office, a
 * carrier NAT, or one host's rotated addresses).
 */
export const MAX_VIEWS_PER_NETWORK_PER_WINDOW = 80;
/**
 * An ad ticket (GET /player/{projectId}/ads, on the ad the play pays for) is a play: it buys one counted view, reported
 * within this long of its issue (the pre-roll, then the player visible for 2 s; a viewer may pause or
 * scroll it into view later). A paused or spent campaign gets no new tickets.
 */
export const AD_TICKET_TTL_MS = 30 * 60 * 1000;
/** The player page's own token: how long its page may ask for fresh ad tickets for the origin it was served to. */
export const PLAYER_PAGE_TOKEN_TTL_MS = 60 * 60 * 1000;
/** An ad ticket or page token is a few hundred characters; anything much longer is not one. */
export const MAX_AD_TICKET_LEN = 1024;
/** A transaction missing at `finalized` is rolled back only after this many passes missed it, each confirmed by getSignatureStatuses. */
export const FINALITY_MISSES_BEFORE_ROLLBACK = 3;

/** A verification application carries at most this many documents. */
export const MAX_APPLICATION_DOCUMENTS = 5;
/** The Apply to Publisher Program form's choices (the Advertising page, For Publishers). */
export const PUBLISHER_MONTHLY_VISITORS = ['1-5k', '5-25k', '25-100k', '100k-500k', '500k+'] as const;
export const PUBLISHER_WEBSITE_CATEGORIES = ['entertainment', 'news', 'blog', 'community', 'streaming', 'other'] as const;
export const MAX_WEBSITE_NAME_LEN = 200;

/** The Studio Portal's listing form. */
export const MIN_RELEASE_YEAR = 1900;
export const MAX_RELEASE_YEAR = 2025;
export const LICENSE_TYPES = [
  'Exclusive Streaming',
  'Non-Exclusive Streaming',
  'Limited Distribution',
  'Worldwide Distribution',
] as const;

/**
 * Roles of a server process (MARQUEE_ROLE): `api` serves the API and the dApp; `indexer` campaigns
 * for leadership and, once leader, ingests, settles and runs the demo chain; `all` does both.
 */
export const ROLES = ['api', 'indexer', 'all'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'all';
/**
 * The PostgreSQL advisory lock (bigint form) whose holder is the one leader. Below 2^32, so
 * pg_locks shows it with classid 0 and objid = the key. Its digits spell nothing; it only has to
 * differ from other advisory locks taken in the same database.
 */
export const LEADER_LOCK_KEY = 7_172_281;
/** A standby retries the leader lock this often, and the leader checks it still holds it as often (≤ 2 s). */
export const LEADER_POLL_MS = 1_000;
/** How long an API process trusts the leader address it last read before reading it again. */
export const LEADER_ADDRESS_TTL_MS = 1_000;
/** How long a forwarded demo action may take on the leader (a transaction, its commit and its indexing). */
export const DEMO_FORWARD_TIMEOUT_MS = 60_000;
/** Set by an API process on a demo action it forwards: the origin the caller used (metadata URIs point there). */
export const FORWARDED_ORIGIN_HEADER = 'x-marquee-forwarded-origin';
/**
 * The client address an API process vouches for when it forwards a demo action to the leader,
 * signed with the deployment's shared secret (api/forwarded-client.ts); believed for this long.
 */
export const FORWARDED_CLIENT_HEADER = 'x-marquee-forwarded-client';
export const FORWARDED_CLIENT_TTL_MS = 60_000;
/** Website verification fetches: the whole fetch (redirects included) within 5 s, at most 1 MiB, 5 redirects. */
export const SITE_VERIFY_TIMEOUT_MS = 5_000;
export const SITE_VERIFY_MAX_BYTES = 1_048_576;
export const SITE_VERIFY_MAX_REDIRECTS = 5;
/** Auto-list API keys: "mk_" + 24 random bytes (base64url); the first 10 characters identify a key in lists. */
export const API_KEY_PREFIX = 'mk_';
export const API_KEY_SHOWN_PREFIX_LENGTH = 10;
/** Thumbnails are JPG or PNG images of at most 10 MB. */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around an upload's file. */
export const MEDIA_MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Sign-In With Solana: the session cookie and how long its parts live. */
export const SESSION_COOKIE = 'marquee_session';
/**
 * Its name when the public URL is https: the `__Host-` prefix makes browsers keep it only if it is
 * Secure, set by this exact host (no Domain) for the whole site (Path=/), so no subdomain can plant one.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** The session secret (MARQUEE_SESSION_SECRET or the data folder's file): at least this many bytes. */
export const SESSION_SECRET_MIN_BYTES = 32;
/** Strict-Transport-Security max-age when the public URL is https: browsers then refuse plain http for a year. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A sign-in request (its nonce and its message's expiry) is good for this long. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** How far in the future a wallet's Issued At may be (its clock against ours). */
export const SIGN_IN_CLOCK_SKEW_MS = 60 * 1000;
export const SIGN_IN_STATEMENT = 'Sign in to Marquee with this wallet. This request costs nothing and sends no transaction.';
export const SIGN_IN_VERSION = '1';

/** Collaboration hubs: limits of what a wallet may post (the app shows the same ones). */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
export const CHAT_HISTORY_LIMIT = 200;
export const ATTACHMENT_TITLE_MAX_LENGTH = 120;
export const LINK_URL_MAX_LENGTH = 500;
export const UPDATE_TITLE_MAX_LENGTH = 120;
export const UPDATE_DESCRIPTION_MAX_LENGTH = 5000;
export const POLL_QUESTION_MAX_LENGTH = 200;
export const POLL_OPTION_MAX_LENGTH = 120;
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 6;
export const TEAM_NAME_MAX_LENGTH = 80;
export const TEAM_ROLE_MAX_LENGTH = 60;
export const TOP_INVESTORS_LIMIT = 5;
/** The live chat feed re-reads the messages table this often (every API process does, so a
 * message posted through another process on the same PostgreSQL database is seen too). */
export const CHAT_FEED_POLL_MS = 1000;
/** Messages this recent are re-read on every poll: a PostgreSQL id can commit after a higher one. */
export const CHAT_FEED_REREAD_MS = 10_000;
/** An idle server-sent event stream gets a comment this often so proxies keep it open. */
export const SSE_KEEPALIVE_MS = 15_000;
/** On shutdown, requests under way get this long to finish before their connections are cut (an
 * open chat stream never finishes by itself). */
export const SHUTDOWN_GRACE_MS = 2_000;

/** A video ad may be skipped after 5 seconds. */
export const SKIP_AFTER_SECONDS = 5;
/** A listing's image or video URL: /api/media/{sha256} or an https URL of at most this many characters (the app checks it too). */
export { MAX_LISTING_MEDIA_URL_LEN } from '@marquee/api-contract/listing-video-url';
/** Video creatives (MP4, WebM) uploaded to /api/media: at most 50 MB. */
export const MAX_VIDEO_CREATIVE_BYTES = 50 * 1024 * 1024;
/** POST /api/demo/clock/advance moves the demo chain's clock by 1 second to 30 days. */
export const MAX_DEMO_CLOCK_ADVANCE_SECONDS = 30 * 24 * 3600;
/** The demo chain's clock runs at most 400 days ahead of the wall clock in all (the advances add up and are kept). */
export const MAX_DEMO_CLOCK_OFFSET_SECONDS = 400 * 24 * 3600;
/** The demo's house campaign (test revenue): its budget, and the top-up when it runs below what a request pays. */
export const HOUSE_CAMPAIGN_BUDGET_LAMPORTS = 100_000n * BigInt(LAMPORTS_PER_SOL);

// --- Ingestion (it never stalls) -------------------------------------------------------------------
/** A signature the RPC listed but could not return is asked for again after 2 s, doubling per attempt… */
export const UNAVAILABLE_RETRY_BASE_MS = 2_000;
/** …up to once every 10 minutes, for as long as it stays unavailable (health lists it meanwhile). */
export const UNAVAILABLE_RETRY_MAX_MS = 10 * 60_000;
/** How often the live indexer re-reads recent `confirmed` transactions at `finalized`. */
export const RECONCILE_INTERVAL_MS = 60_000;
/** At most this many transactions are read back per reconciliation pass (the rest wait for the next). */
export const RECONCILE_BATCH = 200;
/**
 * A backfill (catch-up) ingests up to this many chain transactions per database transaction (one
 * commit per batch instead of one per transaction; a live notification still commits alone).
 */
export const BACKFILL_BATCH = 500;
/** /api/health lists this many of the newest quarantined transactions and unavailable signatures. */
export const HEALTH_RECENT_ISSUES = 5;

// --- Read cache (the API at scale) ----------------------------------------------------------------
/** Cached answers of the busiest reads kept per process: at most this many URLs… */
export const READ_CACHE_MAX_ENTRIES = 2_000;
/** …and this many bytes of JSON (the whole 1,000-film list is about 1.2 MB). */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * Prerendered pages (prerendered-pages.ts) kept, one per URL (the app prerenders only the
 * marketplace's status × sort listings, a dozen), and for how long at most: a card's text can depend
 * on the clock.
 */
export const PRERENDER_CACHE_ENTRIES = 32;
export const PRERENDER_CACHE_MS = 10_000;

/** A running campaign ending within this many seconds is a notification of its advertiser (3 days). */
export const CAMPAIGN_ENDING_NOTICE_SECONDS = 3 * 24 * 60 * 60;
/** At most this many notification ids are marked read by one POST /api/notifications/read. */
export const MAX_NOTIFICATIONS_READ_AT_ONCE = 200;
