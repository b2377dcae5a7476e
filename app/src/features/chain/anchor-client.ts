// On-Chain mode: transactions built with @coral-xyz/anchor from the program's IDL, signed by the
// connected wallet and sent to devnet with commitment 'confirmed'.
import { AnchorProvider, BN, Program, type Idl } from '@coral-xyz/anchor'
import type { AnchorWallet } from '@solana/wallet-adapter-react'
import { PublicKey, SystemProgram, Transaction, type Connection } from '@solana/web3.js'
import { COMMITMENT, LAMPORTS_PER_SOL } from '@/constants'
import type { Cluster } from '@/lib/types'
import idlJson from '../../../../programs/marquee/idl/marquee.json'
import {
  WritePath,
  requestTestRevenue,
  type ClaimRevenueInput,
  type MarqueeClient,
  type ProjectRef,
} from './marquee-client'
import { marqueePdas } from './pdas'
import { ASSOCIATED_TOKEN_PROGRAM_ID, TOKEN_PROGRAM_ID } from './token-addresses'

export const MARQUEE_IDL = idlJson as Idl
export const MARQUEE_PROGRAM_ID = new PublicKey(MARQUEE_IDL.address)

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

  async invest(project: ProjectRef, amountSol: number) {
    const projectKey = new PublicKey(project.address)
    const investor = this.wallet.publicKey
    const txHash = await this.program.methods
      .invest(solToLamports(amountSol))
      .accountsPartial({
        investor,
        platform: this.pdas.platform(),
        project: projectKey,
        investment: this.pdas.investment(projectKey, investor),
        shareMint: this.pdas.shareMint(projectKey),
        investorShareAccount: this.pdas.investorShareAccount(projectKey, investor),
        vault: this.pdas.vault(projectKey),
        systemProgram: SystemProgram.programId,
        tokenProgram: TOKEN_PROGRAM_ID,
        associatedTokenProgram: ASSOCIATED_TOKEN_PROGRAM_ID,
        ...this.common(),
      })
      .rpc()
    const investment = await this.writes.investment(project, amountSol, txHash, this.walletAddress)
    return { txHash, investment }
  }

  async claimLicense(project: ProjectRef) {
    const projectKey = new PublicKey(project.address)
    const txHash = await this.program.methods
      .claimLicense()
      .accountsPartial({
        authority: this.wallet.publicKey,
        project: projectKey,
        vault: this.pdas.vault(projectKey),
        ...this.common(),
      })
      .rpc()
    await this.writes.projectFunded(project, txHash)
    return txHash
  }

  async registerEmbed(project: ProjectRef, websiteUrl: string, embedId: string) {
    const projectKey = new PublicKey(project.address)
    const txHash = await this.program.methods
      .registerEmbed(embedId, websiteUrl)
      .accountsPartial({
        publisher: this.wallet.publicKey,
        project: projectKey,
        embed: this.pdas.embed(projectKey, embedId),
        systemProgram: SystemProgram.programId,
        ...this.common(),
      })
      .rpc()
    const embed = await this.writes.embed(project, websiteUrl, embedId, txHash)
    return { txHash, embed }
  }

  /** One claim_revenue instruction per project, in one transaction. */
  async claimRevenue({ distributionIds, projects, expectedAmount }: ClaimRevenueInput) {
    const investor = this.wallet.publicKey
    const transaction = new Transaction()
    for (const project of projects) {
      const projectKey = new PublicKey(project.address)
      transaction.add(
        await this.program.methods
          .claimRevenue()
          .accountsPartial({
            investor,
            project: projectKey,
            investment: this.pdas.investment(projectKey, investor),
            vault: this.pdas.vault(projectKey),
            ...this.common(),
          })
          .instruction(),
      )
    }
    const txHash = await this.provider.sendAndConfirm(transaction, [], { commitment: COMMITMENT })
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
