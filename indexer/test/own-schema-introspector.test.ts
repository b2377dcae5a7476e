// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// A cluster's store introspects its own schema only (src/db/own-schema-introspector.ts): the Migrator
// asks at every start whether its bookkeeping tables exist, and Kysely's own introspection read every
// column of every schema in the database to answer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openStore, type DataStore } from '../src/db/index.ts';
import { testDialect, testLocation } from './helpers/database.ts';

describe('introspection of a cluster store on PostgreSQL', { skip: testDialect !== 'postgres' && 'PostgreSQL only: one SQLite file per cluster' }, () => {
  let own: DataStore;
  let neighbour: DataStore;
  before(async () => {
    own = await openStore(testLocation('own'));
    neighbour = await openStore(testLocation('neighbour'));
  });
  after(async () => {
    await own?.close();
    await neighbour?.close();
  });
  const schemaOf = (store: DataStore) => (store.location.dialect === 'postgres' ? store.location.schema : '');

  test("lists the tables of the store's own schema, never another schema's in the same database", async () => {
    const tables = await own.db.introspection.getTables();
    assert.deepEqual([...new Set(tables.map((table) => table.schema))], [schemaOf(own)]);
    assert.ok(tables.some((table) => table.name === 'projects'));
    const neighbours = await neighbour.db.introspection.getTables();
    assert.deepEqual(
      neighbours.map((table) => table.name),
      tables.map((table) => table.name),
    );
  });

  test('hides the migration bookkeeping tables unless asked, as Kysely does', async () => {
    const names = async (withInternalKyselyTables: boolean) => (await own.db.introspection.getTables({ withInternalKyselyTables })).map((table) => table.name);
    assert.ok(!(await names(false)).includes('kysely_migration'));
    assert.ok((await names(true)).includes('kysely_migration'));
    assert.ok((await names(true)).includes('kysely_migration_lock'));
  });

  test('describes each column: its type, nullability, default and generated ids', async () => {
    const users = (await own.db.introspection.getTables()).find((table) => table.name === 'users');
    assert.ok(users);
    const id = users.columns.find((column) => column.name === 'id');
    assert.deepEqual(
      { ...id },
      { name: 'id', dataType: 'int8', dataTypeSchema: 'pg_catalog', isNullable: false, isAutoIncrementing: true, hasDefaultValue: false, comment: undefined },
    );
    assert.ok(users.columns.every((column) => column.dataType && typeof column.isNullable === 'boolean'));
  });
});
