import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { loadMigrations, migrate, MIGRATIONS_DIR, openDatabase } from '../src/db/database.ts';

describe('migrations', () => {
  test('a fresh database gets every migration, in WAL mode', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-migrations-'));
    const db = openDatabase(join(dir, 'a.db'));
    const latest = loadMigrations().at(-1)!.version;
    assert.equal(db.pragma('user_version', { simple: true }), latest);
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    for (const table of ['events', 'transactions', 'cursors', 'streams', 'projects', 'investments', 'investor_distributions', 'views']) {
      assert.ok(tables.includes(table), `table ${table}`);
    }
    db.close();
  });

  test('migrating again applies nothing', () => {
    const db = openDatabase(':memory:');
    assert.deepEqual(migrate(db), []);
  });

  test('migration files are numbered without gaps', () => {
    const versions = loadMigrations().map((m) => m.version);
    assert.deepEqual(versions, versions.map((_, i) => i + 1));
  });

  test('a later migration applies on top of an existing database and keeps its rows', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-migrations-'));
    const migrations = join(dir, 'migrations');
    mkdirSync(migrations);
    writeFileSync(join(migrations, '001_initial.sql'), readFileSync(join(MIGRATIONS_DIR, '001_initial.sql')));
    const path = join(dir, 'b.db');
    const first = openDatabase(path, loadMigrations(migrations));
    first.prepare("INSERT INTO metadata (sha256, body, created_at) VALUES ('ab', '{}', 1)").run();
    first.close();
    writeFileSync(join(migrations, '002_extra.sql'), 'ALTER TABLE metadata ADD COLUMN note TEXT;');
    const second = openDatabase(path, loadMigrations(migrations));
    assert.equal(second.pragma('user_version', { simple: true }), 2);
    assert.deepEqual(second.prepare('SELECT sha256, note FROM metadata').all(), [{ sha256: 'ab', note: null }]);
  });

  test('a failing migration leaves the database at the previous version', () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-migrations-'));
    const db = openDatabase(':memory:', []);
    assert.throws(() =>
      migrate(db, [
        { version: 1, name: '001_ok.sql', sql: 'CREATE TABLE a (x INTEGER);' },
        { version: 2, name: '002_bad.sql', sql: 'CREATE TABLE b (x INTEGER); THIS IS NOT SQL;' },
      ]),
    );
    void dir;
    assert.equal(db.pragma('user_version', { simple: true }), 1);
    assert.equal((db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'b'").get() as { n: number }).n, 0);
  });
});
