// The indexer package's public surface, for main.ts and the demo chain.
export { createApp } from './api/app.ts';
export type { AppDeps, AppEnv, DemoExtension, ViewRules } from './api/context.ts';
export type { ClusterContext } from './cluster.ts';
export { fail } from './api/errors.ts';
export { validate } from './api/validate.ts';
export { clusterLocation, createCluster, databasePath, type StorageConfig } from './cluster.ts';
export { loadConfig } from './config.ts';
export * as data from './db/index.ts';
export { openStore, type DataStore, type Executor, type StoreLocation } from './db/index.ts';
export { ClusterIndexer, type IngestResult, type StreamGap } from './ingest/indexer.ts';
export { decodeTransactionEvents, toChainTransaction, type ChainTransaction, type DecodedEvent } from '@marquee/program-client';
export { coder, MARQUEE_IDL as idl, MARQUEE_PROGRAM_ADDRESS as PROGRAM_ID, EVENT_IX_TAG } from '@marquee/program-client';
export { createServer } from './server.ts';
export { startMarquee, type Marquee, type StartOptions } from './start.ts';
export { campaignSettlementInstruction, distributionInstruction, rpcSettlementSigner, type SettlementAccounts } from './settlement/instruction.ts';
export { SettlementJob, type CampaignSettlementRequest, type DistributionRequest, type SettlementSigner } from './settlement/job.ts';
export { RpcSource } from './sources/rpc.ts';
export type { ChainSource, SignatureInfo, SignatureQuery, SourceNotification } from './sources/source.ts';
