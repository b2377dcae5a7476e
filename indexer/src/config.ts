// The server's configuration: one zod schema of the environment, read once at start. Every variable
// the server reads is declared here with its default, what it expects and what it means (the
// README's configuration table and .env.example are checked against these declarations); a bad
// value stops the start with a message naming the variable, the value and what was expected. Other
// modules take the parsed Config, never process.env.
import { z } from 'zod';
import { BASE58_ALPHABET } from './api/base58-pattern.ts';
import { loopbackOrigins } from './auth/origins.ts';
import { DEFAULT_QUOTAS, QUOTA_VARIABLES, quotaSettings, type QuotaSettings } from './api/quotas.ts';
import { DEFAULT_LAST_CALL_SECONDS } from './demo/seed.ts';
import {
  DEFAULT_DATA_DIR,
  DEFAULT_PORT,
  DEFAULT_ROLE,
  DEFAULT_SCHEMA_PREFIX,
  DEMO_MIN_BATCH_LAMPORTS,
  MAX_VIEWS_PER_EMBED_PER_WINDOW,
  MAX_VIEWS_PER_IP_PER_WINDOW,
  MAX_VIEWS_PER_NETWORK_PER_WINDOW,
  ROLES,
  SESSION_SECRET_MIN_BYTES,
  type Role,
} from './constants.ts';

export interface RpcClusterConfig {
  name: string;
  rpcUrl: string;
  wsUrl?: string;
}

/** What the documentation says of a variable: README's table and .env.example come from these. */
export interface VariableDoc {
  /** Its value when unset, as documented (a derived one in words, e.g. `http://127.0.0.1:$PORT`); none: unset means off. */
  default?: string;
  /** What a value must be, after "expected". */
  expects: string;
  meaning: string;
  /** The value is never printed back (a secret or a URL with a password). */
  secret?: boolean;
  /** The default depends on other variables: applied after the schema, not by it. */
  derived?: boolean;
  /** An empty value is a value (MARQUEE_RPC_CLUSTERS= follows no RPC cluster), not "unset". */
  emptyIsValue?: boolean;
  /** A variable no longer supported: refused, listed so that its replacement is found (not in .env.example). */
  retired?: boolean;
}

const DOC = Symbol('variable documentation');
type Documented = z.ZodType & { [DOC]?: VariableDoc };

function rawValue(raw: string | undefined, doc: VariableDoc): string | undefined {
  if (raw === undefined || (raw.trim() === '' && !doc.emptyIsValue)) return doc.derived ? undefined : doc.default;
  return raw;
}

/** A variable with a default of its own: always a value. */
function withDefault<T>(doc: VariableDoc & { default: string }, check: z.ZodType<T, string>): z.ZodType<T, string | undefined> {
  const schema = z.string().optional().transform((raw) => rawValue(raw, doc) as string).pipe(check);
  return Object.assign(schema, { [DOC]: doc });
}

/** A variable that may stay unset (or whose default is derived from others after parsing). */
function optional<T>(doc: VariableDoc, check: z.ZodType<T, string>): z.ZodType<T | undefined, string | undefined> {
  const schema = z.string().optional().transform((raw) => rawValue(raw, doc)).pipe(check.optional());
  return Object.assign(schema, { [DOC]: doc });
}

// --- checks: each takes the text of a variable --------------------------------------------------

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/)
    .transform(Number)
    .refine((value) => value >= min && value <= max);
const flag = z.enum(['0', '1']).transform((value) => value === '1');
const nonEmpty = z.string().trim().min(1);

function parsesAsUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
const urlOf = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => parsesAsUrl(value, protocols))
    .transform((value) => value.replace(/\/$/, ''));
const httpUrl = urlOf(['http:', 'https:']);
const wsUrl = urlOf(['ws:', 'wss:']);

/** An origin: scheme, host and port, nothing after (a trailing slash is tolerated). */
function isOrigin(value: string): boolean {
  if (!parsesAsUrl(value, ['http:', 'https:'])) return false;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !value.endsWith('?') && !value.endsWith('#');
}
const origin = z
  .string()
  .trim()
  .refine(isOrigin)
  .transform((value) => new URL(value).origin);
const originList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine((entries) => entries.length > 0 && entries.every(isOrigin))
  .transform((entries) => entries.map((entry) => new URL(entry).origin));
const base58Address = z.string().regex(new RegExp(`^[${BASE58_ALPHABET}]{32,44}$`));
const postgresUrl = z.string().regex(/^postgres(ql)?:\/\/\S+$/);
const bindAddress = z.string().regex(/^(\[?[0-9A-Fa-f:.]+\]?|[A-Za-z0-9.-]+)$/).transform((value) => value.replace(/^\[(.*)\]$/, '$1'));
const clusterList = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean))
  .refine((entries) => entries.every((entry) => /^[a-z0-9-]+=/.test(entry) && parsesAsUrl(entry.slice(entry.indexOf('=') + 1), ['http:', 'https:'])))
  .transform((entries) => entries.map((entry) => ({ name: entry.slice(0, entry.indexOf('=')), rpcUrl: entry.slice(entry.indexOf('=') + 1) })));

// --- the environment -----------------------------------------------------------------------------

/** A quota as its variable spells it: `count/window seconds`. */
const quotaText = (quota: { limit: number; windowMs: number }) => `${quota.limit}/${quota.windowMs / 1000}`;
const quotaCheck = z.string().regex(/^[1-9][0-9]*\/[1-9][0-9]*$/);

export const environmentSchema = z.object({
  PORT: withDefault(
    {
      default: String(DEFAULT_PORT),
      expects: 'a TCP port number from 0 to 65535',
      meaning: 'Port of the one server: the REST API under /api and the built dApp.',
    },
    wholeNumber(0, 65535),
  ),
  MARQUEE_HOST: withDefault(
    {
      default: '127.0.0.1',
      expects: 'an IP address or host name to listen on',
      meaning:
        'Address the server listens on. Loopback (the default) serves this machine only; ' +
        'any other (0.0.0.0 in a container) needs MARQUEE_PUBLIC_URL or MARQUEE_ALLOWED_ORIGINS.',
    },
    bindAddress,
  ),
  MARQUEE_PUBLIC_URL: optional(
    {
      default: 'http://localhost:$PORT',
      derived: true,
      expects: 'an http:// or https:// origin such as https://marquee.example (no path)',
      meaning:
        'Where the server is reached from outside: the domain, URI and cookie of every sign-in (https: a `__Host-` Secure cookie and HSTS), ' +
        "the absolute URLs answers carry (embed snippets, metadata URIs; never a request's Host), the Helius webhook. Unset on a loopback address: localhost, 127.0.0.1 and [::1] on PORT.",
    },
    origin,
  ),
  MARQUEE_ALLOWED_ORIGINS: optional(
    {
      expects: 'a comma-separated list of http:// or https:// origins',
      meaning:
        'Further origins sign-ins may name besides MARQUEE_PUBLIC_URL (another name of the same server); ' +
        'the first stands for MARQUEE_PUBLIC_URL when that is unset.',
    },
    originList,
  ),
  MARQUEE_DATA_DIR: withDefault(
    {
      default: DEFAULT_DATA_DIR,
      expects: 'a folder path',
      meaning: 'Folder of everything the server keeps: the SQLite databases, the demo chain, the session secret, the uploads.',
    },
    nonEmpty,
  ),
  MARQUEE_MEDIA_DIR: optional(
    {
      default: '$MARQUEE_DATA_DIR/media',
      derived: true,
      expects: 'a folder path',
      meaning:
        'Folder of the uploaded files, named by their sha256 (created 0700, files 0600; the database keeps their type, size and owner). ' +
        'Every API process of a deployment must share it (one machine, or a shared volume); ' +
        'the first start moves uploads an earlier version kept in the database here.',
    },
    nonEmpty,
  ),
  DATABASE_URL: optional(
    {
      expects: 'a postgres:// or postgresql:// URL',
      secret: true,
      meaning: "PostgreSQL database of the index (one schema per cluster); unset: SQLite files in MARQUEE_DATA_DIR.",
    },
    postgresUrl,
  ),
  MARQUEE_DATABASE_SCHEMA_PREFIX: withDefault(
    {
      default: DEFAULT_SCHEMA_PREFIX,
      expects: 'lower-case letters, digits and underscores, starting with a letter or underscore',
      meaning: 'Prefix of the per-cluster schema names on PostgreSQL.',
    },
    z.string().regex(/^[a-z_][a-z0-9_]*$/),
  ),
  MARQUEE_ROLE: withDefault(
    { default: DEFAULT_ROLE, expects: `one of ${ROLES.join(', ')}`, meaning: 'What this process does; anything but all needs DATABASE_URL.' },
    z.enum(ROLES),
  ),
  MARQUEE_INTERNAL_URL: optional(
    {
      default: 'http://127.0.0.1:$PORT',
      derived: true,
      expects: 'an http:// or https:// URL',
      meaning: 'How the API processes reach this process when it leads (they forward /api/demo/* there).',
    },
    httpUrl,
  ),
  MARQUEE_SESSION_SECRET: optional(
    {
      expects: `at least ${SESSION_SECRET_MIN_BYTES} characters`,
      secret: true,
      meaning: 'Secret signing the session cookies, the same on every process of a deployment; unset: MARQUEE_DATA_DIR/session-secret (created 0600).',
    },
    z.string().refine((value) => Buffer.byteLength(value, 'utf8') >= SESSION_SECRET_MIN_BYTES),
  ),
  MARQUEE_TRUSTED_PROXY_HOPS: withDefault(
    {
      default: '0',
      expects: 'a whole number ≥ 0 (the number of reverse proxies you run in front of the server)',
      meaning: 'How many reverse proxies you run: the client address is read that many hops from the right of X-Forwarded-For; 0 ignores the header.',
    },
    wholeNumber(0),
  ),
  MARQUEE_TRUST_PROXY: optional(
    { retired: true, expects: 'to be unset', meaning: 'Refused: replaced by MARQUEE_TRUSTED_PROXY_HOPS.' },
    z.string(),
  ),
  MARQUEE_STATIC_DIR: optional(
    { default: './app/dist', derived: true, expects: 'a folder path', meaning: 'The built dApp the server serves.' },
    nonEmpty,
  ),
  MARQUEE_PRERENDER_MODULE: optional(
    {
      default: './app/dist-server/prerender.js',
      derived: true,
      expects: 'a file path',
      meaning: "The dApp's server bundle rendering the marketplace's first screen into its HTML (a missing file turns that off).",
    },
    nonEmpty,
  ),
  MARQUEE_VERIFY_ALLOW_LOOPBACK: withDefault(
    { default: '0', expects: '0 or 1', meaning: 'Lets website verification fetch loopback and private addresses (tests with local sites only).' },
    flag,
  ),
  MARQUEE_DEMO: withDefault({ default: '1', expects: '0 or 1', meaning: 'The embedded demo chain (cluster "demo", the default mode); 0 turns it off.' }, flag),
  MARQUEE_PROGRAM_PATH: optional(
    { default: './target/deploy/marquee.so', derived: true, expects: 'a file path', meaning: 'The program binary the demo chain runs.' },
    nonEmpty,
  ),
  MARQUEE_DEMO_SETTLEMENT_INTERVAL_MS: withDefault(
    { default: '15000', expects: 'a whole number of milliseconds ≥ 1000', meaning: 'How often counted views are settled on the demo chain.' },
    wholeNumber(1000),
  ),
  MARQUEE_DEMO_ADMIN_WALLET: optional(
    { expects: 'a base58 wallet address', meaning: "The wallet acting as the demo platform's admin (reviews studio applications)." },
    base58Address,
  ),
  MARQUEE_SUPPORT_EMAIL: optional(
    {
      expects: 'an email address such as support@marquee.example',
      meaning: 'The support address the Studio and Verification pages show (GET /api/platform supportEmail); unset, they say none is configured.',
    },
    z.email(),
  ),
  MARQUEE_SMTP_URL: optional(
    {
      expects: 'an smtp:// or smtps:// URL such as smtps://user:password@mail.example:465',
      secret: true,
      meaning:
        "The mail server that emails studios their verification decision (to the application's contact email); " +
        'unset, no email is sent and the decision is an in-app notification only.',
    },
    urlOf(['smtp:', 'smtps:']),
  ),
  MARQUEE_MAIL_FROM: optional(
    {
      default: 'Marquee <no-reply@{the SMTP server host}>',
      derived: true,
      expects: 'an address such as Marquee <no-reply@marquee.example>',
      meaning: 'The From of the emails sent through MARQUEE_SMTP_URL.',
    },
    nonEmpty,
  ),
  MARQUEE_MAX_VIEWS_PER_ADDRESS: withDefault(
    { default: String(MAX_VIEWS_PER_IP_PER_WINDOW), expects: 'a whole number ≥ 1', meaning: "Counted views per minute of one address group: an IPv4 address, or an IPv6 /64 (one subscriber's 2^64 addresses)." },
    wholeNumber(1),
  ),
  MARQUEE_MAX_VIEWS_PER_NETWORK: withDefault(
    { default: String(MAX_VIEWS_PER_NETWORK_PER_WINDOW), expects: 'a whole number ≥ 1', meaning: "Counted views per minute of one IPv4 /24 (the looser second tier)." },
    wholeNumber(1),
  ),
  MARQUEE_MAX_VIEWS_PER_EMBED: withDefault(
    { default: String(MAX_VIEWS_PER_EMBED_PER_WINDOW), expects: 'a whole number ≥ 1', meaning: "Counted views per minute of one embed; at the cap a network that used less than its fair share still counts, so one source cannot lock a publisher out." },
    wholeNumber(1),
  ),
  MARQUEE_DEMO_MIN_BATCH_LAMPORTS: withDefault(
    {
      default: String(DEMO_MIN_BATCH_LAMPORTS),
      expects: 'a whole number of lamports ≥ 0',
      meaning: "The demo's settlement threshold: a campaign's counted views are settled once they pay more than this.",
    },
    wholeNumber(0),
  ),
  MARQUEE_QUOTA_UPLOADS: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.uploads), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Uploads (POST /api/media) per wallet, and as many per client address, in each window; past either 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_METADATA: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.metadata), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Metadata documents per wallet, and as many per client address, in each window; past either 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_NONCES: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.nonces), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Sign-in nonces per client address in each window; past it 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_CHAT: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.chat), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Chat messages, updates, polls and votes per wallet in each window; past it 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_VERIFICATION_FETCHES: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.verificationFetches), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Website verification checks (two outbound fetches each) per wallet, and as many per client address, in each window; past either 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_DEMO_WALLETS: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.demoWallets), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Demo wallets per client address (an airdrop each) in each window; past it 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_TX_VERIFICATIONS: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.txVerifications), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Writes that look a transaction up on the cluster, per wallet in each window; past it 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_WRITES_PER_ADDRESS: withDefault(
    { default: quotaText(DEFAULT_QUOTAS.writesPerAddress), expects: 'a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1', meaning: 'Signed-in writes per client address, whichever wallets sign in each window; past it 429 with Retry-After.' },
    quotaCheck,
  ),
  MARQUEE_QUOTA_SSE_CONNECTIONS: withDefault(
    { default: String(DEFAULT_QUOTAS.sseConnections), expects: 'a whole number ≥ 1', meaning: 'Server-sent event streams one client address may hold open at once.' },
    wholeNumber(1),
  ),
  MARQUEE_DEMO_LAST_CALL_SECONDS: withDefault(
    {
      default: String(DEFAULT_LAST_CALL_SECONDS),
      expects: 'a whole number of seconds ≥ 1',
      meaning: 'Seconds after the first start at which the demo\'s "last call" film closes unfunded.',
    },
    wholeNumber(1),
  ),
  DEVNET_RPC_URL: withDefault(
    {
      default: 'https://api.devnet.solana.com',
      expects: 'an http:// or https:// URL',
      meaning: "Devnet's JSON-RPC endpoint (when MARQUEE_RPC_CLUSTERS is unset).",
    },
    httpUrl,
  ),
  DEVNET_WS_URL: optional(
    {
      expects: 'a ws:// or wss:// URL',
      meaning: "Devnet's websocket endpoint (derived from its RPC URL when unset); `<NAME>_WS_URL` sets any cluster's of MARQUEE_RPC_CLUSTERS.",
    },
    wsUrl,
  ),
  MARQUEE_RPC_CLUSTERS: optional(
    {
      default: 'devnet=$DEVNET_RPC_URL',
      derived: true,
      emptyIsValue: true,
      expects: 'a comma-separated list of name=http(s)://url (names: lower-case letters, digits, -), or empty for none',
      meaning: 'The clusters indexed over RPC.',
    },
    clusterList,
  ),
  MARQUEE_PROGRAM_ID: optional(
    { expects: 'a base58 program address', meaning: "The program followed on the RPC clusters; unset: the IDL's address." },
    base58Address,
  ),
  MARQUEE_SETTLEMENT_KEYPAIR: optional(
    {
      expects: 'a file path',
      meaning: "Keypair JSON (mode 0600) of the platform's settlement authority: turns on settlement on the RPC clusters.",
    },
    nonEmpty,
  ),
  MARQUEE_SETTLEMENT_INTERVAL_MS: withDefault(
    { default: '60000', expects: 'a whole number of milliseconds ≥ 1000', meaning: 'How often counted views are settled on the RPC clusters.' },
    wholeNumber(1000),
  ),
  HELIUS_WEBHOOK_AUTH: optional(
    {
      expects: 'a non-empty string',
      secret: true,
      meaning: 'The Authorization header Helius sends with each webhook delivery; /api/webhooks/helius is off without it.',
    },
    nonEmpty,
  ),
  HELIUS_API_KEY: optional(
    { expects: 'a non-empty string', secret: true, meaning: 'For `npm run helius-webhook -w indexer`, which creates or updates the webhook.' },
    nonEmpty,
  ),
  MARQUEE_CLUSTER: withDefault(
    { default: 'devnet', expects: 'devnet or mainnet-beta', meaning: 'The cluster `npm run helius-webhook -w indexer` registers the webhook for.' },
    z.enum(['devnet', 'mainnet-beta']),
  ),
});

export type Environment = z.output<typeof environmentSchema>;

/** The documentation of every declared variable, in the schema's order. */
export function variableDocs(): [string, VariableDoc][] {
  return Object.entries(environmentSchema.shape).map(([name, schema]) => [name, (schema as Documented)[DOC]!]);
}

// --- the parsed configuration ------------------------------------------------------------------

export interface Config {
  port: number;
  /** MARQUEE_HOST: the address the server listens on. */
  host: string;
  dataDir: string;
  /** MARQUEE_MEDIA_DIR: the uploaded files, shared by every API process; unset: dataDir/media. */
  mediaDir?: string;
  /** DATABASE_URL=postgres://… keeps the clusters' data in PostgreSQL (one schema each); unset: SQLite files in dataDir. */
  databaseUrl?: string;
  /** MARQUEE_DATABASE_SCHEMA_PREFIX: prefix of the clusters' schema names on PostgreSQL. */
  schemaPrefix: string;
  /** RPC clusters to follow: MARQUEE_RPC_CLUSTERS="devnet=https://api.devnet.solana.com,localnet=http://127.0.0.1:8899" */
  rpcClusters: RpcClusterConfig[];
  programId?: string;
  heliusAuthHeader?: string;
  /** For the helius-webhook script: its API key and the cluster it registers the webhook for. */
  heliusApiKey?: string;
  heliusCluster: 'devnet' | 'mainnet-beta';
  /**
   * MARQUEE_TRUSTED_PROXY_HOPS: how many reverse proxies you run in front of the server. The client
   * address is read that many hops from the right of X-Forwarded-For; 0 (default) ignores the header.
   */
  trustedProxyHops: number;
  staticDir: string;
  /** The dApp's server bundle, rendering the marketplace's first screen into its HTML (prerendered-pages.ts). */
  prerenderModule: string;
  /** Path of the settlement authority's keypair JSON: turns on the settlement job for the RPC clusters. */
  settlementKeypairPath?: string;
  settlementIntervalMs: number;
  /** The embedded demo chain (cluster 'demo'); MARQUEE_DEMO=0 turns it off. */
  demo: boolean;
  /** The marquee.so the demo chain runs (default target/deploy/marquee.so). */
  programPath?: string;
  demoSettlementIntervalMs: number;
  /** The demo's settlement batch threshold (lamports): a batch is sent once it pays more (MARQUEE_DEMO_MIN_BATCH_LAMPORTS). */
  demoMinBatchLamports: bigint;
  /** The wallet that acts as the demo platform's admin (reviews studio applications); none by default. */
  demoAdminWallet?: string;
  /** The support address the Studio and Verification pages show (none configured: they say so). */
  supportEmail?: string;
  /** The mail transport of the verification notices (MARQUEE_SMTP_URL and MARQUEE_MAIL_FROM); none configured: no email. */
  mail?: { smtpUrl: string; from: string };
  /** Seconds after the demo's first start at which its "last call" film closes (refunds can be tried on it). */
  demoLastCallSeconds: number;
  /** MARQUEE_PUBLIC_URL as configured (the metadata URIs the demo chain writes point there); unset: http://localhost:PORT. */
  publicUrl?: string;
  /**
   * The origins sign-ins may name, the public one first: MARQUEE_PUBLIC_URL and MARQUEE_ALLOWED_ORIGINS,
   * else (on a loopback address only) localhost, 127.0.0.1 and [::1] on PORT.
   */
  signInOrigins: string[];
  /** MARQUEE_SESSION_SECRET; unset: the data folder's session-secret file. */
  sessionSecret?: string;
  /** Lets website verification fetch loopback addresses (MARQUEE_VERIFY_ALLOW_LOOPBACK=1): for tests with local sites only. */
  verifyAllowLoopback: boolean;
  /** MARQUEE_ROLE: api | indexer | all (see constants.ts ROLES); anything but `all` needs PostgreSQL. */
  role: Role;
  /**
   * How the other processes reach this one when it leads (they forward /api/demo/* there):
   * MARQUEE_INTERNAL_URL, default http://127.0.0.1:PORT.
   */
  internalUrl: string;
  /** The view caps per window (MARQUEE_MAX_VIEWS_PER_{ADDRESS,NETWORK,EMBED}); unset ones are constants.ts's defaults. */
  viewCaps: ViewCaps;
  /** Per-wallet quotas and per-address rate limits (api/quotas.ts; MARQUEE_QUOTA_*). */
  quotas: QuotaSettings;
}

export interface ViewCaps {
  maxViewsPerIp: number;
  maxViewsPerNetwork: number;
  maxViewsPerEmbed: number;
}

/** A configuration that cannot start: every bad variable, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is invalid:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The loopback addresses and names: a server bound to one is reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function shown(name: string, raw: string | undefined, doc: VariableDoc | undefined): string {
  if (raw === undefined) return `${name} (unset)`;
  if (doc?.secret) return `${name}=(${raw.length} characters, not shown)`;
  return `${name}=${raw}`;
}

function checkEnvironment(env: NodeJS.ProcessEnv): Environment {
  const parsed = environmentSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const docs = new Map(variableDocs());
  const problems = new Set<string>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0]);
    problems.add(`${shown(name, env[name], docs.get(name))}: expected ${docs.get(name)?.expects ?? 'a valid value'}`);
  }
  throw new ConfigError([...problems]);
}

/** The rules between variables, once each is valid on its own. */
function crossChecks(environment: Environment, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (environment.MARQUEE_TRUST_PROXY !== undefined && env.MARQUEE_TRUSTED_PROXY_HOPS === undefined) {
    problems.push(
      'MARQUEE_TRUST_PROXY is replaced by MARQUEE_TRUSTED_PROXY_HOPS: ' +
        'set it to the number of reverse proxies you run in front of the server (1 for one proxy, 0 for none)',
    );
  }
  const role = environment.MARQUEE_ROLE;
  if (role !== 'all' && !environment.DATABASE_URL) {
    problems.push(
      `MARQUEE_ROLE=${role} needs PostgreSQL (DATABASE_URL=postgres://…): with SQLite one process does everything, so only MARQUEE_ROLE=all is allowed`,
    );
  }
  if (!isLoopback(environment.MARQUEE_HOST) && !environment.MARQUEE_PUBLIC_URL && !environment.MARQUEE_ALLOWED_ORIGINS) {
    problems.push(
      `MARQUEE_HOST=${environment.MARQUEE_HOST} is not a loopback address: set MARQUEE_PUBLIC_URL to the origin users reach this server at ` +
        '(e.g. https://marquee.example; or list them in MARQUEE_ALLOWED_ORIGINS), so that sign-ins name it and never a Host header a caller writes',
    );
  }
  return problems;
}

function rpcClustersOf(environment: Environment, env: NodeJS.ProcessEnv): { clusters: RpcClusterConfig[]; problems: string[] } {
  const listed = environment.MARQUEE_RPC_CLUSTERS ?? [{ name: 'devnet', rpcUrl: environment.DEVNET_RPC_URL }];
  const problems: string[] = [];
  const clusters = listed.map(({ name, rpcUrl }) => {
    const variable = `${name.toUpperCase().replace(/-/g, '_')}_WS_URL`;
    const raw = variable === 'DEVNET_WS_URL' ? environment.DEVNET_WS_URL : env[variable];
    const ws = raw === undefined || raw === '' ? undefined : wsUrl.safeParse(raw);
    if (ws && !ws.success) problems.push(`${variable}=${raw}: expected a ws:// or wss:// URL`);
    return { name, rpcUrl, wsUrl: ws?.success ? ws.data : undefined };
  });
  return { clusters, problems };
}

/** The configuration of `env`, or a ConfigError naming every bad variable. */
/** The mail transport's settings: the From defaults to no-reply at the SMTP server's host. */
function mailSettings(smtpUrl: string, from: string | undefined): { smtpUrl: string; from: string } {
  return { smtpUrl, from: from ?? `Marquee <no-reply@${new URL(smtpUrl).hostname}>` };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const environment = checkEnvironment(env);
  const { clusters, problems } = rpcClustersOf(environment, env);
  problems.push(...crossChecks(environment, env));
  if (problems.length > 0) throw new ConfigError(problems);
  const port = environment.PORT;
  const publicUrl = environment.MARQUEE_PUBLIC_URL;
  const configuredOrigins = [...(publicUrl ? [publicUrl] : []), ...(environment.MARQUEE_ALLOWED_ORIGINS ?? [])];
  return {
    port,
    host: environment.MARQUEE_HOST,
    dataDir: environment.MARQUEE_DATA_DIR,
    mediaDir: environment.MARQUEE_MEDIA_DIR,
    databaseUrl: environment.DATABASE_URL,
    schemaPrefix: environment.MARQUEE_DATABASE_SCHEMA_PREFIX,
    rpcClusters: clusters,
    programId: environment.MARQUEE_PROGRAM_ID,
    heliusAuthHeader: environment.HELIUS_WEBHOOK_AUTH,
    heliusApiKey: environment.HELIUS_API_KEY,
    heliusCluster: environment.MARQUEE_CLUSTER,
    trustedProxyHops: environment.MARQUEE_TRUSTED_PROXY_HOPS,
    staticDir: environment.MARQUEE_STATIC_DIR ?? new URL('../../app/dist', import.meta.url).pathname,
    prerenderModule: environment.MARQUEE_PRERENDER_MODULE ?? new URL('../../app/dist-server/prerender.js', import.meta.url).pathname,
    settlementKeypairPath: environment.MARQUEE_SETTLEMENT_KEYPAIR,
    settlementIntervalMs: environment.MARQUEE_SETTLEMENT_INTERVAL_MS,
    demo: environment.MARQUEE_DEMO,
    programPath: environment.MARQUEE_PROGRAM_PATH,
    demoSettlementIntervalMs: environment.MARQUEE_DEMO_SETTLEMENT_INTERVAL_MS,
    demoMinBatchLamports: BigInt(environment.MARQUEE_DEMO_MIN_BATCH_LAMPORTS),
    verifyAllowLoopback: environment.MARQUEE_VERIFY_ALLOW_LOOPBACK,
    demoAdminWallet: environment.MARQUEE_DEMO_ADMIN_WALLET,
    supportEmail: environment.MARQUEE_SUPPORT_EMAIL,
    ...(environment.MARQUEE_SMTP_URL ? { mail: mailSettings(environment.MARQUEE_SMTP_URL, environment.MARQUEE_MAIL_FROM) } : {}),
    demoLastCallSeconds: environment.MARQUEE_DEMO_LAST_CALL_SECONDS,
    publicUrl: publicUrl ?? environment.MARQUEE_ALLOWED_ORIGINS?.[0],
    signInOrigins: configuredOrigins.length > 0 ? [...new Set(configuredOrigins)] : loopbackOrigins(port),
    sessionSecret: environment.MARQUEE_SESSION_SECRET,
    role: environment.MARQUEE_ROLE,
    internalUrl: environment.MARQUEE_INTERNAL_URL ?? `http://127.0.0.1:${port}`,
    quotas: quotaSettings({
      ...Object.fromEntries(Object.values(QUOTA_VARIABLES).map((name) => [name, environment[name as keyof Environment] as string])),
      MARQUEE_QUOTA_SSE_CONNECTIONS: String(environment.MARQUEE_QUOTA_SSE_CONNECTIONS),
    }),
    viewCaps: {
      maxViewsPerIp: environment.MARQUEE_MAX_VIEWS_PER_ADDRESS,
      maxViewsPerNetwork: environment.MARQUEE_MAX_VIEWS_PER_NETWORK,
      maxViewsPerEmbed: environment.MARQUEE_MAX_VIEWS_PER_EMBED,
    },
  };
}
