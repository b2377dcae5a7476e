// Applies one stored event to the tables projected from the event log, through the data layer's
// aggregates: a handler per event, typed by the event's stored shape (StoredFields). Called
// only in seq order per stream (see Ingestion), inside the ingesting transaction, so the projected
// tables always equal a replay of the applied events.
import { REVENUE_PER_SHARE_SHIFT } from '../constants.ts';
import { campaigns, chainLog, embeds, investments, platform, projects, revenue, users, type Executor } from '../db/index.ts';
import type { MarqueeEvents } from '@marquee/program-client';

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

/**
 * A decoded value after the events table's trip through JSON: u64, i64 and u128 become decimal text;
 * pubkeys (base58), unit enums (the variant's name), byte arrays and the rest are as decoded.
 */
type Stored<Value> = Value extends bigint
  ? string
  : Value extends readonly (infer Item)[]
    ? Stored<Item>[]
    : Value extends object
      ? { [Key in keyof Value]: Stored<Value[Key]> }
      : Value;

export type ProgramEventName = keyof MarqueeEvents;
/** Each event's data as the events table stores it, from the program client's generated event types. */
export type StoredFields = { [Name in ProgramEventName]: Stored<MarqueeEvents[Name]> };

const num = (value: unknown): number => Number(value);
/** The all-zero address (the system program's), what a campaign names when it sponsors no project. */
const NO_PROJECT = '11111111111111111111111111111111';

/**
 * An investor's part of one distribution, measured from the position's checkpoint so that the parts
 * telescope: their sum since the checkpoint is floor(shares × (rps_now − checkpoint) / 2^64), which
 * is exactly what claim_revenue pays (rounding per distribution would lose up to a lamport each).
 */
export function investorShareOfDistribution(shares: bigint, checkpoint: bigint, rpsBefore: bigint, rpsAfter: bigint): bigint {
  const accrued = (rps: bigint) => (shares * (rps - checkpoint)) >> REVENUE_PER_SHARE_SHIFT;
  return accrued(rpsAfter) - accrued(rpsBefore);
}

export { shortAddress } from '../db/users.ts';

async function projectId(db: Executor, address: string): Promise<number> {
  const id = await projects.projectIdByAddress(db, address);
  if (id === undefined) throw new Error(`Event for unknown project ${address}`);
  return id;
}

/**
 * When a claim happened, in unix seconds. RevenueClaimed carries no timestamp (reading the clock was
 * ~121 CU of the claim): its time is its transaction's block time, or, where the RPC node knows none,
 * when the transaction was ingested (stored before its events are projected, so a replay of the log
 * finds the same time).
 */
async function claimTime(db: Executor, event: StoredEvent): Promise<number> {
  if (event.block_time !== null) return event.block_time;
  const ingestedAtMs = await chainLog.ingestedAt(db, event.signature);
  if (ingestedAtMs === undefined) throw new Error(`Claim ${event.signature} projected before its transaction was stored`);
  return Math.floor(ingestedAtMs / 1000);
}

type Handler<Name extends ProgramEventName> = (db: Executor, data: StoredFields[Name], event: StoredEvent) => Promise<void>;

/** An Invested event's history row (the batch projection writes a run of them as a set). */
export function newInvestment(projectId: number, d: StoredFields['Invested'], event: StoredEvent): investments.NewInvestment {
  return {
    projectId,
    investor: d.investor,
    amountLamports: num(d.amount_lamports),
    sharesMinted: num(d.shares_minted),
    goalLamports: num(d.goal_lamports),
    createdAt: num(d.timestamp),
    signature: event.signature,
    ixIndex: event.ix_index,
    eventIndex: event.event_index,
  };
}

const hexOf = (bytes: number[]) => Buffer.from(bytes).toString('hex');

const upsertPlatform: Handler<'PlatformInitialized' | 'PlatformUpdated'> = (db, d) =>
  platform.upsertPlatform(db, {
    admin: d.admin,
    treasury: d.treasury,
    settlement_authority: d.settlement_authority,
    publisher_bps: num(d.publisher_bps),
    investor_bps: num(d.investor_bps),
    platform_bps: num(d.platform_bps),
    min_investment_lamports: num(d.min_investment_lamports),
    unverified_funding_cap_lamports: num(d.unverified_funding_cap_lamports),
    verified_funding_cap_lamports: num(d.verified_funding_cap_lamports),
    updated_at: num(d.timestamp),
  });

const HANDLERS: { [Name in ProgramEventName]: Handler<Name> } = {
  PlatformInitialized: upsertPlatform,
  PlatformUpdated: upsertPlatform,
  StudioRegistered: (db, d, event) =>
    platform.insertStudio(db, { address: d.studio, authority: d.authority, name: d.name, registeredAt: num(d.timestamp), signature: event.signature }),
  StudioVerified: (db, d) => platform.setStudioVerified(db, d.studio, Boolean(d.verified), num(d.funding_cap_lamports)),
  ProjectCreated: (db, d, event) =>
    projects.insertProject(db, {
      id: num(d.project_id),
      address: d.project,
      studio: d.studio,
      shareMint: d.share_mint,
      vault: d.vault,
      title: d.title,
      metadataUri: d.metadata_uri,
      metadataHash: hexOf(d.metadata_hash),
      goalLamports: num(d.goal_lamports),
      deadline: num(d.deadline),
      createdAt: num(d.timestamp),
      signature: event.signature,
    }),
  async Invested(db, d, event) {
    const id = await projectId(db, d.project);
    const at = num(d.timestamp);
    await users.ensureUser(db, d.investor, at);
    await investments.insertInvestment(db, newInvestment(id, d, event));
    // invest settles the position: its checkpoint becomes the project's accumulator now.
    await investments.settlePosition(db, id, d.investor, num(d.investor_lamports_after), num(d.investor_shares_after));
    await projects.recordInvestmentTotals(db, id, {
      raisedLamports: num(d.raised_after),
      investorCount: num(d.investor_count_after),
      sharesMinted: num(d.shares_minted),
      statusAfter: d.status_after,
      at,
    });
  },
  // The studio's edit: the film now points to the new document (the event log keeps every earlier one).
  ProjectMetadataUpdated: (db, d) => projects.updateMetadata(db, d.project, { metadataUri: d.metadata_uri, metadataHash: hexOf(d.metadata_hash) }),
  LicenseClaimed: (db, d, event) => projects.recordLicenseClaimed(db, d.project, event.signature),
  async Refunded(db, d, event) {
    const id = await projectId(db, d.project);
    await investments.insertRefund(db, {
      projectId: id,
      investor: d.investor,
      amountLamports: num(d.amount_lamports),
      sharesBurned: num(d.shares_burned),
      refundedAt: num(d.timestamp),
      signature: event.signature,
    });
    await projects.recordRefundTotals(db, id, {
      raisedLamports: num(d.raised_after),
      investorCount: num(d.investor_count_after),
      sharesBurned: num(d.shares_burned),
    });
  },
  // Embed ids are unique per publisher on chain (the publisher is in the PDA's seeds): a second
  // publisher's copy of an id already indexed for the project is ignored (insertEmbed does nothing
  // on that conflict), so views keep going to the first, and the event stream never stops on it.
  EmbedRegistered: async (db, d, event) =>
    embeds.insertEmbed(db, {
      address: d.embed,
      projectId: await projectId(db, d.project),
      publisher: d.publisher,
      embedId: d.embed_id,
      websiteUrl: d.website_url,
      registeredAt: num(d.timestamp),
      signature: event.signature,
    }),
  async RevenueDistributed(db, d, event) {
    const id = await projectId(db, d.project);
    const distributionId = await revenue.insertDistribution(db, {
      projectId: id,
      index: num(d.index),
      address: d.distribution,
      totalLamports: num(d.total_lamports),
      publisherLamports: num(d.publisher_lamports),
      investorLamports: num(d.investor_lamports),
      platformLamports: num(d.platform_lamports),
      totalViews: num(d.total_views),
      totalShares: num(d.total_shares),
      revenuePerShareBefore: String(d.revenue_per_share_before),
      revenuePerShareAfter: String(d.revenue_per_share_after),
      distributedAt: num(d.timestamp),
      signature: event.signature,
    });
    for (const credit of d.embeds) {
      await revenue.insertDistributionEmbed(db, distributionId, credit.embed, num(credit.views), num(credit.amount_lamports));
      await embeds.creditEmbed(db, credit.embed, num(credit.views), num(credit.amount_lamports));
    }
    const before = BigInt(d.revenue_per_share_before);
    const after = BigInt(d.revenue_per_share_after);
    const holders = await investments.holdersOf(db, id);
    await revenue.insertInvestorParts(
      db,
      distributionId,
      id,
      holders.map((holder) => ({
        investor: holder.investor,
        shares: holder.shares,
        amountLamports: Number(investorShareOfDistribution(BigInt(holder.shares), BigInt(holder.revenue_checkpoint), before, after)),
      })),
    );
    await projects.recordRevenue(db, id, { revenuePerShare: after.toString(), lamports: num(d.total_lamports), views: num(d.total_views) });
  },
  async RevenueClaimed(db, d, event) {
    const id = await projectId(db, d.project);
    await investments.setRevenueCheckpoint(db, id, d.investor, String(d.revenue_per_share_checkpoint));
    // A claim pays everything accrued in the project, so every earlier distribution is now claimed.
    const claimedAt = await claimTime(db, event);
    await revenue.recordRevenueClaim(db, { projectId: id, investor: d.investor, amountLamports: num(d.amount_lamports), claimedAt, signature: event.signature });
  },
  async PublisherRevenueClaimed(db, d, event) {
    await revenue.insertPublisherClaim(db, { embed: d.embed, publisher: d.publisher, amountLamports: num(d.amount_lamports), claimedAt: num(d.timestamp), signature: event.signature });
    await embeds.setEmbedClaimed(db, d.embed, num(d.claimed_total_after));
  },
  CampaignCreated: (db, d, event) =>
    campaigns.insertCampaign(db, {
      address: d.campaign,
      advertiser: d.advertiser,
      campaignId: String(d.campaign_id),
      adType: d.ad_type,
      pricePerMilleLamports: num(d.price_per_mille_lamports),
      // A display or video campaign names no project: the program stores the zero address.
      sponsoredProject: d.sponsored_project === NO_PROJECT ? null : d.sponsored_project,
      budgetLamports: num(d.budget_lamports),
      creativeUri: d.creative_uri,
      creativeHash: hexOf(d.creative_hash),
      targetGenres: String(d.target_genres),
      startAt: num(d.start_at),
      endAt: num(d.end_at),
      createdAt: num(d.timestamp),
      signature: event.signature,
      maxDailySpendLamports: num(d.max_daily_spend_lamports),
    }),
  CampaignToppedUp: (db, d) => campaigns.recordTopUp(db, d.campaign, num(d.budget_after)),
  CampaignPauseSet: (db, d) => campaigns.setPaused(db, d.campaign, Boolean(d.paused)),
  // The revenue it shares arrives as the same transaction's RevenueDistributed (project stream).
  CampaignSettled: async (db, d, event) =>
    campaigns.recordSettlement(db, {
      campaign: d.campaign,
      projectId: await projectId(db, d.project),
      distribution: d.distribution,
      batchId: num(d.batch_id),
      impressions: num(d.impressions),
      amountLamports: num(d.amount_lamports),
      rentLamports: num(d.rent_lamports),
      spentAfter: num(d.spent_after),
      impressionsAfter: num(d.impressions_after),
      settledAt: num(d.timestamp),
      signature: event.signature,
    }),
  CampaignClosed: (db, d) => campaigns.recordClosed(db, d.campaign, { refundedLamports: num(d.refunded_lamports), closedAt: num(d.timestamp) }),
};

export function applyEvent(db: Executor, event: StoredEvent): Promise<void> {
  if (!Object.hasOwn(HANDLERS, event.name)) return Promise.reject(new Error(`No projection for event ${event.name}`));
  const handler = HANDLERS[event.name as ProgramEventName] as Handler<ProgramEventName>;
  return handler(db, event.data as StoredFields[ProgramEventName], event);
}
