// The program's events as the events table stores them and the projection reads them: the decoded
// shape of each (programs/marquee/idl/marquee.json) after the trip through JSON, so u64, i64 and
// u128 are decimal text, pubkeys base58, unit enums their variant's lower-case name, byte arrays
// arrays of numbers. The projector's handlers are typed by these.

/** A u64, i64 or u128 as decimal text (JSON has no 64-bit integers). */
type DecimalText = string;
/** A pubkey in base58. */
type Address = string;
type ProjectStatus = 'funding' | 'funded';
type AdType = 'display' | 'video' | 'sponsorship';

export interface EmbedCredit {
  embed: Address;
  views: DecimalText;
  amount_lamports: DecimalText;
}

export interface ProgramEvents {
  PlatformInitialized: {
    admin: Address;
    treasury: Address;
    settlement_authority: Address;
    publisher_bps: number;
    investor_bps: number;
    platform_bps: number;
    min_investment_lamports: DecimalText;
    unverified_funding_cap_lamports: DecimalText;
    verified_funding_cap_lamports: DecimalText;
    max_funding_days: number;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  /** PlatformInitialized's fields, and the admin handover's. */
  PlatformUpdated: ProgramEvents['PlatformInitialized'] & {
    previous_admin: Address;
    pending_admin: Address;
  };
  StudioRegistered: {
    studio: Address;
    authority: Address;
    name: string;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  StudioVerified: {
    studio: Address;
    authority: Address;
    verified_before: boolean;
    verified: boolean;
    funding_cap_lamports: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  ProjectCreated: {
    project: Address;
    project_id: DecimalText;
    studio: Address;
    share_mint: Address;
    vault: Address;
    goal_lamports: DecimalText;
    deadline: DecimalText;
    metadata_hash: number[];
    title: string;
    metadata_uri: string;
    genre_mask: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  Invested: {
    project: Address;
    investor: Address;
    investment: Address;
    amount_lamports: DecimalText;
    shares_minted: DecimalText;
    investor_lamports_after: DecimalText;
    investor_shares_after: DecimalText;
    raised_before: DecimalText;
    raised_after: DecimalText;
    goal_lamports: DecimalText;
    investor_count_after: number;
    new_investor: boolean;
    status_after: ProjectStatus;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  LicenseClaimed: {
    project: Address;
    studio: Address;
    amount_lamports: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  Refunded: {
    project: Address;
    investor: Address;
    investment: Address;
    amount_lamports: DecimalText;
    shares_burned: DecimalText;
    raised_before: DecimalText;
    raised_after: DecimalText;
    investor_count_after: number;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  EmbedRegistered: {
    project: Address;
    embed: Address;
    publisher: Address;
    embed_id: string;
    website_url: string;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  RevenueDistributed: {
    project: Address;
    distribution: Address;
    index: DecimalText;
    total_lamports: DecimalText;
    publisher_lamports: DecimalText;
    investor_lamports: DecimalText;
    platform_lamports: DecimalText;
    total_views: DecimalText;
    total_shares: DecimalText;
    revenue_per_share_before: DecimalText;
    revenue_per_share_after: DecimalText;
    embeds: EmbedCredit[];
    seq: DecimalText;
    timestamp: DecimalText;
  };
  RevenueClaimed: {
    project: Address;
    investor: Address;
    investment: Address;
    amount_lamports: DecimalText;
    revenue_per_share_checkpoint: DecimalText;
    claimed_total_after: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  PublisherRevenueClaimed: {
    project: Address;
    embed: Address;
    publisher: Address;
    amount_lamports: DecimalText;
    claimed_total_after: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  CampaignCreated: {
    campaign: Address;
    advertiser: Address;
    campaign_id: DecimalText;
    ad_type: AdType;
    price_per_mille_lamports: DecimalText;
    sponsored_project: Address;
    budget_lamports: DecimalText;
    creative_uri: string;
    creative_hash: number[];
    target_genres: DecimalText;
    start_at: DecimalText;
    end_at: DecimalText;
    max_daily_spend_lamports: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  CampaignToppedUp: {
    campaign: Address;
    advertiser: Address;
    amount_lamports: DecimalText;
    budget_after: DecimalText;
    remaining_after: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  CampaignPauseSet: {
    campaign: Address;
    advertiser: Address;
    paused_before: boolean;
    paused: boolean;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  CampaignSettled: {
    campaign: Address;
    advertiser: Address;
    project: Address;
    distribution: Address;
    distribution_index: DecimalText;
    batch_id: DecimalText;
    impressions: DecimalText;
    amount_lamports: DecimalText;
    rent_lamports: DecimalText;
    spent_after: DecimalText;
    remaining_after: DecimalText;
    impressions_after: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  CampaignClosed: {
    campaign: Address;
    advertiser: Address;
    refunded_lamports: DecimalText;
    rent_lamports: DecimalText;
    spent_lamports: DecimalText;
    impressions: DecimalText;
    seq: DecimalText;
    timestamp: DecimalText;
  };
  ProjectMetadataUpdated: {
    project: Address;
    studio: Address;
    previous_metadata_hash: number[];
    metadata_hash: number[];
    previous_metadata_uri: string;
    metadata_uri: string;
    seq: DecimalText;
    timestamp: DecimalText;
  };
}

export type ProgramEventName = keyof ProgramEvents;
