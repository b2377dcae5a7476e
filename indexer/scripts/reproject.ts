// Re-projects the quarantined transactions of the configured clusters after a fix (a newer IDL, a
// projection bug fixed): `npm run reproject -w indexer [-- <cluster>…]`. Reads the same
// configuration as the server (MARQUEE_DATA_DIR or DATABASE_URL, MARQUEE_RPC_CLUSTERS); with no
// cluster named, every configured one whose database exists. It needs no chain access: a
// quarantined transaction is re-applied from the event log, or decoded again from its stored body.
// Safe beside a running server: each transaction is re-projected in one database transaction.
import { existsSync } from 'node:fs';
import { clusterLocation } from '../src/cluster.ts';
import { loadConfig } from '../src/config.ts';
import { DEMO_CLUSTER } from '../src/demo/chain.ts';
import { openStore, quarantine } from '../src/db/index.ts';
import { ClusterIndexer } from '../src/ingest/indexer.ts';
import type { ChainSource } from '../src/sources/source.ts';

const config = loadConfig();
const configured = [...(config.demo ? [DEMO_CLUSTER] : []), ...config.rpcClusters.map((cluster) => cluster.name)];
const named = process.argv.slice(2);
const clusters = named.length > 0 ? named : configured;

/** Re-projection reads only the database: a chain read would be a bug, and says so. */
function noChainAccess(cluster: string): ChainSource {
  const refuse = () => Promise.reject(new Error('reproject reads no chain: quarantined transactions are re-applied from the database'));
  return { cluster, getTransaction: refuse, getSignatures: refuse };
}

let failed = false;
for (const cluster of clusters) {
  const location = clusterLocation(config, cluster);
  if (location.dialect === 'sqlite' && !existsSync(location.path)) {
    if (named.includes(cluster)) {
      console.error(`${cluster}: no database at ${location.path}`);
      failed = true;
    }
    continue;
  }
  const store = await openStore(location);
  try {
    const indexer = new ClusterIndexer({ cluster, store, source: noChainAccess(cluster), programId: config.programId });
    const { reprojected, stillQuarantined } = await indexer.reprojectQuarantined();
    const total = reprojected.length + stillQuarantined.length;
    console.log(`${cluster}: re-projected ${reprojected.length} of ${total} quarantined transaction(s)`);
    for (const signature of reprojected) console.log(`  applied ${signature}`);
    for (const signature of stillQuarantined) console.log(`  still quarantined ${signature}: ${(await quarantine.get(store.db, signature))?.reason}`);
    if (stillQuarantined.length > 0) failed = true;
  } finally {
    await store.close();
  }
}
process.exit(failed ? 1 : 0);
