// claim_publisher_revenue: a publisher takes what their embed has earned and not yet claimed,
// from the project vault; only the embed's publisher, only once per credit.
import { expect } from 'chai';
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { claimPublisherRevenueIx, initializePlatformIx, invest, withProject, withStudio } from '../utils/fixtures.ts';
import {
  anotherFundedProject,
  big,
  claimPublisherRevenue,
  claimRevenue,
  distribute,
  type EmbedHandle,
  embedViews,
  expectedDistribution,
  expectVaultBalanced,
  fundedProjectWithEmbeds,
  type FundedProjectWithEmbeds,
  registerEmbed,
  withRevenueProject,
} from '../utils/revenue.ts';

describe('claim_publisher_revenue', () => {
  let { chain, settlement, treasury, project, investors, embeds } = {} as FundedProjectWithEmbeds;

  beforeEach(async () => {
    ({ chain, settlement, treasury, project, investors, embeds } = await fundedProjectWithEmbeds({
      investorCount: 2,
      goal: sol(2),
      embedIds: ['front-page', 'sidebar', 'reviews'],
    }));
  });

  /** Deposits `amount` with `counts[i]` views for embed i. */
  const deposit = (amount: bigint, ...counts: number[]) =>
    distribute(chain, settlement, project, treasury, amount, embedViews(embeds, counts));
  const claimIx = (embed: EmbedHandle, signer: PublicKey = embed.publisher.publicKey) =>
    claimPublisherRevenueIx(signer, project, embed.address);

  it('pays the publisher what the embed earned and records the claim', async () => {
    await deposit(sol(1), 3, 1, 0);
    const [embed] = embeds;
    const before = await chain.account('Project', project);
    const publisherBefore = await chain.balance(embed.publisher.publicKey);
    const vaultBefore = await chain.balance(addresses.vault(project));

    const { computeUnits } = await claimPublisherRevenue(chain, embed, project);
    console.log(`      claim_publisher_revenue consumed ${computeUnits} compute units`);

    expect((await chain.balance(embed.publisher.publicKey)) - publisherBefore).to.equal(300_000_000n);
    expect(vaultBefore - (await chain.balance(addresses.vault(project)))).to.equal(300_000_000n);
    const account = await chain.account('Embed', embed.address);
    expect(big(account.earnedLamports)).to.equal(300_000_000n);
    expect(big(account.claimedLamports)).to.equal(300_000_000n);
    expect(big(account.totalViews)).to.equal(3n);
    const after = await chain.account('Project', project);
    expect(big(after.publisherClaimedLamports)).to.equal(300_000_000n);
    expect(big(after.publisherRevenueLamports)).to.equal(400_000_000n);
    expect(big(after.eventSeq)).to.equal(big(before.eventSeq) + 1n);
    await expectVaultBalanced(chain, project);
  });

  it('pays only the new earnings after later distributions; every publisher is paid exactly', async () => {
    const totalShares = big((await chain.account('Project', project)).totalShares);
    await deposit(sol(1), 3, 1, 0);
    await claimPublisherRevenue(chain, embeds[0], project);
    await deposit(1_000_000_007n, 2, 2, 3);
    const first = expectedDistribution(sol(1), [3n, 1n, 0n], totalShares).credits;
    const second = expectedDistribution(1_000_000_007n, [2n, 2n, 3n], totalShares).credits;

    const before = await chain.balance(embeds[0].publisher.publicKey);
    await claimPublisherRevenue(chain, embeds[0], project);
    expect((await chain.balance(embeds[0].publisher.publicKey)) - before).to.equal(second[0]);
    for (const index of [1, 2]) {
      const publisherBefore = await chain.balance(embeds[index].publisher.publicKey);
      await claimPublisherRevenue(chain, embeds[index], project);
      expect((await chain.balance(embeds[index].publisher.publicKey)) - publisherBefore).to.equal(first[index] + second[index]);
    }
    const state = await chain.account('Project', project);
    expect(big(state.publisherClaimedLamports)).to.equal(big(state.publisherRevenueLamports));
    await expectVaultBalanced(chain, project);
  });

  it('pays each embed of one publisher separately', async () => {
    const second = await registerEmbed(chain, project, 'second-site', { publisher: embeds[0].publisher });
    await distribute(chain, settlement, project, treasury, sol(1), [
      { embed: embeds[0].address, views: 1n },
      { embed: second.address, views: 3n },
    ]);
    const publisher = embeds[0].publisher.publicKey;
    let before = await chain.balance(publisher);
    await claimPublisherRevenue(chain, second, project);
    expect((await chain.balance(publisher)) - before).to.equal(300_000_000n);
    before = await chain.balance(publisher);
    await claimPublisherRevenue(chain, embeds[0], project);
    expect((await chain.balance(publisher)) - before).to.equal(100_000_000n);
  });

  it('error: NothingToClaim on a second claim, before any revenue, and for an embed without views', async () => {
    await expectProgramError(claimPublisherRevenue(chain, embeds[0], project), 'NothingToClaim');
    await deposit(sol(1), 3, 1, 0);
    await claimPublisherRevenue(chain, embeds[0], project);
    await chain.warpTo((await chain.now()) + 1n);
    await expectProgramError(claimPublisherRevenue(chain, embeds[0], project), 'NothingToClaim');
    await expectProgramError(claimPublisherRevenue(chain, embeds[2], project), 'NothingToClaim');
    expect(big((await chain.account('Embed', embeds[0].address)).claimedLamports)).to.equal(300_000_000n);
  });

  it("error: Unauthorized when someone else signs for the embed (another publisher, an investor, a stranger)", async () => {
    await deposit(sol(1), 3, 1, 0);
    for (const signer of [embeds[1].publisher, investors[0], await chain.wallet(sol(1))]) {
      await expectProgramError(chain.send([await claimIx(embeds[0], signer.publicKey)], [signer]), 'Unauthorized');
    }
    expect(big((await chain.account('Embed', embeds[0].address)).claimedLamports)).to.equal(0n);
  });

  it("error: EmbedProjectMismatch when the publisher's embed of another project is passed", async () => {
    await deposit(sol(1), 3, 1, 0);
    const other = await anotherFundedProject(chain);
    const foreign = await registerEmbed(chain, other.project.address, 'front-page', { publisher: embeds[0].publisher });
    const ix = claimPublisherRevenueIx(embeds[0].publisher.publicKey, project, foreign.address);
    await expectProgramError(chain.send([ix], [embeds[0].publisher]), 'EmbedProjectMismatch');
  });

  it("error: InvalidVault when another project's vault is passed", async () => {
    await deposit(sol(1), 3, 1, 0);
    const other = await anotherFundedProject(chain);
    const ix = await claimIx(embeds[0]);
    ix.keys[3].pubkey = addresses.vault(other.project.address);
    await expectProgramError(chain.send([ix], [embeds[0].publisher]), 'InvalidVault');
  });

  it('error: MissingSignature when the publisher did not sign', async () => {
    await deposit(sol(1), 3, 1, 0);
    const ix = await claimIx(embeds[0]);
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidAccountOwner when the embed is not a program account', async () => {
    const wallet = await chain.wallet(sol(1));
    const ix = claimPublisherRevenueIx(embeds[0].publisher.publicKey, project, wallet.publicKey);
    await expectProgramError(chain.send([ix], [embeds[0].publisher]), 'InvalidAccountOwner');
  });

  it('error: InvalidAccountData when the embed is another kind of program account', async () => {
    await deposit(sol(1), 3, 1, 0);
    const ix = claimPublisherRevenueIx(embeds[0].publisher.publicKey, project, addresses.investment(project, investors[0].publicKey));
    await expectProgramError(chain.send([ix], [embeds[0].publisher]), 'InvalidAccountData');
  });

  it('error: AccountNotWritable when the embed is passed read-only', async () => {
    await deposit(sol(1), 3, 1, 0);
    const ix = await claimIx(embeds[0]);
    ix.keys[2].isWritable = false;
    await expectProgramError(chain.send([ix], [embeds[0].publisher]), 'AccountNotWritable');
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    await deposit(sol(1), 3, 1, 0);
    const ix = await claimIx(embeds[0]);
    ix.keys[4].pubkey = (await chain.wallet(sol(1))).publicKey;
    await expectProgramError(chain.send([ix], [embeds[0].publisher]), 'InvalidEventAuthority');
  });

  it('error: NotEnoughAccounts and InvalidInstructionData on a malformed instruction', async () => {
    const ix = await claimIx(embeds[0]);
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, keys: ix.keys.slice(0, 5) })], [embeds[0].publisher]), 'NotEnoughAccounts');
    await expectProgramError(
      chain.send([new TransactionInstruction({ ...ix, data: Buffer.concat([ix.data, Buffer.from([1])]) })], [embeds[0].publisher]),
      'InvalidInstructionData',
    );
  });
});

describe('payouts into empty accounts', () => {
  const rentMinimum = async (chain: TestChain) => (await chain.rentExempt(0n));

  it('a distribution pays a 25-lamport platform share into a treasury that was empty before initialisation', async () => {
    const chain = await TestChain.start();
    const admin = chain.upgradeAuthority;
    await chain.fund(admin.publicKey, sol(100));
    const treasury = Keypair.generate().publicKey;
    const settlement = await chain.wallet(sol(10));
    await chain.send([initializePlatformIx(admin.publicKey, treasury, settlement.publicKey)], [admin]);
    const minimum = await rentMinimum(chain);
    expect(await chain.balance(treasury)).to.equal(minimum);
    const studio = await withStudio(chain, admin);
    const project = await withProject(chain, studio, { goal: sol(1) });
    await invest(chain, await chain.wallet(sol(5)), project.address, sol(1));
    await distribute(chain, settlement, project.address, treasury, 1_000n); // 2.5%: 25 lamports
    expect(await chain.balance(treasury)).to.equal(minimum + 25n);
    await expectVaultBalanced(chain, project.address);
  });

  it('error: RecipientNotRentExempt when a claim would leave an empty publisher wallet below rent exemption; paid once it holds the minimum', async () => {
    const chain = await TestChain.start();
    const setup = await withRevenueProject(chain, { goal: sol(1), embedIds: ['front-page'] });
    const [embed] = setup.embeds;
    const publisher = embed.publisher.publicKey;
    // The publisher empties its wallet (the harness's payer pays the fee): it holds 0 lamports.
    const held = await chain.balance(publisher);
    await chain.send([SystemProgram.transfer({ fromPubkey: publisher, toPubkey: chain.payer.publicKey, lamports: held })], [embed.publisher]);
    expect(await chain.balance(publisher)).to.equal(0n);
    await distribute(chain, setup.settlement, setup.project.address, setup.treasury.publicKey, 10_000n, [{ embed: embed.address, views: 1n }]);
    const vault = addresses.vault(setup.project.address);
    const vaultBefore = await chain.balance(vault);

    await expectProgramError(claimPublisherRevenue(chain, embed, setup.project.address), 'RecipientNotRentExempt');
    expect(await chain.balance(publisher)).to.equal(0n);
    expect(await chain.balance(vault)).to.equal(vaultBefore);
    expect(big((await chain.account('Embed', embed.address)).claimedLamports)).to.equal(0n);

    const minimum = await rentMinimum(chain);
    await chain.fund(publisher, minimum);
    await claimPublisherRevenue(chain, embed, setup.project.address);
    expect(await chain.balance(publisher)).to.equal(minimum + 4_000n);
    expect(vaultBefore - (await chain.balance(vault))).to.equal(4_000n);
    await expectVaultBalanced(chain, setup.project.address);
  });

  it('error: RecipientNotRentExempt when a claim would leave an empty investor wallet below rent exemption', async () => {
    const chain = await TestChain.start();
    const setup = await withRevenueProject(chain, { goal: sol(1) });
    const [investor] = setup.investors;
    const held = await chain.balance(investor.publicKey);
    await chain.send([SystemProgram.transfer({ fromPubkey: investor.publicKey, toPubkey: chain.payer.publicKey, lamports: held })], [investor]);
    await distribute(chain, setup.settlement, setup.project.address, setup.treasury.publicKey, 10_000n);
    const vaultBefore = await chain.balance(addresses.vault(setup.project.address));
    await expectProgramError(claimRevenue(chain, investor, setup.project.address), 'RecipientNotRentExempt');
    expect(await chain.balance(investor.publicKey)).to.equal(0n);
    expect(await chain.balance(addresses.vault(setup.project.address))).to.equal(vaultBefore);
  });
});
