// Applies one stored event to the tables projected from the event log. Called only in seq order per
// stream (see ClusterIndexer), inside the ingesting transaction, so the projected tables always
// equal a replay of the applied events.
import { REVENUE_PER_SHARE_SHIFT } from '../constants.ts';
import type { Db } from '../db/database.ts';

/** An events-table row with its data parsed back (u64/u128 are decimal text). */
export interface StoredEvent {
  signature: string;
  ix_index: number;
  event_index: number;
  block_time: number | null;
  name: string;
  stream: string;
  seq: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: Record<string, any>;
}

const num = (value: unknown): number => Number(value);

/**
 * An investor's part of one distribution, measured from the position's checkpoint so that the parts
 * telescope: their sum since the checkpoint is floor(shares × (rps_now − checkpoint) / 2^64), which
 * is exactly what claim_revenue pays (rounding per distribution would lose up to a lamport each).
 */
export function investorShareOfDistribution(shares: bigint, checkpoint: bigint, rpsBefore: bigint, rpsAfter: bigint): bigint {
  const accrued = (rps: bigint) => (shares * (rps - checkpoint)) >> REVENUE_PER_SHARE_SHIFT;
  return accrued(rpsAfter) - accrued(rpsBefore);
}

/** Gives every investor wallet a user row, so `userId` is always a number. */
export function ensureUser(db: Db, chainAddress: string, now: number): void {
  db.prepare(
    `INSERT INTO users (wallet_address, chain_address, username, created_at)
     SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM users WHERE chain_address = ? OR wallet_address = ?)`,
  ).run(chainAddress, chainAddress, shortAddress(chainAddress), now, chainAddress, chainAddress);
}

export function shortAddress(address: string): string {
  return `${address.slice(0, 4)}...${address.slice(-4)}`;
}

function projectId(db: Db, address: string): number {
  const row = db.prepare('SELECT id FROM projects WHERE address = ?').get(address) as { id: number } | undefined;
  if (!row) throw new Error(`Event for unknown project ${address}`);
  return row.id;
}

export function applyEvent(db: Db, event: StoredEvent): void {
  const d = event.data;
  const at = num(d.timestamp);
  switch (event.name) {
    case 'PlatformInitialized':
    case 'PlatformUpdated':
      db.prepare(
        `INSERT INTO platform (id, admin, treasury, settlement_authority, publisher_bps, investor_bps, platform_bps,
           min_investment_lamports, unverified_funding_cap_lamports, verified_funding_cap_lamports, updated_at)
         VALUES (1, @admin, @treasury, @settlement_authority, @publisher_bps, @investor_bps, @platform_bps,
           @min_investment_lamports, @unverified_funding_cap_lamports, @verified_funding_cap_lamports, @at)
         ON CONFLICT (id) DO UPDATE SET admin = excluded.admin, treasury = excluded.treasury,
           settlement_authority = excluded.settlement_authority, publisher_bps = excluded.publisher_bps,
           investor_bps = excluded.investor_bps, platform_bps = excluded.platform_bps,
           min_investment_lamports = excluded.min_investment_lamports,
           unverified_funding_cap_lamports = excluded.unverified_funding_cap_lamports,
           verified_funding_cap_lamports = excluded.verified_funding_cap_lamports, updated_at = excluded.updated_at`,
      ).run({
        admin: d.admin,
        treasury: d.treasury,
        settlement_authority: d.settlement_authority,
        publisher_bps: num(d.publisher_bps),
        investor_bps: num(d.investor_bps),
        platform_bps: num(d.platform_bps),
        min_investment_lamports: num(d.min_investment_lamports),
        unverified_funding_cap_lamports: num(d.unverified_funding_cap_lamports),
        verified_funding_cap_lamports: num(d.verified_funding_cap_lamports),
        at,
      });
      return;
    case 'StudioRegistered':
      db.prepare(
        `INSERT INTO studios (address, authority, name, registered_at, signature) VALUES (?, ?, ?, ?, ?)`,
      ).run(d.studio, d.authority, d.name, at, event.signature);
      return;
    case 'StudioVerified':
      db.prepare('UPDATE studios SET verified = ?, funding_cap_lamports = ? WHERE address = ?').run(
        d.verified ? 1 : 0,
        num(d.funding_cap_lamports),
        d.studio,
      );
      return;
    case 'ProjectCreated':
      db.prepare(
        `INSERT INTO projects (id, address, studio, share_mint, vault, title, metadata_uri, metadata_hash,
           goal_lamports, deadline, created_at, signature)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        num(d.project_id),
        d.project,
        d.studio,
        d.share_mint,
        d.vault,
        d.title,
        d.metadata_uri,
        Buffer.from(d.metadata_hash as number[]).toString('hex'),
        num(d.goal_lamports),
        num(d.deadline),
        at,
        event.signature,
      );
      return;
    case 'Invested': {
      const id = projectId(db, d.project);
      ensureUser(db, d.investor, at);
      db.prepare(
        `INSERT INTO investments (project_id, investor, amount_lamports, shares_minted, goal_lamports, created_at,
           signature, ix_index, event_index) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        id,
        d.investor,
        num(d.amount_lamports),
        num(d.shares_minted),
        num(d.goal_lamports),
        at,
        event.signature,
        event.ix_index,
        event.event_index,
      );
      // invest settles the position: its checkpoint becomes the project's accumulator now.
      db.prepare(
        `INSERT INTO positions (project_id, investor, lamports, shares, revenue_checkpoint)
         SELECT ?, ?, ?, ?, revenue_per_share FROM projects WHERE id = ?
         ON CONFLICT (project_id, investor) DO UPDATE SET lamports = excluded.lamports, shares = excluded.shares,
           revenue_checkpoint = excluded.revenue_checkpoint`,
      ).run(id, d.investor, num(d.investor_lamports_after), num(d.investor_shares_after), id);
      db.prepare(
        `UPDATE projects SET raised_lamports = ?, investor_count = ?, total_shares = total_shares + ?, status = ?,
           funded_at = CASE WHEN ? = 'funded' AND funded_at IS NULL THEN ? ELSE funded_at END
         WHERE id = ?`,
      ).run(
        num(d.raised_after),
        num(d.investor_count_after),
        num(d.shares_minted),
        d.status_after,
        d.status_after,
        at,
        id,
      );
      return;
    }
    case 'LicenseClaimed':
      db.prepare('UPDATE projects SET funds_released = 1, license_signature = ? WHERE address = ?').run(
        event.signature,
        d.project,
      );
      return;
    case 'Refunded': {
      const id = projectId(db, d.project);
      db.prepare(
        `INSERT INTO refunds (project_id, investor, amount_lamports, shares_burned, refunded_at, signature)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(id, d.investor, num(d.amount_lamports), num(d.shares_burned), at, event.signature);
      db.prepare('UPDATE positions SET lamports = 0, shares = 0 WHERE project_id = ? AND investor = ?').run(
        id,
        d.investor,
      );
      db.prepare(
        'UPDATE projects SET raised_lamports = ?, investor_count = ?, total_shares = total_shares - ? WHERE id = ?',
      ).run(num(d.raised_after), num(d.investor_count_after), num(d.shares_burned), id);
      return;
    }
    case 'EmbedRegistered':
      // Embed ids are unique per publisher on chain (the publisher is in the PDA's seeds): a second
      // publisher's copy of an id already indexed for the project is ignored, so views keep going
      // to the first, and the event stream never stops on it.
      db.prepare(
        `INSERT INTO embeds (address, project_id, publisher, embed_id, website_url, registered_at, signature)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (project_id, embed_id) DO NOTHING`,
      ).run(d.embed, projectId(db, d.project), d.publisher, d.embed_id, d.website_url, at, event.signature);
      return;
    case 'RevenueDistributed': {
      const id = projectId(db, d.project);
      const distribution = db
        .prepare(
          `INSERT INTO distributions (project_id, idx, address, total_lamports, publisher_lamports, investor_lamports,
             platform_lamports, total_views, total_shares, revenue_per_share_before, revenue_per_share_after,
             distributed_at, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          num(d.index),
          d.distribution,
          num(d.total_lamports),
          num(d.publisher_lamports),
          num(d.investor_lamports),
          num(d.platform_lamports),
          num(d.total_views),
          num(d.total_shares),
          String(d.revenue_per_share_before),
          String(d.revenue_per_share_after),
          at,
          event.signature,
        );
      const distributionId = Number(distribution.lastInsertRowid);
      for (const credit of d.embeds as { embed: string; views: string; amount_lamports: string }[]) {
        db.prepare(
          'INSERT INTO distribution_embeds (distribution_id, embed, views, amount_lamports) VALUES (?, ?, ?, ?)',
        ).run(distributionId, credit.embed, num(credit.views), num(credit.amount_lamports));
        db.prepare(
          'UPDATE embeds SET total_views = total_views + ?, earned_lamports = earned_lamports + ? WHERE address = ?',
        ).run(num(credit.views), num(credit.amount_lamports), credit.embed);
      }
      const before = BigInt(d.revenue_per_share_before);
      const after = BigInt(d.revenue_per_share_after);
      const holders = db
        .prepare('SELECT investor, shares, revenue_checkpoint FROM positions WHERE project_id = ? AND shares > 0 ORDER BY investor')
        .all(id) as { investor: string; shares: number; revenue_checkpoint: string }[];
      const insertShare = db.prepare(
        `INSERT INTO investor_distributions (distribution_id, project_id, investor, shares, amount_lamports)
         VALUES (?, ?, ?, ?, ?)`,
      );
      for (const holder of holders) {
        const amount = investorShareOfDistribution(BigInt(holder.shares), BigInt(holder.revenue_checkpoint), before, after);
        insertShare.run(distributionId, id, holder.investor, holder.shares, Number(amount));
      }
      db.prepare(
        `UPDATE projects SET revenue_per_share = ?, total_revenue_lamports = total_revenue_lamports + ?,
           total_views = total_views + ? WHERE id = ?`,
      ).run(after.toString(), num(d.total_lamports), num(d.total_views), id);
      return;
    }
    case 'RevenueClaimed': {
      const id = projectId(db, d.project);
      db.prepare(
        `INSERT INTO revenue_claims (project_id, investor, amount_lamports, claimed_at, signature) VALUES (?, ?, ?, ?, ?)`,
      ).run(id, d.investor, num(d.amount_lamports), at, event.signature);
      db.prepare('UPDATE positions SET revenue_checkpoint = ? WHERE project_id = ? AND investor = ?').run(
        String(d.revenue_per_share_checkpoint),
        id,
        d.investor,
      );
      // A claim pays everything accrued in the project, so every earlier distribution is now claimed.
      db.prepare(
        `UPDATE investor_distributions SET claimed = 1, claim_signature = ?
         WHERE project_id = ? AND investor = ? AND claimed = 0`,
      ).run(event.signature, id, d.investor);
      return;
    }
    case 'PublisherRevenueClaimed':
      db.prepare(
        `INSERT INTO publisher_claims (embed, publisher, amount_lamports, claimed_at, signature) VALUES (?, ?, ?, ?, ?)`,
      ).run(d.embed, d.publisher, num(d.amount_lamports), at, event.signature);
      db.prepare('UPDATE embeds SET claimed_lamports = ? WHERE address = ?').run(
        num(d.claimed_total_after),
        d.embed,
      );
      return;
    default:
      throw new Error(`No projection for event ${event.name}`);
  }
}
