// The suites' shorthand for the program client's instruction builders (positional, with the test
// defaults: a metadata hash from the URI, the chain's own program), and the fixtures they share: a
// platform, a studio, a project, investments. `TestChain.send` signs and sends what they return.
import type { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import * as client from '@marquee/program-client';
import { createHash } from 'node:crypto';
import { addresses, sol, type TestChain } from './chain.ts';

/** The platform's rules, with room for the suites' larger projects (caps of 1,000 and 100,000 SOL). */
export const DEFAULT_RULES = {
  ...client.PLATFORM_RULES,
  unverifiedFundingCapLamports: sol(1000),
  verifiedFundingCapLamports: sol(100_000),
};

export type Rules = typeof DEFAULT_RULES;

export function initializePlatformIx(admin: PublicKey, treasury: PublicKey, settlementAuthority: PublicKey, rules: Rules = DEFAULT_RULES): TransactionInstruction {
  return client.initializePlatformInstruction({ admin, treasury, settlementAuthority, rules });
}

export function updatePlatformIx(
  admin: PublicKey,
  { proposedAdmin, treasury, settlementAuthority, ...rules }: { proposedAdmin: PublicKey; treasury: PublicKey; settlementAuthority: PublicKey } & Rules,
): TransactionInstruction {
  return client.updatePlatformInstruction({ admin, proposedAdmin, treasury, settlementAuthority, rules });
}

export const acceptAdminIx = (newAdmin: PublicKey) => client.acceptAdminInstruction({ newAdmin });

export const registerStudioIx = (authority: PublicKey, name: string) => client.registerStudioInstruction({ authority, name });

export const verifyStudioIx = (admin: PublicKey, studioAuthority: PublicKey, verified: boolean) =>
  client.verifyStudioInstruction({ admin, studioAuthority, verified });

export interface ProjectArgs {
  title: string;
  metadataUri: string;
  goalLamports: bigint;
  deadline: bigint;
  /** The film's genres (bits of AD_GENRES); FILM_OF_EVERY_GENRE when omitted. */
  genreMask?: bigint;
}

/** The suites' default film: of every genre of the list, so any campaign's target genres meet it. */
export const FILM_OF_EVERY_GENRE = (1n << BigInt(client.AD_GENRES.length)) - 1n;

export const metadataHash = (uri: string) => [...createHash('sha256').update(uri).digest()];

export function createProjectIx(authority: PublicKey, projectId: bigint | number, args: ProjectArgs): TransactionInstruction {
  return client.createProjectInstruction({
    authority,
    projectId: BigInt(projectId),
    title: args.title,
    metadataUri: args.metadataUri,
    metadataHash: metadataHash(args.metadataUri),
    fundingGoalLamports: args.goalLamports,
    deadline: args.deadline,
    genreMask: args.genreMask ?? FILM_OF_EVERY_GENRE,
  });
}

/** update_project_metadata: the studio points its film to a new document (`hash` defaults to the URI's sha256). */
export const updateProjectMetadataIx = (authority: PublicKey, project: PublicKey, metadataUri: string, hash: number[] = metadataHash(metadataUri)) =>
  client.updateProjectMetadataInstruction({ authority, project, metadataUri, metadataHash: hash });

/** The share account's CreateIdempotent that every invest transaction carries before `invest`. */
export const createShareAccountIx = (investor: PublicKey, project: PublicKey) => client.createShareAccountInstruction({ investor, project });

/** The `invest` instruction alone (see investIxs for the transaction's instructions). */
export const investIx = (investor: PublicKey, project: PublicKey, amountLamports: bigint) => client.investInstruction({ investor, project, amountLamports });

/** An investment's instructions as the app sends them: the share account's CreateIdempotent, then `invest`. */
export const investIxs = (investor: PublicKey, project: PublicKey, amountLamports: bigint) => client.investmentInstructions({ investor, project, amountLamports });

export const claimLicenseIx = (authority: PublicKey, project: PublicKey) => client.claimLicenseInstruction({ authority, project });

export const refundIx = (investor: PublicKey, project: PublicKey) => client.refundInstruction({ investor, project });

/** register_embed; `embed` passes another account than the id's PDA. */
export const registerEmbedIx = (publisher: PublicKey, project: PublicKey, embedId: string, websiteUrl: string, embed?: PublicKey) =>
  client.registerEmbedInstruction({ publisher, project, embedId, websiteUrl, embed });

export function distributeRevenueIx(
  settlementAuthority: PublicKey,
  project: PublicKey,
  distributionIndex: bigint | number,
  treasury: PublicKey,
  amountLamports: bigint,
  embeds: client.EmbedViews[],
): TransactionInstruction {
  return client.distributeRevenueInstruction({ settlementAuthority, treasury, project, distributionIndex, amountLamports, embeds });
}

export const claimRevenueIx = (investor: PublicKey, project: PublicKey) => client.claimRevenueInstruction({ investor, project });

export const claimPublisherRevenueIx = (publisher: PublicKey, project: PublicKey, embed: PublicKey) =>
  client.claimPublisherRevenueInstruction({ publisher, project, embed });

export type AdTypeName = client.AdType;
/** Display $5 CPM and video $15 CPM at 1 SOL = 1000 USD (the program's constants). */
export const PRICE_PER_MILLE = {
  display: BigInt(client.STANDARD_PRICE_PER_MILLE_LAMPORTS.display),
  video: BigInt(client.STANDARD_PRICE_PER_MILLE_LAMPORTS.video),
} as const;

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
  maxDailySpendLamports: bigint;
}

/** create_campaign; a sponsorship passes its project (`sponsored`) as the one remaining account. */
export const createCampaignIx = (advertiser: PublicKey, args: CampaignArgs, sponsored?: PublicKey) =>
  client.createCampaignInstruction({ advertiser, ...args, sponsoredProjectAccount: sponsored ?? null });

export const topUpCampaignIx = (advertiser: PublicKey, campaign: PublicKey, amountLamports: bigint) =>
  client.topUpCampaignInstruction({ advertiser, campaign, amountLamports });

export const setCampaignPausedIx = (advertiser: PublicKey, campaign: PublicKey, paused: boolean) =>
  client.setCampaignPausedInstruction({ advertiser, campaign, paused });

export const closeCampaignIx = (advertiser: PublicKey, campaign: PublicKey) => client.closeCampaignInstruction({ advertiser, campaign });

let lastBatchId = 0n;
/** A batch id above every one handed out before: what a settlement takes unless a test names its own. */
export const nextBatchId = () => ++lastBatchId;

export function settleCampaignIx(
  settlementAuthority: PublicKey,
  campaign: PublicKey,
  project: PublicKey,
  distributionIndex: bigint | number,
  treasury: PublicKey,
  impressions: bigint,
  embeds: client.EmbedViews[],
  batchId: bigint = nextBatchId(),
): TransactionInstruction {
  return client.settleCampaignInstruction({ settlementAuthority, treasury, campaign, project, distributionIndex, batchId, impressions, embeds });
}

/** A chain with the platform initialised by `admin` (the program's upgrade authority), with the default rules. */
export async function withPlatform(chain: TestChain, rules: Rules = DEFAULT_RULES) {
  const admin = chain.upgradeAuthority;
  await chain.fund(admin.publicKey, sol(100));
  const treasury = await chain.wallet(sol(1));
  const settlement = await chain.wallet(sol(1000));
  await chain.send([initializePlatformIx(admin.publicKey, treasury.publicKey, settlement.publicKey, rules)], [admin]);
  return { admin, treasury, settlement };
}

export type Signer = Keypair;

/** A registered studio (optionally verified by the admin). */
export async function withStudio(chain: TestChain, admin: Keypair, options: { name?: string; verified?: boolean } = {}) {
  const authority = await chain.wallet(sol(100));
  await chain.send([registerStudioIx(authority.publicKey, options.name ?? 'Northlight Pictures')], [authority]);
  if (options.verified) await chain.send([verifyStudioIx(admin.publicKey, authority.publicKey, true)], [admin]);
  return authority;
}

/** The next project id (the platform's project count). */
export async function nextProjectId(chain: TestChain): Promise<bigint> {
  const platform = await chain.account('Platform', addresses.platform());
  return BigInt(platform.projectCount.toString());
}

/** A project listed by `studio`, funding, with `goal` and a deadline `daysLeft` days ahead. */
export async function withProject(chain: TestChain, studio: Keypair, options: { goal?: bigint; daysLeft?: number; title?: string; genreMask?: bigint } = {}) {
  const id = await nextProjectId(chain);
  const args: ProjectArgs = {
    title: options.title ?? 'The Last Reel',
    metadataUri: `https://marquee.local/api/metadata/${id}`,
    goalLamports: options.goal ?? sol(10),
    deadline: (await chain.now()) + BigInt(Math.round((options.daysLeft ?? 30) * 86_400)),
    genreMask: options.genreMask,
  };
  await chain.send([createProjectIx(studio.publicKey, id, args)], [studio]);
  return { id, address: addresses.project(id), args };
}

/** Invests `amount` from `investor` in `project`. */
export async function invest(chain: TestChain, investor: Keypair, project: PublicKey, amount: bigint) {
  return chain.send(investIxs(investor.publicKey, project, amount), [investor]);
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
