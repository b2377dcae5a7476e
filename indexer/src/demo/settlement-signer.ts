// The demo chain's SettlementSigner: the settlement job's batches (settle_campaign, or
// distribute_revenue for batches made before campaigns) signed by the demo platform's settlement
// key, at the distribution index each batch was made for; and the same deposits for the seed's
// revenue history and the house campaign's test revenue.
import anchor from '@coral-xyz/anchor';
import { distributeRevenueInstruction, settleCampaignInstruction, type EmbedViews } from '@marquee/program-client';
import { LAMPORTS_PER_SOL } from '../constants.ts';
import type { CampaignSettlementRequest, DistributionRequest, SettlementSigner } from '../settlement/job.ts';
import { DemoActionError } from './action-error.ts';
import { DemoTransactionError, type DemoChain } from './chain.ts';
import { KEY, type DemoKeys } from './keys.ts';
import type { ProjectAccount } from './sender.ts';

const { PublicKey } = anchor.web3;
type Keypair = anchor.web3.Keypair;
type PublicKey = anchor.web3.PublicKey;
type TransactionInstruction = anchor.web3.TransactionInstruction;

/** The settlement authority is topped up from the faucet when it falls below this. */
const SETTLEMENT_LOW_WATER_LAMPORTS = 100n * BigInt(LAMPORTS_PER_SOL);
const SETTLEMENT_TOP_UP_LAMPORTS = 10_000n * BigInt(LAMPORTS_PER_SOL);

export class DemoSettlementSigner implements SettlementSigner {
  constructor(
    private readonly chain: DemoChain,
    private readonly keys: DemoKeys,
  ) {}

  /**
   * SettlementSigner: the settlement job's batch of impressions a campaign served on a project, at
   * the distribution index the batch was made for; an index already taken on chain is refused, as
   * for distribute_revenue below.
   */
  async settleCampaign(request: CampaignSettlementRequest): Promise<string> {
    const project = new PublicKey(request.project);
    this.assertNextIndex(project, request.projectId, request.index);
    return this.settle(
      new PublicKey(request.campaign),
      project,
      BigInt(request.impressions),
      request.embeds.map(({ embed, views }) => ({ embed: new PublicKey(embed), views: BigInt(views) })),
      BigInt(request.batchId),
    );
  }

  /** SettlementSigner: the project account's distribution_count, read from the demo chain. */
  async nextDistributionIndex(project: string): Promise<number> {
    const account = this.chain.account<ProjectAccount>('Project', project);
    if (!account) throw new Error(`Project ${project} is not on the demo chain`);
    return Number(account.distribution_count.toString());
  }

  /** SettlementSigner: the demo runtime's rent-exempt minimum, the same rent a cluster charges. */
  async rentExemptMinimum(bytes: number): Promise<bigint> {
    return BigInt(this.chain.minimumBalance(bytes));
  }

  /** Throws when `index` is not the project's next distribution index on chain (the batch would land elsewhere or twice). */
  private assertNextIndex(project: PublicKey, projectId: number, index: number): void {
    const onChain = this.chain.account<ProjectAccount>('Project', project)?.distribution_count.toString();
    if (onChain !== undefined && BigInt(onChain) !== BigInt(index)) {
      throw new Error(`Distribution ${index} of project ${projectId} is not the next one on chain (the project has ${onChain}); not sending it again`);
    }
  }

  /** The settlement authority's key, topped up from the faucet for its fees (and distribute_revenue's amounts). */
  private settlementKey(lamports = 0n): Keypair {
    const settlement = this.keys.key(KEY.settlement);
    if (this.chain.balance(settlement.publicKey) < lamports + SETTLEMENT_LOW_WATER_LAMPORTS) {
      this.chain.airdrop(settlement.publicKey, SETTLEMENT_TOP_UP_LAMPORTS + lamports);
    }
    return settlement;
  }

  /**
   * A deposit into the project's vault at its next distribution index, as read from the chain now,
   * signed by the settlement key (topped up for `lamports` it pays itself); a refusal of the
   * program is the caller's mistake.
   */
  private deposit(
    project: PublicKey,
    instruction: (deposit: { settlementAuthority: PublicKey; treasury: PublicKey; project: PublicKey; distributionIndex: bigint }) => TransactionInstruction,
    options: { lamports?: bigint; at?: number } = {},
  ): string {
    const settlement = this.settlementKey(options.lamports);
    const account = this.chain.account<ProjectAccount>('Project', project);
    if (!account) throw new DemoActionError(404, 'Project not found');
    const distributionIndex = BigInt(account.distribution_count.toString());
    const treasury = this.keys.key(KEY.treasury).publicKey;
    try {
      return this.chain.send([instruction({ settlementAuthority: settlement.publicKey, treasury, project, distributionIndex })], [settlement], { at: options.at }).signature;
    } catch (error) {
      if (error instanceof DemoTransactionError) throw new DemoActionError(400, error.message);
      throw error;
    }
  }

  /**
   * settle_campaign at the project's next distribution index, as read from the chain now, as batch
   * `batchId`: the settlement job's batch id, or for the house campaign's test revenue (no batch of
   * the job) the one after the campaign's last_batch_id on chain.
   */
  settle(campaign: PublicKey, project: PublicKey, impressions: bigint, embeds: EmbedViews[], batchId?: bigint): string {
    const id = batchId ?? this.nextBatchId(campaign);
    return this.deposit(project, (deposit) => settleCampaignInstruction({ ...deposit, campaign, batchId: id, impressions, embeds }));
  }

  /** The smallest batch id the campaign accepts next: one above its last_batch_id on chain. */
  private nextBatchId(campaign: PublicKey): bigint {
    const account = this.chain.account<{ last_batch_id: anchor.BN }>('Campaign', campaign);
    if (!account) throw new DemoActionError(404, 'Campaign not found');
    return BigInt(account.last_batch_id.toString()) + 1n;
  }

  /**
   * SettlementSigner: a batch of counted views made before campaigns existed (distribute_revenue
   * from the settlement key), at the distribution index the batch was made for. A batch whose index
   * is already taken on chain (sent by a leader that died before recording it, or the index was
   * stale) is refused, never paid at the next index: the job settles it from the indexed
   * distribution instead.
   */
  async distributeRevenue(request: DistributionRequest): Promise<string> {
    const project = new PublicKey(request.project);
    this.assertNextIndex(project, request.projectId, request.index);
    return this.distribute(
      project,
      request.amountLamports,
      request.embeds.map(({ embed, views }) => ({ embed: new PublicKey(embed), views: BigInt(views) })),
    );
  }

  /** distribute_revenue at the project's next distribution index, as read from the chain now (the seed's revenue history). */
  distribute(project: PublicKey, lamports: bigint, embeds: EmbedViews[], at?: number): string {
    return this.deposit(project, (deposit) => distributeRevenueInstruction({ ...deposit, amountLamports: lamports, embeds }), { lamports, at });
  }
}
