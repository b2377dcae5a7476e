// Which notifications a wallet has read. Notifications themselves are computed from indexed data on
// each request (read-models/notifications.ts); only the ids the wallet marked read are stored.
import type { Executor } from './executor.ts';

/** The ids among `ids` that `walletAddress` has read. */
export async function readIds(db: Executor, walletAddress: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('notification_reads')
    .select('notification_id')
    .where('wallet_address', '=', walletAddress)
    .where('notification_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.notification_id));
}

/** Marks `ids` read for `walletAddress` (marking one twice keeps the first time). */
export async function markRead(db: Executor, walletAddress: string, ids: readonly string[], nowMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insertInto('notification_reads')
    .values(ids.map((id) => ({ wallet_address: walletAddress, notification_id: id, read_at: nowMs })))
    .onConflict((oc) => oc.columns(['wallet_address', 'notification_id']).doNothing())
    .execute();
}
