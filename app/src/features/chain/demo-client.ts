// Demo mode: the wallet connection is real; the server's demo chain runs the same program and signs
// with the wallet's demo keypair, so every figure still comes from a real (local) chain.
import { ApiError, apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { CampaignSummary, DemoWallet } from '@marquee/api-contract'
import {
  WritePath,
  detailsBody,
  requestTestRevenue,
  type CampaignInput,
  type CampaignRef,
  type CampaignResult,
  type ClaimRevenueInput,
  type ClosedCampaign,
  type CertificateProject,
  type EditedProject,
  type ListingEdit,
  type ListingInput,
  type MarqueeClient,
  type MintedCertificate,
  type ProjectRef,
  type RegisteredEmbed,
  type StudioRef,
} from './marquee-client'
import { embedIdFor } from '@marquee/program-client/embed-id'

interface Signature {
  signature: string
}

export class DemoClient implements MarqueeClient {
  readonly mode = 'demo' as const
  private readonly writes: WritePath

  constructor(
    readonly walletAddress: string,
    readonly cluster: Cluster = 'demo',
  ) {
    this.writes = new WritePath('demo', cluster)
  }

  async invest(project: ProjectRef, amountSol: number) {
    const { signature } = await apiPost<Signature>('/api/demo/invest', this.cluster, {
      walletAddress: this.walletAddress,
      projectId: project.id,
      amount: amountSol,
    })
    const investment = await this.writes.investment(project, amountSol, signature, this.walletAddress)
    return { txHash: signature, investment }
  }

  async claimLicense(project: ProjectRef) {
    const { signature } = await apiPost<Signature>('/api/demo/claim-license', this.cluster, {
      walletAddress: this.walletAddress,
      projectId: project.id,
    })
    await this.writes.projectFunded(project, signature)
    return signature
  }

  /** The demo chain signs with the wallet's demo key: one register_embed each, no prompt. */
  async registerEmbeds(projects: ProjectRef[], websiteUrl: string): Promise<RegisteredEmbed[]> {
    const registered: RegisteredEmbed[] = []
    for (const project of projects) {
      const embedId = embedIdFor(project.id)
      const { txHash } = await this.registerEmbed(project, websiteUrl, embedId)
      registered.push({ projectId: project.id, embedId, txHash })
    }
    return registered
  }

  async registerEmbed(project: ProjectRef, websiteUrl: string, embedId: string) {
    const { signature } = await apiPost<Signature>('/api/demo/register-embed', this.cluster, {
      walletAddress: this.walletAddress,
      projectId: project.id,
      websiteUrl,
      embedId,
    })
    const embed = await this.writes.embed(project, websiteUrl, embedId, signature)
    return { txHash: signature, embed }
  }

  async claimPublisherRevenue(project: { id: number }, embedId: string) {
    const { signature, amountLamports } = await apiPost<Signature & { amountLamports?: string }>(
      '/api/demo/claim-publisher-revenue',
      this.cluster,
      { walletAddress: this.walletAddress, projectId: project.id, embedId },
    )
    const recorded = await this.writes.publisherClaim(signature)
    return { txHash: signature, amountLamports: recorded?.amountLamports ?? amountLamports ?? null }
  }

  async claimRevenue({ distributionIds, expectedAmount }: ClaimRevenueInput) {
    const { signature, amount } = await apiPost<Signature & { amount?: number }>(
      '/api/demo/claim-revenue',
      this.cluster,
      { walletAddress: this.walletAddress, distributionIds },
    )
    const recorded = await this.writes.revenueClaim(distributionIds, signature)
    return { txHash: signature, amount: recorded?.amount ?? amount ?? expectedAmount }
  }

  generateRevenue(amountSol: number) {
    return requestTestRevenue(this.cluster, this.walletAddress, amountSol)
  }

  /** The demo keypair's balance; the first call for a wallet creates it with 15.75 SOL. */
  async getBalance() {
    const path = `/api/demo/wallets/${this.walletAddress}`
    try {
      return (await apiGet<DemoWallet>(path, this.cluster)).balance
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error
      const created = await apiPost<DemoWallet>('/api/demo/wallets', this.cluster, { walletAddress: this.walletAddress })
      return created.balance
    }
  }

  async createProject(listing: ListingInput) {
    const { signature, projectId } = await apiPost<Signature & { projectId: number }>(
      '/api/demo/projects',
      this.cluster,
      { walletAddress: this.walletAddress, ...listing },
    )
    return { txHash: signature, projectId }
  }

  /** The server stores the edited document and signs update_project_metadata with the wallet's demo key. */
  async updateProjectMetadata(project: EditedProject, edit: ListingEdit) {
    const { signature, uri, sha256 } = await apiPost<Signature & { uri: string; sha256: string }>('/api/demo/update-metadata', this.cluster, {
      walletAddress: this.walletAddress,
      projectId: project.id,
      ...edit,
    })
    return { txHash: signature, uri, sha256 }
  }

  async registerStudio(name: string) {
    const { signature } = await apiPost<Signature>('/api/demo/register-studio', this.cluster, { walletAddress: this.walletAddress, name })
    return signature
  }

  /** Signed by the platform admin's key, which the server holds only for the admin's wallet. */
  async verifyStudio(studio: StudioRef, verified: boolean) {
    const { signature } = await apiPost<Signature>('/api/demo/verify-studio', this.cluster, {
      walletAddress: this.walletAddress,
      studio: studio.authority,
      verified,
    })
    return signature
  }

  async refund(project: ProjectRef) {
    const { signature, amountLamports } = await apiPost<Signature & { amountLamports: string }>('/api/demo/refund', this.cluster, {
      walletAddress: this.walletAddress,
      projectId: project.id,
    })
    return { txHash: signature, amountLamports }
  }

  async mintLicenseCertificate(project: CertificateProject) {
    const { signature, mint } = await apiPost<Signature & Pick<MintedCertificate, 'mint'>>('/api/demo/mint-certificate', this.cluster, {
      walletAddress: this.walletAddress,
      projectId: project.id,
    })
    return { txHash: signature, mint }
  }

  /** The server signs create_campaign with the demo keypair at the advertiser's next campaign id. */
  createCampaign({ adType, budgetSol, maxDailySpendSol, creativeUri, creativeHash, targetGenres, startAt, endAt, sponsorship, details }: CampaignInput) {
    return apiPost<CampaignResult>('/api/demo/campaigns', this.cluster, {
      walletAddress: this.walletAddress,
      adType,
      budget: budgetSol,
      maxDailySpend: maxDailySpendSol,
      creativeUri,
      creativeHash,
      targetGenres,
      ...(startAt ? { startAt } : {}),
      endAt,
      ...(sponsorship ? { sponsoredProjectId: sponsorship.project.id, pricePerMille: sponsorship.pricePerMilleSol } : {}),
      ...detailsBody(details),
    })
  }

  topUpCampaign(campaign: CampaignRef, amountSol: number) {
    return apiPost<CampaignResult>(`/api/demo/campaigns/${campaign.address}/top-up`, this.cluster, {
      walletAddress: this.walletAddress,
      amount: amountSol,
    })
  }

  setCampaignPaused(campaign: CampaignRef, paused: boolean) {
    return apiPost<CampaignResult>(`/api/demo/campaigns/${campaign.address}/pause`, this.cluster, { walletAddress: this.walletAddress, paused })
  }

  closeCampaign(campaign: CampaignRef) {
    return apiPost<ClosedCampaign & { campaign: CampaignSummary }>(`/api/demo/campaigns/${campaign.address}/close`, this.cluster, {
      walletAddress: this.walletAddress,
    })
  }
}
