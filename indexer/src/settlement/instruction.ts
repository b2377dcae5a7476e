// settle_campaign (and distribute_revenue, for batches made before campaigns) as transaction
// instructions, built with Anchor from the IDL: what any SettlementSigner sends (the RPC signer
// below, or the demo chain's signer in LiteSVM).
import anchor from '@coral-xyz/anchor';
import { coder, idl } from '../program/idl.ts';
import type { CampaignSettlementRequest, DistributionRequest, SettlementSigner } from './job.ts';

const { PublicKey, Connection, Transaction, sendAndConfirmTransaction } = anchor.web3;
type PublicKeyType = InstanceType<typeof PublicKey>;
type KeypairType = InstanceType<typeof anchor.web3.Keypair>;

function seed(text: string) {
  return Buffer.from(text, 'utf8');
}

function u64(value: number) {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
}

/** The platform's settlement accounts, read from the indexed platform row. */
export interface SettlementAccounts {
  settlementAuthority: PublicKeyType;
  treasury: PublicKeyType;
  programId?: PublicKeyType;
}

/** The program (an offline provider: only its instruction builder is used) and its PDA finder. */
function offlineProgram(accounts: SettlementAccounts) {
  const programId = accounts.programId ?? new PublicKey(idl.address);
  const find = (...seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, programId)[0];
  const provider = { connection: new Connection('http://127.0.0.1:1'), publicKey: accounts.settlementAuthority };
  const program = new anchor.Program({ ...idl, address: programId.toBase58() }, provider as unknown as anchor.Provider);
  return { program, programId, find };
}

/** The accounts settle_campaign and distribute_revenue share: the deposit into the project's vault. */
function depositAccounts(request: { project: string; index: number }, accounts: SettlementAccounts) {
  const { programId, find } = offlineProgram(accounts);
  const project = new PublicKey(request.project);
  return {
    settlementAuthority: accounts.settlementAuthority,
    platform: find(seed('platform')),
    project,
    vault: find(seed('vault'), project.toBuffer()),
    distribution: find(seed('distribution'), project.toBuffer(), u64(request.index)),
    treasury: accounts.treasury,
    eventAuthority: find(seed('__event_authority')),
    program: programId,
  };
}

const embedAccounts = (embeds: { embed: string }[]) => embeds.map((embed) => ({ pubkey: new PublicKey(embed.embed), isSigner: false, isWritable: true }));

/** settle_campaign: accounts as in programs/marquee/src/instructions/settle_campaign.rs, then the embeds. */
export function settleCampaignInstruction(request: CampaignSettlementRequest, accounts: SettlementAccounts) {
  return offlineProgram(accounts)
    .program.methods.settleCampaign(
      new anchor.BN(request.impressions),
      request.embeds.map((embed) => new anchor.BN(embed.views)),
    )
    .accountsPartial({ ...depositAccounts(request, accounts), campaign: new PublicKey(request.campaign) })
    .remainingAccounts(embedAccounts(request.embeds))
    .instruction();
}

export function distributeRevenueInstruction(request: DistributionRequest, accounts: SettlementAccounts) {
  return offlineProgram(accounts)
    .program.methods.distributeRevenue(
      new anchor.BN(request.amountLamports.toString()),
      request.embeds.map((embed) => new anchor.BN(embed.views)),
    )
    .accountsPartial(depositAccounts(request, accounts))
    .remainingAccounts(embedAccounts(request.embeds))
    .instruction();
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
      const decoded = coder.accounts.decode('Project', account.data) as { distribution_count: anchor.BN };
      return Number(decoded.distribution_count.toString());
    },
    async rentExemptMinimum(bytes) {
      return BigInt(await connection.getMinimumBalanceForRentExemption(bytes, 'confirmed'));
    },
    async settleCampaign(request) {
      return send(await settleCampaignInstruction(request, await accounts()));
    },
    async distributeRevenue(request) {
      return send(await distributeRevenueInstruction(request, await accounts()));
    },
  };
}
