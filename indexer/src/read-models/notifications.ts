// A wallet's notifications, computed on each request from indexed data (nothing is stored but which
// ones the wallet read): revenue to claim, a backed film funded or refundable, the studio's
// verification decided, a campaign ending or out of budget, an embed's earnings to claim. Each id
// names what it is about and the state that made it, so a new state (more revenue, a top-up spent
// again) is a new, unread notification while a read one stays read.
import type { Notification, NotificationKind } from '@marquee/api-contract';
import { CAMPAIGN_ENDING_NOTICE_SECONDS, LAMPORTS_PER_SOL } from '../constants.ts';
import { campaigns, embeds, notificationReads, revenue, verification, type Executor } from '../db/index.ts';
import { verificationNotice } from '../notifications/verification-notice.ts';
import { isoDate } from './units.ts';

/** Who the notifications are for: the signed-in wallet and the address that signs for it on this cluster. */
export interface Recipient {
  walletAddress: string;
  chainAddress: string;
}

interface Unread {
  id: string;
  kind: NotificationKind;
  title: string;
  message: string;
  href: string;
  createdAt: string;
}

/** Lamports as SOL with the digits they need (0.000015 SOL, never 0.00 for a non-zero amount). */
export function solText(lamports: number): string {
  const whole = Math.floor(lamports / LAMPORTS_PER_SOL);
  const fraction = String(lamports % LAMPORTS_PER_SOL).padStart(9, '0').replace(/0+$/, '');
  const digits = fraction.length < 2 ? fraction.padEnd(2, '0') : fraction;
  return `${whole}.${digits} SOL`;
}

function item(kind: NotificationKind, key: string, title: string, message: string, href: string, atSeconds: number): Unread {
  return { id: `${kind}:${key}`, kind, title, message, href, createdAt: isoDate(atSeconds)! };
}

async function revenueNotices(db: Executor, investor: string): Promise<Unread[]> {
  const unclaimed = await revenue.investorDistributions(db, investor, true);
  return unclaimed.map((row) =>
    item(
      'revenue-claimable',
      String(row.id),
      'Revenue to claim',
      `${row.project_title}: ${solText(Number(row.amount_lamports))} of ad revenue is ready to claim.`,
      '/claim-revenue',
      Number(row.distributed_at),
    ),
  );
}

async function positionNotices(db: Executor, investor: string, nowMs: number): Promise<Unread[]> {
  const rows = await db
    .selectFrom('positions as x')
    .innerJoin('projects as p', 'p.id', 'x.project_id')
    .select(['p.id', 'p.title', 'p.status', 'p.deadline', 'p.funded_at', 'x.lamports'])
    .where('x.investor', '=', investor)
    .where('x.shares', '>', 0)
    .execute();
  const notices: Unread[] = [];
  for (const row of rows) {
    if (row.status === 'funded') {
      notices.push(item('film-funded', String(row.id), 'Film funded', `${row.title} reached its funding goal: your shares now earn its ad revenue.`, `/project/${row.id}`, Number(row.funded_at ?? row.deadline)));
    } else if (row.status === 'funding' && Number(row.deadline) * 1000 < nowMs) {
      const refund = solText(Number(row.lamports));
      notices.push(item('refund-available', String(row.id), 'Refund available', `${row.title} missed its goal by the deadline: claim your ${refund} back.`, `/project/${row.id}`, Number(row.deadline)));
    }
  }
  return notices;
}

async function verificationNotices(db: Executor, walletAddress: string): Promise<Unread[]> {
  const application = await verification.latestOf(db, walletAddress);
  if (!application || application.status === 'submitted' || application.reviewedAt === null) return [];
  const { title, message } = verificationNotice(application);
  return [item('verification-decided', String(application.id), title, message, '/verification', application.reviewedAt)];
}

async function campaignNotices(db: Executor, advertiser: string, nowSeconds: number): Promise<Unread[]> {
  const notices: Unread[] = [];
  for (const campaign of await campaigns.byAdvertiser(db, advertiser)) {
    if (campaign.closed_at !== null || Number(campaign.end_at) <= nowSeconds) continue;
    const name = campaign.company_name ?? `Campaign #${campaign.campaign_id}`;
    const remaining = Number(campaign.budget_lamports) - Number(campaign.spent_lamports);
    // A view costs a thousandth of the price per mille: less than that left pays no view.
    if (remaining * 1000 < Number(campaign.price_per_mille_lamports)) {
      notices.push(
        item('campaign-out-of-budget', `${campaign.address}:${campaign.budget_lamports}`, 'Campaign out of budget', `${name} has spent its budget: top it up to keep its ads playing.`, '/advertising', nowSeconds),
      );
    } else if (Number(campaign.end_at) - nowSeconds <= CAMPAIGN_ENDING_NOTICE_SECONDS) {
      const hours = Math.ceil((Number(campaign.end_at) - nowSeconds) / 3600);
      notices.push(item('campaign-ending', campaign.address, 'Campaign ending', `${name} ends in ${hours} h (${solText(remaining)} of its budget left).`, '/advertising', Number(campaign.end_at) - CAMPAIGN_ENDING_NOTICE_SECONDS));
    }
  }
  return notices;
}

async function embedNotices(db: Executor, publisher: string): Promise<Unread[]> {
  const rows = await embeds.listEmbeds(db, { publisher });
  return rows
    .filter((row) => Number(row.earned_lamports) > Number(row.claimed_lamports))
    .map((row) =>
      item(
        'embed-earnings',
        `${row.address}:${row.earned_lamports}`,
        'Embed earnings',
        `Your embed on ${row.website_url} earned ${solText(Number(row.earned_lamports) - Number(row.claimed_lamports))} to claim.`,
        '/embed',
        Number(row.registered_at),
      ),
    );
}

/** Every notification of the recipient with its read flag, newest first. */
export async function notificationsOf(db: Executor, recipient: Recipient, nowMs: number): Promise<Notification[]> {
  const { walletAddress, chainAddress } = recipient;
  const nowSeconds = Math.floor(nowMs / 1000);
  const groups = await Promise.all([
    revenueNotices(db, chainAddress),
    positionNotices(db, chainAddress, nowMs),
    verificationNotices(db, walletAddress),
    campaignNotices(db, chainAddress, nowSeconds),
    embedNotices(db, chainAddress),
  ]);
  const all = groups.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  const read = await notificationReads.readIds(db, walletAddress, all.map((notice) => notice.id));
  return all.map((notice) => ({ ...notice, read: read.has(notice.id) }));
}
