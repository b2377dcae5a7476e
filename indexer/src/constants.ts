// The product's constants as the indexer and API use them (spec §9, DESIGN "Indexer and API").

export const LAMPORTS_PER_SOL = 1_000_000_000;
/** Spec: amounts are thousandths of SOL, so one amount unit is 1e6 lamports. */
export const LAMPORTS_PER_AMOUNT_UNIT = 1_000_000;
/** Spec: 1 SOL = 1000 USD, so one USD is 1e6 lamports too. */
export const LAMPORTS_PER_USD = LAMPORTS_PER_SOL / 1000;

export const DEFAULT_PORT = 8787;
export const DEFAULT_DATA_DIR = './data';
export const DEFAULT_CLUSTER = 'demo';
export const CLUSTER_HEADER = 'x-marquee-cluster';

/** Spec: the dashboard asks for 5 featured projects. */
export const DEFAULT_FEATURED_LIMIT = 5;
export const MAX_LIST_LIMIT = 100;

/** Q64.64 fixed point of the program's revenue-per-share accumulator. */
export const REVENUE_PER_SHARE_SHIFT = 64n;

/** Spec's video ads: $15 CPM at 1 SOL = 1000 USD → 0.015 USD = 15,000 lamports per counted view. */
export const REVENUE_PER_VIEW_LAMPORTS = 15_000;
/** The program's MAX_EMBEDS_PER_DISTRIBUTION. */
export const MAX_EMBEDS_PER_DISTRIBUTION = 16;

/** DESIGN: a view counts when the player stayed visible for 2 continuous seconds. */
export const MIN_VIEW_WATCH_MS = 2_000;
/** A play nonce expires after this long unused. */
export const PLAY_NONCE_TTL_MS = 6 * 60 * 60 * 1000;
/** Per-IP limits over a sliding minute. */
export const RATE_LIMIT_WINDOW_MS = 60_000;
export const MAX_VIEWS_PER_IP_PER_WINDOW = 20;
export const MAX_NONCES_PER_IP_PER_WINDOW = 60;

/** Program string limits (programs/marquee/src/constants.rs). */
export const MAX_TITLE_LEN = 64;
export const MAX_STUDIO_NAME_LEN = 64;
/** A verification application carries at most this many documents. */
export const MAX_APPLICATION_DOCUMENTS = 5;
export const MAX_METADATA_URI_LEN = 200;
export const MAX_EMBED_ID_LEN = 64;
export const MAX_WEBSITE_URL_LEN = 200;

/** Spec §5 listing form. */
export const MIN_RELEASE_YEAR = 1900;
export const MAX_RELEASE_YEAR = 2025;
export const LICENSE_TYPES = [
  'Exclusive Streaming',
  'Non-Exclusive Streaming',
  'Limited Distribution',
  'Worldwide Distribution',
] as const;

/** Spec §5: thumbnails are JPG or PNG images of at most 10 MB. */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around an upload's file. */
export const MEDIA_MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** The content-addressed media store's folder inside the data folder. */
export const MEDIA_DIR_NAME = 'media';

/** Sign-In With Solana (issue 10): the session cookie and how long its parts live. */
export const SESSION_COOKIE = 'marquee_session';
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A sign-in request (its nonce and its message's expiry) is good for this long. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;
/** How far in the future a wallet's Issued At may be (its clock against ours). */
export const SIGN_IN_CLOCK_SKEW_MS = 60 * 1000;
export const SIGN_IN_STATEMENT = 'Sign in to Marquee with this wallet. This request costs nothing and sends no transaction.';
export const SIGN_IN_VERSION = '1';
