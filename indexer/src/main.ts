// Entry point: `npm start -w indexer` (PORT, MARQUEE_DATA_DIR, DATABASE_URL, MARQUEE_ROLE, … see
// src/config.ts). MARQUEE_ROLE=all (the default, the only role on SQLite) leads: it runs the demo
// chain (seeded on its first start), follows the configured RPC clusters, settles, and
// serves the API and the built dApp. On PostgreSQL `indexer`/`all` processes elect one leader and
// `api` processes serve the API beside it (src/roles/processes.ts).
import { ConfigError, loadConfig, type Config } from './config.ts';
import { runApi, runLeaderCandidate } from './roles/processes.ts';

/** The configuration, or the start stops here with every bad variable named (no stack trace to read through). */
function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = configOrExit();
const running = config.role === 'api' ? await runApi(config) : await runLeaderCandidate(config);
const { marquee } = running;
console.log(
  `Marquee (${config.role}) on ${marquee.url} (API ${marquee.url}/api; clusters: ${marquee.clusters.map((c) => c.name).join(', ')})`,
);

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  running.close().then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
