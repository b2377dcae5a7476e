// Group commit on SQLite (db/group-commit.ts): the statements of one turn of the event loop are
// committed in one transaction, each seeing those before it, and their callers learn their results
// once it holds; a statement that fails is refused alone, an error that ends the transaction refuses
// them all, and a transaction already open on the connection is waited for, never joined.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { GroupCommit } from '../src/db/group-commit.ts';

const folder = mkdtempSync(join(tmpdir(), 'marquee-group-commit-'));
after(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
/** A WAL database with a table of rows, each saying how many rows it saw and whether it ran inside an explicit transaction; and a second connection to it. */
function database() {
  const path = join(folder, `${files++}.db`);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL UNIQUE, seen INTEGER NOT NULL, grouped INTEGER NOT NULL)');
  db.function('in_transaction', () => (db.inTransaction ? 1 : 0));
  const insert = db.prepare('INSERT INTO t (n, seen, grouped) SELECT ?, (SELECT COUNT(*) FROM t), in_transaction() RETURNING n, seen, grouped');
  const other = new Database(path, { readonly: true });
  const rowsSeenByOther = () => (other.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
  return { db, insert, rowsSeenByOther, group: new GroupCommit(db), close: () => (other.close(), db.close()) };
}

describe('group commit (SQLite)', () => {
  test('the statements of one turn are committed together, each seeing those before it, their results known once committed', async () => {
    const { insert, rowsSeenByOther, group, close } = database();
    const results = [1, 2, 3].map((n) => group.run(insert, [n]));
    assert.equal(rowsSeenByOther(), 0, 'nothing is committed before the turn ends');
    assert.deepEqual(await Promise.all(results), [[{ n: 1, seen: 0, grouped: 1 }], [{ n: 2, seen: 1, grouped: 1 }], [{ n: 3, seen: 2, grouped: 1 }]]);
    assert.equal(rowsSeenByOther(), 3);
    close();
  });

  test('a statement that fails is refused alone: the others of its turn are committed', async () => {
    const { insert, rowsSeenByOther, group, close } = database();
    const results = await Promise.allSettled([group.run(insert, [1]), group.run(insert, [1]), group.run(insert, [2])]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.match(String((results[1] as PromiseRejectedResult).reason), /UNIQUE constraint failed/);
    assert.equal(rowsSeenByOther(), 2);
    close();
  });

  test('an error that ends the transaction refuses every statement of the turn, and none is committed', async () => {
    const { db, insert, rowsSeenByOther, group, close } = database();
    db.exec("CREATE TRIGGER no_thirteen BEFORE INSERT ON t WHEN NEW.n = 13 BEGIN SELECT RAISE(ROLLBACK, 'thirteen'); END");
    const results = await Promise.allSettled([group.run(insert, [1]), group.run(insert, [13]), group.run(insert, [2])]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected', 'rejected'],
    );
    assert.equal(rowsSeenByOther(), 0);
    assert.equal(db.inTransaction, false);
    // The connection goes on: the next turn commits.
    assert.deepEqual(await group.run(insert, [3]), [{ n: 3, seen: 0, grouped: 1 }]);
    close();
  });

  test('a transaction open on the connection is waited for, not joined: its rollback leaves the turn committed', async () => {
    const { db, insert, rowsSeenByOther, group, close } = database();
    db.exec('BEGIN');
    insert.run(1);
    const waiting = group.run(insert, [2]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(rowsSeenByOther(), 0);
    db.exec('ROLLBACK');
    assert.deepEqual(await waiting, [{ n: 2, seen: 0, grouped: 1 }]);
    assert.equal(rowsSeenByOther(), 1);
    close();
  });
});
