// On-Chain mode: transactions built with @coral-xyz/anchor from the program's IDL, signed by the
// connected wallet and sent to devnet with commitment 'confirmed'.
import { AnchorProvider, BN, Program } from '@coral-xyz/anchor'
import type { AnchorWallet } from '@solana/wallet-adapter-react'
import { PublicKey, SystemProgram, Transaction, type Connection, type TransactionInstruction } from '@solana/web3.js'
import { COMMITMENT, LAMPORTS_PER_SOL } from '@/constants'
import type { Cluster, Project } from '@/lib/types'
import {
  WritePath,
  requestTestRevenue,
  type ClaimRevenueInput,
  type MarqueeClient,
  type ProjectRef,
} from './marquee-client'
import { marqueePdas } from './pdas'
import { ASSOCIATED_TOKEN_PROGRAM_ID, MARQUEE_IDL, MARQUEE_PROGRAM_ID, SHARE_TOKEN_PROGRAM_ID } from './idl'

export function solToLamports(sol: number): BN {
  return new BN(Math.round(sol * LAMPORTS_PER_SOL).toString())
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

  /** invest(amount_lamports): SOL into the project vault, share tokens to the investor. */
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
        associatedTokenProgram: ASSOCIATED_TOKEN_PROGRAM_ID,
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

  /** Signs with the wallet and sends; resolves once the transaction is confirmed. */
  private send(instructions: TransactionInstruction[]): Promise<string> {
    return this.provider.sendAndConfirm(new Transaction().add(...instructions), [], { commitment: COMMITMENT })
  }

  async invest(project: ProjectRef, amountSol: number) {
    const txHash = await this.send([await this.investInstruction(project, amountSol)])
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

  generateRevenue(amountSol: number) {
    return requestTestRevenue(this.cluster, this.walletAddress, amountSol)
  }

  async getBalance() {
    const lamports = await this.provider.connection.getBalance(this.wallet.publicKey, COMMITMENT)
    return lamports / LAMPORTS_PER_SOL
  }

  async createProject(): Promise<never> {
    throw new Error('Listing a film from the app on devnet is not available yet: create_project is not in the program.')
  }
}
