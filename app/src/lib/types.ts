// Shapes of the Marquee REST API (docs/API.md). Amounts are thousandths of SOL, USD at 1 SOL = 1000 USD.

export type Cluster = 'demo' | 'devnet'

export type ProjectStatus = 'funding' | 'funded' | 'failed' | (string & {})

export interface Project {
  id: number
  address: string
  title: string
  description: string
  thumbnailUrl: string
  genres: string[]
  directorName: string
  studioId: number
  studioAddress?: string
  studioName?: string
  studioVerified?: boolean
  fundingGoal: number
  currentFunding: number
  goalLamports?: string
  raisedLamports?: string
  investorCount: number
  deadline: string
  createdAt: string
  fundedAt?: string | null
  status: ProjectStatus
  fundsReleased?: boolean
  /** The debug variant of the spec's Project has a video URL (from the listing's metadata). */
  videoUrl?: string | null
  embeddableCode?: string | null
  releaseYear?: number
  licenseType?: string
  shareMint?: string
  vault?: string
  metadataUri?: string
  /** sha256 (hex) of the metadata document, as the chain records it. */
  metadataHash?: string
  totalRevenue?: number
  totalViews?: number
  explorerUrl?: string | null
}

export interface Investment {
  id: number
  userId: number | string
  projectId: number
  amount: number
  tokenShare: number
  txHash: string
  createdAt: string
  investorAddress?: string
  amountLamports?: string
  /** Taken back by a refund after the film missed its deadline unfunded. */
  refunded?: boolean
  project?: Project
}

export interface User {
  id: number
  username: string
  walletAddress: string
  isStudio: boolean
}

export interface UnclaimedDistribution {
  id: number
  amount: number
  projectId?: number
  projectTitle?: string
  distributedAt?: string
}

export interface UnclaimedRevenue {
  total: number
  distributions: UnclaimedDistribution[]
}

export interface RevenueByProject {
  projectId: number
  title?: string
  projectTitle?: string
  earned?: number
  claimable?: number
  claimed?: number
  amount?: number
}

export interface RevenueTransaction {
  id?: number | string
  type?: 'distribution' | 'claim' | (string & {})
  projectId?: number
  projectTitle?: string
  amount: number
  txHash?: string | null
  createdAt?: string
  date?: string
}

export interface UserRevenue {
  earned: number
  claimable: number
  claimed: number
  byProject: RevenueByProject[]
  transactions: RevenueTransaction[]
}

/** One on-chain revenue deposit of a project, split between publishers, investors and the platform. */
export interface PlatformDistribution {
  id: number
  projectId: number
  projectTitle?: string
  amount: number
  investorAmount?: number
  publisherAmount?: number
  platformAmount?: number
  views?: number
  totalViews?: number
  revenueGenerated?: number
  status?: string
  explorerUrl?: string | null
  txHash?: string | null
  distributedAt?: string
  createdAt?: string
}

export interface RevenueClaimResult {
  claimed: number[]
  amount: number
  txHash: string
}

export interface EmbedRecord {
  id: number
  projectId: number
  embedId: string
  websiteUrl: string
  publisher: string
  embedCode: string
}

export interface DemoWallet {
  walletAddress: string
  demoAddress: string
  balanceLamports: string
  balance: number
}

/** A publisher's website and its verification (GET /api/publishers/{wallet}/websites). */
export interface PublisherWebsite {
  origin: string
  websiteUrl: string
  status: 'unverified' | 'verified'
  token: string
  wellKnownUrl: string
  metaTag: string
  method: 'well-known' | 'meta' | null
  verifiedAt: string | null
  lastError: string | null
  contactEmail: string | null
  /** The Apply to Publisher Program form's fields, null when the website was asked for elsewhere. */
  websiteName: string | null
  monthlyVisitors: string | null
  category: string | null
}

/** An auto-list API key; `key` is present only in the answer that created it. */
export interface PublisherApiKey {
  id: number
  origin: string
  prefix: string
  createdAt: string
  revokedAt: string | null
  key?: string
  catalogueSnippet?: string
}

export interface PublisherEmbed extends EmbedRecord {
  address: string
  totalViews: number
  /** Thousandths of SOL. */
  earned: number
  claimed: number
  earnedLamports: string
  claimedLamports?: string
  registeredAt: string
  txHash: string
  explorerUrl: string | null
}

export interface PublisherAnalytics {
  totals: { views: number; earnedLamports: string; claimedLamports: string; claimableLamports: string }
  /** One row per day and embed (YYYY-MM-DD, UTC). */
  byDay: { date: string; embedId: string; projectId: number; views: number; earnedLamports: string }[]
  byEmbed: {
    embedId: string
    projectId: number
    title: string
    websiteUrl: string
    views: number
    earnedLamports: string
    claimedLamports: string
    claimableLamports: string
  }[]
}

/** GET /api/platform: the platform's rules as the index has them. */
export interface PlatformInfo {
  admin: string
  treasury: string
  minInvestmentLamports: string
  unverifiedFundingCapLamports: string
  verifiedFundingCapLamports: string
  /** USD (1 SOL = 1000 USD). */
  unverifiedFundingCap: number
  verifiedFundingCap: number
  minFundingWindowDays: number
  /** null: the platform states no window (the program then only wants a future deadline). */
  maxFundingWindowDays: number | null
}

export interface VerificationDocument {
  name: string
  url: string
  sha256: string
}

export type ApplicationStatus = 'submitted' | 'approved' | 'rejected'

export interface VerificationApplication {
  id: number
  walletAddress: string
  chainAddress: string
  studioName: string
  contactEmail: string
  website: string
  description: string
  documents: VerificationDocument[]
  status: ApplicationStatus
  rejectionReason: string | null
  submittedAt: string
  reviewedAt: string | null
  approvalTxHash: string | null
  /** The studio as the chain has it (null until register_studio is indexed). */
  studio?: StudioAccount | null
}

export interface StudioAccount {
  address: string
  authority: string
  name: string
  verified: boolean
  /** USD. */
  fundingCap: number
  registeredAt: string
  txHash: string
}

export interface StudioProfile {
  name: string
  description: string
  updatedAt: string
}

/** GET /api/studios/{wallet}: the wallet's studio on chain, its settings and its verification application. */
export interface StudioOverview {
  walletAddress: string
  chainAddress: string
  isAdmin: boolean
  studio: StudioAccount | null
  profile: StudioProfile | null
  application: VerificationApplication | null
}

/** An ad campaign as the index knows it (GET /api/campaigns, /api/campaigns/{address}). */
export type AdType = 'display' | 'video' | 'sponsorship'
export type CampaignStatus = 'scheduled' | 'active' | 'paused' | 'exhausted' | 'ended' | 'closed'

export interface CampaignSummary {
  address: string
  advertiser: string
  campaignId: string
  adType: AdType
  pricePerMilleLamports: string
  sponsoredProjectId: number | null
  budgetLamports: string
  spentLamports: string
  remainingLamports: string
  impressions: number
  creativeUri: string
  /** Hex sha256 of the creative. */
  creativeHash: string
  creativeKind: 'image' | 'video' | null
  /** Genre names; [] targets every film. */
  targetGenres: string[]
  startAt: string
  endAt: string
  createdAt: string
  paused: boolean
  status: CampaignStatus
  /** endAt plus the settlement grace period: the advertiser may close the campaign from then on. */
  closableAt: string
  closedAt: string | null
  refundedLamports: string | null
  // The request form's off-chain details (null when none were recorded).
  companyName: string | null
  email: string | null
  website: string | null
  targetAudience: string | null
  monthlyBudgetUsd: number | null
}

export interface CampaignDetail extends CampaignSummary {
  series: { date: string; impressions: number; spentLamports: string }[]
  byFilm: { projectId: number; title: string; impressions: number; spentLamports: string }[]
}

/** POST /api/media: the stored file's address and sha256 (hex). */
export interface StoredMedia {
  url: string
  sha256: string
  contentType?: string
}
