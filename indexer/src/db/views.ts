// The views aggregate: play nonces the embed player asks for (each with the ad ticket it came with
// and the address groups it came from), and the views counted with them (waiting in `views` for the
// settlement job). The limits count address groups (player/address-group.ts), not addresses.
import { countRows, inTransaction, type Executor } from './executor.ts';

/** Which rows a limit counts: the plays (by issue time) or the counted views (by count time). */
export type ViewLedger = 'play_nonces' | 'views';

const timeColumn = (ledger: ViewLedger) => (ledger === 'play_nonces' ? 'issued_at' : 'counted_at');

/** Rows of an address group since `since`: `narrow` the IPv4 address or IPv6 /64, `wide` the IPv4 /24. */
export function countForGroup(db: Executor, ledger: ViewLedger, tier: 'narrow' | 'wide', group: string, since: number): Promise<number> {
  return countRows(
    db
      .selectFrom(ledger)
      .where(tier === 'narrow' ? 'ip_group' : 'wide_group', '=', group)
      .where(timeColumn(ledger), '>', since),
  );
}

/**
 * An embed's use since `since`: all its rows, the rows of one (wide) address group, and how many
 * groups used it — what a fair share of the embed's cap is computed from.
 */
export async function embedUseSince(
  db: Executor,
  ledger: ViewLedger,
  embed: string,
  group: string,
  since: number,
): Promise<{ total: number; ofGroup: number; groups: number }> {
  const rows = await db
    .selectFrom(ledger)
    .select((eb) => ['wide_group', eb.fn.countAll<number>().as('n')])
    .where('embed', '=', embed)
    .where(timeColumn(ledger), '>', since)
    .groupBy('wide_group')
    .execute();
  let total = 0;
  let ofGroup = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.wide_group === group) ofGroup = Number(row.n);
  }
  return { total, ofGroup, groups: rows.length };
}

/** Plays that never reported a view expire; their nonces are dropped so the table stays small. */
export async function dropExpiredNonces(db: Executor, issuedBefore: number): Promise<void> {
  await db.deleteFrom('play_nonces').where('used_at', 'is', null).where('issued_at', '<', issuedBefore).execute();
}

export interface NewPlay {
  nonce: string;
  embed: string;
  ip: string;
  ipGroup: string;
  wideGroup: string;
  issuedAt: number;
  /** The campaign of the play's ad ticket (null: the house ad). */
  campaign: string | null;
  ticketId: string;
}

/** Stores the play; false when its ticket already bought a play (the ticket id is unique). */
export async function insertNonce(db: Executor, play: NewPlay): Promise<boolean> {
  const stored = await db
    .insertInto('play_nonces')
    .values({
      nonce: play.nonce,
      embed: play.embed,
      ip: play.ip,
      ip_group: play.ipGroup,
      wide_group: play.wideGroup,
      issued_at: play.issuedAt,
      campaign: play.campaign,
      ticket_id: play.ticketId,
    })
    .onConflict((oc) => oc.column('ticket_id').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return stored !== undefined;
}

export function findNonce(db: Executor, nonce: string): Promise<{ embed: string; issued_at: number; used_at: number | null; campaign: string | null } | undefined> {
  return db.selectFrom('play_nonces').select(['embed', 'issued_at', 'used_at', 'campaign']).where('nonce', '=', nonce).executeTakeFirst();
}

/**
 * Uses the nonce and counts its view, atomically: of two reports of the same play only the one
 * that marks the nonce used counts. Returns whether this one did.
 */
export function countView(
  db: Executor,
  view: { nonce: string; projectId: number; embed: string; ip: string; ipGroup: string; wideGroup: string; countedAt: number },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const used = await trx
      .updateTable('play_nonces')
      .set({ used_at: view.countedAt })
      .where('nonce', '=', view.nonce)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) return false;
    // The view is the impression of the campaign its play's ticket named.
    const play = await trx.selectFrom('play_nonces').select('campaign').where('nonce', '=', view.nonce).executeTakeFirstOrThrow();
    await trx
      .insertInto('views')
      .values({
        project_id: view.projectId,
        embed: view.embed,
        nonce: view.nonce,
        ip: view.ip,
        ip_group: view.ipGroup,
        wide_group: view.wideGroup,
        counted_at: view.countedAt,
        campaign: play.campaign,
      })
      .execute();
    return true;
  });
}
