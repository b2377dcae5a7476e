// The program's events as the decoder hands them on, one interface per event, generated from the
// IDL by scripts/event-types.ts (do not edit: run it after the IDL changes).

interface EmbedCredit { embed: string; views: bigint; amount_lamports: bigint }
type ProjectStatus = 'funding' | 'funded';
type AdType = 'display' | 'video' | 'sponsorship';
export interface PlatformInitializedEvent { admin: string; treasury: string; settlement_authority: string; publisher_bps: number; investor_bps: number; platform_bps: number; min_investment_lamports: bigint; unverified_funding_cap_lamports: bigint; verified_funding_cap_lamports: bigint; max_funding_days: number; seq: bigint; timestamp: bigint }
export interface PlatformUpdatedEvent { previous_admin: string; admin: string; pending_admin: string; treasury: string; settlement_authority: string; publisher_bps: number; investor_bps: number; platform_bps: number; min_investment_lamports: bigint; unverified_funding_cap_lamports: bigint; verified_funding_cap_lamports: bigint; max_funding_days: number; seq: bigint; timestamp: bigint }
export interface StudioRegisteredEvent { studio: string; authority: string; name: string; seq: bigint; timestamp: bigint }
export interface StudioVerifiedEvent { studio: string; authority: string; verified_before: boolean; verified: boolean; funding_cap_lamports: bigint; seq: bigint; timestamp: bigint }
export interface ProjectCreatedEvent { project: string; project_id: bigint; studio: string; share_mint: string; vault: string; goal_lamports: bigint; deadline: bigint; metadata_hash: number[]; title: string; metadata_uri: string; genre_mask: bigint; seq: bigint; timestamp: bigint }
export interface InvestedEvent { project: string; investor: string; investment: string; amount_lamports: bigint; shares_minted: bigint; investor_lamports_after: bigint; investor_shares_after: bigint; raised_before: bigint; raised_after: bigint; goal_lamports: bigint; investor_count_after: number; new_investor: boolean; status_after: ProjectStatus; seq: bigint; timestamp: bigint }
export interface LicenseClaimedEvent { project: string; studio: string; amount_lamports: bigint; seq: bigint; timestamp: bigint }
export interface RefundedEvent { project: string; investor: string; investment: string; amount_lamports: bigint; shares_burned: bigint; raised_before: bigint; raised_after: bigint; investor_count_after: number; seq: bigint; timestamp: bigint }
export interface EmbedRegisteredEvent { project: string; embed: string; publisher: string; embed_id: string; website_url: string; seq: bigint; timestamp: bigint }
export interface RevenueDistributedEvent { project: string; distribution: string; index: bigint; total_lamports: bigint; publisher_lamports: bigint; investor_lamports: bigint; platform_lamports: bigint; total_views: bigint; total_shares: bigint; revenue_per_share_before: bigint; revenue_per_share_after: bigint; embeds: EmbedCredit[]; seq: bigint; timestamp: bigint }
export interface RevenueClaimedEvent { project: string; investor: string; investment: string; amount_lamports: bigint; revenue_per_share_checkpoint: bigint; claimed_total_after: bigint; seq: bigint }
export interface PublisherRevenueClaimedEvent { project: string; embed: string; publisher: string; amount_lamports: bigint; claimed_total_after: bigint; seq: bigint; timestamp: bigint }
export interface CampaignCreatedEvent { campaign: string; advertiser: string; campaign_id: bigint; ad_type: AdType; price_per_mille_lamports: bigint; sponsored_project: string; budget_lamports: bigint; creative_uri: string; creative_hash: number[]; target_genres: bigint; start_at: bigint; end_at: bigint; max_daily_spend_lamports: bigint; seq: bigint; timestamp: bigint }
export interface CampaignToppedUpEvent { campaign: string; advertiser: string; amount_lamports: bigint; budget_after: bigint; remaining_after: bigint; seq: bigint; timestamp: bigint }
export interface CampaignPauseSetEvent { campaign: string; advertiser: string; paused_before: boolean; paused: boolean; seq: bigint; timestamp: bigint }
export interface CampaignSettledEvent { campaign: string; advertiser: string; project: string; distribution: string; distribution_index: bigint; batch_id: bigint; impressions: bigint; amount_lamports: bigint; rent_lamports: bigint; spent_after: bigint; remaining_after: bigint; impressions_after: bigint; seq: bigint; timestamp: bigint }
export interface ProjectMetadataUpdatedEvent { project: string; studio: string; previous_metadata_hash: number[]; metadata_hash: number[]; previous_metadata_uri: string; metadata_uri: string; seq: bigint; timestamp: bigint }
export interface CampaignClosedEvent { campaign: string; advertiser: string; refunded_lamports: bigint; rent_lamports: bigint; spent_lamports: bigint; impressions: bigint; seq: bigint; timestamp: bigint }

/** Every event by its name. */
export interface MarqueeEvents {
  PlatformInitialized: PlatformInitializedEvent;
  PlatformUpdated: PlatformUpdatedEvent;
  StudioRegistered: StudioRegisteredEvent;
  StudioVerified: StudioVerifiedEvent;
  ProjectCreated: ProjectCreatedEvent;
  Invested: InvestedEvent;
  LicenseClaimed: LicenseClaimedEvent;
  Refunded: RefundedEvent;
  EmbedRegistered: EmbedRegisteredEvent;
  RevenueDistributed: RevenueDistributedEvent;
  RevenueClaimed: RevenueClaimedEvent;
  PublisherRevenueClaimed: PublisherRevenueClaimedEvent;
  CampaignCreated: CampaignCreatedEvent;
  CampaignToppedUp: CampaignToppedUpEvent;
  CampaignPauseSet: CampaignPauseSetEvent;
  CampaignSettled: CampaignSettledEvent;
  CampaignClosed: CampaignClosedEvent;
  ProjectMetadataUpdated: ProjectMetadataUpdatedEvent;
}
