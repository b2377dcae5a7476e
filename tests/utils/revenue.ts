// Helpers of the revenue suites (register_embed, distribute_revenue, claim_revenue,
// claim_publisher_revenue): embeds on a funded project, deposits at the project's next
// distribution index, claims, and the program's arithmetic restated in BigInt so tests can
// assert exact lamports (programs/marquee/src/math.rs: split, pro rata, Q64.64 accumulator).
import { expect } from 'chai';
import { Keypair, type PublicKey } from '@solana/web3.js';
import { addresses, sol, TestChain, type SendResult } from './chain.ts';
import {
  claimPublisherRevenueIx,
  claimRevenueIx,
  DEFAULT_RULES,
  distributeRevenueIx,
  invest,
  registerEmbedIx,
  withFundedProject,
  withProject,
  withStudio,
} from './fixtures.ts';

const BPS = 10_000n;
const Q64 = 1n << 64n;

/** A value read from an account decoded by Anchor (BN, number or bigint) as a bigint. */
export const big = (value: { toString(): string } | number | bigint) => BigInt(value.toString());

export interface EmbedHandle {
  publisher: Keypair;
  embedId: string;
  address: PublicKey;
}

/** `publisher` (a new wallet if omitted) registers `embedId` for `project`. */
export async function registerEmbed(
  chain: TestChain,
  project: PublicKey,
  embedId: string,
  options: { publisher?: Keypair; websiteUrl?: string } = {},
): Promise<EmbedHandle & { result: SendResult }> {
  const publisher = options.publisher ?? (await chain.wallet(sol(5)));
  const websiteUrl = options.websiteUrl ?? `https://${embedId}.example.com/films`;
  const result = await chain.send([registerEmbedIx(publisher.publicKey, project, embedId, websiteUrl)], [publisher]);
  return { publisher, embedId, address: addresses.embed(project, publisher.publicKey, embedId), result };
}

/** The index the project's next distribution will take (its distribution count). */
export async function nextDistributionIndex(chain: TestChain, project: PublicKey): Promise<bigint> {
  return big((await chain.account('Project', project)).distributionCount);
}

/** The distribute_revenue instruction for the project's next index. */
export async function distributeIx(
  chain: TestChain,
  settlement: PublicKey,
  project: PublicKey,
  treasury: PublicKey,
  amount: bigint,
  embedViews: { embed: PublicKey; views: bigint }[],
) {
  const index = await nextDistributionIndex(chain, project);
  return distributeRevenueIx(settlement, project, index, treasury, amount, embedViews);
}

/** The settlement authority deposits `amount` for `project` with the embeds' views. */
export async function distribute(
  chain: TestChain,
  settlement: Keypair,
  project: PublicKey,
  treasury: PublicKey,
  amount: bigint,
  embedViews: { embed: PublicKey; views: bigint }[] = [],
): Promise<SendResult> {
  return chain.send([await distributeIx(chain, settlement.publicKey, project, treasury, amount, embedViews)], [settlement]);
}

export function claimRevenue(chain: TestChain, investor: Keypair, project: PublicKey): Promise<SendResult> {
  return chain.send([claimRevenueIx(investor.publicKey, project)], [investor]);
}

export function claimPublisherRevenue(chain: TestChain, embed: EmbedHandle, project: PublicKey): Promise<SendResult> {
  return chain.send([claimPublisherRevenueIx(embed.publisher.publicKey, project, embed.address)], [embed.publisher]);
}

/** A funded project (`investorCount` investors sharing `goal`) with one embed per id. */
export async function withRevenueProject(
  chain: TestChain,
  options: { investorCount?: number; goal?: bigint; embedIds?: string[] } = {},
) {
  const funded = await withFundedProject(chain, options.investorCount ?? 1, options.goal ?? sol(3));
  const embeds: EmbedHandle[] = [];
  for (const embedId of options.embedIds ?? []) {
    embeds.push(await registerEmbed(chain, funded.project.address, embedId));
  }
  return { ...funded, embeds };
}

/** The views of a deposit: `counts[i]` views for `embeds[i]`. */
export const embedViews = (embeds: EmbedHandle[], counts: (number | bigint)[]) =>
  counts.map((count, index) => ({ embed: embeds[index].address, views: BigInt(count) }));

/**
 * The revenue suites' preamble: a fresh chain with a platform, a funded project (`investorCount`
 * investors sharing `goal`) and one embed per id, with the accounts the suites name.
 */
/** What fundedProjectWithEmbeds sets up; a suite declares the fields it reads with this type and assigns them before each test. */
export type FundedProjectWithEmbeds = Awaited<ReturnType<typeof fundedProjectWithEmbeds>>;

export async function fundedProjectWithEmbeds(options: { investorCount?: number; goal?: bigint; embedIds?: string[] } = {}) {
  const chain = await TestChain.start();
  const setup = await withRevenueProject(chain, options);
  return { ...setup, chain, treasury: setup.treasury.publicKey, project: setup.project.address, projectId: setup.project.id };
}

/**
 * Another funded project on the existing platform (a new studio; `investorCount` new investors
 * sharing `goal`), for tests that substitute one project's accounts for another's.
 */
export async function anotherFundedProject(chain: TestChain, options: { investorCount?: number; goal?: bigint; genreMask?: bigint } = {}) {
  const goal = options.goal ?? sol(2);
  const investorCount = options.investorCount ?? 1;
  const studio = await withStudio(chain, Keypair.generate());
  const project = await withProject(chain, studio, { goal, title: 'The Other Reel', genreMask: options.genreMask });
  const investors: Keypair[] = [];
  const part = goal / BigInt(investorCount);
  for (let index = 0; index < investorCount; index += 1) {
    const investor = await chain.wallet(goal + sol(10));
    await invest(chain, investor, project.address, index === investorCount - 1 ? goal - part * BigInt(investorCount - 1) : part);
    investors.push(investor);
  }
  return { studio, project, investors };
}

export interface ExpectedDistribution {
  publishers: bigint;
  investors: bigint;
  platform: bigint;
  credits: bigint[];
  totalViews: bigint;
  increment: bigint;
}

/**
 * What distribute_revenue does with `amount`: split by basis points (investors take the rounding
 * of the other two), the publishers' part pro rata to views (floor), the remainder — or all of
 * it without views — to investors, whose part raises the accumulator by floor(part · 2⁶⁴ / shares).
 */
export function expectedDistribution(
  amount: bigint,
  views: bigint[],
  totalShares: bigint,
  rules: { publisherBps: number; platformBps: number } = DEFAULT_RULES,
): ExpectedDistribution {
  const publishersPart = (amount * BigInt(rules.publisherBps)) / BPS;
  const platform = (amount * BigInt(rules.platformBps)) / BPS;
  const totalViews = views.reduce((sum, count) => sum + count, 0n);
  const credits = views.map((count) => (totalViews === 0n ? 0n : (publishersPart * count) / totalViews));
  const publishers = credits.reduce((sum, credit) => sum + credit, 0n);
  const investors = amount - publishers - platform;
  return { publishers, investors, platform, credits, totalViews, increment: (investors * Q64) / totalShares };
}

/**
 * Funds in = funds out + funds held: the vault holds exactly its rent, the raised SOL (until the
 * studio takes it), every revenue lamport owed and not yet claimed, and the accumulator's dust
 * (deposited for investors but unclaimable by rounding: total − publisher − platform − investor).
 */
export async function expectVaultBalanced(chain: TestChain, project: PublicKey): Promise<void> {
  const state = await chain.account('Project', project);
  const vaultRent = (await chain.rentExempt(0n));
  const raised = state.fundsReleased ? 0n : big(state.raisedLamports);
  const investorOwed = big(state.investorRevenueLamports) - big(state.investorClaimedLamports);
  const publisherOwed = big(state.publisherRevenueLamports) - big(state.publisherClaimedLamports);
  const dust =
    big(state.totalRevenueLamports) - big(state.publisherRevenueLamports) - big(state.platformRevenueLamports) - big(state.investorRevenueLamports);
  expect(investorOwed >= 0n && publisherOwed >= 0n && dust >= 0n).to.equal(true);
  expect(await chain.balance(addresses.vault(project))).to.equal(vaultRent + raised + investorOwed + publisherOwed + dust);
}

/** floor(shares · delta / 2⁶⁴): what a position earns while the accumulator rises by `delta`. */
export const accrued = (shares: bigint, delta: bigint) => (shares * delta) / Q64;
