// What every aggregate module takes: the cluster's Kysely instance or a transaction of it.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Schema } from './schema.ts';

export type Executor = Kysely<Schema>;

/** Runs `work` in a transaction, or inside the caller's when there already is one (Kysely does not nest). */
export function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** 0/1 flags and SQL booleans (PostgreSQL returns true/false for EXISTS) as one boolean. */
export const flag = (value: unknown): boolean => value === true || Number(value) === 1;

/** The row the query that `query` builds reads (a row type written once, by the query itself). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type QueryRow<Query extends (...args: any[]) => { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<ReturnType<ReturnType<Query>['executeTakeFirstOrThrow']>>;

/** How many rows `query` selects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countRows(query: SelectQueryBuilder<Schema, any, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
