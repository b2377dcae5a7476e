// On-Chain mode: the program client's instructions, signed by the connected wallet and sent to
// devnet with commitment 'confirmed'. This class is the wallet's sender: it names the accounts the
// user chose and reads what a send needs (the next project or campaign id); the bytes come from
// @marquee/program-client.
import '@/polyfills'
import { AnchorProvider } from '@coral-xyz/anchor'
import type { AnchorWallet } from '@solana/wallet-adapter-react'
import { Keypair, PublicKey, Transaction, type Connection, type TransactionInstruction } from '@solana/web3.js'
import {
  autoListTransactions,
  certificateInstructions,
  certificateMetadata,
  certificateSpace,
  claimLicenseInstruction,
  claimPublisherRevenueInstruction,
  claimRevenueInstruction,
  closeCampaignInstruction,
  createCampaignInstruction,
  createProjectInstruction,
  filmGenreMask,
  createShareAccountInstruction,
  decodeAccount,
  genreMask,
  investInstruction,
  pda,
  refundInstruction,
  registerEmbedInstruction,
  registerStudioInstruction,
  setCampaignPausedInstruction,
  topUpCampaignInstruction,
  updateProjectMetadataInstruction,
  verifyStudioInstruction,
  type CreateProjectArgs,
} from '@marquee/program-client'
import { AD_PRICE_PER_MILLE_LAMPORTS, COMMITMENT, LAMPORTS_PER_SOL, USD_PER_SOL } from '@/constants'
import { ApiError, apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { CampaignDetail, CampaignSummary, Project } from '@marquee/api-contract'
import {
  WritePath,
  requestTestRevenue,
  type CampaignInput,
  type CampaignRef,
  type CertificateProject,
  type ClaimRevenueInput,
  type EditedProject,
  type ListingEdit,
  type ListingInput,
  type MarqueeClient,
  type ProjectRef,
  type RegisteredEmbed,
  type StudioRef,
} from './marquee-client'

export function solToLamports(sol: number): bigint {
  return BigInt(Math.round(sol * LAMPORTS_PER_SOL))
}

/** Seconds since the epoch of an ISO 8601 time. */
const unixSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000)

export interface CreateCampaignArgs {
  campaignId: bigint
  input: Omit<CampaignInput, 'details'>
  /** The start written on chain (unix seconds) when the input names none. */
  now: number
}

export class AnchorClient implements MarqueeClient {
  readonly mode = 'onchain' as const
  readonly walletAddress: string
  private readonly provider: AnchorProvider
  private readonly writes: WritePath

  constructor(
    connection: Connection,
    private readonly wallet: AnchorWallet,
    readonly cluster: Cluster = 'devnet',
  ) {
    this.walletAddress = wallet.publicKey.toBase58()
    this.provider = new AnchorProvider(connection, wallet, { commitment: COMMITMENT, preflightCommitment: COMMITMENT })
    this.writes = new WritePath('onchain', cluster)
  }

  /** The Associated Token program's CreateIdempotent of the wallet's share account of the project. */
  createShareAccountInstruction(project: ProjectRef): TransactionInstruction {
    return createShareAccountInstruction({ investor: this.wallet.publicKey, project: new PublicKey(project.address) })
  }

  /** An investment's transaction: the share account's CreateIdempotent, then invest. */
  investInstructions(project: ProjectRef, amountSol: number): TransactionInstruction[] {
    return [this.createShareAccountInstruction(project), this.investInstruction(project, amountSol)]
  }

  /** invest(amount_lamports): SOL into the project vault, share tokens to the investor's existing share account. */
  investInstruction(project: ProjectRef, amountSol: number): TransactionInstruction {
    return investInstruction({ investor: this.wallet.publicKey, project: new PublicKey(project.address), amountLamports: solToLamports(amountSol) })
  }

  /** claim_license: the studio takes the raised SOL of its funded project. */
  claimLicenseInstruction(project: ProjectRef): TransactionInstruction {
    return claimLicenseInstruction({ authority: this.wallet.publicKey, project: new PublicKey(project.address) })
  }

  /** register_embed(embed_id, website_url): the publisher's embed of a funded project. */
  registerEmbedInstruction(project: ProjectRef, websiteUrl: string, embedId: string): TransactionInstruction {
    return registerEmbedInstruction({ publisher: this.wallet.publicKey, project: new PublicKey(project.address), embedId, websiteUrl })
  }

  /** claim_revenue: the investor's accrued revenue of one project. */
  claimRevenueInstruction(project: Pick<Project, 'address'>): TransactionInstruction {
    return claimRevenueInstruction({ investor: this.wallet.publicKey, project: new PublicKey(project.address) })
  }

  /** claim_publisher_revenue: the publisher's earnings of one embed, paid from the project vault. */
  claimPublisherRevenueInstruction(project: Pick<Project, 'address'>, embedId: string): TransactionInstruction {
    const projectKey = new PublicKey(project.address)
    const publisher = this.wallet.publicKey
    return claimPublisherRevenueInstruction({ publisher, project: projectKey, embed: pda.embed(projectKey, publisher, embedId) })
  }

  /** Signs with the wallet and sends; resolves once the transaction is confirmed. */
  private send(instructions: TransactionInstruction[]): Promise<string> {
    return this.provider.sendAndConfirm(new Transaction().add(...instructions), [], { commitment: COMMITMENT })
  }

  async invest(project: ProjectRef, amountSol: number) {
    const txHash = await this.send(this.investInstructions(project, amountSol))
    const investment = await this.writes.investment(project, amountSol, txHash, this.walletAddress)
    return { txHash, investment }
  }

  async claimLicense(project: ProjectRef) {
    const txHash = await this.send([this.claimLicenseInstruction(project)])
    await this.writes.projectFunded(project, txHash)
    return txHash
  }

  async registerEmbed(project: ProjectRef, websiteUrl: string, embedId: string) {
    const txHash = await this.send([this.registerEmbedInstruction(project, websiteUrl, embedId)])
    const embed = await this.writes.embed(project, websiteUrl, embedId, txHash)
    return { txHash, embed }
  }

  /**
   * register_embed of each film under a new embed id, as many to a transaction as fit (one wallet
   * prompt per transaction, packed by the program client's autoListTransactions); each transaction's embeds are reported once it is confirmed, so a
   * refusal part way keeps what was registered before it.
   */
  async registerEmbeds(projects: ProjectRef[], websiteUrl: string): Promise<RegisteredEmbed[]> {
    const registered: RegisteredEmbed[] = []
    for (const batch of autoListTransactions(projects, this.wallet.publicKey, websiteUrl)) {
      const txHash = await this.send(batch)
      for (const { film, embedId } of batch) {
        await this.writes.embed(film, websiteUrl, embedId, txHash)
        registered.push({ projectId: film.id, embedId, txHash })
      }
    }
    return registered
  }

  /** One claim_revenue instruction per project, in one transaction. */
  async claimRevenue({ distributionIds, projects, expectedAmount }: ClaimRevenueInput) {
    const txHash = await this.send(projects.map((project) => this.claimRevenueInstruction(project)))
    const recorded = await this.writes.revenueClaim(distributionIds, txHash)
    return { txHash, amount: recorded?.amount ?? expectedAmount }
  }

  async claimPublisherRevenue(project: Pick<Project, 'id' | 'address'>, embedId: string) {
    const txHash = await this.send([this.claimPublisherRevenueInstruction(project, embedId)])
    const recorded = await this.writes.publisherClaim(txHash)
    return { txHash, amountLamports: recorded?.amountLamports ?? null }
  }

  generateRevenue(amountSol: number) {
    return requestTestRevenue(this.cluster, this.walletAddress, amountSol)
  }

  async getBalance() {
    const lamports = await this.provider.connection.getBalance(this.wallet.publicKey, COMMITMENT)
    return lamports / LAMPORTS_PER_SOL
  }

  /** register_studio(name): the wallet becomes a studio (unverified). */
  registerStudioInstruction(name: string): TransactionInstruction {
    return registerStudioInstruction({ authority: this.wallet.publicKey, name })
  }

  /** create_project(args) as project number `projectId` (the platform's next id). */
  createProjectInstruction(projectId: bigint, args: CreateProjectArgs): TransactionInstruction {
    return createProjectInstruction({ authority: this.wallet.publicKey, projectId, ...args })
  }

  /** update_project_metadata(metadata_uri, metadata_hash): the studio points its film to a new document. */
  updateProjectMetadataInstruction(project: EditedProject, metadataUri: string, sha256: string): TransactionInstruction {
    return updateProjectMetadataInstruction({ authority: this.wallet.publicKey, project: new PublicKey(project.address), metadataUri, metadataHash: hexBytes(sha256) })
  }

  /** verify_studio(verified), signed by the platform admin. */
  verifyStudioInstruction(studio: StudioRef, verified: boolean): TransactionInstruction {
    return verifyStudioInstruction({ admin: this.wallet.publicKey, studioAuthority: new PublicKey(studio.authority), verified })
  }

  /** refund: the investor's SOL back from a film past its deadline unfunded; the shares are burned. */
  refundInstruction(project: ProjectRef): TransactionInstruction {
    return refundInstruction({ investor: this.wallet.publicKey, project: new PublicKey(project.address) })
  }

  private async studioRegistered(): Promise<boolean> {
    const account = await this.provider.connection.getAccountInfo(pda.studio(this.wallet.publicKey), COMMITMENT)
    return account !== null
  }

  /** The platform's next project id: its project count. */
  private async nextProjectId(): Promise<bigint> {
    const account = await this.provider.connection.getAccountInfo(pda.platform(), COMMITMENT)
    if (!account) throw new Error('The platform is not initialised on this cluster')
    return BigInt(decodeAccount<{ project_count: { toString(): string } }>('Platform', account.data).project_count.toString())
  }

  /**
   * Stores the listing's metadata (POST /api/metadata, content-addressed), then register_studio on
   * the first listing and create_project at the platform's next project id, in one transaction.
   */
  async createProject(listing: ListingInput) {
    const { studioName, ...metadata } = listing
    const stored = await apiPost<{ uri: string; sha256: string }>('/api/metadata', this.cluster, metadata)
    const projectId = await this.nextProjectId()
    const instructions: TransactionInstruction[] = []
    if (!(await this.studioRegistered())) {
      instructions.push(this.registerStudioInstruction(studioName || `${listing.directorName} Productions`.slice(0, 64)))
    }
    instructions.push(
      this.createProjectInstruction(projectId, {
        title: listing.title,
        metadataUri: stored.uri,
        metadataHash: hexBytes(stored.sha256),
        fundingGoalLamports: solToLamports(listing.fundingGoal / USD_PER_SOL),
        deadline: BigInt(unixSeconds(listing.deadline)),
        // What settle_campaign checks campaigns' target genres against (genres outside the ad list have no bit).
        genreMask: filmGenreMask(listing.genres),
      }),
    )
    const txHash = await this.send(instructions)
    await this.writes.transaction(txHash)
    return { txHash, projectId: Number(projectId) }
  }

  /**
   * Stores the edited document (POST /api/projects/:id/metadata answers its URI and sha256), sends
   * update_project_metadata signed by the wallet, then reports it so the film shows the edit at once.
   */
  async updateProjectMetadata(project: EditedProject, edit: ListingEdit) {
    const { uri, sha256 } = await apiPost<{ uri: string; sha256: string }>(`/api/projects/${project.id}/metadata`, this.cluster, edit)
    const txHash = await this.send([this.updateProjectMetadataInstruction(project, uri, sha256)])
    await this.writes.transaction(txHash)
    return { txHash, uri, sha256 }
  }

  async registerStudio(name: string) {
    const txHash = await this.send([this.registerStudioInstruction(name)])
    await this.writes.transaction(txHash)
    return txHash
  }

  async verifyStudio(studio: StudioRef, verified: boolean) {
    const txHash = await this.send([this.verifyStudioInstruction(studio, verified)])
    await this.writes.transaction(txHash)
    return txHash
  }

  async refund(project: ProjectRef) {
    const txHash = await this.send([this.refundInstruction(project)])
    const reported = await this.writes.transaction(txHash)
    const refunded = reported?.events.find((event) => event.name === 'Refunded')
    return { txHash, amountLamports: refunded ? String(refunded.data.amount_lamports) : null }
  }

  /** The licence certificate, signed by the wallet (payer, holder, authority) and the new mint's key. */
  async mintLicenseCertificate(project: CertificateProject) {
    const mint = Keypair.generate()
    const input = {
      studio: this.wallet.publicKey,
      mint: mint.publicKey,
      project: { address: project.address, title: project.title, metadataUri: project.metadataUri },
    }
    const space = certificateSpace(certificateMetadata(input)).rentSpace
    const rent = await this.provider.connection.getMinimumBalanceForRentExemption(space, COMMITMENT)
    const txHash = await this.provider.sendAndConfirm(new Transaction().add(...certificateInstructions(input, rent)), [mint], { commitment: COMMITMENT })
    return { txHash, mint: mint.publicKey.toBase58() }
  }

  /** create_campaign(args): the campaign PDA of (wallet, campaign id); a sponsorship passes its film last. */
  createCampaignInstruction({ campaignId, input, now }: CreateCampaignArgs): TransactionInstruction {
    return createCampaignInstruction({
      advertiser: this.wallet.publicKey,
      campaignId,
      adType: input.adType,
      pricePerMilleLamports:
        input.adType === 'sponsorship' ? solToLamports(input.sponsorship?.pricePerMilleSol ?? 0) : BigInt(AD_PRICE_PER_MILLE_LAMPORTS[input.adType]),
      sponsoredProject: input.sponsorship ? new PublicKey(input.sponsorship.project.address) : null,
      budgetLamports: solToLamports(input.budgetSol),
      maxDailySpendLamports: solToLamports(input.maxDailySpendSol),
      creativeUri: input.creativeUri,
      creativeHash: hexBytes(input.creativeHash),
      targetGenres: genreMask(input.targetGenres),
      startAt: BigInt(input.startAt ? unixSeconds(input.startAt) : now),
      endAt: BigInt(unixSeconds(input.endAt)),
    })
  }

  /** top_up_campaign(amount_lamports). */
  topUpCampaignInstruction(campaign: CampaignRef, amountSol: number): TransactionInstruction {
    return topUpCampaignInstruction({ advertiser: this.wallet.publicKey, campaign: new PublicKey(campaign.address), amountLamports: solToLamports(amountSol) })
  }

  /** set_campaign_paused(paused). */
  setCampaignPausedInstruction(campaign: CampaignRef, paused: boolean): TransactionInstruction {
    return setCampaignPausedInstruction({ advertiser: this.wallet.publicKey, campaign: new PublicKey(campaign.address), paused })
  }

  /** close_campaign: budget left and rent back to the advertiser. */
  closeCampaignInstruction(campaign: CampaignRef): TransactionInstruction {
    return closeCampaignInstruction({ advertiser: this.wallet.publicKey, campaign: new PublicKey(campaign.address) })
  }

  /**
   * The wallet's next campaign id: one past the highest the index knows, moved on past any the
   * chain already has (a campaign created moments ago may not be indexed yet).
   */
  async nextCampaignId(): Promise<bigint> {
    const { campaigns } = await apiGet<{ campaigns: CampaignSummary[] }>(`/api/campaigns?advertiser=${this.walletAddress}`, this.cluster)
    let id = campaigns.reduce((next, campaign) => (BigInt(campaign.campaignId) >= next ? BigInt(campaign.campaignId) + 1n : next), 0n)
    while (await this.provider.connection.getAccountInfo(pda.campaign(this.wallet.publicKey, id), COMMITMENT)) id += 1n
    return id
  }

  /** The campaign as indexed, or null when the index does not have it (yet). */
  private async indexedCampaign(address: string): Promise<CampaignSummary | null> {
    try {
      return await apiGet<CampaignDetail>(`/api/campaigns/${address}`, this.cluster)
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null
      throw error
    }
  }

  /** Signs and sends one campaign instruction, has the server ingest it, and reads the campaign back. */
  private async sendCampaignInstruction(address: string, instruction: TransactionInstruction) {
    const txHash = await this.send([instruction])
    const reported = await this.writes.transaction(txHash)
    return { txHash, reported, campaign: await this.indexedCampaign(address) }
  }

  async createCampaign({ details, ...input }: CampaignInput) {
    const campaignId = await this.nextCampaignId()
    const address = pda.campaign(this.wallet.publicKey, campaignId).toBase58()
    const instruction = this.createCampaignInstruction({ campaignId, input, now: Math.floor(Date.now() / 1000) })
    const txHash = await this.send([instruction])
    await this.writes.transaction(txHash)
    // The details answer is the campaign as indexed with them.
    const campaign = await this.writes.campaignDetails(address, this.walletAddress, details)
    return { txHash, campaign }
  }

  async topUpCampaign(campaign: CampaignRef, amountSol: number) {
    const { txHash, campaign: indexed } = await this.sendCampaignInstruction(campaign.address, this.topUpCampaignInstruction(campaign, amountSol))
    return { txHash, campaign: indexed }
  }

  async setCampaignPaused(campaign: CampaignRef, paused: boolean) {
    const { txHash, campaign: indexed } = await this.sendCampaignInstruction(campaign.address, this.setCampaignPausedInstruction(campaign, paused))
    return { txHash, campaign: indexed }
  }

  async closeCampaign(campaign: CampaignRef) {
    const { txHash, reported, campaign: indexed } = await this.sendCampaignInstruction(campaign.address, this.closeCampaignInstruction(campaign))
    const closed = reported?.events.find((event) => event.name === 'CampaignClosed')
    return { txHash, campaign: indexed, refundedLamports: closed ? String(closed.data.refunded_lamports) : (indexed?.refundedLamports ?? null) }
  }
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
}
