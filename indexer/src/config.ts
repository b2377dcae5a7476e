// Configuration from the environment (documented in the root .env.example).
import { DEFAULT_DATA_DIR, DEFAULT_PORT, DEFAULT_ROLE, DEFAULT_SCHEMA_PREFIX, DEMO_MIN_BATCH_LAMPORTS, ROLES, type Role } from './constants.ts';
import { isPostgresUrl } from './db/connection.ts';
import { parseTrustedProxyHops } from './api/client-address.ts';

export interface RpcClusterConfig {
  name: string;
  rpcUrl: string;
  wsUrl?: string;
}

export interface Config {
  port: number;
  dataDir: string;
  /** DATABASE_URL=postgres://… keeps the clusters' data in PostgreSQL (one schema each); unset: SQLite files in dataDir. */
  databaseUrl?: string;
  /** MARQUEE_DATABASE_SCHEMA_PREFIX: prefix of the clusters' schema names on PostgreSQL. */
  schemaPrefix: string;
  /** RPC clusters to follow: MARQUEE_RPC_CLUSTERS="devnet=https://api.devnet.solana.com,localnet=http://127.0.0.1:8899" */
  rpcClusters: RpcClusterConfig[];
  programId?: string;
  heliusAuthHeader?: string;
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
  /** Seconds after the demo's first start at which its "last call" film closes (refunds can be tried on it). */
  demoLastCallSeconds?: number;
  /** Where the server is reached from outside (default http://localhost:PORT): the metadata URIs the demo chain writes point there. */
  publicUrl?: string;
  /** Lets website verification fetch loopback addresses (MARQUEE_VERIFY_ALLOW_LOOPBACK=1): for tests with local sites only. */
  verifyAllowLoopback: boolean;
  /** MARQUEE_ROLE: api | indexer | all (see constants.ts ROLES); anything but `all` needs PostgreSQL. */
  role: Role;
  /**
   * How the other processes reach this one when it leads (they forward /api/demo/* there):
   * MARQUEE_INTERNAL_URL, default http://127.0.0.1:PORT.
   */
  internalUrl: string;
}

function roleOf(env: NodeJS.ProcessEnv): Role {
  const role = (env.MARQUEE_ROLE || DEFAULT_ROLE) as Role;
  if (!ROLES.includes(role)) throw new Error(`MARQUEE_ROLE="${env.MARQUEE_ROLE}" is not one of ${ROLES.join(', ')}`);
  if (role !== 'all' && !isPostgresUrl(env.DATABASE_URL)) {
    throw new Error(
      `MARQUEE_ROLE=${role} needs PostgreSQL (DATABASE_URL=postgres://…): with SQLite one process does everything, so only MARQUEE_ROLE=all is allowed`,
    );
  }
  return role;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rpcClusters = (env.MARQUEE_RPC_CLUSTERS ?? `devnet=${env.DEVNET_RPC_URL ?? 'https://api.devnet.solana.com'}`)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name, rpcUrl] = entry.split(/=(.*)/s);
      if (!name || !rpcUrl) throw new Error(`MARQUEE_RPC_CLUSTERS entry "${entry}" is not name=url`);
      return { name, rpcUrl, wsUrl: env[`${name.toUpperCase().replace(/-/g, '_')}_WS_URL`] };
    });
  return {
    port: Number(env.PORT ?? DEFAULT_PORT),
    dataDir: env.MARQUEE_DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: databaseUrl(env.DATABASE_URL),
    schemaPrefix: env.MARQUEE_DATABASE_SCHEMA_PREFIX || DEFAULT_SCHEMA_PREFIX,
    rpcClusters,
    programId: env.MARQUEE_PROGRAM_ID,
    heliusAuthHeader: env.HELIUS_WEBHOOK_AUTH || undefined,
    trustedProxyHops: trustedProxyHops(env),
    staticDir: env.MARQUEE_STATIC_DIR ?? new URL('../../app/dist', import.meta.url).pathname,
    prerenderModule: env.MARQUEE_PRERENDER_MODULE ?? new URL('../../app/dist-server/prerender.js', import.meta.url).pathname,
    settlementKeypairPath: env.MARQUEE_SETTLEMENT_KEYPAIR || undefined,
    settlementIntervalMs: Number(env.MARQUEE_SETTLEMENT_INTERVAL_MS ?? 60_000),
    demo: env.MARQUEE_DEMO !== '0',
    programPath: env.MARQUEE_PROGRAM_PATH || undefined,
    demoSettlementIntervalMs: Number(env.MARQUEE_DEMO_SETTLEMENT_INTERVAL_MS ?? 15_000),
    demoMinBatchLamports: BigInt(env.MARQUEE_DEMO_MIN_BATCH_LAMPORTS ?? DEMO_MIN_BATCH_LAMPORTS),
    verifyAllowLoopback: env.MARQUEE_VERIFY_ALLOW_LOOPBACK === '1',
    demoAdminWallet: env.MARQUEE_DEMO_ADMIN_WALLET || undefined,
    demoLastCallSeconds: env.MARQUEE_DEMO_LAST_CALL_SECONDS ? Number(env.MARQUEE_DEMO_LAST_CALL_SECONDS) : undefined,
    publicUrl: env.MARQUEE_PUBLIC_URL?.replace(/\/$/, '') || undefined,
    role: roleOf(env),
    internalUrl: env.MARQUEE_INTERNAL_URL?.replace(/\/$/, '') || `http://127.0.0.1:${Number(env.PORT ?? DEFAULT_PORT)}`,
  };
}

/**
 * MARQUEE_TRUST_PROXY=1 trusted the leftmost X-Forwarded-For entry, which any caller writes: it is
 * refused rather than silently read another way, so a deployment says how many proxies it runs.
 */
function trustedProxyHops(env: NodeJS.ProcessEnv): number {
  if (env.MARQUEE_TRUST_PROXY !== undefined && env.MARQUEE_TRUSTED_PROXY_HOPS === undefined) {
    throw new Error(
      'MARQUEE_TRUST_PROXY is replaced by MARQUEE_TRUSTED_PROXY_HOPS: set it to the number of reverse proxies you run in front of the server (1 for one proxy, 0 for none)',
    );
  }
  return parseTrustedProxyHops(env.MARQUEE_TRUSTED_PROXY_HOPS);
}

/** Only PostgreSQL URLs are accepted: a typo must not silently fall back to SQLite. */
function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error(`DATABASE_URL must be a postgres:// URL (got "${value.split('@').pop()}"); leave it unset for SQLite`);
  return value;
}
