// Opens a cluster's database through Kysely and brings its schema up to date. SQLite (better-sqlite3,
// one file per cluster, the default) or PostgreSQL (`DATABASE_URL=postgres://…`, one schema per
// cluster in that database); everything above this module speaks Kysely only.
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect, sql, type DatabaseIntrospector, type SqliteDatabase } from 'kysely';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { migrateToLatest, type MigrationList } from './migrate.ts';
import { OwnSchemaIntrospector } from './own-schema-introspector.ts';
import { GroupCommit } from './group-commit.ts';
import { PreparingClient } from './prepared-statements.ts';
import { registerHotRunner, type HotRunner } from './hot-runner.ts';
import type { Schema } from './schema.ts';
import { postgresChangeStamp, sqliteChangeStamp, type ChangeStamp } from './change-stamp.ts';

export type DialectName = 'sqlite' | 'postgres';

/** Where a cluster's data lives. */
export type StoreLocation =
  | { dialect: 'sqlite'; /** ':memory:' gives a throwaway database (tests) */ path: string }
  | { dialect: 'postgres'; url: string; /** the cluster's schema */ schema: string; /** drop the schema on close (tests) */ temporary?: boolean };

export interface DataStore {
  readonly db: Kysely<Schema>;
  readonly dialect: DialectName;
  readonly location: StoreLocation;
  /** A token that changes whenever the data may have (change-stamp.ts). */
  changeStamp: ChangeStamp;
  close(): Promise<void>;
}

/** A PostgreSQL URL selects PostgreSQL; anything else (unset) keeps the SQLite default. */
export function isPostgresUrl(url: string | undefined): url is string {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url));
}

/** Schema names are identifiers: cluster names like "mainnet-beta" become "marquee_mainnet_beta". */
export function schemaName(prefix: string, cluster: string): string {
  const name = `${prefix}${cluster}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`"${name}" is not a usable PostgreSQL schema name`);
  return name;
}

// int8 (COUNT, bigint columns) and numeric (SUM) come back from pg as strings; every such value
// here is an amount, slot or time well inside Number.MAX_SAFE_INTEGER, so they are read as numbers.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (pg.types.getTypeParser as any)(oid, format);
  },
};

/**
 * SQLite runs DDL inside transactions (the previous .sql migrations relied on it), but Kysely's
 * adapter says otherwise to be safe across SQLite drivers; with better-sqlite3 it holds, and it makes
 * a batch of pending migrations all-or-nothing, as on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}
class MarqueeSqliteDialect extends SqliteDialect {
  override createAdapter() {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Introspection (the Migrator's) of the cluster's own schema only, not every schema in the database. */
class MarqueePostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

/** How many compiled statements a SQLite connection keeps for reuse. */
const SQLITE_STATEMENT_CACHE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and compiling SQL costs SQLite more than running
 * the small statements ingestion and the API issue (most of an ingested event's time went there).
 * The driver runs one statement at a time on its one connection and reads each fully (all/run), so
 * a compiled statement can be reused for the same SQL text; the least recently used are dropped.
 */
function withStatementCache(database: Database.Database): SqliteDatabase & { prepare(text: string): Database.Statement } {
  const statements = new LRUCache<string, Database.Statement>({ max: SQLITE_STATEMENT_CACHE });
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

/**
 * compiled-once.ts's statements on the connection itself, outside any open transaction (hot-runner.ts);
 * those that ask for it committed together with the others of their turn (group-commit.ts).
 */
function sqliteHotRunner(database: Database.Database, statements: { prepare(text: string): Database.Statement }): HotRunner {
  const groupCommit = new GroupCommit(database);
  return (text, parameters, options) => {
    if (database.inTransaction) return undefined;
    const statement = statements.prepare(text);
    if (options?.groupCommit) return groupCommit.run(statement, parameters as unknown[]).then((rows) => ({ rows }));
    if (statement.reader) return Promise.resolve({ rows: statement.all(parameters as unknown[]) });
    const { changes } = statement.run(parameters as unknown[]);
    return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes) });
  };
}

function openSqlite(path: string): { db: Kysely<Schema>; changeStamp: ChangeStamp } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const statements = withStatementCache(database);
  const db = new Kysely<Schema>({ dialect: new MarqueeSqliteDialect({ database: statements }) });
  registerHotRunner(db, sqliteHotRunner(database, statements));
  return { db, changeStamp: sqliteChangeStamp(database) };
}

async function openPostgres(url: string, schema: string): Promise<{ db: Kysely<Schema>; changeStamp: ChangeStamp }> {
  const quoted = `"${schema}"`;
  const bootstrap = new pg.Client({ connectionString: url });
  await bootstrap.connect();
  try {
    await bootstrap.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
  } catch (error) {
    // Two processes creating the same schema at once: the loser sees a unique violation.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await bootstrap.end();
  }
  // Every connection of the cluster's pool resolves unqualified table names in its own schema.
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${quoted}`, types: pgTypes, max: 10, Client: PreparingClient });
  const db = new Kysely<Schema>({ dialect: new MarqueePostgresDialect({ pool }) });
  // compiled-once.ts's statements on any connection of the pool, as Kysely would run them (hot-runner.ts).
  registerHotRunner(db, (text, parameters) => pool.query(text, parameters as unknown[]).then((result) => ({ rows: result.rows })));
  return { db, changeStamp: postgresChangeStamp(pool) };
}

export async function openStore(location: StoreLocation, migrations?: MigrationList): Promise<DataStore> {
  const { db, changeStamp } = location.dialect === 'sqlite' ? openSqlite(location.path) : await openPostgres(location.url, location.schema);
  try {
    await migrateToLatest(db, location.dialect, migrations, location.dialect === 'postgres' ? location.schema : undefined);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    changeStamp,
    dialect: location.dialect,
    location,
    async close() {
      if (location.dialect === 'postgres' && location.temporary) {
        await sql`DROP SCHEMA IF EXISTS ${sql.id(location.schema)} CASCADE`.execute(db);
      }
      await db.destroy();
    },
  };
}

/** Deletes everything stored at `location` (the demo chain's index when its chain starts anew). */
export async function discardStore(location: StoreLocation): Promise<void> {
  if (location.dialect === 'sqlite') {
    if (location.path === ':memory:') return;
    for (const file of [location.path, `${location.path}-wal`, `${location.path}-shm`]) rmSync(file, { force: true });
    return;
  }
  const client = new pg.Client({ connectionString: location.url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${location.schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
