// Signatures a source listed but could not return (getTransaction answered null or failed): the
// backfill cursor moves past them and they are asked for again with exponential backoff, until the
// transaction arrives (then the row goes).
import type { Selectable } from 'kysely';
import { inChunks, signaturesAmong } from './batches.ts';
import { countRows, type Executor } from './executor.ts';
import type { UnavailableSignaturesTable } from './schema.ts';

export interface UnavailableSignature {
  signature: string;
  slot: number;
  attempts: number;
  lastError: string;
  firstAttemptAt: number;
  lastAttemptAt: number;
  nextAttemptAt: number;
}

/** Counts one more failed attempt; `retryDelay(attempts)` says when to ask again. */
export async function recordFailure(
  db: Executor,
  entry: { signature: string; slot: number; error: string; now: number; retryDelay: (attempts: number) => number },
): Promise<void> {
  const previous = await db.selectFrom('unavailable_signatures').select(['attempts', 'first_attempt_at']).where('signature', '=', entry.signature).executeTakeFirst();
  const attempts = Number(previous?.attempts ?? 0) + 1;
  const values = {
    signature: entry.signature,
    slot: entry.slot,
    attempts,
    last_error: entry.error,
    first_attempt_at: previous ? Number(previous.first_attempt_at) : entry.now,
    last_attempt_at: entry.now,
    next_attempt_at: entry.now + entry.retryDelay(attempts),
  };
  await db
    .insertInto('unavailable_signatures')
    .values(values)
    .onConflict((oc) =>
      oc.column('signature').doUpdateSet({
        attempts: values.attempts,
        last_error: values.last_error,
        last_attempt_at: values.last_attempt_at,
        next_attempt_at: values.next_attempt_at,
      }),
    )
    .execute();
}

export async function isUnavailable(db: Executor, signature: string): Promise<boolean> {
  const row = await db.selectFrom('unavailable_signatures').select('signature').where('signature', '=', signature).executeTakeFirst();
  return row !== undefined;
}

/** The ones whose backoff is over, oldest slot first. */
export async function due(db: Executor, now: number): Promise<UnavailableSignature[]> {
  const rows = await db.selectFrom('unavailable_signatures').selectAll().where('next_attempt_at', '<=', now).orderBy('slot').orderBy('signature').execute();
  return rows.map(toEntry);
}

export async function remove(db: Executor, signature: string): Promise<void> {
  await db.deleteFrom('unavailable_signatures').where('signature', '=', signature).execute();
}

/** Which of `signatures` wait for a retry (one query per chunk). */
export function unavailableAmong(db: Executor, signatures: readonly string[]): Promise<Set<string>> {
  return signaturesAmong(db, 'unavailable_signatures', signatures);
}

/** remove for many. */
export async function removeMany(db: Executor, signatures: readonly string[]): Promise<void> {
  for (const chunk of inChunks(signatures)) {
    if (chunk.length > 0) await db.deleteFrom('unavailable_signatures').where('signature', 'in', chunk).execute();
  }
}

export async function count(db: Executor): Promise<number> {
  return countRows(db.selectFrom('unavailable_signatures'));
}

/** The most recently attempted ones (health). */
export async function newest(db: Executor, limit: number): Promise<UnavailableSignature[]> {
  const rows = await db.selectFrom('unavailable_signatures').selectAll().orderBy('last_attempt_at', 'desc').orderBy('signature').limit(limit).execute();
  return rows.map(toEntry);
}

function toEntry(row: Selectable<UnavailableSignaturesTable>): UnavailableSignature {
  return {
    signature: row.signature,
    slot: Number(row.slot),
    attempts: Number(row.attempts),
    lastError: row.last_error,
    firstAttemptAt: Number(row.first_attempt_at),
    lastAttemptAt: Number(row.last_attempt_at),
    nextAttemptAt: Number(row.next_attempt_at),
  };
}
