// Per-wallet quotas and per-address rate limits (an IPv6 address counted as its /64) on everything a caller can make the server store,
// fetch or hold open: uploads, metadata documents, sign-in nonces, chat posts, SSE connections,
// website verification fetches, demo wallets and transaction verifications (each an RPC request
// that ingestion's quota pays for). Fixed windows counted in this process; past the limit the
// answer is 429 with Retry-After. Defaults below; each can be set in the environment as
// MARQUEE_QUOTA_<NAME>=<count>/<window seconds> (e.g. MARQUEE_QUOTA_UPLOADS=30/3600).
import type { Context, MiddlewareHandler } from 'hono';
import { requireSession } from '../auth/guard.ts';
import { addressGroups } from '../player/address-group.ts';
import type { AppEnv } from './context.ts';
import { fail } from './errors.ts';

export interface Quota {
  /** How many uses a key may make per window. */
  limit: number;
  windowMs: number;
}

export interface QuotaSettings {
  /** POST /api/media, per wallet. */
  uploads: Quota;
  /** POST /api/metadata and a film's edited metadata, per wallet. */
  metadata: Quota;
  /** GET /api/auth/nonce, per client address (a stored row each). */
  nonces: Quota;
  /** Chat messages, updates, polls and votes, per wallet. */
  chat: Quota;
  /** Server-sent event streams held open at once, per client address. */
  sseConnections: number;
  /** Website verification checks (two outbound fetches each), per wallet. */
  verificationFetches: Quota;
  /** POST /api/demo/wallets (an airdrop commit each), per client address. */
  demoWallets: Quota;
  /** Writes that look a transaction up on the cluster (POST /api/transactions, /investments, /embeds, /revenue/claim…), per wallet. */
  txVerifications: Quota;
  /** Every signed-in write from one client address, whichever wallets it signs in as. */
  writesPerAddress: Quota;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_QUOTAS: QuotaSettings = {
  uploads: { limit: 30, windowMs: HOUR },
  metadata: { limit: 60, windowMs: HOUR },
  nonces: { limit: 30, windowMs: MINUTE },
  chat: { limit: 30, windowMs: MINUTE },
  sseConnections: 10,
  verificationFetches: { limit: 10, windowMs: HOUR },
  demoWallets: { limit: 10, windowMs: HOUR },
  txVerifications: { limit: 60, windowMs: MINUTE },
  writesPerAddress: { limit: 300, windowMs: MINUTE },
};

/** How long a signature the cluster did not know is answered 404 without asking it again (api/verify.ts). */
export const UNKNOWN_SIGNATURE_CACHE_MS = 10_000;

type WindowedQuota = { [Name in keyof QuotaSettings]: QuotaSettings[Name] extends Quota ? Name : never }[keyof QuotaSettings];

export const QUOTA_VARIABLES: Record<WindowedQuota, string> = {
  uploads: 'MARQUEE_QUOTA_UPLOADS',
  metadata: 'MARQUEE_QUOTA_METADATA',
  nonces: 'MARQUEE_QUOTA_NONCES',
  chat: 'MARQUEE_QUOTA_CHAT',
  verificationFetches: 'MARQUEE_QUOTA_VERIFICATION_FETCHES',
  demoWallets: 'MARQUEE_QUOTA_DEMO_WALLETS',
  txVerifications: 'MARQUEE_QUOTA_TX_VERIFICATIONS',
  writesPerAddress: 'MARQUEE_QUOTA_WRITES_PER_ADDRESS',
};

function positiveInteger(name: string, text: string): number {
  if (!/^[1-9][0-9]*$/.test(text.trim())) throw new Error(`${name}="${text}" is not a positive whole number`);
  return Number(text);
}

/**
 * The defaults with the environment's settings applied (config.ts checks each one's shape first,
 * so a malformed setting stops the start there, named); `env` is the server's environment.
 */
export function quotaSettings(env: Record<string, string | undefined>): QuotaSettings {
  const settings: QuotaSettings = { ...DEFAULT_QUOTAS };
  for (const [quota, name] of Object.entries(QUOTA_VARIABLES) as [WindowedQuota, string][]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    const [count, seconds, extra] = value.split('/');
    if (seconds === undefined || extra !== undefined) throw new Error(`${name}="${value}" is not <count>/<window seconds> (e.g. 30/3600)`);
    settings[quota] = { limit: positiveInteger(name, count), windowMs: positiveInteger(name, seconds) * 1000 };
  }
  if (env.MARQUEE_QUOTA_SSE_CONNECTIONS) settings.sseConnections = positiveInteger('MARQUEE_QUOTA_SSE_CONNECTIONS', env.MARQUEE_QUOTA_SSE_CONNECTIONS);
  return settings;
}

/** Past the biggest of these, expired windows are dropped before a new one is opened. */
const PRUNE_ABOVE_ENTRIES = 10_000;

/** The counters of one process: fixed windows per (quota, key), and the open connections per key. */
export class QuotaCounters {
  private readonly windows = new Map<string, { resetsAt: number; count: number }>();
  private readonly open = new Map<string, number>();

  constructor(
    readonly settings: QuotaSettings,
    private readonly now: () => number,
  ) {}

  /** Counts one use of `quota` by `key`: 0 when allowed, else the seconds until its window resets. */
  take(quota: WindowedQuota, key: string): number {
    const { limit, windowMs } = this.settings[quota];
    const nowMs = this.now();
    const id = `${quota}\u0000${key}`;
    const window = this.windows.get(id);
    if (!window || window.resetsAt <= nowMs) {
      if (this.windows.size > PRUNE_ABOVE_ENTRIES) this.prune(nowMs);
      this.windows.set(id, { resetsAt: nowMs + windowMs, count: 1 });
      return 0;
    }
    if (window.count >= limit) return Math.max(1, Math.ceil((window.resetsAt - nowMs) / 1000));
    window.count += 1;
    return 0;
  }

  /** Opens a held connection for `key`: a release function, or null when it already holds the most. */
  acquire(key: string): (() => void) | null {
    const held = this.open.get(key) ?? 0;
    if (held >= this.settings.sseConnections) return null;
    this.open.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    };
  }

  private prune(nowMs: number): void {
    for (const [id, window] of this.windows) if (window.resetsAt <= nowMs) this.windows.delete(id);
  }
}

const QUOTA_WORDS: Record<WindowedQuota, string> = {
  uploads: 'uploads',
  metadata: 'metadata documents',
  nonces: 'sign-in requests',
  chat: 'posts',
  verificationFetches: 'website checks',
  demoWallets: 'demo wallets',
  txVerifications: 'transaction reports',
  writesPerAddress: 'writes',
};

/**
 * What a per-address quota counts under: the client's address group (player/address-group.ts), so
 * an IPv6 client, who holds a whole /64, cannot start a fresh count with each of its 2^64 addresses.
 */
export function clientKey(c: Context<AppEnv>): string {
  return addressGroups(c.var.clientIp).narrow;
}

/** 429 with Retry-After when `key` has used up `quota`. */
export function enforce(c: Context<AppEnv>, quota: WindowedQuota, key: string): void {
  const retryAfter = c.var.quotas.take(quota, key);
  if (retryAfter === 0) return;
  c.header('Retry-After', String(retryAfter));
  fail(429, `Too many ${QUOTA_WORDS[quota]}: try again in ${retryAfter} seconds`);
}

/**
 * The quotas on what costs the server most (disk for uploads and metadata documents, outbound
 * fetches for website checks), counted per client address as well as per wallet: a wallet costs
 * nothing to make, so one address signing in as fresh wallets would otherwise have no limit but
 * its share of all writes (300 uploads of 50 MB a minute).
 */
const ALSO_PER_ADDRESS: ReadonlySet<WindowedQuota> = new Set(['uploads', 'metadata', 'verificationFetches']);

/**
 * A signed-in write: 401 without a session, then the wallet's `quota` (and the client address's, for
 * the costliest ones) and the client address's share of all writes (429 with Retry-After past any).
 */
export function signedWrite(quota?: WindowedQuota): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await requireSession(c);
    enforce(c, 'writesPerAddress', clientKey(c));
    if (quota) enforce(c, quota, session.walletAddress);
    // '@' keeps an address's count apart from a wallet's (base58 has no '@').
    if (quota && ALSO_PER_ADDRESS.has(quota)) enforce(c, quota, `@${clientKey(c)}`);
    await next();
  };
}

/** The documented failures a signedWrite adds to a route. */
export const SIGNED_WRITE = { 401: 'not signed in', 429: 'quota used up (Retry-After says when to try again)' };

/** A client address's per-window quota (nonces, demo wallets): 429 with Retry-After past it. */
export function perAddress(quota: WindowedQuota): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    enforce(c, quota, clientKey(c));
    await next();
  };
}
