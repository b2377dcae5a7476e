// A settlement request of the job as the program's instruction (settle_campaign, or
// distribute_revenue for batches made before campaigns), built by the program client: what any
// SettlementSigner sends (the RPC signer below, or the demo chain's signer in LiteSVM).
import anchor from '@coral-xyz/anchor';
import { decodeAccount, distributeRevenueInstruction, settleCampaignInstruction } from '@marquee/program-client';
import type { CampaignSettlementRequest, DistributionRequest, SettlementSigner } from './job.ts';

const { PublicKey, Connection, Transaction, sendAndConfirmTransaction } = anchor.web3;
type PublicKeyType = InstanceType<typeof PublicKey>;
type KeypairType = InstanceType<typeof anchor.web3.Keypair>;

/** The platform's settlement accounts, read from the indexed platform row. */
export interface SettlementAccounts {
  settlementAuthority: PublicKeyType;
  treasury: PublicKeyType;
  programId?: PublicKeyType;
}

/** The deposit both instructions make: into the project's vault as distribution `index`, paying the embeds. */
function deposit(request: DistributionRequest | CampaignSettlementRequest, accounts: SettlementAccounts) {
  return {
    ...accounts,
    project: new PublicKey(request.project),
    distributionIndex: request.index,
    embeds: request.embeds.map((embed) => ({ embed: new PublicKey(embed.embed), views: BigInt(embed.views) })),
  };
}

export function campaignSettlementInstruction(request: CampaignSettlementRequest, accounts: SettlementAccounts) {
  return settleCampaignInstruction({
    ...deposit(request, accounts),
    campaign: new PublicKey(request.campaign),
    batchId: BigInt(request.batchId),
    impressions: BigInt(request.impressions),
  });
}

export function distributionInstruction(request: DistributionRequest, accounts: SettlementAccounts) {
  return distributeRevenueInstruction({ ...deposit(request, accounts), amountLamports: request.amountLamports });
}

/** Signs with a settlement keypair and sends through a cluster's RPC (devnet, localnet). */
export function rpcSettlementSigner(options: { rpcUrl: string; keypair: KeypairType; treasury: () => Promise<string | undefined> }): SettlementSigner {
  const connection = new Connection(options.rpcUrl, 'confirmed');
  const accounts = async (): Promise<SettlementAccounts> => {
    const treasury = await options.treasury();
    if (!treasury) throw new Error('The platform is not indexed yet (no treasury)');
    return { settlementAuthority: options.keypair.publicKey, treasury: new PublicKey(treasury) };
  };
  const send = (instruction: anchor.web3.TransactionInstruction) =>
    sendAndConfirmTransaction(connection, new Transaction().add(instruction), [options.keypair], { commitment: 'confirmed' });
  return {
    async nextDistributionIndex(project) {
      const account = await connection.getAccountInfo(new PublicKey(project), 'confirmed');
      if (!account) throw new Error(`Project account ${project} does not exist on the cluster`);
      const decoded = decodeAccount<{ distribution_count: anchor.BN }>('Project', account.data);
      return Number(decoded.distribution_count.toString());
    },
    async rentExemptMinimum(bytes) {
      return BigInt(await connection.getMinimumBalanceForRentExemption(bytes, 'confirmed'));
    },
    async settleCampaign(request) {
      return send(campaignSettlementInstruction(request, await accounts()));
    },
    async distributeRevenue(request) {
      return send(distributionInstruction(request, await accounts()));
    },
  };
}
