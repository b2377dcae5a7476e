// One builder per program instruction (accounts filled in from the PDAs), and the defaults
// the suites share. Each returns the instruction; `TestChain.send` signs and sends it.
import { SystemProgram, type Keypair, type PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { createHash } from 'node:crypto';
import { addresses, bn, PROGRAM_ID, sol, type TestChain } from './bankrun.ts';

export const DEFAULT_RULES = {
  publisherBps: 4000,
  investorBps: 5750,
  platformBps: 250,
  minInvestmentLamports: sol(0.05),
  unverifiedFundingCapLamports: sol(1000),
  verifiedFundingCapLamports: sol(100_000),
  maxFundingDays: 365,
};

export type Rules = typeof DEFAULT_RULES;

const eventAccounts = () => ({ eventAuthority: addresses.eventAuthority(), program: PROGRAM_ID });

export function initializePlatformIx(
  chain: TestChain,
  admin: PublicKey,
  treasury: PublicKey,
  settlementAuthority: PublicKey,
  rules: Rules = DEFAULT_RULES,
): Promise<TransactionInstruction> {
  return chain.program.methods
    .initializePlatform({
      treasury,
      settlementAuthority,
      publisherBps: rules.publisherBps,
      investorBps: rules.investorBps,
      platformBps: rules.platformBps,
      minInvestmentLamports: bn(rules.minInvestmentLamports),
      unverifiedFundingCapLamports: bn(rules.unverifiedFundingCapLamports),
      verifiedFundingCapLamports: bn(rules.verifiedFundingCapLamports),
      maxFundingDays: rules.maxFundingDays,
    })
    .accountsPartial({
      admin,
      platform: addresses.platform(),
      programData: addresses.programData(),
      treasury,
      systemProgram: SystemProgram.programId,
      ...eventAccounts(),
    })
    .instruction();
}

export function updatePlatformIx(
  chain: TestChain,
  admin: PublicKey,
  update: { proposedAdmin: PublicKey; treasury: PublicKey; settlementAuthority: PublicKey } & Rules,
): Promise<TransactionInstruction> {
  return chain.program.methods
    .updatePlatform({
      proposedAdmin: update.proposedAdmin,
      treasury: update.treasury,
      settlementAuthority: update.settlementAuthority,
      publisherBps: update.publisherBps,
      investorBps: update.investorBps,
      platformBps: update.platformBps,
      minInvestmentLamports: bn(update.minInvestmentLamports),
      unverifiedFundingCapLamports: bn(update.unverifiedFundingCapLamports),
      verifiedFundingCapLamports: bn(update.verifiedFundingCapLamports),
      maxFundingDays: update.maxFundingDays,
    })
    .accountsPartial({ admin, platform: addresses.platform(), treasury: update.treasury, ...eventAccounts() })
    .instruction();
}

export function acceptAdminIx(chain: TestChain, newAdmin: PublicKey): Promise<TransactionInstruction> {
  return chain.program.methods.acceptAdmin().accountsPartial({ newAdmin, platform: addresses.platform(), ...eventAccounts() }).instruction();
}

export function registerStudioIx(chain: TestChain, authority: PublicKey, name: string) {
  return chain.program.methods
    .registerStudio(name)
    .accountsPartial({ authority, platform: addresses.platform(), studio: addresses.studio(authority), ...eventAccounts() })
    .instruction();
}

export function verifyStudioIx(chain: TestChain, admin: PublicKey, studioAuthority: PublicKey, verified: boolean) {
  return chain.program.methods
    .verifyStudio(verified)
    .accountsPartial({ admin, platform: addresses.platform(), studio: addresses.studio(studioAuthority), ...eventAccounts() })
    .instruction();
}

export interface ProjectArgs {
  title: string;
  metadataUri: string;
  goalLamports: bigint;
  deadline: bigint;
}

export const metadataHash = (uri: string) => [...createHash('sha256').update(uri).digest()];

export function createProjectIx(chain: TestChain, authority: PublicKey, projectId: bigint | number, args: ProjectArgs) {
  const project = addresses.project(projectId);
  return chain.program.methods
    .createProject({
      title: args.title,
      metadataUri: args.metadataUri,
      metadataHash: metadataHash(args.metadataUri),
      fundingGoalLamports: bn(args.goalLamports),
      deadline: bn(args.deadline),
    })
    .accountsPartial({
      authority,
      platform: addresses.platform(),
      studio: addresses.studio(authority),
      project,
      shareMint: addresses.shareMint(project),
      vault: addresses.vault(project),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      ...eventAccounts(),
    })
    .instruction();
}

/** update_project_metadata: the studio points its film to a new document (`metadataHash` defaults to the URI's sha256). */
export function updateProjectMetadataIx(chain: TestChain, authority: PublicKey, project: PublicKey, metadataUri: string, hash: number[] = metadataHash(metadataUri)) {
  return chain.program.methods
    .updateProjectMetadata(metadataUri, hash)
    .accountsPartial({ authority, project, ...eventAccounts() })
    .instruction();
}

/**
 * The Associated Token program's CreateIdempotent of the investor's share account (their ATA of the
 * project's Token-2022 share mint): the instruction every invest transaction carries before
 * `invest`, which requires the account to exist. The investor pays its rent.
 */
export function createShareAccountIx(investor: PublicKey, project: PublicKey): TransactionInstruction {
  const shareMint = addresses.shareMint(project);
  return createAssociatedTokenAccountIdempotentInstruction(investor, addresses.shareAccount(shareMint, investor), investor, shareMint, TOKEN_2022_PROGRAM_ID);
}

/** The `invest` instruction alone (see investIxs for the transaction's instructions). */
export function investIx(chain: TestChain, investor: PublicKey, project: PublicKey, amountLamports: bigint) {
  const shareMint = addresses.shareMint(project);
  return chain.program.methods
    .invest(bn(amountLamports))
    .accountsPartial({
      investor,
      platform: addresses.platform(),
      project,
      investment: addresses.investment(project, investor),
      shareMint,
      investorShareAccount: addresses.shareAccount(shareMint, investor),
      vault: addresses.vault(project),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      ...eventAccounts(),
    })
    .instruction();
}

/** An investment's instructions as the app sends them: the share account's CreateIdempotent, then `invest`. */
export async function investIxs(chain: TestChain, investor: PublicKey, project: PublicKey, amountLamports: bigint): Promise<TransactionInstruction[]> {
  return [createShareAccountIx(investor, project), await investIx(chain, investor, project, amountLamports)];
}

export function claimLicenseIx(chain: TestChain, authority: PublicKey, project: PublicKey) {
  return chain.program.methods
    .claimLicense()
    .accountsPartial({ authority, project, vault: addresses.vault(project), ...eventAccounts() })
    .instruction();
}

export function refundIx(chain: TestChain, investor: PublicKey, project: PublicKey) {
  const shareMint = addresses.shareMint(project);
  return chain.program.methods
    .refund()
    .accountsPartial({
      investor,
      project,
      investment: addresses.investment(project, investor),
      shareMint,
      investorShareAccount: addresses.shareAccount(shareMint, investor),
      vault: addresses.vault(project),
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      ...eventAccounts(),
    })
    .instruction();
}

export function registerEmbedIx(chain: TestChain, publisher: PublicKey, project: PublicKey, embedId: string, websiteUrl: string) {
  return chain.program.methods
    .registerEmbed(embedId, websiteUrl)
    .accountsPartial({ publisher, project, embed: addresses.embed(project, publisher, embedId), ...eventAccounts() })
    .instruction();
}

export function distributeRevenueIx(
  chain: TestChain,
  settlementAuthority: PublicKey,
  project: PublicKey,
  distributionIndex: bigint | number,
  treasury: PublicKey,
  amountLamports: bigint,
  embedViews: { embed: PublicKey; views: bigint }[],
) {
  return chain.program.methods
    .distributeRevenue(bn(amountLamports), embedViews.map(({ views }) => bn(views)))
    .accountsPartial({
      settlementAuthority,
      platform: addresses.platform(),
      project,
      vault: addresses.vault(project),
      distribution: addresses.distribution(project, distributionIndex),
      treasury,
      ...eventAccounts(),
    })
    .remainingAccounts(embedViews.map(({ embed }) => ({ pubkey: embed, isSigner: false, isWritable: true })))
    .instruction();
}

export function claimRevenueIx(chain: TestChain, investor: PublicKey, project: PublicKey) {
  return chain.program.methods
    .claimRevenue()
    .accountsPartial({ investor, project, investment: addresses.investment(project, investor), vault: addresses.vault(project), ...eventAccounts() })
    .instruction();
}

export function claimPublisherRevenueIx(chain: TestChain, publisher: PublicKey, project: PublicKey, embed: PublicKey) {
  return chain.program.methods
    .claimPublisherRevenue()
    .accountsPartial({ publisher, project, embed, vault: addresses.vault(project), ...eventAccounts() })
    .instruction();
}

/** Ad types of the IDL's `AdType` enum, as Anchor encodes them. */
export const AD_TYPES = { display: { display: {} }, video: { video: {} }, sponsorship: { sponsorship: {} } } as const;
export type AdTypeName = keyof typeof AD_TYPES;
/** Spec §9 at 1 SOL = 1000 USD: display $5 CPM, video $15 CPM (the program's constants). */
export const PRICE_PER_MILLE = { display: 5_000_000n, video: 15_000_000n } as const;

export interface CampaignArgs {
  campaignId: bigint;
  adType: AdTypeName;
  pricePerMilleLamports: bigint;
  sponsoredProject: PublicKey;
  budgetLamports: bigint;
  creativeUri: string;
  creativeHash: number[];
  targetGenres: bigint;
  startAt: bigint;
  endAt: bigint;
}

/** create_campaign; a sponsorship passes its project as the one remaining account. */
export function createCampaignIx(chain: TestChain, advertiser: PublicKey, args: CampaignArgs, sponsored?: PublicKey) {
  return chain.program.methods
    .createCampaign({
      campaignId: bn(args.campaignId),
      adType: AD_TYPES[args.adType],
      pricePerMilleLamports: bn(args.pricePerMilleLamports),
      sponsoredProject: args.sponsoredProject,
      budgetLamports: bn(args.budgetLamports),
      creativeUri: args.creativeUri,
      creativeHash: args.creativeHash,
      targetGenres: bn(args.targetGenres),
      startAt: bn(args.startAt),
      endAt: bn(args.endAt),
    })
    .accountsPartial({ advertiser, campaign: addresses.campaign(advertiser, args.campaignId), ...eventAccounts() })
    .remainingAccounts(sponsored ? [{ pubkey: sponsored, isSigner: false, isWritable: false }] : [])
    .instruction();
}

export function topUpCampaignIx(chain: TestChain, advertiser: PublicKey, campaign: PublicKey, amountLamports: bigint) {
  return chain.program.methods.topUpCampaign(bn(amountLamports)).accountsPartial({ advertiser, campaign, ...eventAccounts() }).instruction();
}

export function setCampaignPausedIx(chain: TestChain, advertiser: PublicKey, campaign: PublicKey, paused: boolean) {
  return chain.program.methods.setCampaignPaused(paused).accountsPartial({ advertiser, campaign, ...eventAccounts() }).instruction();
}

export function closeCampaignIx(chain: TestChain, advertiser: PublicKey, campaign: PublicKey) {
  return chain.program.methods.closeCampaign().accountsPartial({ advertiser, campaign, ...eventAccounts() }).instruction();
}

export function settleCampaignIx(
  chain: TestChain,
  settlementAuthority: PublicKey,
  campaign: PublicKey,
  project: PublicKey,
  distributionIndex: bigint | number,
  treasury: PublicKey,
  impressions: bigint,
  embedViews: { embed: PublicKey; views: bigint }[],
) {
  return chain.program.methods
    .settleCampaign(bn(impressions), embedViews.map(({ views }) => bn(views)))
    .accountsPartial({
      settlementAuthority,
      platform: addresses.platform(),
      campaign,
      project,
      vault: addresses.vault(project),
      distribution: addresses.distribution(project, distributionIndex),
      treasury,
      ...eventAccounts(),
    })
    .remainingAccounts(embedViews.map(({ embed }) => ({ pubkey: embed, isSigner: false, isWritable: true })))
    .instruction();
}

/** A chain with the platform initialised by `admin` (the program's upgrade authority), with the default rules. */
export async function withPlatform(chain: TestChain, rules: Rules = DEFAULT_RULES) {
  const admin = chain.upgradeAuthority;
  await chain.fund(admin.publicKey, sol(100));
  const treasury = await chain.wallet(sol(1));
  const settlement = await chain.wallet(sol(1000));
  await chain.send([await initializePlatformIx(chain, admin.publicKey, treasury.publicKey, settlement.publicKey, rules)], [admin]);
  return { admin, treasury, settlement };
}

export type Signer = Keypair;

/** A registered studio (optionally verified by the admin). */
export async function withStudio(chain: TestChain, admin: Keypair, options: { name?: string; verified?: boolean } = {}) {
  const authority = await chain.wallet(sol(100));
  await chain.send([await registerStudioIx(chain, authority.publicKey, options.name ?? 'Northlight Pictures')], [authority]);
  if (options.verified) await chain.send([await verifyStudioIx(chain, admin.publicKey, authority.publicKey, true)], [admin]);
  return authority;
}

/** The next project id (the platform's project count). */
export async function nextProjectId(chain: TestChain): Promise<bigint> {
  const platform = await chain.account('Platform', addresses.platform());
  return BigInt(platform.projectCount.toString());
}

/** A project listed by `studio`, funding, with `goal` and a deadline `daysLeft` days ahead. */
export async function withProject(chain: TestChain, studio: Keypair, options: { goal?: bigint; daysLeft?: number; title?: string } = {}) {
  const id = await nextProjectId(chain);
  const args: ProjectArgs = {
    title: options.title ?? 'The Last Reel',
    metadataUri: `https://marquee.local/api/metadata/${id}`,
    goalLamports: options.goal ?? sol(10),
    deadline: (await chain.now()) + BigInt(Math.round((options.daysLeft ?? 30) * 86_400)),
  };
  await chain.send([await createProjectIx(chain, studio.publicKey, id, args)], [studio]);
  return { id, address: addresses.project(id), args };
}

/** Invests `amount` from `investor` in `project`. */
export async function invest(chain: TestChain, investor: Keypair, project: PublicKey, amount: bigint) {
  return chain.send(await investIxs(chain, investor.publicKey, project, amount), [investor]);
}

/** A platform, a studio, and a project of `goal` funded by `investors` in equal parts (the last takes the rest). */
export async function withFundedProject(chain: TestChain, investorCount = 1, goal: bigint = sol(3)) {
  const platform = await withPlatform(chain);
  const studio = await withStudio(chain, platform.admin);
  const project = await withProject(chain, studio, { goal });
  const investors: Keypair[] = [];
  const part = goal / BigInt(investorCount);
  for (let index = 0; index < investorCount; index += 1) {
    const investor = await chain.wallet(goal + sol(10));
    const amount = index === investorCount - 1 ? goal - part * BigInt(investorCount - 1) : part;
    await invest(chain, investor, project.address, amount);
    investors.push(investor);
  }
  return { ...platform, studio, project, investors };
}
