// Schema migrations, one TypeScript source for SQLite and PostgreSQL (Kysely's Migrator, each
// migration written with the schema builder). Pending migrations run in one transaction (both
// databases have transactional DDL), so a failing one leaves the schema as it was.
//
// A data folder of the previous version (SQLite files migrated by numbered .sql files, the version
// kept in `PRAGMA user_version`) keeps working: its applied versions are recorded as the
// migrations of the same number, and only the newer ones run.
import { Kysely, Migrator, sql, type Migration } from 'kysely';
import type { DialectName } from './connection.ts';
import { migration001 } from './migrations/001_initial.ts';
import { migration002 } from './migrations/002_position_checkpoint.ts';
import { migration003 } from './migrations/003_project_search.ts';
import { migration004 } from './migrations/004_publishers.ts';
import { migration005 } from './migrations/005_auth_nonces.ts';
import { migration006 } from './migrations/006_studios.ts';
import { migration007 } from './migrations/007_collaboration.ts';
import { migration008 } from './migrations/008_metadata_on_chain.ts';
import { migration009 } from './migrations/009_campaigns.ts';
import { migration010 } from './migrations/010_publisher_applications.ts';
import { migration011 } from './migrations/011_ingestion_integrity.ts';
import { migration012 } from './migrations/012_view_caps_by_embed.ts';
import { migration013 } from './migrations/013_read_path_indexes.ts';
import { migration014 } from './migrations/014_campaign_settlement_bounds.ts';
import { migration015 } from './migrations/015_ad_market.ts';
import { migration016 } from './migrations/016_bound_nonces_and_revoked_sessions.ts';
import { migration017 } from './migrations/017_search_index.ts';
import { migration018 } from './migrations/018_roles_and_notification_reads.ts';
import { migration019 } from './migrations/019_private_media_embed_keys.ts';
import { migration020 } from './migrations/020_media_files.ts';
import { migration021 } from './migrations/021_one_time_tasks.ts';
import { migration022 } from './migrations/022_view_path_indexes.ts';
import { migration023 } from './migrations/023_short_search.ts';
import { migration024 } from './migrations/024_plays_are_tickets.ts';
import { migration025 } from './migrations/025_campaign_generation.ts';
import { migration026 } from './migrations/026_search_gram_counts.ts';
import { migration027 } from './migrations/027_search_generation.ts';
import { migration028 } from './migrations/028_embed_origin.ts';
import { migration029 } from './migrations/029_view_group_index.ts';

/** A migration's `up` gets the dialect for the few column types the two databases spell apart. */
export interface MarqueeMigration {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}
export type MigrationList = MarqueeMigration[];

/**
 * Applied in this order, on SQLite and PostgreSQL alike; the names are the Migrator's keys and sort
 * in the same order. A new migration takes the next free number (005_…) and goes at the end: the
 * migrations test rejects gaps and duplicates, and an applied name must never change.
 */
export const MIGRATIONS: MigrationList = [
  migration001, migration002, migration003, migration004, migration005, migration006, migration007, migration008,
  migration009, migration010, migration011, migration012, migration013, migration014, migration015, migration016,
  migration017, migration018, migration019, migration020, migration021, migration022, migration023, migration024,
  migration025, migration026, migration027, migration028, migration029,
];

const MIGRATION_TABLE = 'kysely_migration';

/** The number in front of a migration's name ("002_position_checkpoint" → 2). */
function versionOf(name: string): number {
  return Number(name.slice(0, name.indexOf('_')));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function adoptLegacySqlite(db: Kysely<any>, migrations: MigrationList): Promise<void> {
  const tracked = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ${MIGRATION_TABLE}`.execute(db);
  if (tracked.rows[0].n > 0) return;
  const version = (await sql<{ user_version: number }>`PRAGMA user_version`.execute(db)).rows[0].user_version;
  if (version === 0) return;
  const adopted = migrations.filter((migration) => versionOf(migration.name) <= version);
  await db.transaction().execute(async (trx) => {
    // The same table Kysely's Migrator creates, filled with the versions the .sql files applied.
    await trx.schema
      .createTable(MIGRATION_TABLE)
      .addColumn('name', 'varchar(255)', (col) => col.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (col) => col.notNull())
      .execute();
    const timestamp = new Date().toISOString();
    for (const migration of adopted) await trx.insertInto(MIGRATION_TABLE).values({ name: migration.name, timestamp }).execute();
  });
}

/** Applies the pending migrations; returns the names applied. */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  dialect: DialectName,
  migrations: MigrationList = MIGRATIONS,
  /** PostgreSQL: the cluster's schema. Kysely looks its bookkeeping tables up by name across the
   * database, so with several clusters' schemas in one database it must be told which is this one. */
  schema?: string,
): Promise<string[]> {
  if (dialect === 'sqlite') await adoptLegacySqlite(db, migrations);
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: {
      async getMigrations() {
        return Object.fromEntries(migrations.map((migration): [string, Migration] => [migration.name, { up: (trx) => migration.up(trx, dialect) }]));
      },
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
