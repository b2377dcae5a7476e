// startDemo: the 'demo' cluster — the demo chain, its index (SQLite in the same data folder, or a
// PostgreSQL schema of DATABASE_URL), the demo actions for /api/demo, and the settlement job
// signing with the demo platform's settlement key. A new chain is seeded with the catalogue before startDemo returns, so the server never
// serves a half-seeded demo. The caller starts the cluster's indexer (startMarquee does).
import type { DemoExtension } from '../api/context.ts';
import { metadataBody } from '../api/schemas.ts';
import { metadataUri, storeMetadata } from '../read-models/metadata.ts';
import { DemoActionError } from './action-error.ts';
import { clusterLocation, createCluster, type ClusterContext } from '../cluster.ts';
import { discardStore } from '../db/index.ts';
import type { IndexerHooks } from '../ingest/indexer.ts';
import { SettlementJob } from '../settlement/job.ts';
import { ensureSeededAdvertisers } from './advertisers.ts';
import { DEMO_CLUSTER, DemoChain, type DemoChainOptions } from './chain.ts';
import { demoOpenApi } from './contract.ts';
import { demoRoutes } from './routes.ts';
import { seedCatalogue, type SeedSummary } from './seed.ts';
import { DemoService, type MetadataStore } from './service.ts';
import type { DemoVideos, VideoRenderer } from './trailers.ts';
import { MediaStore, mediaFolder } from '../media/store.ts';

export const DEFAULT_SETTLEMENT_INTERVAL_MS = 15_000;

export interface DemoOptions {
  dataDir: string;
  /** postgres://… keeps the demo cluster's index in PostgreSQL (see cluster.ts); unset: SQLite in dataDir. */
  databaseUrl?: string;
  schemaPrefix?: string;
  /** Where the server is reached: the metadata URIs written on chain point there. */
  origin: string;
  programPath?: string;
  /** How often counted views are settled on the demo chain; 0: only through POST /api/demo/settle. */
  settlementIntervalMs?: number;
  /** The settlement batch threshold (lamports); unset: the distribution account's rent, as on chain. */
  settlementMinBatchLamports?: bigint;
  now?: () => number;
  /** The wallet that acts as the platform admin (its actions are signed by the admin key). */
  adminWallet?: string;
  /** Seconds after the first start at which the catalogue's last-call film closes. */
  lastCallSeconds?: number;
  chainHooks?: DemoChainOptions['hooks'];
  indexerHooks?: IndexerHooks;
  /** Renders the seeded films' trailers and the seeded video ad (ffmpeg); unset: the demo seeds no video. */
  videoRenderer?: VideoRenderer;
  /** Where the server keeps uploads (MARQUEE_MEDIA_DIR; default `media` in the data folder): the rendered videos go there too. */
  mediaDir?: string;
}

export interface DemoRuntime {
  chain: DemoChain;
  cluster: ClusterContext;
  service: DemoService;
  settlement: SettlementJob;
  extension: DemoExtension;
  /** What the first start seeded; null when the chain was already seeded. */
  seeded: SeedSummary | null;
  /** The metadata store listings use, for the API's origin (seeding and benchmarks list films through the service). */
  metadataStore: (origin: string) => MetadataStore;
  /** Stops the settlement timer (the indexer and database belong to whoever started them). */
  stop(): void;
  /** Unlocks the chain's folder for another server (after the API stopped). */
  release(): void;
}

/**
 * The API's own metadata store (POST /api/metadata's rules) over the demo cluster: the document is
 * checked with the route's schema and stored as the route stores it, so seeding and listings store
 * metadata exactly as the dApp does (without a session: the server lists on behalf of a signed-in wallet or itself).
 */
function metadataStore(cluster: ClusterContext, now: () => number): (origin: string) => MetadataStore {
  return (origin) => async (metadata) => {
    const parsed = metadataBody.safeParse(metadata);
    if (!parsed.success)
      throw new DemoActionError(400, `Invalid listing: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    const sha256 = await storeMetadata(cluster, parsed.data, now());
    return { uri: metadataUri(cluster, origin, sha256), sha256 };
  };
}

export async function startDemo(options: DemoOptions): Promise<DemoRuntime> {
  const now = options.now ?? Date.now;
  const chain = DemoChain.open({ dataDir: options.dataDir, programPath: options.programPath, hooks: options.chainHooks, now });
  // An index of some earlier chain (whose chain folder was deleted) would disagree with this one.
  if (chain.isNew) await discardStore(clusterLocation(options, DEMO_CLUSTER));
  const cluster = await createCluster({
    source: chain,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    schemaPrefix: options.schemaPrefix,
    now,
    hooks: options.indexerHooks,
  });
  // Campaign statuses and the ad server read the chain's clock, which the demo can move forward.
  cluster.chainNow = () => chain.clockNow() * 1000;
  // After a crash the index may lag the chain: catch up with every committed transaction first.
  await cluster.indexer.sync();
  const service = new DemoService(chain, cluster, now);
  const store = metadataStore(cluster, now);
  // Videos go to the media store of this database, the one the server serves /api/media from (the home cluster's).
  const videos: DemoVideos | undefined = options.videoRenderer && { renderer: options.videoRenderer, store: new MediaStore(cluster.db, mediaFolder(options)) };
  let seeded: SeedSummary | null = null;
  if (!chain.isSeeded) {
    seeded = await seedCatalogue(service, store(options.origin), Math.floor(now() / 1000), options.lastCallSeconds, videos);
    await cluster.indexer.sync();
  }
  if (options.adminWallet) await service.keys.assignAdminWallet(options.adminWallet);
  await service.keys.relinkWallets();
  // The campaign that pays test revenue (a chain seeded before campaigns existed gets it now).
  await service.house.ensure();

  // The seeded advertisers' campaigns pay for views from the first start (a chain seeded before they existed gets them now).
  await ensureSeededAdvertisers(service, videos);

  const settlement = new SettlementJob({
    db: cluster.db,
    indexer: cluster.indexer,
    signer: service.settlement,
    now,
    chainNow: cluster.chainNow,
    minBatchLamports: options.settlementMinBatchLamports,
  });
  const interval = options.settlementIntervalMs ?? DEFAULT_SETTLEMENT_INTERVAL_MS;
  if (interval > 0) settlement.start(interval);
  const extension: DemoExtension = {
    routes: demoRoutes(service, { settlement, metadataStore: store }),
    openapi: demoOpenApi(),
    isServerKey: (address) => chain.isServerKey(address),
  };
  return { chain, cluster, service, settlement, extension, seeded, metadataStore: store, stop: () => settlement.stop(), release: () => chain.close() };
}

export { DemoChain, DEMO_CLUSTER } from './chain.ts';
export { DemoService } from './service.ts';
