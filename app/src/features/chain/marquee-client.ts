// One interface for every transaction the app makes, with two implementations chosen by the mode:
// DemoClient (the server's demo chain signs with the wallet's demo keypair) and AnchorClient (the
// connected wallet signs real devnet transactions). Both then call the spec's write path so the
// indexer verifies and ingests the transaction.
import { apiPost, apiPut } from '@/lib/api'
import { solToAmount } from '@/lib/format'
import type { Cluster } from '@/lib/api'
import type { AdType, CampaignSummary, EmbedRecord, Investment, Project, RevenueClaimResult } from '@marquee/api-contract'
import { USD_PER_SOL } from '@/constants'
import type { Mode } from '@/features/mode/mode-data-access'

export type ProjectRef = Pick<Project, 'id' | 'address' | 'fundingGoal' | 'title'>

/** One film's embed registered by Auto-List, with the transaction that registered it. */
export interface RegisteredEmbed {
  projectId: number
  embedId: string
  txHash: string
}

export interface InvestResult {
  txHash: string
  investment: Investment | null
}

export interface ClaimRevenueInput {
  distributionIds: number[]
  /** The projects the distributions belong to (an on-chain claim is one instruction per project). */
  projects: Pick<Project, 'id' | 'address'>[]
  /** The claimable total in thousandths of SOL, as the unclaimed-revenue answer gives it. */
  expectedAmount: number
}

export interface ClaimRevenueResult {
  txHash: string
  /** Thousandths of SOL. */
  amount: number
}

export interface PublisherClaimResult {
  txHash: string
  /** Lamports paid, as recorded by the indexer (null when the demo recording failed). */
  amountLamports: string | null
}

/** POST /api/transactions: the events the server found in a reported transaction. */
export interface ReportedTransaction {
  signature: string
  events: { name: string; data: Record<string, unknown> }[]
}

export interface GeneratedRevenue {
  signature: string
  projectId: number
  amount: number
}

export interface ListingInput {
  title: string
  description: string
  directorName: string
  releaseYear: number
  licenseType: string
  fundingGoal: number
  deadline: string
  genres: string[]
  thumbnailUrl?: string
  /** The film's video: an upload of the media store (/api/media/{sha256}) or an https URL. */
  videoUrl?: string
  /** The on-chain studio name, used when this listing registers the studio (its first). */
  studioName?: string
}

/** The fields the studio portal's Edit changes in a film's metadata document (the title stays as listed on chain). */
export interface ListingEdit {
  description: string
  directorName: string
  releaseYear: number
  licenseType: string
  genres: string[]
  /** The film's new video; null removes it; omitted keeps it. */
  videoUrl?: string | null
}

export type EditedProject = Pick<Project, 'id' | 'address'>

/** update_project_metadata: the transaction, and the document (its URI and sha256) the film now points to. */
export interface UpdatedMetadata {
  txHash: string
  uri: string
  sha256: string
}

export interface CreatedProject {
  txHash: string
  projectId: number
}

export interface RefundResult {
  txHash: string
  /** What the refund paid back, as the chain's Refunded event says (null when the index has not answered). */
  amountLamports: string | null
}

/** A studio as verify_studio names it: by its authority wallet (its chain address on the cluster). */
export interface StudioRef {
  authority: string
}

export type CertificateProject = Pick<Project, 'id' | 'address' | 'title' | 'metadataUri'>

export interface MintedCertificate {
  txHash: string
  mint: string
}

/** The request form's off-chain details of a campaign (PUT /api/campaigns/{address}/details). */
export interface CampaignDetails {
  companyName: string
  email: string
  website: string
  targetAudience: string
  monthlyBudgetUsd: number | null
}

/** The details as the API takes them: an unknown monthly budget is left out. */
export function detailsBody({ monthlyBudgetUsd, ...details }: CampaignDetails) {
  return { ...details, ...(monthlyBudgetUsd === null ? {} : { monthlyBudgetUsd }) }
}

export interface CampaignInput {
  adType: AdType
  /** SOL escrowed now. */
  budgetSol: number
  /** The most settlement may take from the campaign per UTC day (SOL): batches and their distributions' rent. */
  maxDailySpendSol: number
  creativeUri: string
  /** sha256 of the creative, 64 hex characters. */
  creativeHash: string
  /** Genre names of the ad genre list; [] targets every film. */
  targetGenres: string[]
  /** ISO 8601; absent starts the campaign at once. */
  startAt?: string
  endAt: string
  /** A sponsorship's film and its price per 1,000 impressions (SOL); absent for display and video. */
  sponsorship?: { project: Pick<Project, 'id' | 'address'>; pricePerMilleSol: number }
  details: CampaignDetails
}

/** A campaign as the write paths name it: its address (and its id under the advertiser). */
export type CampaignRef = Pick<CampaignSummary, 'address' | 'campaignId'>

export interface CampaignResult {
  txHash: string
  /** The campaign as indexed after the transaction (null when the index did not answer). */
  campaign: CampaignSummary | null
}

export interface ClosedCampaign extends CampaignResult {
  /** What the close paid back to the advertiser, budget left (null when unknown). */
  refundedLamports: string | null
}

export interface MarqueeClient {
  readonly mode: Mode
  readonly cluster: Cluster
  readonly walletAddress: string
  invest(project: ProjectRef, amountSol: number): Promise<InvestResult>
  claimLicense(project: ProjectRef): Promise<string>
  registerEmbed(project: ProjectRef, websiteUrl: string, embedId: string): Promise<{ txHash: string; embed: EmbedRecord | null }>
  /**
   * Auto-List: an embed of each film on `websiteUrl`, each under a new embed id, signed by the wallet
   * (on a real cluster several register_embed to a transaction, one prompt each) and reported as
   * registered embeds are.
   */
  registerEmbeds(projects: ProjectRef[], websiteUrl: string): Promise<RegisteredEmbed[]>
  claimRevenue(input: ClaimRevenueInput): Promise<ClaimRevenueResult>
  /** claim_publisher_revenue: what the wallet's embed of a film earned so far. */
  claimPublisherRevenue(project: Pick<Project, 'id' | 'address'>, embedId: string): Promise<PublisherClaimResult>
  generateRevenue(amountSol: number): Promise<GeneratedRevenue>
  /** SOL. */
  getBalance(): Promise<number>
  createProject(listing: ListingInput): Promise<CreatedProject>
  /** The studio's Edit: the edited metadata document stored, then update_project_metadata with its URI and hash. */
  updateProjectMetadata(project: EditedProject, edit: ListingEdit): Promise<UpdatedMetadata>
  /** register_studio: the wallet registers itself as a studio (signing proves the wallet is the studio's). */
  registerStudio(name: string): Promise<string>
  /** verify_studio, signed by the platform admin. */
  verifyStudio(studio: StudioRef, verified: boolean): Promise<string>
  /** refund of the wallet's position in a film past its deadline unfunded. */
  refund(project: ProjectRef): Promise<RefundResult>
  /** A Token-2022 licence certificate (metadata extension) of the studio's film, minted by the studio. */
  mintLicenseCertificate(project: CertificateProject): Promise<MintedCertificate>
  /** create_campaign: escrows the budget from the wallet; the details are recorded off chain. */
  createCampaign(input: CampaignInput): Promise<CampaignResult>
  /** top_up_campaign: more budget from the wallet. */
  topUpCampaign(campaign: CampaignRef, amountSol: number): Promise<CampaignResult>
  /** set_campaign_paused: a paused campaign is served no ads. */
  setCampaignPaused(campaign: CampaignRef, paused: boolean): Promise<CampaignResult>
  /** close_campaign: after the end and the settlement grace, the budget left returns to the wallet. */
  closeCampaign(campaign: CampaignRef): Promise<ClosedCampaign>
}

/** Token share = SOL / (fundingGoal / 1000): the fraction of the goal an amount buys. */
export function tokenShareFor(amountSol: number, fundingGoalUsd: number): number {
  if (fundingGoalUsd <= 0) return 0
  return amountSol / (fundingGoalUsd / USD_PER_SOL)
}

/**
 * The spec's write paths after a transaction. Demo mode swallows and logs API failures (the demo
 * chain's events are ingested anyway); on-chain mode rethrows them.
 */
export class WritePath {
  constructor(
    private readonly mode: Mode,
    private readonly cluster: Cluster,
  ) {}

  private get flag() {
    return this.mode === 'demo' ? { simulated: true } : { onChain: true }
  }

  private async record<T>(write: () => Promise<T>): Promise<T | null> {
    try {
      return await write()
    } catch (error) {
      if (this.mode === 'onchain') throw error
      console.error('Recording the demo transaction failed', error)
      return null
    }
  }

  investment(project: ProjectRef, amountSol: number, txHash: string, walletAddress: string) {
    return this.record(() =>
      apiPost<Investment>('/api/investments', this.cluster, {
        userId: walletAddress,
        projectId: project.id,
        amount: solToAmount(amountSol),
        tokenShare: tokenShareFor(amountSol, project.fundingGoal),
        txHash,
        ...this.flag,
      }),
    )
  }

  projectFunded(project: ProjectRef, txHash: string) {
    return this.record(() =>
      apiPut<Project>(`/api/projects/${project.id}/status`, this.cluster, { status: 'funded', txHash, ...this.flag }),
    )
  }

  embed(project: ProjectRef, websiteUrl: string, embedId: string, txHash: string) {
    return this.record(() =>
      apiPost<EmbedRecord>('/api/embeds', this.cluster, {
        projectId: project.id,
        websiteUrl,
        embedId,
        txHash,
        ...(this.mode === 'onchain' ? { onChain: true } : {}),
      }),
    )
  }

  publisherClaim(txHash: string) {
    return this.record(() => apiPost<{ amountLamports: string }>('/api/embeds/claims', this.cluster, { txHash, ...this.flag }))
  }

  /** Any other program transaction (studio, project, refund): the server verifies and ingests it at once. */
  transaction(txHash: string) {
    return this.record(() => apiPost<ReportedTransaction>('/api/transactions', this.cluster, { txHash }))
  }

  /** The request form's details of a campaign the wallet created (after its transaction is indexed). */
  campaignDetails(campaignAddress: string, walletAddress: string, details: CampaignDetails) {
    return this.record(() =>
      apiPut<CampaignSummary>(`/api/campaigns/${campaignAddress}/details`, this.cluster, { walletAddress, ...detailsBody(details) }),
    )
  }

  revenueClaim(distributionIds: number[], txHash: string) {
    return this.record(() =>
      apiPost<RevenueClaimResult>('/api/revenue/claim', this.cluster, { distributionIds, txHash, ...this.flag }),
    )
  }
}

/** Test revenue for the connected wallet's investments (POST /api/demo/generate-revenue). */
export function requestTestRevenue(cluster: Cluster, walletAddress: string, amountSol: number) {
  return apiPost<GeneratedRevenue>('/api/demo/generate-revenue', cluster, { userId: walletAddress, amount: amountSol })
}
