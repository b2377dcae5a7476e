// Builds a ClusterContext: the cluster's own SQLite file under the data folder, its indexer and
// explorer links. Used by main.ts for RPC clusters and by the demo chain for 'demo'.
import { join } from 'node:path';
import type { ClusterContext } from './api/context.ts';
import { ensureStudioTables } from './api/studio-store.ts';
import { openDatabase } from './db/database.ts';
import { ClusterIndexer, type IndexerHooks } from './ingest/indexer.ts';
import type { ChainSource } from './sources/source.ts';

/** Public explorer clusters; others (demo, localnet) have no explorer links. */
const EXPLORER_CLUSTERS = new Set(['devnet', 'testnet', 'mainnet-beta']);

export function databasePath(dataDir: string, cluster: string): string {
  return join(dataDir, `indexer-${cluster}.db`);
}

export function createCluster(options: {
  source: ChainSource;
  /** ':memory:' or a folder holding indexer-<cluster>.db */
  dataDir: string;
  programId?: string;
  hooks?: IndexerHooks;
  now?: () => number;
}): ClusterContext {
  const name = options.source.cluster;
  const db = openDatabase(options.dataDir === ':memory:' ? ':memory:' : databasePath(options.dataDir, name));
  ensureStudioTables(db);
  const indexer = new ClusterIndexer({ cluster: name, db, source: options.source, programId: options.programId, hooks: options.hooks, now: options.now });
  const explorerTxUrl = EXPLORER_CLUSTERS.has(name)
    ? (signature: string) =>
        `https://explorer.solana.com/tx/${signature}${name === 'mainnet-beta' ? '' : `?cluster=${name}`}`
    : undefined;
  return { name, db, indexer, explorerTxUrl };
}
