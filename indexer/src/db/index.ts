// The data-access layer: one module per aggregate over Kysely, the only code that talks to a
// database. Routes, the demo chain, settlement and ingestion import these namespaces.
export * as analytics from './analytics.ts';
export * as authNonces from './auth-nonces.ts';
export * as revokedSessions from './revoked-sessions.ts';
export * as campaigns from './campaigns.ts';
export * as certificates from './certificates.ts';
export * as chainLog from './chain-log.ts';
// A film's collaboration hub, one aggregate each.
export * as hubChat from './collaboration/chat.ts';
export * as hubs from './collaboration/hub.ts';
export * as hubPolls from './collaboration/polls.ts';
export * as hubTeam from './collaboration/team.ts';
export * as hubUpdates from './collaboration/updates.ts';
export * as embeds from './embeds.ts';
export * as investments from './investments.ts';
export * as media from './media.ts';
export * as metadata from './metadata.ts';
export * as notificationReads from './notification-reads.ts';
export * as oneTimeTasks from './one-time-tasks.ts';
export * as platform from './platform.ts';
export * as platformRoles from './platform-roles.ts';
export * as projects from './projects.ts';
export * as publishers from './publishers.ts';
export * as quarantine from './quarantine.ts';
export * as revenue from './revenue.ts';
export * as settlement from './settlement.ts';
export * as studioProfiles from './studio-profiles.ts';
export * as unavailableSignatures from './unavailable-signatures.ts';
export * as users from './users.ts';
export * as verification from './verification.ts';
export * as views from './views.ts';
export { UserLinkError } from './users.ts';
export { inTransaction, flag, type Executor } from './executor.ts';
export { openStore, discardStore, isPostgresUrl, schemaName, type DataStore, type DialectName, type StoreLocation } from './connection.ts';
export { migrateToLatest, MIGRATIONS, type MarqueeMigration, type MigrationList } from './migrate.ts';
