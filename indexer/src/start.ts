// startMarquee: the whole server — RPC clusters from the configuration, plus whatever clusters the
// caller brings (the demo chain's), the settlement jobs, the API and the built dApp on PORT.
import anchor from '@coral-xyz/anchor';
import type { ServerType } from '@hono/node-server';
import { createApp } from './api/app.ts';
import type { DemoExtension } from './api/context.ts';
import { signInOrigins } from './auth/origins.ts';
import { loadSessionSecret, SessionSigner } from './auth/session.ts';
import { createCluster, type ClusterContext } from './cluster.ts';
import { platform } from './db/index.ts';
import { loadConfig, type Config } from './config.ts';
import { readPrivateFile } from './private-files.ts';
import { DEFAULT_CLUSTER, SHUTDOWN_GRACE_MS } from './constants.ts';
import { createServer } from './server.ts';
import { MediaStore, mediaFolder } from './media/store.ts';
import { rpcSettlementSigner } from './settlement/instruction.ts';
import { SettlementJob, type SettlementSigner } from './settlement/job.ts';
import { RpcSource } from './sources/rpc.ts';
import { configuredMailer } from './notifications/mail.ts';

export interface StartOptions {
  config?: Config;
  /** Clusters besides the configured RPC ones, e.g. the demo chain's (its indexer is started here). */
  clusters?: ClusterContext[];
  /** Mounted at /api/demo. */
  demo?: DemoExtension;
  /** Settlement signers by cluster name (the demo chain's); RPC clusters get one from MARQUEE_SETTLEMENT_KEYPAIR. */
  settlementSigners?: Record<string, SettlementSigner>;
  /**
   * Whether this process follows the chains and settles (default true): the leader, or the one
   * process on SQLite. An `api` process only serves what the leader writes to the shared database.
   */
  ingest?: boolean;
  /** The store behind /api/media; by default the media folder with its rows in the home cluster's database. */
  media?: MediaStore;
}

export interface Marquee {
  clusters: ClusterContext[];
  server: ServerType;
  url: string;
  close(): Promise<void>;
}

function treasuryOf(cluster: ClusterContext) {
  return () => platform.treasury(cluster.db);
}

export async function startMarquee(options: StartOptions = {}): Promise<Marquee> {
  const config = options.config ?? loadConfig();
  const rpcClusters = await Promise.all(
    config.rpcClusters.map(async (rpc) => ({
      rpc,
      cluster: await createCluster({
        source: new RpcSource({ cluster: rpc.name, rpcUrl: rpc.rpcUrl, wsUrl: rpc.wsUrl }),
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        schemaPrefix: config.schemaPrefix,
        programId: config.programId,
      }),
    })),
  );
  const clusters = [...(options.clusters ?? []), ...rpcClusters.map(({ cluster }) => cluster)];
  const ingest = options.ingest ?? true;
  if (ingest) for (const cluster of clusters) cluster.indexer.start();

  const signers: Record<string, SettlementSigner> = { ...options.settlementSigners };
  if (config.settlementKeypairPath) {
    const file = readPrivateFile(config.settlementKeypairPath, 'The settlement keypair (MARQUEE_SETTLEMENT_KEYPAIR)');
    const secret = Uint8Array.from(JSON.parse(file.toString('utf8')));
    const keypair = anchor.web3.Keypair.fromSecretKey(secret);
    for (const { rpc, cluster } of rpcClusters) {
      signers[cluster.name] ??= rpcSettlementSigner({ rpcUrl: rpc.rpcUrl, keypair, treasury: treasuryOf(cluster) });
    }
  }
  const jobs = clusters
    .filter((cluster) => ingest && signers[cluster.name])
    .map((cluster) => new SettlementJob({ db: cluster.db, indexer: cluster.indexer, signer: signers[cluster.name] }));
  for (const job of jobs) job.start(config.settlementIntervalMs);

  // Uploads' rows live in the home cluster's database (the demo's, else the first), whatever cluster a request names.
  const home = clusters.find((cluster) => cluster.name === DEFAULT_CLUSTER) ?? clusters[0];
  const mediaDir = mediaFolder(config);
  const media = options.media ?? (home && new MediaStore(home.db, mediaDir));
  const moved = await media?.moveDatabaseBytesToFiles();
  if (moved) console.log(`Moved ${moved} uploaded files from the database to ${mediaDir}`);
  // The sign-in nonces live in the default cluster's database (createApp's default); every process
  // of one deployment verifies the others' sessions with the same secret (MARQUEE_SESSION_SECRET).
  const secret = loadSessionSecret(config.dataDir, config.sessionSecret, { shared: config.role !== 'all' });
  const auth = { sessions: new SessionSigner(secret), origins: signInOrigins(config.signInOrigins) };
  const app = createApp({
    clusters,
    media,
    auth,
    demo: options.demo,
    heliusAuthHeader: config.heliusAuthHeader,
    trustedProxyHops: config.trustedProxyHops,
    views: config.viewCaps,
    quotas: config.quotas,
    // The ad tickets' key derives from the same shared secret: any API process verifies a ticket another issued.
    ticketSecret: secret,
    siteFetch: { allowLoopback: config.verifyAllowLoopback },
    supportEmail: config.supportEmail,
    decisionMail: { mailer: configuredMailer(config.mail), ...(config.publicUrl ? { pageUrl: `${config.publicUrl}/verification` } : {}) },
  });
  // An `indexer` process is reached by the API processes only: it serves the API, not the dApp.
  const staticDir = config.role === 'indexer' ? undefined : config.staticDir;
  const server = await createServer({
    app,
    port: config.port,
    hostname: config.host,
    staticDir,
    prerenderModule: config.prerenderModule,
    clusters: clusters.map((cluster) => cluster.name),
  });
  const url = `http://localhost:${config.port}`;
  return {
    clusters,
    server,
    url,
    close: () =>
      new Promise((resolve) => {
        for (const job of jobs) job.stop();
        if (ingest) for (const cluster of clusters) cluster.indexer.stop();
        server.close(() => {
          Promise.all(clusters.map((cluster) => cluster.store.close())).then(() => resolve());
        });
        // server.close waits for every connection; chat event streams stay open until cut.
        if ('closeAllConnections' in server) setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
      }),
  };
}
