// How many impressions the settlement job puts into a campaign's next batch on a film. The program
// debits each batch's amount plus the rent of the distribution it creates from the campaign, against
// both its remaining budget and its maximum spend per (UTC) day (CampaignBudgetExceeded,
// CampaignDailyCapExceeded). A batch sized past either would be refused, so it is cut to what both
// leave; a batch that would then move no more than the rent waits instead, with the reason of the
// limit that held it, so that no batch costs more than it moves.
import { affordableImpressions, chargeFor } from '../campaigns/rules.ts';

export const BUDGET_SPENT = "Beyond the campaign's remaining budget: waits for a top-up";
export const NEXT_BATCH = 'Waits for the next batch (at most 16 embeds per batch)';
export const DAILY_CAP_REACHED = "Beyond what the campaign's maximum spend per day leaves today: waits for the next day (UTC)";
export const rentReason = (threshold: bigint) => `Waits until its views pay more than the distribution account's rent (${threshold} lamports)`;

export interface BatchLimits {
  /** Views one batch could take now (those of the group's first embeds). */
  batchable: bigint;
  /** Views of the group in all (beyond `batchable` they wait for the next batch). */
  views: bigint;
  pricePerMilleLamports: bigint;
  /** What the campaign's budget has left, less what its pending batches (and their rent) will draw. */
  budgetLeftLamports: bigint;
  /** What its maximum spend per day leaves today, less its pending batches; null: no cap indexed. */
  dayLeftLamports: bigint | null;
  /** The rent of the distribution account the batch creates, which the campaign pays on top of the amount. */
  rentLamports: bigint;
  /** A batch is sent only when its amount is above this (the rent, unless the demo lowers it). */
  minBatchLamports: bigint;
}

export type BatchSize = { impressions: bigint; leftOverReason: string } | { impressions: 0n; waitReason: string };

/**
 * What settle_campaign draws from a campaign for one batch, against its remaining budget and its
 * maximum spend per day: the batch's amount and the rent of the distribution account it creates.
 * The program's rule, written once: the batch sizes here and the scripted test chain both apply it.
 */
export function batchDebitLamports(amountLamports: bigint, rentLamports: bigint): bigint {
  return amountLamports + rentLamports;
}

/** The most impressions whose batch's debit (batchDebitLamports) fits in `leftLamports`. */
function impressionsWithin(leftLamports: bigint, rentLamports: bigint, price: bigint): bigint {
  const fits = (impressions: bigint) => batchDebitLamports(chargeFor(impressions, price), rentLamports) <= leftLamports;
  if (!fits(0n)) return 0n;
  // The debit grows with the impressions and holds at least their amount: the largest batch that
  // fits lies between none and what the amount alone could pay, found by halving.
  let fitting = 0n;
  let tooMany = affordableImpressions(leftLamports, price) + 1n;
  while (tooMany - fitting > 1n) {
    const middle = (fitting + tooMany) / 2n;
    if (fits(middle)) fitting = middle;
    else tooMany = middle;
  }
  return fitting;
}

export function batchSize(limits: BatchLimits): BatchSize {
  const price = limits.pricePerMilleLamports;
  const byBudget = impressionsWithin(limits.budgetLeftLamports, limits.rentLamports, price);
  if (byBudget === 0n) return { impressions: 0n, waitReason: BUDGET_SPENT };
  const byDay = limits.dayLeftLamports === null ? byBudget : impressionsWithin(limits.dayLeftLamports, limits.rentLamports, price);
  const allowed = byDay < byBudget ? byDay : byBudget;
  const impressions = limits.batchable < allowed ? limits.batchable : allowed;
  // The limit that cut the batch, if one did: the day's when it is the tighter, else the budget's.
  const cutBy = byDay < byBudget ? DAILY_CAP_REACHED : BUDGET_SPENT;
  if (chargeFor(impressions, price) <= limits.minBatchLamports) {
    const uncut = chargeFor(limits.batchable, price) > limits.minBatchLamports;
    return { impressions: 0n, waitReason: uncut ? cutBy : rentReason(limits.minBatchLamports) };
  }
  return { impressions, leftOverReason: limits.views > allowed ? cutBy : NEXT_BATCH };
}
