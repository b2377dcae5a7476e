// Configuration from the environment (documented in the root .env.example).
import { DEFAULT_DATA_DIR, DEFAULT_PORT } from './constants.ts';

export interface RpcClusterConfig {
  name: string;
  rpcUrl: string;
  wsUrl?: string;
}

export interface Config {
  port: number;
  dataDir: string;
  /** RPC clusters to follow: MARQUEE_RPC_CLUSTERS="devnet=https://api.devnet.solana.com,localnet=http://127.0.0.1:8899" */
  rpcClusters: RpcClusterConfig[];
  programId?: string;
  heliusAuthHeader?: string;
  trustProxy: boolean;
  staticDir: string;
  /** Path of the settlement authority's keypair JSON: turns on the settlement job for the RPC clusters. */
  settlementKeypairPath?: string;
  settlementIntervalMs: number;
  /** The embedded demo chain (cluster 'demo'); MARQUEE_DEMO=0 turns it off. */
  demo: boolean;
  /** The marquee.so the demo chain runs (default target/deploy/marquee.so). */
  programPath?: string;
  demoSettlementIntervalMs: number;
  /** The wallet that acts as the demo platform's admin (reviews studio applications); none by default. */
  demoAdminWallet?: string;
  /** Seconds after the demo's first start at which its "last call" film closes (refunds can be tried on it). */
  demoLastCallSeconds?: number;
  /** Where the server is reached from outside (default http://localhost:PORT): the metadata URIs the demo chain writes point there. */
  publicUrl?: string;
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
    rpcClusters,
    programId: env.MARQUEE_PROGRAM_ID,
    heliusAuthHeader: env.HELIUS_WEBHOOK_AUTH || undefined,
    trustProxy: env.MARQUEE_TRUST_PROXY === '1',
    staticDir: env.MARQUEE_STATIC_DIR ?? new URL('../../app/dist', import.meta.url).pathname,
    settlementKeypairPath: env.MARQUEE_SETTLEMENT_KEYPAIR || undefined,
    settlementIntervalMs: Number(env.MARQUEE_SETTLEMENT_INTERVAL_MS ?? 60_000),
    demo: env.MARQUEE_DEMO !== '0',
    programPath: env.MARQUEE_PROGRAM_PATH || undefined,
    demoSettlementIntervalMs: Number(env.MARQUEE_DEMO_SETTLEMENT_INTERVAL_MS ?? 15_000),
    demoAdminWallet: env.MARQUEE_DEMO_ADMIN_WALLET || undefined,
    demoLastCallSeconds: env.MARQUEE_DEMO_LAST_CALL_SECONDS ? Number(env.MARQUEE_DEMO_LAST_CALL_SECONDS) : undefined,
    publicUrl: env.MARQUEE_PUBLIC_URL?.replace(/\/$/, '') || undefined,
  };
}
