// create_campaign, top_up_campaign, set_campaign_paused, settle_campaign and close_campaign: an
// advertiser's budget, and the settlement authority's batches paid from it into a film's vault.
import { PublicKey, type TransactionInstruction } from '@solana/web3.js';
import type { AdType } from '../constants.ts';
import { marqueePdas } from '../pdas.ts';
import { bn, buildInstruction, readonlyAccount, type ProgramOption } from './build.ts';
import { depositAccounts, embedAccounts, embedViews, type Deposit } from './revenue.ts';

/** The IDL's AdType enum as the Borsh coder encodes it (the IDL's variant names). */
const AD_TYPE_VARIANT: Record<AdType, Record<string, Record<string, never>>> = {
  display: { Display: {} },
  video: { Video: {} },
  sponsorship: { Sponsorship: {} },
};

export interface CreateCampaignArgs {
  campaignId: bigint;
  adType: AdType;
  pricePerMilleLamports: bigint;
  /** The sponsored film's Project account; none (the default key) for display and video. */
  sponsoredProject: PublicKey | null;
  budgetLamports: bigint;
  creativeUri: string;
  creativeHash: Uint8Array | number[];
  /** A bitmask over AD_GENRES; 0 targets every film. */
  targetGenres: bigint;
  /** Unix seconds; endAt at most MAX_CAMPAIGN_DURATION_SECONDS after startAt. */
  startAt: bigint;
  endAt: bigint;
  /** The most settlement may take per UTC day (batches and their distributions' rent). */
  maxDailySpendLamports: bigint;
}

/**
 * create_campaign: the campaign PDA of (advertiser, campaign id). A sponsorship names its film's
 * Project account after the fixed accounts; `sponsoredProjectAccount` passes another one (or none)
 * where a test checks that the program compares them.
 */
export function createCampaignInstruction({
  advertiser,
  programId,
  sponsoredProjectAccount,
  ...args
}: { advertiser: PublicKey; sponsoredProjectAccount?: PublicKey | null } & CreateCampaignArgs & ProgramOption): TransactionInstruction {
  const remaining = sponsoredProjectAccount === undefined ? args.sponsoredProject : sponsoredProjectAccount;
  return buildInstruction(
    'create_campaign',
    {
      args: {
        campaign_id: bn(args.campaignId),
        ad_type: AD_TYPE_VARIANT[args.adType],
        price_per_mille_lamports: bn(args.pricePerMilleLamports),
        sponsored_project: args.sponsoredProject ?? PublicKey.default,
        budget_lamports: bn(args.budgetLamports),
        creative_uri: args.creativeUri,
        creative_hash: [...args.creativeHash],
        target_genres: bn(args.targetGenres),
        start_at: bn(args.startAt),
        end_at: bn(args.endAt),
        max_daily_spend_lamports: bn(args.maxDailySpendLamports),
      },
    },
    { advertiser, campaign: marqueePdas(programId).campaign(advertiser, args.campaignId) },
    { programId, remaining: remaining ? [readonlyAccount(remaining)] : [] },
  );
}

type CampaignAction = { advertiser: PublicKey; campaign: PublicKey } & ProgramOption;

export function topUpCampaignInstruction({ advertiser, campaign, amountLamports, programId }: CampaignAction & { amountLamports: bigint }): TransactionInstruction {
  return buildInstruction('top_up_campaign', { amount_lamports: bn(amountLamports) }, { advertiser, campaign }, { programId });
}

export function setCampaignPausedInstruction({ advertiser, campaign, paused, programId }: CampaignAction & { paused: boolean }): TransactionInstruction {
  return buildInstruction('set_campaign_paused', { paused }, { advertiser, campaign }, { programId });
}

/** close_campaign: the budget left and the rent back to the advertiser. */
export function closeCampaignInstruction({ advertiser, campaign, programId }: CampaignAction): TransactionInstruction {
  return buildInstruction('close_campaign', {}, { advertiser, campaign }, { programId });
}

/**
 * settle_campaign: a batch of `impressions` the campaign served on the project, paid from its budget
 * with the distribution's rent. `batchId` must be above the campaign's last_batch_id (each batch is
 * paid once, in order); the CampaignSettled event carries it back.
 */
export function settleCampaignInstruction({
  campaign,
  batchId,
  impressions,
  ...deposit
}: Deposit & ProgramOption & { campaign: PublicKey; batchId: bigint; impressions: bigint }): TransactionInstruction {
  return buildInstruction(
    'settle_campaign',
    { batch_id: bn(batchId), impressions: bn(impressions), views: embedViews(deposit.embeds) },
    { ...depositAccounts(deposit), campaign },
    { programId: deposit.programId, remaining: embedAccounts(deposit.embeds) },
  );
}
