// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// A query compiled once (db/compiled-once.ts) runs with each call's values: nothing of the first
// call's arguments is baked into the SQL it keeps, an argument the query binds twice gets the value
// in both places, and the query's own constants (a LIMIT, a literal) stay as they were compiled.
// On PostgreSQL it is a named prepared statement (db/prepared-statements.ts), parsed once per connection.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { compiledOnce } from '../src/db/compiled-once.ts';
import { openStore, type DataStore, type Executor } from '../src/db/index.ts';
import { sqlRun, testDialect, testLocation } from './helpers/database.ts';

const usersOf = compiledOnce((db: Executor, createdAt: number) =>
  db.selectFrom('users').select('wallet_address').where('created_at', '=', createdAt).orderBy('wallet_address').limit(2),
);

const eitherOf = compiledOnce((db: Executor, address: string) =>
  db.selectFrom('users').select('wallet_address').where((eb) => eb.or([eb('wallet_address', '=', address), eb('chain_address', '=', address)])).orderBy('wallet_address'),
);

const insertUser = compiledOnce((db: Executor, wallet: string) =>
  db.insertInto('users').values({ wallet_address: wallet, chain_address: wallet, username: wallet, created_at: 11 }).returning('wallet_address'),
);

const everyColumnOf = compiledOnce((db: Executor, createdAt: number) => db.selectFrom('users').selectAll().where('created_at', '=', createdAt));

describe('compiledOnce', () => {
  let store: DataStore;
  before(async () => {
    store = await openStore(testLocation('compiled'));
    for (const [wallet, chain, createdAt] of [['w1', 'c1', 5], ['w2', 'c2', 5], ['w3', 'c3', 5], ['w4', 'c4', 7], ['c4', 'c6', 9]]) {
      await sqlRun(store.db, 'INSERT INTO users (wallet_address, chain_address, username, created_at) VALUES (?, ?, ?, ?)', wallet, chain, wallet, createdAt);
    }
  });
  after(() => store.close());

  test("each call binds its own values; the query's constants stay", async () => {
    assert.deepEqual((await usersOf(store.db, 5)).rows, [{ wallet_address: 'w1' }, { wallet_address: 'w2' }]);
    assert.deepEqual((await usersOf(store.db, 7)).rows, [{ wallet_address: 'w4' }]);
    assert.deepEqual((await usersOf(store.db, 8)).rows, []);
  });

  test('an argument bound twice gets its value in both places', async () => {
    assert.deepEqual((await eitherOf(store.db, 'c4')).rows, [{ wallet_address: 'c4' }, { wallet_address: 'w4' }]);
    assert.deepEqual((await eitherOf(store.db, 'w1')).rows, [{ wallet_address: 'w1' }]);
  });

  test('inside a transaction too', async () => {
    const rows = await store.db.transaction().execute(async (trx) => (await usersOf(trx, 7)).rows);
    assert.deepEqual(rows, [{ wallet_address: 'w4' }]);
  });

  test("the store's own statement, run while a transaction is open, is not part of that transaction", async () => {
    // On SQLite the one connection is the transaction's: the statement waits for it to end (db/hot-runner.ts).
    let outside: Promise<unknown> | undefined;
    await assert.rejects(
      store.db.transaction().execute(async (trx) => {
        await sqlRun(trx, 'INSERT INTO users (wallet_address, chain_address, username, created_at) VALUES (?, ?, ?, ?)', 'inside', 'inside', 'inside', 11);
        outside = insertUser(store.db, 'outside');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    await outside;
    const rows = await sql<{ wallet_address: string }>`SELECT wallet_address FROM users WHERE created_at = 11 ORDER BY wallet_address`.execute(store.db);
    assert.deepEqual(rows.rows, [{ wallet_address: 'outside' }]);
  });

  test('on PostgreSQL, a named statement the connection prepared once and runs again', { skip: testDialect !== 'postgres' && 'SQLite keeps its own statements (connection.ts)' }, async () => {
    // One connection: a transaction holds it for every statement below.
    const prepared = await store.db.transaction().execute(async (trx) => {
      await usersOf(trx, 5);
      await usersOf(trx, 7);
      await everyColumnOf(trx, 7);
      return (await sql<{ statement: string; calls: number }>`SELECT statement, generic_plans + custom_plans AS calls FROM pg_prepared_statements WHERE name LIKE 'marquee_hot_%'`.execute(trx)).rows;
    });
    const own = prepared.filter((row) => row.statement.includes('"wallet_address"') && row.statement.includes('limit'));
    assert.equal(own.length, 1, `one prepared statement of usersOf, not ${JSON.stringify(prepared)}`);
    assert.ok(Number(own[0].calls) >= 2, 'planned for both calls under the one name');
    // Every column (*) stays unnamed: a column another process's migration adds would break a prepared one.
    assert.deepEqual(prepared.filter((row) => /select \*/i.test(row.statement)), []);
  });
});
