// What each MARQUEE_ROLE runs (main.ts picks one):
// - the leader (`all` on SQLite, where the one process leads by definition; `indexer`/`all` on
//   PostgreSQL once elected): the demo chain with its settlement job, the indexers of every
//   cluster, the RPC settlement job, and the API; on PostgreSQL it then records its internal URL;
// - an `api` process (PostgreSQL only): the API over the shared database, demo actions forwarded
//   to the leader, the demo chain read through the leader; it never ingests on its own nor settles.
import type { Config } from '../config.ts';
import { isPostgresUrl } from '../db/index.ts';
import { LEADER_ADDRESS_TTL_MS } from '../constants.ts';
import { createCluster } from '../cluster.ts';
import { FolderLockedError } from '../demo/folder-lock.ts';
import { startDemo } from '../demo/index.ts';
import { ffmpegRenderer } from '../demo/trailers.ts';
import { startMarquee, type Marquee } from '../start.ts';
import { demoForwarder } from './demo-forward.ts';
import { LeaderChainSource } from './leader-chain-source.ts';
import { LeaderDirectory, LeaderElection } from './leadership.ts';

export interface RunningProcess {
  marquee: Marquee;
  close(): Promise<void>;
}

/** Starts everything a leader runs (the caller holds the leadership, or there is nothing to elect). */
async function startLeading(config: Config): Promise<RunningProcess> {
  const demo = config.demo
    ? await startDemo({
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        schemaPrefix: config.schemaPrefix,
        origin: config.publicUrl ?? `http://localhost:${config.port}`,
        programPath: config.programPath,
        settlementIntervalMs: config.demoSettlementIntervalMs,
        settlementMinBatchLamports: config.demoMinBatchLamports,
        adminWallet: config.demoAdminWallet,
        lastCallSeconds: config.demoLastCallSeconds,
        // The first start renders the films' trailers and the video ad with ffmpeg (scripts/start.sh installs it).
        mediaDir: config.mediaDir,
        videoRenderer: ffmpegRenderer({ onMissing: (message) => console.warn(message) }),
      }).catch((error: unknown) => {
        // Another server runs on this data folder: say so and leave its chain alone.
        if (!(error instanceof FolderLockedError)) throw error;
        console.error(error.message);
        process.exit(1);
      })
    : undefined;
  if (demo?.seeded) {
    const { projects, transactions, byState } = demo.seeded;
    console.log(`Demo chain seeded: ${projects} films in ${transactions} transactions (${JSON.stringify(byState)})`);
    const { trailers } = demo.seeded;
    const kilobytes = trailers.bytes.map((bytes) => Math.round(bytes / 1024));
    if (kilobytes.length > 0)
      console.log(`Trailers rendered: ${kilobytes.length} in ${trailers.seconds.toFixed(1)} s, ${Math.min(...kilobytes)}–${Math.max(...kilobytes)} KB each`);
  }
  const marquee = await startMarquee({ config, clusters: demo ? [demo.cluster] : [], demo: demo?.extension });
  return {
    marquee,
    close: async () => {
      demo?.stop();
      await marquee.close();
      demo?.release();
    },
  };
}

/**
 * `all` or `indexer`: on SQLite, leads at once; on PostgreSQL, stands by until elected. A lost
 * leadership ends the process: another one may already ingest and settle, and the demo chain's
 * files must have one writer. A supervisor restarts it as a standby.
 */
export async function runLeaderCandidate(config: Config, exit: (code: number) => never = process.exit): Promise<RunningProcess> {
  const databaseUrl = config.databaseUrl;
  if (!isPostgresUrl(databaseUrl)) return startLeading(config);
  const election = new LeaderElection({ databaseUrl });
  election.onLost((reason) => {
    console.error(`[leader] stopping at once: ${reason}`);
    exit(1);
  });
  await election.campaign();
  const running = await startLeading(config);
  await election.register(config.internalUrl);
  console.log(`[leader] serving the demo chain and the internal routes at ${config.internalUrl}`);
  return {
    marquee: running.marquee,
    close: async () => {
      await running.close();
      await election.stop();
    },
  };
}

/** `api` (PostgreSQL): serves the shared database; the leader holds the chains' writers. */
export async function runApi(config: Config): Promise<RunningProcess> {
  const databaseUrl = config.databaseUrl;
  if (!isPostgresUrl(databaseUrl)) throw new Error('MARQUEE_ROLE=api needs DATABASE_URL=postgres://…');
  const directory = new LeaderDirectory({ databaseUrl, ttlMs: LEADER_ADDRESS_TTL_MS });
  const demoCluster = config.demo
    ? await createCluster({
        source: new LeaderChainSource(directory),
        dataDir: config.dataDir,
        databaseUrl,
        schemaPrefix: config.schemaPrefix,
        programId: config.programId,
      })
    : undefined;
  const marquee = await startMarquee({
    config,
    clusters: demoCluster ? [demoCluster] : [],
    demo: demoCluster ? demoForwarder(directory) : undefined,
    ingest: false,
  });
  return {
    marquee,
    close: async () => {
      await marquee.close();
      await directory.close();
    },
  };
}
