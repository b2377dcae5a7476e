// Helpers of the campaign suites (tests/campaigns/): a campaign with sensible defaults, the next
// settlement of a project, and the price of a batch restated in BigInt.
import { Keypair, PublicKey } from '@solana/web3.js';
import { createHash } from 'node:crypto';
import { addresses, sol, type SendResult, type TestChain } from './chain.ts';
import { type CampaignArgs, createCampaignIx, PRICE_PER_MILLE, settleCampaignIx } from './fixtures.ts';
import { big, nextDistributionIndex } from './revenue.ts';

export const DAY = 86_400n;
/** The program's CAMPAIGN_SETTLEMENT_GRACE_SECONDS. */
export const SETTLEMENT_GRACE = 7n * DAY;

export const creativeHash = (uri: string) => [...createHash('sha256').update(`creative:${uri}`).digest()];

/**
 * The defaults of a campaign: video, 1 SOL, starting now for 30 days, targeting genres 0 and 3,
 * with a daily cap far above any suite's spend (the daily-cap tests set their own).
 */
export async function campaignArgs(chain: TestChain, overrides: Partial<CampaignArgs> = {}): Promise<CampaignArgs> {
  const now = await chain.now();
  const campaignId = overrides.campaignId ?? 1n;
  const creativeUri = overrides.creativeUri ?? `https://marquee.local/api/creatives/${campaignId}.mp4`;
  return {
    campaignId,
    adType: 'video',
    pricePerMilleLamports: PRICE_PER_MILLE.video,
    sponsoredProject: PublicKey.default,
    budgetLamports: sol(1),
    creativeUri,
    creativeHash: creativeHash(creativeUri),
    targetGenres: 0b1001n,
    startAt: now,
    endAt: now + 30n * DAY,
    maxDailySpendLamports: sol(1000),
    ...overrides,
  };
}

export interface CampaignHandle {
  advertiser: Keypair;
  address: PublicKey;
  args: CampaignArgs;
  result: SendResult;
}

/** `advertiser` (a new wallet with 10 SOL if omitted) creates a campaign. */
export async function withCampaign(
  chain: TestChain,
  overrides: Partial<CampaignArgs> = {},
  options: { advertiser?: Keypair; sponsored?: PublicKey } = {},
): Promise<CampaignHandle> {
  const advertiser = options.advertiser ?? (await chain.wallet(sol(10)));
  const args = await campaignArgs(chain, overrides);
  const result = await chain.send([createCampaignIx(advertiser.publicKey, args, options.sponsored)], [advertiser]);
  return { advertiser, address: addresses.campaign(advertiser.publicKey, args.campaignId), args, result };
}

/** The settle_campaign instruction at the project's next distribution index. */
export async function settleIx(
  chain: TestChain,
  settlement: PublicKey,
  campaign: PublicKey,
  project: PublicKey,
  treasury: PublicKey,
  impressions: bigint,
  embedViews: { embed: PublicKey; views: bigint }[] = [],
  batchId?: bigint,
) {
  const index = await nextDistributionIndex(chain, project);
  return settleCampaignIx(settlement, campaign, project, index, treasury, impressions, embedViews, batchId);
}

export async function settle(
  chain: TestChain,
  settlement: Keypair,
  campaign: PublicKey,
  project: PublicKey,
  treasury: PublicKey,
  impressions: bigint,
  embedViews: { embed: PublicKey; views: bigint }[] = [],
): Promise<SendResult> {
  return chain.send([await settleIx(chain, settlement.publicKey, campaign, project, treasury, impressions, embedViews)], [settlement]);
}

/** Bytes of a RevenueDistribution account (the indexer's DISTRIBUTION_ACCOUNT_BYTES). */
export const DISTRIBUTION_ACCOUNT_BYTES = 137n;

/** The rent of the RevenueDistribution a settlement creates: what settle_campaign charges the campaign on top of the batch. */
export async function distributionRent(chain: TestChain): Promise<bigint> {
  return (await chain.rentExempt(DISTRIBUTION_ACCOUNT_BYTES));
}

/** floor(impressions · price per mille / 1000): what a batch costs. */
export const batchPrice = (impressions: bigint, pricePerMille: bigint) => (impressions * pricePerMille) / 1000n;

/** The rent-exempt minimum of a Campaign account (what its lamports hold beyond the budget left). */
export async function campaignRent(chain: TestChain, campaign: PublicKey): Promise<bigint> {
  const state = await chain.account('Campaign', campaign);
  return (await chain.balance(campaign)) - (big(state.budgetLamports) - big(state.spentLamports));
}
