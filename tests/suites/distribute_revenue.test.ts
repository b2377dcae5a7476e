// distribute_revenue: the settlement authority deposits ad revenue; publishers are credited pro
// rata to views, investors through the Q64.64 accumulator, the platform's part goes to its
// treasury, and a RevenueDistribution records the deposit.
import { expect } from 'chai';
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { addresses, expectProgramError, PROGRAM_ID, sol } from '../utils/chain.ts';
import { distributeRevenueIx, withProject, withStudio } from '../utils/fixtures.ts';
import {
  accrued,
  anotherFundedProject,
  big,
  distribute,
  distributeIx,
  embedViews,
  expectedDistribution,
  expectVaultBalanced,
  fundedProjectWithEmbeds,
  type FundedProjectWithEmbeds,
  registerEmbed,
} from '../utils/revenue.ts';

describe('distribute_revenue', () => {
  let { chain, admin, settlement, treasury, project, embeds, investors } = {} as FundedProjectWithEmbeds;

  beforeEach(async () => {
    ({ chain, admin, settlement, treasury, project, embeds, investors } = await fundedProjectWithEmbeds({
      investorCount: 3,
      goal: sol(3),
      embedIds: ['front-page', 'sidebar', 'reviews'],
    }));
  });

  const views = (...counts: number[]) => embedViews(embeds, counts);
  const vault = () => addresses.vault(project);

  it('splits 1 SOL 40 / 57.5 / 2.5: embeds by views, investors by accumulator, platform to the treasury', async () => {
    const amount = sol(1);
    const settlementBefore = await chain.balance(settlement.publicKey);
    const treasuryBefore = await chain.balance(treasury);
    const vaultBefore = await chain.balance(vault());
    const before = await chain.account('Project', project);
    const totalShares = big(before.totalShares);

    const { computeUnits } = await distribute(chain, settlement, project, treasury, amount, views(3, 1, 0));
    console.log(`      distribute_revenue (3 embeds) consumed ${computeUnits} compute units`);

    const expected = expectedDistribution(amount, [3n, 1n, 0n], totalShares);
    expect(expected.credits).to.deep.equal([300_000_000n, 100_000_000n, 0n]);
    expect(expected.investors).to.equal(575_000_000n);
    expect(expected.platform).to.equal(25_000_000n);

    const distributionAddress = addresses.distribution(project, 0);
    const distributionRent = await chain.balance(distributionAddress);
    expect(settlementBefore - (await chain.balance(settlement.publicKey))).to.equal(amount + distributionRent);
    expect((await chain.balance(treasury)) - treasuryBefore).to.equal(expected.platform);
    expect((await chain.balance(vault())) - vaultBefore).to.equal(amount - expected.platform);

    for (const [index, embed] of embeds.entries()) {
      const account = await chain.account('Embed', embed.address);
      expect(big(account.totalViews)).to.equal([3n, 1n, 0n][index]);
      expect(big(account.earnedLamports)).to.equal(expected.credits[index]);
      expect(big(account.claimedLamports)).to.equal(0n);
    }

    const after = await chain.account('Project', project);
    expect(big(after.revenuePerShare)).to.equal(expected.increment);
    expect(big(after.investorRevenueLamports)).to.equal(accrued(totalShares, expected.increment));
    expect(big(after.investorRevenueLamports) <= expected.investors).to.equal(true);
    expect(big(after.totalRevenueLamports)).to.equal(amount);
    expect(big(after.publisherRevenueLamports)).to.equal(400_000_000n);
    expect(big(after.platformRevenueLamports)).to.equal(25_000_000n);
    expect(big(after.totalViews)).to.equal(4n);
    expect(big(after.distributionCount)).to.equal(1n);
    expect(big(after.eventSeq)).to.equal(big(before.eventSeq) + 1n);

    const distribution = await chain.account('RevenueDistribution', distributionAddress);
    expect(distribution.project.toBase58()).to.equal(project.toBase58());
    expect(big(distribution.index)).to.equal(0n);
    expect(big(distribution.totalLamports)).to.equal(amount);
    expect(big(distribution.publisherLamports)).to.equal(400_000_000n);
    expect(big(distribution.investorLamports)).to.equal(575_000_000n);
    expect(big(distribution.platformLamports)).to.equal(25_000_000n);
    expect(big(distribution.totalViews)).to.equal(4n);
    expect(big(distribution.totalShares)).to.equal(totalShares);
    expect(big(distribution.revenuePerShareBefore)).to.equal(0n);
    expect(big(distribution.revenuePerShareAfter)).to.equal(expected.increment);
    expect(big(distribution.distributedAt)).to.equal(await chain.now());
    expect(distribution.bump).to.equal(PublicKey.findProgramAddressSync([Buffer.from('distribution'), project.toBuffer(), Buffer.alloc(8)], PROGRAM_ID)[1]);
    await expectVaultBalanced(chain, project);
  });

  it("gives the publishers' rounding remainder to investors, so every lamport is assigned", async () => {
    const amount = 1_000_000_007n;
    const totalShares = big((await chain.account('Project', project)).totalShares);
    await distribute(chain, settlement, project, treasury, amount, views(1, 1, 1));
    const expected = expectedDistribution(amount, [1n, 1n, 1n], totalShares);
    // 40% of 1_000_000_007 is 400_000_002: 133_333_334 each, 0 left; the split's own rounding goes to investors.
    const distribution = await chain.account('RevenueDistribution', addresses.distribution(project, 0));
    expect(big(distribution.publisherLamports)).to.equal(expected.publishers);
    expect(big(distribution.investorLamports)).to.equal(expected.investors);
    expect(big(distribution.platformLamports)).to.equal(expected.platform);
    expect(big(distribution.publisherLamports) + big(distribution.investorLamports) + big(distribution.platformLamports)).to.equal(amount);

    // 7 views over 3 embeds: 400_000_000 · 2/7, · 2/7, · 3/7 leave 1 lamport for the investors.
    await distribute(chain, settlement, project, treasury, sol(1), views(2, 2, 3));
    const second = expectedDistribution(sol(1), [2n, 2n, 3n], totalShares);
    expect(second.publishers).to.equal(399_999_999n);
    expect(second.investors).to.equal(575_000_001n);
    const recorded = await chain.account('RevenueDistribution', addresses.distribution(project, 1));
    expect(big(recorded.publisherLamports)).to.equal(399_999_999n);
    expect(big(recorded.investorLamports)).to.equal(575_000_001n);
    for (const [index, embed] of embeds.entries()) {
      expect(big((await chain.account('Embed', embed.address)).earnedLamports)).to.equal(expected.credits[index] + second.credits[index]);
    }
    await expectVaultBalanced(chain, project);
  });

  it("gives the publishers' whole part to investors when no view was counted (no embeds, or zero views)", async () => {
    const totalShares = big((await chain.account('Project', project)).totalShares);
    await distribute(chain, settlement, project, treasury, sol(1), []);
    let distribution = await chain.account('RevenueDistribution', addresses.distribution(project, 0));
    expect(big(distribution.publisherLamports)).to.equal(0n);
    expect(big(distribution.investorLamports)).to.equal(975_000_000n);
    expect(big(distribution.platformLamports)).to.equal(25_000_000n);

    await distribute(chain, settlement, project, treasury, sol(1), views(0, 0));
    distribution = await chain.account('RevenueDistribution', addresses.distribution(project, 1));
    expect(big(distribution.publisherLamports)).to.equal(0n);
    expect(big(distribution.investorLamports)).to.equal(975_000_000n);
    const increment = (975_000_000n << 64n) / totalShares;
    expect(big(distribution.revenuePerShareBefore)).to.equal(increment);
    expect(big(distribution.revenuePerShareAfter)).to.equal(2n * increment);
    const state = await chain.account('Project', project);
    expect(big(state.investorRevenueLamports)).to.equal(accrued(totalShares, 2n * increment));
    expect(big(state.publisherRevenueLamports)).to.equal(0n);
    await expectVaultBalanced(chain, project);
  });

  it('accumulates over distributions at increasing indexes', async () => {
    const totalShares = big((await chain.account('Project', project)).totalShares);
    let revenuePerShare = 0n;
    let deposited = 0n;
    for (const [round, amount] of [sol(0.3), 123_456_789n, sol(2), 1n, 999n].entries()) {
      await distribute(chain, settlement, project, treasury, amount, views(round, 1, 2));
      const expected = expectedDistribution(amount, [BigInt(round), 1n, 2n], totalShares);
      const distribution = await chain.account('RevenueDistribution', addresses.distribution(project, round));
      expect(big(distribution.index)).to.equal(BigInt(round));
      expect(big(distribution.revenuePerShareBefore)).to.equal(revenuePerShare);
      revenuePerShare += expected.increment;
      expect(big(distribution.revenuePerShareAfter)).to.equal(revenuePerShare);
      deposited += amount;
    }
    const state = await chain.account('Project', project);
    expect(big(state.distributionCount)).to.equal(5n);
    expect(big(state.totalRevenueLamports)).to.equal(deposited);
    expect(big(state.revenuePerShare)).to.equal(revenuePerShare);
    expect(big(state.investorRevenueLamports)).to.equal(accrued(totalShares, revenuePerShare));
    await expectVaultBalanced(chain, project);
  });

  it(`credits ${16} embeds in one distribution (the maximum)`, async () => {
    for (let index = embeds.length; index < 16; index += 1) {
      embeds.push(await registerEmbed(chain, project, `embed-${index}`));
    }
    const counts = embeds.map((_, index) => index + 1);
    const { computeUnits } = await distribute(chain, settlement, project, treasury, sol(1), views(...counts));
    console.log(`      distribute_revenue (16 embeds) consumed ${computeUnits} compute units`);
    const totalShares = big((await chain.account('Project', project)).totalShares);
    const expected = expectedDistribution(sol(1), counts.map(BigInt), totalShares);
    for (const [index, embed] of embeds.entries()) {
      expect(big((await chain.account('Embed', embed.address)).earnedLamports)).to.equal(expected.credits[index]);
    }
    await expectVaultBalanced(chain, project);
  });

  it('error: TooManyEmbeds with 17 embeds', async () => {
    for (let index = embeds.length; index < 17; index += 1) {
      embeds.push(await registerEmbed(chain, project, `embed-${index}`));
    }
    await expectProgramError(
      distribute(chain, settlement, project, treasury, sol(1), views(...embeds.map(() => 1))),
      'TooManyEmbeds',
    );
  });

  it('error: Unauthorized when the signer is not the settlement authority (even the admin)', async () => {
    for (const signer of [admin, investors[0], await chain.wallet(sol(10))]) {
      await expectProgramError(distribute(chain, signer, project, treasury, sol(1), views(1)), 'Unauthorized');
    }
    expect(await chain.exists(addresses.distribution(project, 0))).to.equal(false);
  });

  it('error: ProjectNotFunded while the project is still funding', async () => {
    const studio = await withStudio(chain, admin);
    const funding = await withProject(chain, studio, { goal: sol(5) });
    await expectProgramError(distribute(chain, settlement, funding.address, treasury, sol(1), []), 'ProjectNotFunded');
  });

  it('error: InvalidRevenueAmount for a zero deposit', async () => {
    await expectProgramError(distribute(chain, settlement, project, treasury, 0n, views(1)), 'InvalidRevenueAmount');
  });

  it('error: InvalidTreasury when the treasury is not the platform treasury', async () => {
    const fake = await chain.wallet(sol(1));
    await expectProgramError(distribute(chain, settlement, project, fake.publicKey, sol(1), views(1)), 'InvalidTreasury');
  });

  it("error: InvalidVault when another project's vault is passed", async () => {
    const other = await anotherFundedProject(chain);
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    ix.keys[3].pubkey = addresses.vault(other.project.address);
    await expectProgramError(chain.send([ix], [settlement]), 'InvalidVault');
  });

  it('error: InvalidPda when the distribution is not the PDA of the next index', async () => {
    for (const index of [1, 7]) {
      const ix = distributeRevenueIx(settlement.publicKey, project, index, treasury, sol(1), views(1));
      await expectProgramError(chain.send([ix], [settlement]), 'InvalidPda');
    }
    const other = await anotherFundedProject(chain);
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    ix.keys[4].pubkey = addresses.distribution(other.project.address, 0);
    await expectProgramError(chain.send([ix], [settlement]), 'InvalidPda');
  });

  it('creates the next distribution even when someone pre-funded its address to block it', async () => {
    const griefer = await chain.wallet(sol(1));
    const next = addresses.distribution(project, 0);
    await chain.send([SystemProgram.transfer({ fromPubkey: griefer.publicKey, toPubkey: next, lamports: 1_000_000n })], [griefer]);
    await distribute(chain, settlement, project, treasury, sol(1), views(1));
    const distribution = await chain.account('RevenueDistribution', next);
    expect(big(distribution.totalLamports)).to.equal(sol(1));
  });

  it('refuses a replay of a distribution: the index has advanced, the old PDA is InvalidPda', async () => {
    await distribute(chain, settlement, project, treasury, sol(1), views(1));
    const replay = distributeRevenueIx(settlement.publicKey, project, 0, treasury, sol(1), views(1));
    await expectProgramError(chain.send([replay], [settlement]), 'InvalidPda');
    expect(big((await chain.account('Project', project)).distributionCount)).to.equal(1n);
  });

  it("error: EmbedProjectMismatch when another project's embed is passed", async () => {
    const other = await anotherFundedProject(chain);
    const foreign = await registerEmbed(chain, other.project.address, 'front-page');
    await expectProgramError(
      distribute(chain, settlement, project, treasury, sol(1), [...views(1), { embed: foreign.address, views: 5n }]),
      'EmbedProjectMismatch',
    );
  });

  it('error: DuplicateEmbed when an embed is passed twice', async () => {
    await expectProgramError(
      distribute(chain, settlement, project, treasury, sol(1), [...views(1, 2), { embed: embeds[0].address, views: 3n }]),
      'DuplicateEmbed',
    );
  });

  it('error: ViewsMismatch when views and embed accounts differ in number', async () => {
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1, 2));
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, keys: ix.keys.slice(0, -1) })], [settlement]), 'ViewsMismatch');
    const extra = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    extra.keys.push({ pubkey: embeds[1].address, isSigner: false, isWritable: true });
    await expectProgramError(chain.send([extra], [settlement]), 'ViewsMismatch');
  });

  it('error: InvalidAccountOwner and InvalidAccountData when an embed is not an Embed', async () => {
    const wallet = await chain.wallet(sol(1));
    await expectProgramError(
      distribute(chain, settlement, project, treasury, sol(1), [{ embed: wallet.publicKey, views: 1n }]),
      'InvalidAccountOwner',
    );
    await expectProgramError(
      distribute(chain, settlement, project, treasury, sol(1), [{ embed: addresses.investment(project, investors[0].publicKey), views: 1n }]),
      'InvalidAccountData',
    );
  });

  it('error: AccountNotWritable when an embed is passed read-only', async () => {
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    ix.keys[ix.keys.length - 1].isWritable = false;
    await expectProgramError(chain.send([ix], [settlement]), 'AccountNotWritable');
  });

  it('error: MissingSignature when the settlement authority did not sign', async () => {
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidPda when the platform account is substituted', async () => {
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    ix.keys[1].pubkey = project;
    await expectProgramError(chain.send([ix], [settlement]), 'InvalidPda');
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), views(1));
    ix.keys[7].pubkey = (await chain.wallet(sol(1))).publicKey;
    await expectProgramError(chain.send([ix], [settlement]), 'InvalidEventAuthority');
  });

  it('error: NotEnoughAccounts when fixed accounts are missing', async () => {
    const ix = await distributeIx(chain, settlement.publicKey, project, treasury, sol(1), []);
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, keys: ix.keys.slice(0, 8) })], [settlement]), 'NotEnoughAccounts');
  });
});
