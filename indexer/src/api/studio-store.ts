// INTERIM, until the data layer's ClusterContext carries its Kysely executor (branch data-layer):
// the studio routes speak Kysely (db/studio-profiles.ts, db/verification.ts, …) over the cluster's
// better-sqlite3 database, and the studio tables of migration 004 are created when the cluster
// opens. Once `ctx.db` is the executor, `studioStore(ctx)` becomes `ctx.db` and this file goes.
import { Kysely, SqliteDialect } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/index.ts';
import type { Schema } from '../db/schema.ts';
import type { ClusterContext } from './context.ts';

const executors = new WeakMap<Db, Executor>();

export function studioStore(ctx: Pick<ClusterContext, 'db'>): Executor {
  let executor = executors.get(ctx.db);
  if (!executor) {
    executor = new Kysely<Schema>({ dialect: new SqliteDialect({ database: ctx.db }) });
    executors.set(ctx.db, executor);
  }
  return executor;
}

/** The tables of migration 004_studios, for a database still migrated by the .sql files. */
export function ensureStudioTables(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS studio_profiles (wallet_address TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL, updated_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS verification_applications (
      id INTEGER PRIMARY KEY, wallet_address TEXT NOT NULL, chain_address TEXT NOT NULL, studio_name TEXT NOT NULL,
      contact_email TEXT NOT NULL, website TEXT NOT NULL, description TEXT NOT NULL, documents TEXT NOT NULL, status TEXT NOT NULL,
      rejection_reason TEXT, submitted_at INTEGER NOT NULL, reviewed_at INTEGER, approval_signature TEXT);
    CREATE TABLE IF NOT EXISTS listing_edits (project_id INTEGER PRIMARY KEY, metadata_hash TEXT NOT NULL, edited_by TEXT NOT NULL, edited_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS license_certificates (mint TEXT PRIMARY KEY, project_id INTEGER NOT NULL, owner TEXT NOT NULL, signature TEXT NOT NULL, minted_at INTEGER NOT NULL);
  `);
}
