// Opens a cluster's SQLite database (WAL, foreign keys) and brings its schema up to date with the
// numbered migrations in indexer/migrations/ (NNN_name.sql, applied in order, each in a transaction).
import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type Db = Database.Database;

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .map((file) => ({
      version: Number(file.slice(0, file.indexOf('_'))),
      name: file,
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/** Applies the migrations newer than the database's user_version; returns the versions applied. */
export function migrate(db: Db, migrations = loadMigrations()): number[] {
  const applied: number[] = [];
  for (const migration of migrations) {
    const current = db.pragma('user_version', { simple: true }) as number;
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}

/** `path` ':memory:' gives a throwaway database (tests). */
export function openDatabase(path: string, migrations?: Migration[]): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}
