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
