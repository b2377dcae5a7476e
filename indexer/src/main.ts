// Entry point: `npm start -w indexer` (PORT, MARQUEE_DATA_DIR, … see src/config.ts). Follows the
// configured RPC clusters and serves the API and the built dApp. The demo chain (issue 5) passes its
// cluster, its /api/demo routes and its settlement signer to startMarquee.
import { startMarquee } from './start.ts';

const marquee = await startMarquee();
console.log(`Marquee on ${marquee.url} (API ${marquee.url}/api; clusters: ${marquee.clusters.map((c) => c.name).join(', ')})`);

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  marquee.close().then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
