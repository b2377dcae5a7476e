// Quarantined transactions: ones whose events could not be decoded (stage `decode`) or projected
// (stage `project`). Ingestion goes on past them; a stream whose next event belongs to one waits at
// that seq until the transaction is re-projected (ClusterIndexer.reprojectQuarantined).
import type { Selectable } from 'kysely';
import { signaturesAmong } from './batches.ts';
import { countRows, type Executor } from './executor.ts';
import type { QuarantinedTransactionsTable } from './schema.ts';

export type QuarantineStage = QuarantinedTransactionsTable['stage'];

export interface QuarantinedTransaction {
  signature: string;
  slot: number;
  stage: QuarantineStage;
  reason: string;
  transactionJson: string | null;
  firstAttemptAt: number;
  lastAttemptAt: number;
  attempts: number;
}

/** Sets a transaction aside, or counts one more failed attempt of one already set aside. */
export async function record(
  db: Executor,
  entry: { signature: string; slot: number; stage: QuarantineStage; reason: string; transactionJson?: string; now: number },
): Promise<void> {
  await db
    .insertInto('quarantined_transactions')
    .values({
      signature: entry.signature,
      slot: entry.slot,
      stage: entry.stage,
      reason: entry.reason,
      transaction_json: entry.transactionJson ?? null,
      first_attempt_at: entry.now,
      last_attempt_at: entry.now,
      attempts: 1,
    })
    .onConflict((oc) =>
      oc.column('signature').doUpdateSet((eb) => ({
        stage: eb.ref('excluded.stage'),
        reason: eb.ref('excluded.reason'),
        // A project-stage retry has no transaction body of its own to keep: the decode stage's stays.
        transaction_json: eb.fn.coalesce('excluded.transaction_json', 'quarantined_transactions.transaction_json'),
        last_attempt_at: eb.ref('excluded.last_attempt_at'),
        attempts: eb('quarantined_transactions.attempts', '+', 1),
      })),
    )
    .execute();
}

export async function get(db: Executor, signature: string): Promise<QuarantinedTransaction | undefined> {
  const row = await db.selectFrom('quarantined_transactions').selectAll().where('signature', '=', signature).executeTakeFirst();
  return row ? toEntry(row) : undefined;
}

export async function stageOf(db: Executor, signature: string): Promise<QuarantineStage | undefined> {
  const row = await db.selectFrom('quarantined_transactions').select('stage').where('signature', '=', signature).executeTakeFirst();
  return row?.stage;
}

/** Which of `signatures` are quarantined, at any stage (one query per chunk). */
export function quarantinedAmong(db: Executor, signatures: readonly string[]): Promise<Set<string>> {
  return signaturesAmong(db, 'quarantined_transactions', signatures);
}

/** Takes transactions out of quarantine (re-projected, or rolled back with their fork). */
export async function release(db: Executor, signatures: string[]): Promise<void> {
  if (signatures.length === 0) return;
  await db.deleteFrom('quarantined_transactions').where('signature', 'in', signatures).execute();
}

/** Every quarantined transaction, oldest slot first (the order re-projection applies them in). */
export async function list(db: Executor): Promise<QuarantinedTransaction[]> {
  const rows = await db.selectFrom('quarantined_transactions').selectAll().orderBy('slot').orderBy('signature').execute();
  return rows.map(toEntry);
}

export async function count(db: Executor): Promise<number> {
  return countRows(db.selectFrom('quarantined_transactions'));
}

/** The most recently attempted ones (health). */
export async function newest(db: Executor, limit: number): Promise<QuarantinedTransaction[]> {
  const rows = await db
    .selectFrom('quarantined_transactions')
    .selectAll()
    .orderBy('last_attempt_at', 'desc')
    .orderBy('signature')
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

function toEntry(row: Selectable<QuarantinedTransactionsTable>): QuarantinedTransaction {
  return {
    signature: row.signature,
    slot: Number(row.slot),
    stage: row.stage,
    reason: row.reason,
    transactionJson: row.transaction_json,
    firstAttemptAt: Number(row.first_attempt_at),
    lastAttemptAt: Number(row.last_attempt_at),
    attempts: Number(row.attempts),
  };
}
