// The views aggregate: play nonces the embed player asks for, and the views counted with them
// (waiting in `views` for the settlement job).
import { countRows, inTransaction, type Executor } from './executor.ts';

export async function noncesIssuedSince(db: Executor, ip: string, since: number): Promise<number> {
  return countRows(db.selectFrom('play_nonces').where('ip', '=', ip).where('issued_at', '>', since));
}

/** Play nonces issued for an embed since `since` (the per-embed limit, whatever addresses asked). */
export async function noncesIssuedForEmbedSince(db: Executor, embed: string, since: number): Promise<number> {
  return countRows(db.selectFrom('play_nonces').where('embed', '=', embed).where('issued_at', '>', since));
}

/** Plays that never reported a view expire; their nonces are dropped so the table stays small. */
export async function dropExpiredNonces(db: Executor, issuedBefore: number): Promise<void> {
  await db.deleteFrom('play_nonces').where('used_at', 'is', null).where('issued_at', '<', issuedBefore).execute();
}

/** `campaign`: the campaign whose ad the play served (null: the house ad). */
export async function insertNonce(db: Executor, nonce: { nonce: string; embed: string; ip: string; issuedAt: number; campaign: string | null }): Promise<void> {
  await db
    .insertInto('play_nonces')
    .values({ nonce: nonce.nonce, embed: nonce.embed, ip: nonce.ip, issued_at: nonce.issuedAt, campaign: nonce.campaign })
    .execute();
}

export function findNonce(db: Executor, nonce: string): Promise<{ embed: string; issued_at: number; used_at: number | null; campaign: string | null } | undefined> {
  return db.selectFrom('play_nonces').select(['embed', 'issued_at', 'used_at', 'campaign']).where('nonce', '=', nonce).executeTakeFirst();
}

export async function viewsCountedSince(db: Executor, ip: string, since: number): Promise<number> {
  return countRows(db.selectFrom('views').where('ip', '=', ip).where('counted_at', '>', since));
}

/** Views counted on an embed since `since` (the per-embed limit, whatever addresses reported them). */
export async function viewsCountedForEmbedSince(db: Executor, embed: string, since: number): Promise<number> {
  return countRows(db.selectFrom('views').where('embed', '=', embed).where('counted_at', '>', since));
}

/**
 * Uses the nonce and counts its view, atomically: of two reports of the same play only the one
 * that marks the nonce used counts. Returns whether this one did.
 */
export function countView(
  db: Executor,
  view: { nonce: string; projectId: number; embed: string; ip: string; countedAt: number },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const used = await trx
      .updateTable('play_nonces')
      .set({ used_at: view.countedAt })
      .where('nonce', '=', view.nonce)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) return false;
    // The view is the impression of the campaign its play served.
    const play = await trx.selectFrom('play_nonces').select('campaign').where('nonce', '=', view.nonce).executeTakeFirstOrThrow();
    await trx
      .insertInto('views')
      .values({ project_id: view.projectId, embed: view.embed, nonce: view.nonce, ip: view.ip, counted_at: view.countedAt, campaign: play.campaign })
      .execute();
    return true;
  });
}
