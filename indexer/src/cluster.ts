// The ClusterContext every part serving a cluster works with (the API, the player, the demo chain,
// the settlement job), and how one is built: the cluster's data store (its own SQLite file under
// the data folder, or its own schema in the PostgreSQL database of DATABASE_URL), its indexer and
// explorer links. Used by startMarquee for RPC clusters and by the demo chain for 'demo'.
import { join } from 'node:path';
import { DEFAULT_SCHEMA_PREFIX } from './constants.ts';
import { isPostgresUrl, openStore, schemaName, type DataStore, type Executor, type StoreLocation } from './db/index.ts';
import { ClusterIndexer, type IndexerHooks } from './ingest/indexer.ts';
import type { ChainSource } from './sources/source.ts';

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

/** The cluster's chain clock in unix seconds: the demo chain's (which can be advanced), else the wall clock. */
export function chainSeconds(ctx: ClusterContext, now: () => number): number {
  return Math.floor((ctx.chainNow ?? now)() / 1000);
}

/** Public explorer clusters; others (demo, localnet) have no explorer links. */
const EXPLORER_CLUSTERS = new Set(['devnet', 'testnet', 'mainnet-beta']);

export function databasePath(dataDir: string, cluster: string): string {
  return join(dataDir, `indexer-${cluster}.db`);
}

export interface StorageConfig {
  /** A folder holding indexer-<cluster>.db, or ':memory:' (a throwaway SQLite database). */
  dataDir: string;
  /** postgres://… selects PostgreSQL (one schema per cluster); unset keeps SQLite. */
  databaseUrl?: string;
  /** Prefix of the clusters' schema names on PostgreSQL (default "marquee_"). */
  schemaPrefix?: string;
}

/** Where a cluster's data lives under this configuration. */
export function clusterLocation(storage: StorageConfig, cluster: string): StoreLocation {
  if (isPostgresUrl(storage.databaseUrl)) {
    return { dialect: 'postgres', url: storage.databaseUrl, schema: schemaName(storage.schemaPrefix ?? DEFAULT_SCHEMA_PREFIX, cluster) };
  }
  return { dialect: 'sqlite', path: storage.dataDir === ':memory:' ? ':memory:' : databasePath(storage.dataDir, cluster) };
}

export async function createCluster(
  options: StorageConfig & {
    source: ChainSource;
    /** Overrides the location the storage configuration gives (tests). */
    location?: StoreLocation;
    programId?: string;
    hooks?: IndexerHooks;
    /** Chain transactions per backfill batch (default BACKFILL_BATCH). */
    backfillBatch?: number;
    now?: () => number;
  },
): Promise<ClusterContext> {
  const name = options.source.cluster;
  const store = await openStore(options.location ?? clusterLocation(options, name));
  const indexer = new ClusterIndexer({ cluster: name, store, source: options.source, programId: options.programId, hooks: options.hooks, now: options.now, backfillBatch: options.backfillBatch });
  const explorerTxUrl = EXPLORER_CLUSTERS.has(name)
    ? (signature: string) =>
        `https://explorer.solana.com/tx/${signature}${name === 'mainnet-beta' ? '' : `?cluster=${name}`}`
    : undefined;
  return { name, store, db: store.db, indexer, explorerTxUrl };
}
