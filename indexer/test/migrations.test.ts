// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { discardStore, migrateToLatest, MIGRATIONS, openStore, type MarqueeMigration, type StoreLocation } from '../src/db/index.ts';
import { scalar, sqlRows, sqlRun, testDialect, testLocation } from './helpers/database.ts';

/** A database that survives closing (reopened by the test), on the suite's dialect. */
function durableLocation(): StoreLocation {
  const location = testLocation('migrations');
  if (location.dialect === 'postgres') return { ...location, temporary: false };
  return { dialect: 'sqlite', path: join(mkdtempSync(join(tmpdir(), 'marquee-migrations-')), 'a.db') };
}

describe('migrations', () => {
  test('a fresh database gets every migration', async () => {
    const store = await openStore(durableLocation());
    try {
      const applied = await sqlRows<{ name: string }>(store.db, 'SELECT name FROM kysely_migration ORDER BY name');
      assert.deepEqual(applied.map((row) => row.name), MIGRATIONS.map((migration) => migration.name));
      for (const table of ['events', 'transactions', 'cursors', 'streams', 'projects', 'investments', 'investor_distributions', 'views']) {
        assert.equal(await scalar(store.db, `SELECT COUNT(*) FROM ${table}`), 0, `table ${table}`);
      }
      if (store.dialect === 'sqlite') assert.deepEqual(await sqlRows(store.db, 'PRAGMA journal_mode'), [{ journal_mode: 'wal' }]);
    } finally {
      await store.close();
      await discardStore(store.location);
    }
  });

  test('migrating again applies nothing', async () => {
    const store = await openStore(testLocation());
    try {
      assert.deepEqual(await migrateToLatest(store.db, store.dialect, undefined, store.location.dialect === 'postgres' ? store.location.schema : undefined), []);
    } finally {
      await store.close();
    }
  });

  test('migrations are numbered without gaps', () => {
    const versions = MIGRATIONS.map((migration) => Number(migration.name.slice(0, 3)));
    assert.deepEqual(versions, versions.map((_, i) => i + 1));
  });

  test('a later migration applies on top of an existing database and keeps its rows', async () => {
    const location = durableLocation();
    const first = await openStore(location, MIGRATIONS.slice(0, 2));
    await sqlRun(first.db, "INSERT INTO metadata (sha256, body, created_at) VALUES ('ab', ?, 1)", JSON.stringify({ description: 'A Heist', directorName: 'Ana Ruiz' }));
    await first.close();
    const second = await openStore(location);
    try {
      assert.deepEqual(await sqlRows(second.db, 'SELECT sha256, search_description, search_director FROM metadata'), [
        { sha256: 'ab', search_description: 'a heist', search_director: 'ana ruiz' },
      ]);
    } finally {
      await second.close();
      await discardStore(location);
    }
  });

  test('a failing migration leaves the database as it was', async () => {
    const ok: MarqueeMigration = { name: '001_ok', up: (db) => db.schema.createTable('a').addColumn('x', 'integer').execute() };
    const bad: MarqueeMigration = {
      name: '002_bad',
      up: async (db) => {
        await db.schema.createTable('b').addColumn('x', 'integer').execute();
        await db.schema.createTable('b').addColumn('x', 'integer').execute();
      },
    };
    const location = durableLocation();
    await assert.rejects(openStore(location, [ok, bad]), /Database migration 002_bad failed/);
    const store = await openStore(location, []);
    try {
      // Both ran in one transaction: neither table exists, nothing is recorded as applied.
      await assert.rejects(scalar(store.db, 'SELECT COUNT(*) FROM a'));
      await assert.rejects(scalar(store.db, 'SELECT COUNT(*) FROM b'));
      assert.equal(await scalar(store.db, 'SELECT COUNT(*) FROM kysely_migration'), 0);
    } finally {
      await store.close();
      await discardStore(location);
    }
  });

  test('a data folder of the previous version (migrated by .sql files) keeps working', { skip: testDialect !== 'sqlite' && 'SQLite only' }, async () => {
    // The previous version's file: the first two migrations' schema, its version in user_version.
    const location = durableLocation();
    const old = await openStore(location, MIGRATIONS.slice(0, 2));
    await sqlRun(old.db, "INSERT INTO metadata (sha256, body, created_at) VALUES ('cd', '{\"directorName\":\"Lee\"}', 1)");
    await sqlRun(old.db, 'DROP TABLE kysely_migration');
    await sqlRun(old.db, 'DROP TABLE kysely_migration_lock');
    await sqlRun(old.db, 'PRAGMA user_version = 2');
    await old.close();
    const store = await openStore(location);
    try {
      const applied = await sqlRows<{ name: string }>(store.db, 'SELECT name FROM kysely_migration ORDER BY name');
      assert.deepEqual(applied.map((row) => row.name), MIGRATIONS.map((migration) => migration.name));
      assert.equal(await scalar(store.db, "SELECT search_director FROM metadata WHERE sha256 = 'cd'"), 'lee');
    } finally {
      await store.close();
    }
  });
});

describe('028: the embeds indexed before keep their website origin', () => {
  test("each embed's registered origin is computed from its URL, none for a URL without one", async () => {
    const location = durableLocation();
    const upTo = MIGRATIONS.findIndex((migration) => migration.name === '028_embed_origin');
    const before = await openStore(location, MIGRATIONS.slice(0, upTo));
    await sqlRun(
      before.db,
      `INSERT INTO projects (id, address, studio, share_mint, vault, title, metadata_uri, metadata_hash, goal_lamports, deadline, created_at, signature)
       VALUES (1, 'Film1', 'Studio1', 'Mint1', 'Vault1', 'Night Train', 'uri', 'hash', 1, 2, 1, 'sig-film')`,
    );
    const embed = "INSERT INTO embeds (address, project_id, publisher, embed_id, website_url, registered_at, signature) VALUES (?, 1, 'Pub', ?, ?, 1, ?)";
    await sqlRun(before.db, embed, 'Embed1', 'embed-1', 'https://Films.example:443/watch?x=1', 'sig-1');
    await sqlRun(before.db, embed, 'Embed2', 'embed-2', 'ftp://films.example/', 'sig-2');
    await before.close();
    const after = await openStore(location);
    try {
      assert.deepEqual(await sqlRows(after.db, 'SELECT address, website_origin FROM embeds ORDER BY address'), [
        { address: 'Embed1', website_origin: 'https://films.example' },
        { address: 'Embed2', website_origin: null },
      ]);
    } finally {
      await after.close();
      await discardStore(location);
    }
  });
});

