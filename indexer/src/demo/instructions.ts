// Synchronous instruction builders for the Marquee program, straight from the IDL: the data is
// encoded with the IDL's BorshCoder and the accounts are listed in the IDL's order with its
// signer/writable flags, the program's fixed PDAs and program addresses filled in. Synchronous on
// purpose: the demo chain reads an account, builds and sends in one turn of the event loop, so no
// other request can slip in between (the next project id, the next distribution index).
import anchor from '@coral-xyz/anchor';
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import { randomBytes } from 'node:crypto';
import { LAMPORTS_PER_SOL } from '../constants.ts';
import { coder, idl } from '../program/idl.ts';

const { PublicKey, TransactionInstruction } = anchor.web3;
type PublicKey = anchor.web3.PublicKey;
type TransactionInstruction = anchor.web3.TransactionInstruction;

export const PROGRAM_ADDRESS = new PublicKey(idl.address);
/** A program the IDL names at a fixed address (the share tokens' token program). */
function fixedAddress(instruction: string, account: string): anchor.web3.PublicKey {
  const entry = idl.instructions
    .find((candidate) => candidate.name === instruction)
    ?.accounts.find((candidate) => candidate.name === account) as { address?: string } | undefined;
  if (!entry?.address) throw new Error(`The IDL fixes no address for ${instruction}.${account}`);
  return new PublicKey(entry.address);
}
export const TOKEN_PROGRAM_ADDRESS = fixedAddress('invest', 'token_program');
/** The Associated Token program: the program of the IDL's seeds of invest's investor_share_account. */
export const ASSOCIATED_TOKEN_PROGRAM_ADDRESS = (() => {
  const entry = idl.instructions
    .find((candidate) => candidate.name === 'invest')
    ?.accounts.find((candidate) => candidate.name === 'investor_share_account') as { pda?: { program?: { value?: number[] } } } | undefined;
  const program = entry?.pda?.program?.value;
  if (!program) throw new Error('The IDL derives invest.investor_share_account under no program');
  return new PublicKey(Uint8Array.from(program));
})();

const seed = (text: string) => Buffer.from(text, 'utf8');
const u64 = (value: number | bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
};
const find = (...seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, PROGRAM_ADDRESS)[0];

export const UPGRADEABLE_LOADER_ADDRESS = new PublicKey('BPFLoaderUpgradeab1e11111111111111111111111');

/**
 * The seeds an embed id adds to the Embed PDA: its first 32 bytes, then the rest (a seed holds at
 * most 32 bytes; the runtime hashes seeds as one concatenation, so this is the PDA of the whole id).
 */
const embedIdSeeds = (embedId: string): Buffer[] => {
  const bytes = seed(embedId);
  return [bytes.subarray(0, 32), bytes.subarray(32)];
};

/**
 * A new embed id: `embed-{projectId}-{timestamp}-` and 128 random bits (base64url), so nobody can
 * guess a publisher's id before it is registered (the index keeps the first embed of an id).
 * Within the program's rule: 1 to 64 bytes of `[A-Za-z0-9._-]`.
 */
export function embedIdFor(projectId: number | bigint, timestampMs: number): string {
  return `embed-${projectId}-${timestampMs}-${randomBytes(16).toString('base64url')}`;
}

/** The program's PDAs (seeds as in programs/marquee/src/seeds.rs). */
export const pda = {
  platform: () => find(seed('platform')),
  eventAuthority: () => find(seed('__event_authority')),
  studio: (authority: PublicKey) => find(seed('studio'), authority.toBuffer()),
  project: (id: number | bigint) => find(seed('project'), u64(id)),
  shareMint: (project: PublicKey) => find(seed('share_mint'), project.toBuffer()),
  vault: (project: PublicKey) => find(seed('vault'), project.toBuffer()),
  investment: (project: PublicKey, investor: PublicKey) => find(seed('investment'), project.toBuffer(), investor.toBuffer()),
  distribution: (project: PublicKey, index: number | bigint) => find(seed('distribution'), project.toBuffer(), u64(index)),
  campaign: (advertiser: PublicKey, campaignId: number | bigint) => find(seed('campaign'), advertiser.toBuffer(), u64(campaignId)),
  embed: (project: PublicKey, publisher: PublicKey, embedId: string) =>
    find(seed('embed'), project.toBuffer(), publisher.toBuffer(), ...embedIdSeeds(embedId)),
  /** The upgradeable loader's ProgramData account of the program: it names the upgrade authority. */
  programData: () => PublicKey.findProgramAddressSync([PROGRAM_ADDRESS.toBuffer()], UPGRADEABLE_LOADER_ADDRESS)[0],
  shareAccount: (mint: PublicKey, owner: PublicKey) =>
    PublicKey.findProgramAddressSync(
      [owner.toBuffer(), TOKEN_PROGRAM_ADDRESS.toBuffer(), mint.toBuffer()],
      ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    )[0],
};

interface IdlAccount {
  name: string;
  writable?: boolean;
  signer?: boolean;
  address?: string;
}

const bn = (value: bigint | number) => new anchor.BN(value.toString());

/**
 * One instruction: `accounts` names the accounts the IDL does not fix (fixed addresses, the
 * platform and the event authority are filled in); `remaining` follow in order.
 */
function build(
  name: string,
  args: Record<string, unknown>,
  accounts: Record<string, PublicKey>,
  remaining: { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }[] = [],
): TransactionInstruction {
  const instruction = idl.instructions.find((candidate) => candidate.name === name);
  if (!instruction) throw new Error(`The IDL has no instruction ${name}`);
  const implied: Record<string, PublicKey> = { platform: pda.platform(), event_authority: pda.eventAuthority() };
  const keys = (instruction.accounts as IdlAccount[]).map((account) => {
    const pubkey = accounts[account.name] ?? (account.address ? new PublicKey(account.address) : implied[account.name]);
    if (!pubkey) throw new Error(`${name}: account ${account.name} is missing`);
    return { pubkey, isSigner: Boolean(account.signer), isWritable: Boolean(account.writable) };
  });
  return new TransactionInstruction({
    programId: PROGRAM_ADDRESS,
    keys: [...keys, ...remaining],
    data: coder.instruction.encode(name, args),
  });
}

export interface PlatformRules {
  publisherBps: number;
  investorBps: number;
  platformBps: number;
  minInvestmentLamports: bigint;
  unverifiedFundingCapLamports: bigint;
  verifiedFundingCapLamports: bigint;
  /** The longest funding window a project may ask for (the program's hard limits: 1 to 365). */
  maxFundingDays: number;
}

const SOL = BigInt(LAMPORTS_PER_SOL);

/** The spec's revenue split (40% publishers, 57.5% investors, 2.5% platform), minimum investment and funding caps. */
export const PLATFORM_RULES: PlatformRules = {
  publisherBps: 4000,
  investorBps: 5750,
  platformBps: 250,
  minInvestmentLamports: 50_000_000n,
  unverifiedFundingCapLamports: 500n * SOL,
  verifiedFundingCapLamports: 10_000n * SOL,
  maxFundingDays: 365,
};

export const ix = {
  initializePlatform(admin: PublicKey, treasury: PublicKey, settlementAuthority: PublicKey, rules: PlatformRules) {
    return build(
      'initialize_platform',
      {
        args: {
          treasury,
          settlement_authority: settlementAuthority,
          publisher_bps: rules.publisherBps,
          investor_bps: rules.investorBps,
          platform_bps: rules.platformBps,
          min_investment_lamports: bn(rules.minInvestmentLamports),
          unverified_funding_cap_lamports: bn(rules.unverifiedFundingCapLamports),
          verified_funding_cap_lamports: bn(rules.verifiedFundingCapLamports),
          max_funding_days: rules.maxFundingDays,
        },
      },
      { admin, program_data: pda.programData(), treasury },
    );
  },

  registerStudio(authority: PublicKey, name: string) {
    return build('register_studio', { name }, { authority, studio: pda.studio(authority) });
  },

  verifyStudio(admin: PublicKey, studioAuthority: PublicKey, verified: boolean) {
    return build('verify_studio', { verified }, { admin, studio: pda.studio(studioAuthority) });
  },

  createProject(
    authority: PublicKey,
    projectId: bigint,
    args: { title: string; metadataUri: string; metadataHash: Buffer; goalLamports: bigint; deadline: bigint },
  ) {
    const project = pda.project(projectId);
    return build(
      'create_project',
      {
        args: {
          title: args.title,
          metadata_uri: args.metadataUri,
          metadata_hash: [...args.metadataHash],
          funding_goal_lamports: bn(args.goalLamports),
          deadline: bn(args.deadline),
        },
      },
      {
        authority,
        studio: pda.studio(authority),
        project,
        share_mint: pda.shareMint(project),
        vault: pda.vault(project),
      },
    );
  },

  /**
   * The Associated Token program's CreateIdempotent of the investor's share account (their
   * associated Token-2022 account of the project's share mint), paid by the investor: `invest`
   * requires that account to exist, so every investment sends this instruction before it.
   */
  createShareAccount(investor: PublicKey, project: PublicKey) {
    const shareMint = pda.shareMint(project);
    return createAssociatedTokenAccountIdempotentInstruction(
      investor, pda.shareAccount(shareMint, investor), investor, shareMint, TOKEN_PROGRAM_ADDRESS, ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
    );
  },

  /** An investment's instructions: the share account's CreateIdempotent, then `invest`. */
  investment(investor: PublicKey, project: PublicKey, amountLamports: bigint) {
    return [ix.createShareAccount(investor, project), ix.invest(investor, project, amountLamports)];
  },

  invest(investor: PublicKey, project: PublicKey, amountLamports: bigint) {
    const shareMint = pda.shareMint(project);
    return build(
      'invest',
      { amount_lamports: bn(amountLamports) },
      {
        investor,
        project,
        investment: pda.investment(project, investor),
        share_mint: shareMint,
        investor_share_account: pda.shareAccount(shareMint, investor),
        vault: pda.vault(project),
      },
    );
  },

  updateProjectMetadata(authority: PublicKey, project: PublicKey, metadataUri: string, metadataHash: Buffer) {
    return build('update_project_metadata', { metadata_uri: metadataUri, metadata_hash: [...metadataHash] }, { authority, project });
  },

  claimLicense(authority: PublicKey, project: PublicKey) {
    return build('claim_license', {}, { authority, project, vault: pda.vault(project) });
  },

  refund(investor: PublicKey, project: PublicKey) {
    const shareMint = pda.shareMint(project);
    return build(
      'refund',
      {},
      {
        investor,
        project,
        investment: pda.investment(project, investor),
        share_mint: shareMint,
        investor_share_account: pda.shareAccount(shareMint, investor),
        vault: pda.vault(project),
      },
    );
  },

  registerEmbed(publisher: PublicKey, project: PublicKey, embedId: string, websiteUrl: string) {
    return build(
      'register_embed',
      { embed_id: embedId, website_url: websiteUrl },
      { publisher, project, embed: pda.embed(project, publisher, embedId) },
    );
  },

  distributeRevenue(
    settlementAuthority: PublicKey,
    treasury: PublicKey,
    project: PublicKey,
    index: bigint,
    amountLamports: bigint,
    embeds: { embed: PublicKey; views: bigint }[],
  ) {
    return build(
      'distribute_revenue',
      { amount_lamports: bn(amountLamports), views: embeds.map(({ views }) => bn(views)) },
      {
        settlement_authority: settlementAuthority,
        project,
        vault: pda.vault(project),
        distribution: pda.distribution(project, index),
        treasury,
      },
      embeds.map(({ embed }) => ({ pubkey: embed, isSigner: false, isWritable: true })),
    );
  },

  createCampaign(
    advertiser: PublicKey,
    campaignId: bigint,
    args: {
      adType: 'display' | 'video' | 'sponsorship';
      pricePerMilleLamports: bigint;
      /** The sponsored film's Project account; none for display and video. */
      sponsoredProject: PublicKey | null;
      budgetLamports: bigint;
      creativeUri: string;
      creativeHash: Buffer;
      targetGenres: bigint;
      startAt: bigint;
      endAt: bigint;
    },
  ) {
    const adTypeVariant = { display: { Display: {} }, video: { Video: {} }, sponsorship: { Sponsorship: {} } }[args.adType];
    return build(
      'create_campaign',
      {
        args: {
          campaign_id: bn(campaignId),
          ad_type: adTypeVariant,
          price_per_mille_lamports: bn(args.pricePerMilleLamports),
          sponsored_project: args.sponsoredProject ?? PublicKey.default,
          budget_lamports: bn(args.budgetLamports),
          creative_uri: args.creativeUri,
          creative_hash: [...args.creativeHash],
          target_genres: bn(args.targetGenres),
          start_at: bn(args.startAt),
          end_at: bn(args.endAt),
        },
      },
      { advertiser, campaign: pda.campaign(advertiser, campaignId) },
      // A sponsorship names its film's Project account after the fixed accounts (create_campaign.rs).
      args.sponsoredProject ? [{ pubkey: args.sponsoredProject, isSigner: false, isWritable: false }] : [],
    );
  },

  topUpCampaign(advertiser: PublicKey, campaign: PublicKey, amountLamports: bigint) {
    return build('top_up_campaign', { amount_lamports: bn(amountLamports) }, { advertiser, campaign });
  },

  setCampaignPaused(advertiser: PublicKey, campaign: PublicKey, paused: boolean) {
    return build('set_campaign_paused', { paused }, { advertiser, campaign });
  },

  closeCampaign(advertiser: PublicKey, campaign: PublicKey) {
    return build('close_campaign', {}, { advertiser, campaign });
  },

  /** settle_campaign: a batch of `impressions` the campaign served on the project, paid from its budget. */
  settleCampaign(
    settlementAuthority: PublicKey,
    treasury: PublicKey,
    campaign: PublicKey,
    project: PublicKey,
    index: bigint,
    impressions: bigint,
    embeds: { embed: PublicKey; views: bigint }[],
  ) {
    return build(
      'settle_campaign',
      { impressions: bn(impressions), views: embeds.map(({ views }) => bn(views)) },
      {
        settlement_authority: settlementAuthority,
        campaign,
        project,
        vault: pda.vault(project),
        distribution: pda.distribution(project, index),
        treasury,
      },
      embeds.map(({ embed }) => ({ pubkey: embed, isSigner: false, isWritable: true })),
    );
  },

  claimRevenue(investor: PublicKey, project: PublicKey) {
    return build(
      'claim_revenue',
      {},
      { investor, project, investment: pda.investment(project, investor), vault: pda.vault(project) },
    );
  },

  claimPublisherRevenue(publisher: PublicKey, project: PublicKey, embed: PublicKey) {
    return build('claim_publisher_revenue', {}, { publisher, project, embed, vault: pda.vault(project) });
  },
};

/** Decodes a program account with the IDL ('Platform', 'Project', …); fields in snake_case. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function decodeAccount<T = any>(name: string, data: Uint8Array): T {
  return coder.accounts.decode(name, Buffer.from(data)) as T;
}

/** The program's error message for a custom error code, from the IDL. */
export function programErrorMessage(code: number): string | undefined {
  return idl.errors?.find((error) => error.code === code)?.msg;
}
