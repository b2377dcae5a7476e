// Group commit for SQLite's hottest write, a view's insert (views.countViewWithinRules): it waits
// for the end of the event loop's turn, and the statements of that turn are committed in one
// transaction. In WAL mode every commit takes the write lock and appends each page it changed to
// the log, and a view's row changes five b-trees: the commit was about half of the insert
// (docs/PERFORMANCE.md, "Round 12"), and a busy server's turn holds several reports. Each
// statement still runs by itself and sees those before it (a view's limits count the views counted
// just before it), and its caller learns its result only once the commit holds.
import type Database from 'better-sqlite3';

interface Waiting {
  statement: Database.Statement;
  parameters: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

type Outcome = { rows: unknown[] } | { error: unknown };

export class GroupCommit {
  #waiting: Waiting[] = [];

  constructor(private readonly database: Database.Database) {}

  /** Runs `statement` in the transaction of this turn's statements; its rows (none for a statement that returns none) once committed. */
  run(statement: Database.Statement, parameters: unknown[]): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      if (this.#waiting.push({ statement, parameters, resolve, reject }) === 1) setImmediate(this.#commit);
    });
  }

  #commit = (): void => {
    // A transaction of Kysely's is open on the connection (its statements await in between): after it
    // ends, looked for again every millisecond (one that waits on I/O may take a while).
    if (this.database.inTransaction) {
      setTimeout(this.#commit, 1);
      return;
    }
    const turn = this.#waiting;
    this.#waiting = [];
    const outcomes: Outcome[] = [];
    try {
      this.database.exec('BEGIN IMMEDIATE');
      for (const { statement, parameters } of turn) {
        try {
          outcomes.push({ rows: statement.reader ? statement.all(parameters) : (statement.run(parameters), []) });
        } catch (error) {
          // SQLite undid this statement alone, unless the error ended the transaction: then it undid them all.
          if (!this.database.inTransaction) throw error;
          outcomes.push({ error });
        }
      }
      this.database.exec('COMMIT');
    } catch (error) {
      this.#rollBack();
      for (const waiting of turn) waiting.reject(error);
      return;
    }
    turn.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if ('error' in outcome) waiting.reject(outcome.error);
      else waiting.resolve(outcome.rows);
    });
  };

  #rollBack(): void {
    if (!this.database.inTransaction) return;
    try {
      this.database.exec('ROLLBACK');
    } catch {
      // Nothing more this can do: the callers are told of the error that led here.
    }
  }
}
