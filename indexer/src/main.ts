// Entry point: `npm start -w indexer` (PORT, MARQUEE_DATA_DIR, … see src/config.ts). Follows the
// configured RPC clusters and serves the API and the built dApp. The demo chain (issue 5) starts
// first (seeding itself on its first start), runs its own settlement job, and passes its cluster and
// its /api/demo routes to startMarquee.
import { loadConfig } from './config.ts';
import { FolderLockedError } from './demo/folder-lock.ts';
import { startDemo } from './demo/index.ts';
import { startMarquee } from './start.ts';

const config = loadConfig();
const demo = config.demo
  ? await startDemo({
      dataDir: config.dataDir,
      origin: config.publicUrl ?? `http://localhost:${config.port}`,
      programPath: config.programPath,
      settlementIntervalMs: config.demoSettlementIntervalMs,
      adminWallet: config.demoAdminWallet,
      lastCallSeconds: config.demoLastCallSeconds,
    }).catch((error: unknown) => {
      if (!(error instanceof FolderLockedError)) throw error;
      console.error(error.message);
      process.exit(1);
    })
  : undefined;
if (demo?.seeded) {
  const { projects, transactions, byState } = demo.seeded;
  console.log(`Demo chain seeded: ${projects} films in ${transactions} transactions (${JSON.stringify(byState)})`);
}
const marquee = await startMarquee({ config, clusters: demo ? [demo.cluster] : [], demo: demo?.extension });
console.log(`Marquee on ${marquee.url} (API ${marquee.url}/api; clusters: ${marquee.clusters.map((c) => c.name).join(', ')})`);

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  demo?.stop();
  marquee.close().then(() => {
    demo?.release();
    process.exit(0);
  });
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
