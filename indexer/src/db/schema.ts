// The tables of a cluster's database as Kysely sees them (one source for SQLite and PostgreSQL).
// Flags are 0/1 integers on both databases (SQLite has no boolean); amounts, slots and times are
// integers that fit a JS number (PostgreSQL bigint is parsed back to a number, see connection.ts);
// Q64.64 accumulators are decimal text because they do not.
import type { Generated, Insertable, Selectable } from 'kysely';

export interface TransactionsTable {
  signature: string;
  slot: number;
  block_time: number | null;
  failed: Generated<number>;
  event_count: number;
  ingested_at: number;
  /** 1 once the reconciliation pass read it back at `finalized` commitment. */
  finalized: Generated<number>;
  /** Finality passes that found it nowhere (it is rolled back only after repeated, confirmed misses). */
  finality_misses: Generated<number>;
}

export interface QuarantinedTransactionsTable {
  signature: string;
  slot: number;
  /** decode: its events do not decode with the IDL; project: applying one of them failed. */
  stage: 'decode' | 'project';
  reason: string;
  /** The whole transaction (decode stage), to decode again after a fix without the chain. */
  transaction_json: string | null;
  first_attempt_at: number;
  last_attempt_at: number;
  attempts: number;
}

export interface UnavailableSignaturesTable {
  signature: string;
  slot: number;
  attempts: number;
  last_error: string;
  first_attempt_at: number;
  last_attempt_at: number;
  next_attempt_at: number;
}

export interface EventsTable {
  signature: string;
  ix_index: number;
  event_index: number;
  slot: number;
  block_time: number | null;
  name: string;
  /** the seq stream: a project address, or 'platform' for platform-wide events */
  stream: string;
  seq: number;
  data: string;
  applied: Generated<number>;
}

export interface StreamsTable {
  stream: string;
  next_seq: number;
}

export interface CursorsTable {
  name: string;
  signature: string;
  slot: number;
  updated_at: number;
}

export interface PlatformTable {
  id: number;
  admin: string;
  treasury: string;
  settlement_authority: string;
  publisher_bps: number;
  investor_bps: number;
  platform_bps: number;
  min_investment_lamports: number;
  unverified_funding_cap_lamports: number;
  verified_funding_cap_lamports: number;
  updated_at: number;
}

export interface UsersTable {
  id: Generated<number>;
  wallet_address: string;
  chain_address: string;
  username: string;
  is_studio: Generated<number>;
  created_at: number;
}

export interface StudiosTable {
  id: Generated<number>;
  address: string;
  authority: string;
  name: string;
  verified: Generated<number>;
  funding_cap_lamports: number | null;
  registered_at: number;
  signature: string;
}

export interface ProjectsTable {
  id: number;
  address: string;
  studio: string;
  share_mint: string;
  vault: string;
  title: string;
  metadata_uri: string;
  /** sha256 (hex) of the metadata document the chain records for the film. */
  metadata_hash: string;
  goal_lamports: number;
  raised_lamports: Generated<number>;
  total_shares: Generated<number>;
  investor_count: Generated<number>;
  deadline: number;
  created_at: number;
  funded_at: number | null;
  status: Generated<string>;
  funds_released: Generated<number>;
  license_signature: string | null;
  revenue_per_share: Generated<string>;
  total_revenue_lamports: Generated<number>;
  total_views: Generated<number>;
  signature: string;
  /** The title lower-cased (search). */
  search_title: Generated<string>;
}

export interface InvestmentsTable {
  id: Generated<number>;
  project_id: number;
  investor: string;
  amount_lamports: number;
  shares_minted: number;
  goal_lamports: number;
  created_at: number;
  signature: string;
  ix_index: number;
  event_index: number;
}

export interface PositionsTable {
  project_id: number;
  investor: string;
  lamports: number;
  shares: number;
  revenue_checkpoint: Generated<string>;
}

export interface RefundsTable {
  id: Generated<number>;
  project_id: number;
  investor: string;
  amount_lamports: number;
  shares_burned: number;
  refunded_at: number;
  signature: string;
}

export interface EmbedsTable {
  id: Generated<number>;
  address: string;
  project_id: number;
  publisher: string;
  embed_id: string;
  website_url: string;
  /** The origin of website_url (null when it has none): where the embed's views count (migration 028). */
  website_origin: string | null;
  total_views: Generated<number>;
  earned_lamports: Generated<number>;
  claimed_lamports: Generated<number>;
  registered_at: number;
  signature: string;
}

export interface DistributionsTable {
  id: Generated<number>;
  project_id: number;
  idx: number;
  address: string;
  total_lamports: number;
  publisher_lamports: number;
  investor_lamports: number;
  platform_lamports: number;
  total_views: number;
  total_shares: number;
  revenue_per_share_before: string;
  revenue_per_share_after: string;
  distributed_at: number;
  signature: string;
}

export interface DistributionEmbedsTable {
  distribution_id: number;
  embed: string;
  views: number;
  amount_lamports: number;
}

export interface InvestorDistributionsTable {
  id: Generated<number>;
  distribution_id: number;
  project_id: number;
  investor: string;
  shares: number;
  amount_lamports: number;
  claimed: Generated<number>;
  claim_signature: string | null;
}

export interface RevenueClaimsTable {
  id: Generated<number>;
  project_id: number;
  investor: string;
  amount_lamports: number;
  claimed_at: number;
  signature: string;
}

export interface PublisherClaimsTable {
  id: Generated<number>;
  embed: string;
  publisher: string;
  amount_lamports: number;
  claimed_at: number;
  signature: string;
}

export interface MetadataTable {
  sha256: string;
  body: string;
  created_at: number;
  /** Lower-cased copies of the searchable fields of `body` (the marketplace search). */
  search_description: Generated<string>;
  search_director: Generated<string>;
}

export interface PlatformRolesTable {
  /** 'admin' */
  role: string;
  wallet_address: string;
  /** 'configured' (MARQUEE_DEMO_ADMIN_WALLET) or 'first-sign-in' */
  source: string;
  /** ms since the epoch */
  assigned_at: number;
}

export interface NotificationReadsTable {
  wallet_address: string;
  notification_id: string;
  /** ms since the epoch */
  read_at: number;
}

export interface AuthNoncesTable {
  nonce: string;
  /** ms since the epoch */
  expires_at: number;
  /** The wallet the sign-in request was issued for. */
  address: string;
  /** The domain (host[:port]) the signed message must name. */
  domain: string;
  /** The SIWS Chain ID the signed message must carry. */
  chain_id: string;
}

export interface RevokedSessionsTable {
  session_id: string;
  /** ms since the epoch: the session's own expiry, after which the row is useless. */
  expires_at: number;
}

export interface SettlementBatchesTable {
  id: Generated<number>;
  project_id: number;
  expected_index: number;
  amount_lamports: number;
  /** pending | settled | failed (terminal: a permanent program error, `failed_reason`) */
  status: Generated<string>;
  signature: string | null;
  last_error: string | null;
  created_at: number;
  settled_at: number | null;
  /** The campaign whose settle_campaign pays the batch (null: a distribute_revenue batch of before). */
  campaign: string | null;
  impressions: number | null;
  failed_reason: string | null;
  failed_at: number | null;
}

export interface ViewsTable {
  id: Generated<number>;
  project_id: number;
  embed: string;
  /** The play's id: the random id of its ad ticket (one view per ticket). */
  nonce: string;
  ip: string;
  counted_at: number;
  batch_id: number | null;
  /** The campaign whose ad the play served; null: the house ad. */
  campaign: string | null;
  unsettled_reason: string | null;
  ip_group: string | null;
  wide_group: string | null;
}

export interface CampaignsTable {
  address: string;
  advertiser: string;
  campaign_id: string;
  ad_type: string;
  price_per_mille_lamports: number;
  sponsored_project: string | null;
  budget_lamports: number;
  spent_lamports: Generated<number>;
  impressions: Generated<number>;
  creative_uri: string;
  creative_hash: string;
  /** The u64 bitmask as decimal text (bit i: AD_GENRES[i]). */
  target_genres: string;
  start_at: number;
  end_at: number;
  created_at: number;
  paused: Generated<number>;
  closed_at: number | null;
  refunded_lamports: number | null;
  signature: string;
  /** What settlement may take per UTC day (null: indexed before the program had the cap). */
  max_daily_spend_lamports: number | null;
  /** The batch id of the campaign's last settlement (0 before the first): the next must be above it. */
  last_batch_id: Generated<number>;
}

export interface CampaignSettlementsTable {
  id: Generated<number>;
  campaign: string;
  project_id: number;
  distribution: string;
  impressions: number;
  amount_lamports: number;
  settled_at: number;
  signature: string;
  /** The settlement job's batch id the program accepted (null: settled before batch ids). */
  batch_id: number | null;
  /** The distribution's rent the campaign paid back to the settlement authority, beyond the amount. */
  rent_lamports: Generated<number>;
}

export interface CampaignDetailsTable {
  campaign: string;
  company_name: string | null;
  email: string | null;
  website: string | null;
  target_audience: string | null;
  monthly_budget_usd: number | null;
  creative_kind: string | null;
  house: Generated<number>;
  updated_at: number;
}

export interface PublisherWebsitesTable {
  id: Generated<number>;
  /** The wallet that asked (the signed-in wallet, not its demo key). */
  wallet: string;
  origin: string;
  website_url: string;
  token: string;
  contact_email: string | null;
  /** The publisher application's fields (migration 010); null when the website was asked for elsewhere. */
  website_name: string | null;
  monthly_visitors: string | null;
  category: string | null;
  status: Generated<'unverified' | 'verified'>;
  method: 'well-known' | 'meta' | null;
  created_at: number;
  checked_at: number | null;
  verified_at: number | null;
  last_error: string | null;
}

export interface PublisherApiKeysTable {
  id: Generated<number>;
  wallet: string;
  origin: string;
  /** sha256 of the key; the key itself is shown once and never stored. */
  key_hash: string;
  prefix: string;
  created_at: number;
  revoked_at: number | null;
}

/** A studio's own settings (Production Portal, Studio Settings), by the wallet that saved them. */
export interface StudioProfilesTable {
  wallet_address: string;
  name: string;
  description: string;
  updated_at: number;
}

/** A studio's verification application (Studio Verification), reviewed by the platform admin. */
export interface VerificationApplicationsTable {
  id: Generated<number>;
  wallet_address: string;
  /** The address that signs for the wallet on this cluster: the Studio account's authority. */
  chain_address: string;
  studio_name: string;
  contact_email: string;
  website: string;
  description: string;
  /** JSON list of { name, url, sha256 } in the media store. */
  documents: string;
  /** submitted | approved | rejected */
  status: string;
  rejection_reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  approval_signature: string | null;
}

/** A licence certificate: a Token-2022 mint with the metadata extension, minted by the film's studio. */
export interface LicenseCertificatesTable {
  mint: string;
  project_id: number;
  owner: string;
  signature: string;
  minted_at: number;
}

/** An uploaded image (JPG or PNG), named by the sha256 of its bytes. */
export interface MediaTable {
  sha256: string;
  content_type: string;
  /** A file of an earlier version, until the first start moves it to the media folder (migration 020); null after. */
  bytes: Uint8Array | null;
  size: number;
  created_at: number;
  /** 1: served only to its media_readers and the platform admin (migration 014). */
  private: Generated<number>;
}

/** A task a start runs once per database, once it is done (migration 021). */
export interface OneTimeTasksTable {
  name: string;
  done_at: number;
}

/** The wallets that uploaded a private file (migration 014). */
export interface MediaReadersTable {
  sha256: string;
  wallet_address: string;
}

/** Collaboration hubs (migration 007): off-chain, written for wallets; times in unix milliseconds. */
export interface ChatMessagesTable {
  id: Generated<number>;
  project_id: number;
  sender_wallet: string;
  text: string;
  attachment_url: string | null;
  attachment_title: string | null;
  created_at: number;
}

export interface ProjectUpdatesTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  description: string;
  author_wallet: string;
  created_at: number;
}

export interface PollsTable {
  id: Generated<number>;
  project_id: number;
  question: string;
  ends_at: number;
  creator_wallet: string;
  created_at: number;
}

export interface PollOptionsTable {
  id: Generated<number>;
  poll_id: number;
  position: number;
  text: string;
}

export interface PollVotesTable {
  poll_id: number;
  wallet: string;
  option_id: number;
  voted_at: number;
}

export interface TeamMembersTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  role: string;
  avatar_url: string | null;
  created_at: number;
}

/** One row: moved by triggers on every write to campaigns and campaign_details (migration 025). */
export interface CampaignGenerationTable {
  id: number;
  n: number | string;
}

/** Migration 027's counter of changes to the films' searchable text (search-count-memo.ts). */
export interface SearchGenerationTable {
  id: number;
  n: number | string;
}

export interface Schema {
  campaign_generation: CampaignGenerationTable;
  search_generation: SearchGenerationTable;
  transactions: TransactionsTable;
  events: EventsTable;
  streams: StreamsTable;
  cursors: CursorsTable;
  quarantined_transactions: QuarantinedTransactionsTable;
  unavailable_signatures: UnavailableSignaturesTable;
  platform: PlatformTable;
  users: UsersTable;
  studios: StudiosTable;
  projects: ProjectsTable;
  investments: InvestmentsTable;
  positions: PositionsTable;
  refunds: RefundsTable;
  embeds: EmbedsTable;
  distributions: DistributionsTable;
  distribution_embeds: DistributionEmbedsTable;
  investor_distributions: InvestorDistributionsTable;
  revenue_claims: RevenueClaimsTable;
  publisher_claims: PublisherClaimsTable;
  metadata: MetadataTable;
  auth_nonces: AuthNoncesTable;
  revoked_sessions: RevokedSessionsTable;
  platform_roles: PlatformRolesTable;
  notification_reads: NotificationReadsTable;
  settlement_batches: SettlementBatchesTable;
  views: ViewsTable;
  campaigns: CampaignsTable;
  campaign_settlements: CampaignSettlementsTable;
  campaign_details: CampaignDetailsTable;
  publisher_websites: PublisherWebsitesTable;
  publisher_api_keys: PublisherApiKeysTable;
  studio_profiles: StudioProfilesTable;
  verification_applications: VerificationApplicationsTable;
  license_certificates: LicenseCertificatesTable;
  media: MediaTable;
  media_readers: MediaReadersTable;
  one_time_tasks: OneTimeTasksTable;
  chat_messages: ChatMessagesTable;
  project_updates: ProjectUpdatesTable;
  polls: PollsTable;
  poll_options: PollOptionsTable;
  poll_votes: PollVotesTable;
  team_members: TeamMembersTable;
}

export type UserRow = Selectable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
