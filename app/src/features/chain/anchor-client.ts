// On-Chain mode: transactions built with @coral-xyz/anchor from the program's IDL, signed by the
// connected wallet and sent to devnet with commitment 'confirmed'.
import { AnchorProvider, BN, Program } from '@coral-xyz/anchor'
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token'
import type { AnchorWallet } from '@solana/wallet-adapter-react'
import { Keypair, PublicKey, SystemProgram, Transaction, type Connection, type TransactionInstruction } from '@solana/web3.js'
import { AD_PRICE_PER_MILLE_LAMPORTS, COMMITMENT, LAMPORTS_PER_SOL, USD_PER_SOL } from '@/constants'
import { ApiError, apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { AdType, CampaignDetail, CampaignSummary, Project } from '@marquee/api-contract'
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
  type StudioRef,
} from './marquee-client'
import { certificateInstructions, certificateMetadata, certificateSpace } from './license-certificate'
import { genreMask } from './ad-genres'
import { marqueePdas } from './pdas'
import { ASSOCIATED_TOKEN_PROGRAM_ID, MARQUEE_IDL, MARQUEE_PROGRAM_ID, SHARE_TOKEN_PROGRAM_ID } from './idl'

export function solToLamports(sol: number): BN {
  return new BN(Math.round(sol * LAMPORTS_PER_SOL).toString())
}

/** The IDL's AdType enum as @coral-xyz/anchor encodes it (variant name in camelCase). */
const AD_TYPE_VARIANT: Record<AdType, Record<string, Record<string, never>>> = {
  display: { display: {} },
  video: { video: {} },
  sponsorship: { sponsorship: {} },
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
  private readonly program: Program
  private readonly provider: AnchorProvider
  private readonly writes: WritePath
  private readonly pdas = marqueePdas(MARQUEE_PROGRAM_ID)

  constructor(
    connection: Connection,
    private readonly wallet: AnchorWallet,
    readonly cluster: Cluster = 'devnet',
  ) {
    this.walletAddress = wallet.publicKey.toBase58()
    this.provider = new AnchorProvider(connection, wallet, { commitment: COMMITMENT, preflightCommitment: COMMITMENT })
    this.program = new Program(MARQUEE_IDL, this.provider)
    this.writes = new WritePath('onchain', cluster)
  }

  private common() {
    return { eventAuthority: this.pdas.eventAuthority(), program: MARQUEE_PROGRAM_ID }
  }

  /**
   * The Associated Token program's CreateIdempotent of the investor's share account (their
   * associated Token-2022 account of the project's share mint), paid by the investor. `invest`
   * requires that account to exist and no longer creates it, so every investment sends this first:
   * it creates the account on a first investment and finds it there on the next ones.
   */
  createShareAccountInstruction(project: ProjectRef): TransactionInstruction {
    const projectKey = new PublicKey(project.address)
    const investor = this.wallet.publicKey
    return createAssociatedTokenAccountIdempotentInstruction(
      investor,
      this.pdas.investorShareAccount(projectKey, investor),
      investor,
      this.pdas.shareMint(projectKey),
      SHARE_TOKEN_PROGRAM_ID,
      ASSOCIATED_TOKEN_PROGRAM_ID,
    )
  }

  /** An investment's transaction: the share account's CreateIdempotent, then invest. */
  async investInstructions(project: ProjectRef, amountSol: number): Promise<TransactionInstruction[]> {
    return [this.createShareAccountInstruction(project), await this.investInstruction(project, amountSol)]
  }

  /** invest(amount_lamports): SOL into the project vault, share tokens to the investor's existing share account. */
  investInstruction(project: ProjectRef, amountSol: number): Promise<TransactionInstruction> {
    const projectKey = new PublicKey(project.address)
    const investor = this.wallet.publicKey
    return this.program.methods
      .invest(solToLamports(amountSol))
      .accountsStrict({
        investor,
        platform: this.pdas.platform(),
        project: projectKey,
        investment: this.pdas.investment(projectKey, investor),
        shareMint: this.pdas.shareMint(projectKey),
        investorShareAccount: this.pdas.investorShareAccount(projectKey, investor),
        vault: this.pdas.vault(projectKey),
        systemProgram: SystemProgram.programId,
        tokenProgram: SHARE_TOKEN_PROGRAM_ID,
        ...this.common(),
      })
      .instruction()
  }

  /** claim_license: the studio takes the raised SOL of its funded project. */
  claimLicenseInstruction(project: ProjectRef): Promise<TransactionInstruction> {
    const projectKey = new PublicKey(project.address)
    return this.program.methods
      .claimLicense()
      .accountsStrict({ authority: this.wallet.publicKey, project: projectKey, vault: this.pdas.vault(projectKey), ...this.common() })
      .instruction()
  }

  /** register_embed(embed_id, website_url): the publisher's embed of a funded project. */
  registerEmbedInstruction(project: ProjectRef, websiteUrl: string, embedId: string): Promise<TransactionInstruction> {
    const projectKey = new PublicKey(project.address)
    return this.program.methods
      .registerEmbed(embedId, websiteUrl)
      .accountsStrict({
        publisher: this.wallet.publicKey,
        project: projectKey,
        embed: this.pdas.embed(projectKey, this.wallet.publicKey, embedId),
        systemProgram: SystemProgram.programId,
        ...this.common(),
      })
      .instruction()
  }

  /** claim_revenue: the investor's accrued revenue of one project. */
  claimRevenueInstruction(project: Pick<Project, 'address'>): Promise<TransactionInstruction> {
    const projectKey = new PublicKey(project.address)
    const investor = this.wallet.publicKey
    return this.program.methods
      .claimRevenue()
      .accountsStrict({
        investor,
        project: projectKey,
        investment: this.pdas.investment(projectKey, investor),
        vault: this.pdas.vault(projectKey),
        ...this.common(),
      })
      .instruction()
  }

  /** claim_publisher_revenue: the publisher's earnings of one embed, paid from the project vault. */
  claimPublisherRevenueInstruction(project: Pick<Project, 'address'>, embedId: string): Promise<TransactionInstruction> {
    const projectKey = new PublicKey(project.address)
    return this.program.methods
      .claimPublisherRevenue()
      .accountsStrict({
        publisher: this.wallet.publicKey,
        project: projectKey,
        embed: this.pdas.embed(projectKey, this.wallet.publicKey, embedId),
        vault: this.pdas.vault(projectKey),
        ...this.common(),
      })
      .instruction()
  }

  /** Signs with the wallet and sends; resolves once the transaction is confirmed. */
  private send(instructions: TransactionInstruction[]): Promise<string> {
    return this.provider.sendAndConfirm(new Transaction().add(...instructions), [], { commitment: COMMITMENT })
  }

  async invest(project: ProjectRef, amountSol: number) {
    const txHash = await this.send(await this.investInstructions(project, amountSol))
    const investment = await this.writes.investment(project, amountSol, txHash, this.walletAddress)
    return { txHash, investment }
  }

  async claimLicense(project: ProjectRef) {
    const txHash = await this.send([await this.claimLicenseInstruction(project)])
    await this.writes.projectFunded(project, txHash)
    return txHash
  }

  async registerEmbed(project: ProjectRef, websiteUrl: string, embedId: string) {
    const txHash = await this.send([await this.registerEmbedInstruction(project, websiteUrl, embedId)])
    const embed = await this.writes.embed(project, websiteUrl, embedId, txHash)
    return { txHash, embed }
  }

  /** One claim_revenue instruction per project, in one transaction. */
  async claimRevenue({ distributionIds, projects, expectedAmount }: ClaimRevenueInput) {
    const instructions = await Promise.all(projects.map((project) => this.claimRevenueInstruction(project)))
    const txHash = await this.send(instructions)
    const recorded = await this.writes.revenueClaim(distributionIds, txHash)
    return { txHash, amount: recorded?.amount ?? expectedAmount }
  }

  async claimPublisherRevenue(project: Pick<Project, 'id' | 'address'>, embedId: string) {
    const txHash = await this.send([await this.claimPublisherRevenueInstruction(project, embedId)])
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
  registerStudioInstruction(name: string): Promise<TransactionInstruction> {
    const authority = this.wallet.publicKey
    return this.program.methods
      .registerStudio(name)
      .accountsStrict({
        authority,
        platform: this.pdas.platform(),
        studio: this.pdas.studio(authority),
        systemProgram: SystemProgram.programId,
        ...this.common(),
      })
      .instruction()
  }

  /** create_project(args) as project number `projectId` (the platform's next id). */
  createProjectInstruction(
    projectId: bigint,
    args: { title: string; metadataUri: string; metadataHash: number[]; fundingGoalLamports: BN; deadline: BN },
  ): Promise<TransactionInstruction> {
    const authority = this.wallet.publicKey
    const project = this.pdas.project(projectId)
    return this.program.methods
      .createProject(args)
      .accountsStrict({
        authority,
        platform: this.pdas.platform(),
        studio: this.pdas.studio(authority),
        project,
        shareMint: this.pdas.shareMint(project),
        vault: this.pdas.vault(project),
        systemProgram: SystemProgram.programId,
        tokenProgram: SHARE_TOKEN_PROGRAM_ID,
        ...this.common(),
      })
      .instruction()
  }

  /** update_project_metadata(metadata_uri, metadata_hash): the studio points its film to a new document. */
  updateProjectMetadataInstruction(project: EditedProject, metadataUri: string, sha256: string): Promise<TransactionInstruction> {
    return this.program.methods
      .updateProjectMetadata(metadataUri, Array.from(hexBytes(sha256)))
      .accountsStrict({ authority: this.wallet.publicKey, project: new PublicKey(project.address), ...this.common() })
      .instruction()
  }

  /** verify_studio(verified), signed by the platform admin. */
  verifyStudioInstruction(studio: StudioRef, verified: boolean): Promise<TransactionInstruction> {
    return this.program.methods
      .verifyStudio(verified)
      .accountsStrict({
        admin: this.wallet.publicKey,
        platform: this.pdas.platform(),
        studio: this.pdas.studio(new PublicKey(studio.authority)),
        ...this.common(),
      })
      .instruction()
  }

  /** refund: the investor's SOL back from a film past its deadline unfunded; the shares are burned. */
  refundInstruction(project: ProjectRef): Promise<TransactionInstruction> {
    const projectKey = new PublicKey(project.address)
    const investor = this.wallet.publicKey
    return this.program.methods
      .refund()
      .accountsStrict({
        investor,
        project: projectKey,
        investment: this.pdas.investment(projectKey, investor),
        shareMint: this.pdas.shareMint(projectKey),
        investorShareAccount: this.pdas.investorShareAccount(projectKey, investor),
        vault: this.pdas.vault(projectKey),
        tokenProgram: SHARE_TOKEN_PROGRAM_ID,
        ...this.common(),
      })
      .instruction()
  }

  private async studioRegistered(): Promise<boolean> {
    const account = await this.provider.connection.getAccountInfo(this.pdas.studio(this.wallet.publicKey), COMMITMENT)
    return account !== null
  }

  /**
   * Stores the listing's metadata (POST /api/metadata, content-addressed), then register_studio on
   * the first listing and create_project at the platform's next project id, in one transaction.
   */
  async createProject(listing: ListingInput) {
    const { studioName, ...metadata } = listing
    const stored = await apiPost<{ uri: string; sha256: string }>('/api/metadata', this.cluster, metadata)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const platform = (await (this.program.account as any).platform.fetch(this.pdas.platform())) as { projectCount: BN }
    const projectId = BigInt(platform.projectCount.toString())
    const instructions: TransactionInstruction[] = []
    if (!(await this.studioRegistered())) {
      instructions.push(await this.registerStudioInstruction(studioName || `${listing.directorName} Productions`.slice(0, 64)))
    }
    instructions.push(
      await this.createProjectInstruction(projectId, {
        title: listing.title,
        metadataUri: stored.uri,
        metadataHash: Array.from(hexBytes(stored.sha256)),
        fundingGoalLamports: solToLamports(listing.fundingGoal / USD_PER_SOL),
        deadline: new BN(Math.floor(Date.parse(listing.deadline) / 1000)),
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
    const txHash = await this.send([await this.updateProjectMetadataInstruction(project, uri, sha256)])
    await this.writes.transaction(txHash)
    return { txHash, uri, sha256 }
  }

  async registerStudio(name: string) {
    const txHash = await this.send([await this.registerStudioInstruction(name)])
    await this.writes.transaction(txHash)
    return txHash
  }

  async verifyStudio(studio: StudioRef, verified: boolean) {
    const txHash = await this.send([await this.verifyStudioInstruction(studio, verified)])
    await this.writes.transaction(txHash)
    return txHash
  }

  async refund(project: ProjectRef) {
    const txHash = await this.send([await this.refundInstruction(project)])
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
  createCampaignInstruction({ campaignId, input, now }: CreateCampaignArgs): Promise<TransactionInstruction> {
    const advertiser = this.wallet.publicKey
    const sponsoredProject = input.sponsorship ? new PublicKey(input.sponsorship.project.address) : PublicKey.default
    const pricePerMille =
      input.adType === 'sponsorship'
        ? solToLamports(input.sponsorship?.pricePerMilleSol ?? 0)
        : new BN(AD_PRICE_PER_MILLE_LAMPORTS[input.adType].toString())
    return this.program.methods
      .createCampaign({
        campaignId: new BN(campaignId.toString()),
        adType: AD_TYPE_VARIANT[input.adType],
        pricePerMilleLamports: pricePerMille,
        sponsoredProject,
        budgetLamports: solToLamports(input.budgetSol),
        creativeUri: input.creativeUri,
        creativeHash: Array.from(hexBytes(input.creativeHash)),
        targetGenres: new BN(genreMask(input.targetGenres).toString()),
        startAt: new BN(input.startAt ? unixSeconds(input.startAt) : now),
        endAt: new BN(unixSeconds(input.endAt)),
      })
      .accountsStrict({
        advertiser,
        campaign: this.pdas.campaign(advertiser, campaignId),
        systemProgram: SystemProgram.programId,
        ...this.common(),
      })
      .remainingAccounts(input.sponsorship ? [{ pubkey: sponsoredProject, isSigner: false, isWritable: false }] : [])
      .instruction()
  }

  /** top_up_campaign(amount_lamports). */
  topUpCampaignInstruction(campaign: CampaignRef, amountSol: number): Promise<TransactionInstruction> {
    return this.program.methods
      .topUpCampaign(solToLamports(amountSol))
      .accountsStrict({
        advertiser: this.wallet.publicKey,
        campaign: new PublicKey(campaign.address),
        systemProgram: SystemProgram.programId,
        ...this.common(),
      })
      .instruction()
  }

  /** set_campaign_paused(paused). */
  setCampaignPausedInstruction(campaign: CampaignRef, paused: boolean): Promise<TransactionInstruction> {
    return this.program.methods
      .setCampaignPaused(paused)
      .accountsStrict({ advertiser: this.wallet.publicKey, campaign: new PublicKey(campaign.address), ...this.common() })
      .instruction()
  }

  /** close_campaign: budget left and rent back to the advertiser. */
  closeCampaignInstruction(campaign: CampaignRef): Promise<TransactionInstruction> {
    return this.program.methods
      .closeCampaign()
      .accountsStrict({ advertiser: this.wallet.publicKey, campaign: new PublicKey(campaign.address), ...this.common() })
      .instruction()
  }

  /**
   * The wallet's next campaign id: one past the highest the index knows, moved on past any the
   * chain already has (a campaign created moments ago may not be indexed yet).
   */
  async nextCampaignId(): Promise<bigint> {
    const { campaigns } = await apiGet<{ campaigns: CampaignSummary[] }>(`/api/campaigns?advertiser=${this.walletAddress}`, this.cluster)
    let id = campaigns.reduce((next, campaign) => (BigInt(campaign.campaignId) >= next ? BigInt(campaign.campaignId) + 1n : next), 0n)
    while (await this.provider.connection.getAccountInfo(this.pdas.campaign(this.wallet.publicKey, id), COMMITMENT)) id += 1n
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
    const address = this.pdas.campaign(this.wallet.publicKey, campaignId).toBase58()
    const instruction = await this.createCampaignInstruction({ campaignId, input, now: Math.floor(Date.now() / 1000) })
    const txHash = await this.send([instruction])
    await this.writes.transaction(txHash)
    // The details answer is the campaign as indexed with them.
    const campaign = await this.writes.campaignDetails(address, this.walletAddress, details)
    return { txHash, campaign }
  }

  async topUpCampaign(campaign: CampaignRef, amountSol: number) {
    const { txHash, campaign: indexed } = await this.sendCampaignInstruction(campaign.address, await this.topUpCampaignInstruction(campaign, amountSol))
    return { txHash, campaign: indexed }
  }

  async setCampaignPaused(campaign: CampaignRef, paused: boolean) {
    const { txHash, campaign: indexed } = await this.sendCampaignInstruction(campaign.address, await this.setCampaignPausedInstruction(campaign, paused))
    return { txHash, campaign: indexed }
  }

  async closeCampaign(campaign: CampaignRef) {
    const { txHash, reported, campaign: indexed } = await this.sendCampaignInstruction(campaign.address, await this.closeCampaignInstruction(campaign))
    const closed = reported?.events.find((event) => event.name === 'CampaignClosed')
    return { txHash, campaign: indexed, refundedLamports: closed ? String(closed.data.refunded_lamports) : (indexed?.refundedLamports ?? null) }
  }
}

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
}
