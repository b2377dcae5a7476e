// Entry point: `npm start -w indexer`. Follows the configured RPC clusters and serves the API and
// the built dApp on PORT. The demo chain (issue 5) adds the 'demo' cluster and /api/demo through
// the same createApp deps.
import { createApp } from './api/app.ts';
import { createCluster } from './cluster.ts';
import { loadConfig } from './config.ts';
import { createServer } from './server.ts';
import { RpcSource } from './sources/rpc.ts';

const config = loadConfig();
const clusters = config.rpcClusters.map((rpc) =>
  createCluster({ source: new RpcSource({ cluster: rpc.name, rpcUrl: rpc.rpcUrl, wsUrl: rpc.wsUrl }), dataDir: config.dataDir, programId: config.programId }),
);
for (const cluster of clusters) cluster.indexer.start();

const app = createApp({ clusters, heliusAuthHeader: config.heliusAuthHeader, trustProxy: config.trustProxy });
const server = await createServer({ app, port: config.port, staticDir: config.staticDir });
console.log(`Marquee API on http://localhost:${config.port}/api (clusters: ${clusters.map((c) => c.name).join(', ')}; data in ${config.dataDir})`);

function shutdown() {
  for (const cluster of clusters) {
    cluster.indexer.stop();
    cluster.db.close();
  }
  server.close(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
