// The one place the suites get their databases. MARQUEE_TEST_DATABASE_URL (or DATABASE_URL) set to
// postgres://… runs every suite on PostgreSQL: each test database is a schema of its own, dropped
// when closed; unset, they run on SQLite (in memory, or files in the test's folder).
import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { StorageConfig } from '../../src/cluster.ts';
import { isPostgresUrl, type Executor, type StoreLocation } from '../../src/db/index.ts';

const configured = process.env.MARQUEE_TEST_DATABASE_URL || process.env.DATABASE_URL;
export const testDatabaseUrl: string | undefined = isPostgresUrl(configured) ? configured : undefined;
export const testDialect = testDatabaseUrl ? 'postgres' : 'sqlite';

/** A schema-name prefix no other test uses (PostgreSQL). */
export function uniquePrefix(): string {
  return `t${randomBytes(5).toString('hex')}_`;
}

/** A throwaway database for one cluster: SQLite in memory, or a fresh PostgreSQL schema dropped on close. */
export function testLocation(cluster = 'demo'): StoreLocation {
  return testDatabaseUrl
    ? { dialect: 'postgres', url: testDatabaseUrl, schema: `${uniquePrefix()}${cluster}`.replace(/[^a-z0-9_]/g, '_'), temporary: true }
    : { dialect: 'sqlite', path: ':memory:' };
}

/**
 * Storage for a data folder that outlives one process (crash tests, servers): SQLite files in
 * `dataDir`, or PostgreSQL schemas named by `prefix` — pass the same prefix to every process that
 * must see the same data (MARQUEE_DATABASE_SCHEMA_PREFIX in a child's environment).
 */
export function testStorage(dataDir: string, prefix = process.env.MARQUEE_DATABASE_SCHEMA_PREFIX ?? uniquePrefix()): StorageConfig {
  return testDatabaseUrl ? { dataDir, databaseUrl: testDatabaseUrl, schemaPrefix: prefix } : { dataDir };
}

/** The environment a child process needs to open the same storage. */
export function storageEnv(storage: StorageConfig): Record<string, string> {
  return storage.databaseUrl ? { MARQUEE_TEST_DATABASE_URL: storage.databaseUrl, MARQUEE_DATABASE_SCHEMA_PREFIX: storage.schemaPrefix ?? '' } : {};
}

/** Drops the PostgreSQL schemas a testStorage made (nothing to do on SQLite: its files go with the folder). */
export async function dropTestStorage(storage: StorageConfig): Promise<void> {
  if (!storage.databaseUrl || !storage.schemaPrefix) return;
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>('SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)', [storage.schemaPrefix]);
    for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** `text` with ? placeholders, bound to `params` on either database. */
function query(text: string, params: unknown[]): RawBuilder<Record<string, unknown>> {
  const parts = text.split('?');
  if (parts.length !== params.length + 1) throw new Error(`${parts.length - 1} placeholders, ${params.length} parameters: ${text}`);
  const fragments = parts.flatMap((part, index) => (index < params.length ? [sql.raw(part), sql`${params[index]}`] : [sql.raw(part)]));
  return sql<Record<string, unknown>>`${sql.join(fragments, sql``)}`;
}

export async function sqlRows<T = Record<string, unknown>>(db: Executor, text: string, ...params: unknown[]): Promise<T[]> {
  return (await query(text, params).execute(db)).rows as T[];
}

export async function sqlRow<T = Record<string, unknown>>(db: Executor, text: string, ...params: unknown[]): Promise<T | undefined> {
  return (await sqlRows<T>(db, text, ...params))[0];
}

export async function sqlRun(db: Executor, text: string, ...params: unknown[]): Promise<void> {
  await query(text, params).execute(db);
}

/** A single value from SQL (COUNT, one column of one row); numbers come back as numbers on both databases. */
export async function scalar(db: Executor, text: string, ...params: unknown[]): Promise<unknown> {
  const row = await sqlRow(db, text, ...params);
  return row ? Object.values(row)[0] : undefined;
}
