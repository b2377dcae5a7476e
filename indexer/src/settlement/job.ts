// The settlement job: turns counted views into settle_campaign transactions. Views are grouped per
// project and the campaign that served them into batches (at most MAX_EMBEDS_PER_DISTRIBUTION embeds
// each, sized by batch-size.ts: never more than the campaign's remaining budget or what its maximum
// spend per day leaves today pays, the rent it pays for the distribution included, and only once
// they pay more than that rent; house-ad views are never settled, and views that wait keep their reason). A batch is written before it is sent,
// at the project's next distribution index as the chain reports it, and it is settled by ingesting
// its confirmed transaction. When the chain's next index has moved past a batch's, the distribution
// at the batch's index settles it only if it is the batch's own payment (same campaign, impressions,
// amount, and views per embed: sent before a crash or a leader's death, never recorded), so nothing
// is paid twice and no batch is marked paid by another payment; otherwise the batch moves to the
// chain's next index. The signers send a batch only at its own index, which the program accepts once
// per project and index. A batch index never moves backwards: a read of the chain behind the batch's
// index (or behind a batch already paid) is a stale read, and the batch waits rather than moving
// there. A batch the program refuses for good (a custom program error, program-errors.ts) ends
// `failed` with its reason, so the film's other campaigns' batches go on.
import { DISTRIBUTION_ACCOUNT_BYTES, MAX_EMBEDS_PER_DISTRIBUTION, SPEND_WINDOW_SECONDS } from '../constants.ts';
import { campaigns, revenue, settlement, projects, type Executor } from '../db/index.ts';
import { chargeFor, remainingOf, settlementDeadline } from '../campaigns/rules.ts';
import type { ClusterIndexer } from '../ingest/indexer.ts';
import { batchSize } from './batch-size.ts';
import { permanentProgramError } from './program-errors.ts';

export interface DistributionRequest {
  /** Project account. */
  project: string;
  projectId: number;
  /** The project's next distribution index (the distribution PDA is derived from it). */
  index: number;
  amountLamports: bigint;
  /** Embed accounts and their views, in the order of the instruction's `views` argument. */
  embeds: { embed: string; views: number }[];
}

/** A batch of impressions one campaign served on one project, paid from its budget. */
export interface CampaignSettlementRequest {
  campaign: string;
  /**
   * The batch's id (settlement_batches.id): settle_campaign accepts it only above the campaign's
   * last settled batch id, so a batch is paid at most once, and CampaignSettled carries it back.
   */
  batchId: number;
  /** Project account. */
  project: string;
  projectId: number;
  /** The project's next distribution index (the distribution PDA is derived from it). */
  index: number;
  impressions: number;
  /** What the program will charge: floor(impressions · price per mille / 1000). */
  amountLamports: bigint;
  /** Embed accounts and their views, in the order of the instruction's `views` argument. */
  embeds: { embed: string; views: number }[];
}

/** What the settlement job reads from the chain itself rather than from the index, which may lag or be behind. */
export interface SettlementChainReader {
  /** The project account's distribution_count: the index the project's next distribution takes. */
  nextDistributionIndex(project: string): Promise<number>;
  /** The cluster's rent-exempt minimum for an account of `bytes` bytes (getMinimumBalanceForRentExemption). */
  rentExemptMinimum(bytes: number): Promise<bigint>;
}

/** Signs and sends as the platform's settlement authority (demo chain or devnet keypair), and reads that chain. */
export interface SettlementSigner extends SettlementChainReader {
  /** settle_campaign; returns the signature once the transaction is confirmed. */
  settleCampaign(request: CampaignSettlementRequest): Promise<string>;
  /** distribute_revenue: only for a batch made before campaigns existed, still pending after an upgrade. */
  distributeRevenue(request: DistributionRequest): Promise<string>;
}

/**
 * Whether an indexed distribution is the payment of this batch. A settlement that carries the batch
 * id it was sent with (settle_campaign's `batch_id`, the batch's own id) is matched by that id alone;
 * one of before is matched by its campaign, impressions, amount and views per embed.
 */
function paysBatch(
  distribution: revenue.IndexedDistribution,
  batch: settlement.PendingBatch,
  embeds: { embed: string; views: number }[],
): boolean {
  const paid = distribution.settlement;
  if (paid?.batch_id !== undefined && paid.batch_id !== null) return paid.campaign === batch.campaign && paid.batch_id === batch.id;
  if (Number(distribution.total_lamports) !== Number(batch.amount_lamports)) return false;
  const sameCampaign = batch.campaign === null
    ? paid === null
    : paid !== null && paid.campaign === batch.campaign && paid.impressions === Number(batch.impressions) && paid.amount_lamports === Number(batch.amount_lamports);
  if (!sameCampaign) return false;
  const key = (rows: { embed: string; views: number }[]) => rows.map((row) => `${row.embed}:${row.views}`).sort().join(',');
  return key(distribution.embeds) === key(embeds);
}

export interface SettlementResult {
  batchId: number;
  projectId: number;
  signature: string | null;
  error?: string;
}

export class SettlementJob {
  private running?: Promise<SettlementResult[]>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly options: {
      db: Executor;
      indexer: ClusterIndexer;
      signer: SettlementSigner;
      now?: () => number;
      /** The chain's clock (unix ms), when it is not the wall clock (the demo chain's can be moved forward). */
      chainNow?: () => number;
      /**
       * A batch is sent once it pays more than this (lamports); unset: the rent of the distribution
       * account it creates. The demo sets it low (its settlement key is funded by the faucet), so one
       * view shows as earnings after the next interval.
       */
      minBatchLamports?: bigint;
    },
  ) {}

  private get db() {
    return this.options.db;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private chainSeconds(): number {
    return Math.floor((this.options.chainNow ?? this.options.now ?? Date.now)() / 1000);
  }

  /**
   * Puts unbatched campaign views of funded projects into pending batches, at most one per project
   * at a time (the batch is sent at the project's next distribution index); returns how many batches.
   */
  async createBatches(): Promise<number> {
    await settlement.setAsideHouseAdViews(this.db);
    const batched = new Set<number>();
    const nowSeconds = this.chainSeconds();
    const groups = await settlement.groupsToSettle(this.db);
    // Read once per pass, and only when there is something to batch (it asks the cluster): what the
    // campaign pays for the distribution each batch creates, and the least a batch must move.
    const rent = groups.length > 0 ? await this.options.signer.rentExemptMinimum(DISTRIBUTION_ACCOUNT_BYTES) : 0n;
    const minBatch = this.options.minBatchLamports ?? rent;
    for (const group of groups) {
      if (batched.has(group.projectId)) continue;
      const campaign = await campaigns.byAddress(this.db, group.campaign);
      const reason = campaign ? await this.unpayable(campaign, group.projectId, nowSeconds) : 'The campaign is not indexed yet';
      if (reason || !campaign) {
        await settlement.recordUnsettledReason(this.db, group.projectId, group.campaign, reason ?? 'The campaign is not indexed yet');
        continue;
      }
      // What the campaign's pending batches will still draw, their amounts and the rent each pays.
      const pending = await settlement.pendingOf(this.db, campaign.address);
      const pendingDebit = pending.lamports + BigInt(pending.batches) * rent;
      const size = batchSize({
        batchable: BigInt(await settlement.batchableViews(this.db, group, MAX_EMBEDS_PER_DISTRIBUTION)),
        views: BigInt(group.views),
        pricePerMilleLamports: BigInt(campaign.price_per_mille_lamports),
        budgetLeftLamports: remainingOf(campaign) - pendingDebit,
        dayLeftLamports: await this.dayLeft(campaign, nowSeconds, pendingDebit),
        rentLamports: rent,
        minBatchLamports: minBatch,
      });
      if ('waitReason' in size) {
        await settlement.recordUnsettledReason(this.db, group.projectId, group.campaign, size.waitReason);
        continue;
      }
      const project = await projects.projectAddress(this.db, group.projectId);
      if (!project) throw new Error(`Views name unknown project ${group.projectId}`);
      const expectedIndex = await this.options.signer.nextDistributionIndex(project);
      const paidUpTo = await settlement.highestSettledIndex(this.db, group.projectId);
      // A read at or below an index already paid is stale (a lagging RPC node): no batch goes backwards.
      if (paidUpTo !== null && expectedIndex <= paidUpTo) continue;
      const made = await settlement.createCampaignBatch(this.db, group, {
        expectedIndex,
        maxEmbeds: MAX_EMBEDS_PER_DISTRIBUTION,
        maxImpressions: Number(size.impressions),
        lamportsFor: (views) => chargeFor(views, campaign.price_per_mille_lamports),
        leftOverReason: size.leftOverReason,
        now: this.now(),
      });
      // Another leader may have batched every one of these views meanwhile.
      if (made.views > 0) batched.add(group.projectId);
    }
    return batched.size;
  }

  /**
   * What the campaign's maximum spend per day leaves in the chain's current UTC day (the program's
   * window), less what its pending batches will draw (counted as today's: they may be sent before
   * midnight); null for a campaign indexed before the program had the cap.
   */
  private async dayLeft(campaign: campaigns.CampaignRow, nowSeconds: number, pendingDebit: bigint): Promise<bigint | null> {
    if (campaign.max_daily_spend_lamports === null) return null;
    const dayStart = Math.floor(nowSeconds / SPEND_WINDOW_SECONDS) * SPEND_WINDOW_SECONDS;
    const spentToday = await settlement.spentInDayOf(this.db, campaign.address, dayStart, dayStart + SPEND_WINDOW_SECONDS);
    return BigInt(campaign.max_daily_spend_lamports) - spentToday - pendingDebit;
  }

  /** Why a campaign's views on a project cannot be paid now, or null when they can. */
  private async unpayable(campaign: campaigns.CampaignRow, projectId: number, nowSeconds: number): Promise<string | null> {
    if (campaign.closed_at !== null) return 'The campaign is closed: its budget went back to the advertiser';
    if (nowSeconds > settlementDeadline(campaign)) return "The campaign's settlement period (its end plus 7 days) is over";
    if (nowSeconds < campaign.start_at) return 'The campaign has not started';
    if (campaign.ad_type === 'sponsorship' && campaign.sponsored_project !== (await projects.projectAddress(this.db, projectId))) {
      return 'The sponsorship pays for another film';
    }
    return null;
  }

  private async settle(batch: settlement.PendingBatch): Promise<SettlementResult> {
    const result = (signature: string | null, error?: string): SettlementResult => ({
      batchId: batch.id,
      projectId: batch.project_id,
      signature,
      ...(error === undefined ? {} : { error }),
    });
    const done = async (signature: string) => {
      await settlement.markBatchSettled(this.db, batch.id, signature, this.now());
      return result(signature);
    };
    const failed = async (message: string) => {
      await settlement.recordBatchError(this.db, batch.id, message);
      return result(null, message);
    };
    const project = await projects.projectAddress(this.db, batch.project_id);
    if (!project) throw new Error(`Settlement batch ${batch.id} names unknown project ${batch.project_id}`);
    const embeds = await settlement.batchEmbeds(this.db, batch.id);
    try {
      const next = await this.options.signer.nextDistributionIndex(project);
      if (next < batch.expected_index) {
        // The chain cannot forget a distribution: a read behind the batch's index is a stale node's.
        // Moving the batch back there could pay it at an index whose payment is already its own.
        return await failed(`the chain's next distribution index read ${next} is behind the batch's ${batch.expected_index}: a stale read; the batch keeps its index`);
      }
      if (next > batch.expected_index) {
        // The batch's index is taken on chain: by its own transaction (sent, then a crash before
        // it was recorded) or by another payment. Only the indexed transaction tells which.
        const existing = await revenue.distributionAt(this.db, batch.project_id, batch.expected_index);
        if (!existing) return await failed(`distribution ${batch.expected_index} is on chain but not indexed yet; the batch waits to know whether it paid it`);
        if (paysBatch(existing, batch, embeds)) return await done(existing.signature);
        // Another payment took the index: the batch was never paid. It moves forward to the chain's
        // next index and is sent on the next pass.
        const error = `distribution ${batch.expected_index} is another payment; the batch moves to index ${next}`;
        await settlement.retargetBatch(this.db, batch.id, next, error);
        return result(null, error);
      }
      const request = { project, projectId: batch.project_id, index: batch.expected_index, amountLamports: BigInt(batch.amount_lamports), embeds };
      const signature = batch.campaign
        ? await this.options.signer.settleCampaign({ ...request, campaign: batch.campaign, batchId: batch.id, impressions: Number(batch.impressions) })
        : await this.options.signer.distributeRevenue(request);
      await this.options.indexer.ingestSignature(signature);
      return await done(signature);
    } catch (error) {
      const permanent = permanentProgramError(error);
      if (permanent) {
        // Refused for good: the batch ends here, so the film's other batches are not held behind it.
        await settlement.failBatch(this.db, batch.id, permanent, this.now());
        return result(null, permanent);
      }
      return failed(error instanceof Error ? error.message : String(error));
    }
  }

  /** One pass: batch new views, then send every pending batch. */
  runOnce(): Promise<SettlementResult[]> {
    this.running ??= (async () => {
      try {
        await this.createBatches();
        const pending = await settlement.pendingBatches(this.db);
        const results: SettlementResult[] = [];
        for (const batch of pending) results.push(await this.settle(batch));
        return results;
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.runOnce().catch((error) => console.error('[settlement]', error)), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
