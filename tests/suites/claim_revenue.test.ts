// claim_revenue: an investor takes what the accumulator has accrued to the shares of their
// Investment since its checkpoint — O(1) in the number of distributions, rounded down (the dust
// stays in the vault), never twice, and never through someone else's shares or account.
import { expect } from 'chai';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { createTransferInstruction } from '@solana/spl-token';
import { addresses, expectFailureLogs, expectProgramError, PROGRAM_ID, sol } from '../utils/chain.ts';
import { claimLicenseIx, claimRevenueIx } from '../utils/fixtures.ts';
import {
  accrued,
  anotherFundedProject,
  big,
  claimRevenue,
  distribute,
  expectedDistribution,
  expectVaultBalanced,
  fundedProjectWithEmbeds,
  type FundedProjectWithEmbeds,
} from '../utils/revenue.ts';

describe('claim_revenue', () => {
  let { chain, settlement, treasury, project, investors, embeds, studio } = {} as FundedProjectWithEmbeds;

  beforeEach(async () => {
    ({ chain, settlement, treasury, project, investors, embeds, studio } = await fundedProjectWithEmbeds({ investorCount: 3, goal: sol(3), embedIds: ['front-page'] }));
  });

  const deposit = (amount: bigint, views = 1n) => distribute(chain, settlement, project, treasury, amount, [{ embed: embeds[0].address, views }]);
  const investment = (investor: Keypair, of: PublicKey = project) => addresses.investment(of, investor.publicKey);
  const claimIx = (investor: Keypair) => claimRevenueIx(investor.publicKey, project);

  it("pays an investor their shares' part of the investors' 57.5%, rounded down, and checkpoints", async () => {
    await deposit(sol(1));
    const state = await chain.account('Project', project);
    const totalShares = big(state.totalShares);
    const { increment, investors: investorPart } = expectedDistribution(sol(1), [1n], totalShares);
    expect(investorPart).to.equal(575_000_000n);
    const [investor] = investors;
    const shares = big((await chain.account('Investment', investment(investor))).shares);
    expect(shares).to.equal(sol(1));
    const owed = accrued(shares, increment);
    expect(owed).to.equal(191_666_666n);

    const investorBefore = await chain.balance(investor.publicKey);
    const vaultBefore = await chain.balance(addresses.vault(project));
    const { computeUnits } = await claimRevenue(chain, investor, project);
    console.log(`      claim_revenue consumed ${computeUnits} compute units`);
    expect(computeUnits).to.be.at.most(8_000);

    expect((await chain.balance(investor.publicKey)) - investorBefore).to.equal(owed);
    expect(vaultBefore - (await chain.balance(addresses.vault(project)))).to.equal(owed);
    const position = await chain.account('Investment', investment(investor));
    expect(big(position.revenuePerShareCheckpoint)).to.equal(increment);
    expect(big(position.accruedRevenueLamports)).to.equal(0n);
    expect(big(position.claimedRevenueLamports)).to.equal(owed);
    const after = await chain.account('Project', project);
    expect(big(after.investorClaimedLamports)).to.equal(owed);
    expect(big(after.eventSeq)).to.equal(big(state.eventSeq) + 1n);
    await expectVaultBalanced(chain, project);
  });

  it('error: NothingToClaim on a second claim, and before any revenue', async () => {
    await expectProgramError(claimRevenue(chain, investors[0], project), 'NothingToClaim');
    await deposit(sol(1));
    await claimRevenue(chain, investors[0], project);
    await chain.warpTo((await chain.now()) + 1n);
    await expectProgramError(claimRevenue(chain, investors[0], project), 'NothingToClaim');
    expect(big((await chain.account('Investment', investment(investors[0]))).claimedRevenueLamports)).to.equal(191_666_666n);
  });

  it('costs the same after five distributions as after one, and pays them all at once', async () => {
    await deposit(sol(1));
    const one = await claimRevenue(chain, investors[1], project);
    for (const amount of [sol(0.7), 333_333_333n, sol(2), 17n]) await deposit(amount);
    const state = await chain.account('Project', project);
    expect(big(state.distributionCount)).to.equal(5n);
    const shares = big((await chain.account('Investment', investment(investors[0]))).shares);
    const owed = accrued(shares, big(state.revenuePerShare));
    const before = await chain.balance(investors[0].publicKey);
    const five = await claimRevenue(chain, investors[0], project);
    console.log(`      claim_revenue after 1 distribution: ${one.computeUnits} CU; after 5: ${five.computeUnits} CU`);
    expect(five.computeUnits).to.equal(one.computeUnits);
    expect((await chain.balance(investors[0].publicKey)) - before).to.equal(owed);
  });

  it('pays only what accrued since the last claim when claims and distributions interleave', async () => {
    const totalShares = big((await chain.account('Project', project)).totalShares);
    const [investor] = investors;
    const shares = big((await chain.account('Investment', investment(investor))).shares);
    await deposit(sol(1), 3n);
    const first = expectedDistribution(sol(1), [3n], totalShares).increment;
    await claimRevenue(chain, investor, project);
    await deposit(sol(0.4), 0n);
    const second = expectedDistribution(sol(0.4), [0n], totalShares).increment;
    const before = await chain.balance(investor.publicKey);
    await claimRevenue(chain, investor, project);
    expect((await chain.balance(investor.publicKey)) - before).to.equal(accrued(shares, second));
    const position = await chain.account('Investment', investment(investor));
    expect(big(position.revenuePerShareCheckpoint)).to.equal(first + second);
    expect(big(position.claimedRevenueLamports)).to.equal(accrued(shares, first) + accrued(shares, second));
  });

  it('never pays investors more than recorded for them: the rounding dust stays in the vault', async () => {
    for (const amount of [sol(1), 1_000_000_001n, 7n, sol(0.123456789)]) {
      await deposit(amount, 2n);
      for (const investor of investors.slice(0, 2)) await claimRevenue(chain, investor, project);
    }
    await claimRevenue(chain, investors[2], project);
    const state = await chain.account('Project', project);
    let claimed = 0n;
    for (const investor of investors) claimed += big((await chain.account('Investment', investment(investor))).claimedRevenueLamports);
    expect(claimed).to.equal(big(state.investorClaimedLamports));
    expect(claimed <= big(state.investorRevenueLamports)).to.equal(true);
    const deposited = big(state.totalRevenueLamports) - big(state.publisherRevenueLamports) - big(state.platformRevenueLamports);
    expect(big(state.investorRevenueLamports) <= deposited).to.equal(true);
    // Below one lamport per investor per claim, at most.
    expect(deposited - claimed <= 3n * 5n).to.equal(true);
    await expectVaultBalanced(chain, project);
  });

  it('pays by the Investment account, not by token balances: share tokens cannot be moved to another wallet', async () => {
    await deposit(sol(1));
    const [investor] = investors;
    const friend = await chain.wallet(sol(1));
    const shareMint = addresses.shareMint(project);
    const from = addresses.shareAccount(shareMint, investor.publicKey);
    const tokenProgram = (await chain.rawAccount(from))!.owner;
    const tokensBefore = (await chain.tokenAccount(from, tokenProgram)).amount;
    // To another holder's existing share account: the token program refuses, because share
    // accounts are frozen (or the mint non-transferable), not for want of a destination.
    const to = addresses.shareAccount(shareMint, investors[1].publicKey);
    const transfer = createTransferInstruction(from, to, investor.publicKey, 1n, [], tokenProgram);
    await expectFailureLogs(chain.send([transfer], [investor]), /frozen|transfer is disabled/i);
    expect((await chain.tokenAccount(from, tokenProgram)).amount).to.equal(tokensBefore);

    // The friend has no Investment: nothing of theirs is a position of this project.
    await expectProgramError(claimRevenue(chain, friend, project), 'InvalidAccountOwner');
    // Nor can the friend claim through the investor's Investment.
    const borrowed = claimRevenueIx(friend.publicKey, project);
    borrowed.keys[2].pubkey = investment(investor);
    await expectProgramError(chain.send([borrowed], [friend]), 'Unauthorized');
    // The investor is paid once, by the shares the Investment records.
    const shares = big((await chain.account('Investment', investment(investor))).shares);
    const before = await chain.balance(investor.publicKey);
    await claimRevenue(chain, investor, project);
    expect((await chain.balance(investor.publicKey)) - before).to.equal(accrued(shares, big((await chain.account('Project', project)).revenuePerShare)));
    await expectProgramError(claimRevenue(chain, investor, project), 'NothingToClaim');
  });

  it('keeps paying revenue, and only revenue, after the studio has taken the raised SOL', async () => {
    await deposit(sol(1));
    await chain.send([claimLicenseIx(studio.publicKey, project)], [studio]);
    await deposit(sol(0.5));
    const state = await chain.account('Project', project);
    for (const investor of investors) {
      const shares = big((await chain.account('Investment', investment(investor))).shares);
      const before = await chain.balance(investor.publicKey);
      await claimRevenue(chain, investor, project);
      expect((await chain.balance(investor.publicKey)) - before).to.equal(accrued(shares, big(state.revenuePerShare)));
    }
    await expectVaultBalanced(chain, project);
  });

  it("error: Unauthorized when an investor signs with another investor's Investment", async () => {
    await deposit(sol(1));
    const ix = await claimIx(investors[1]);
    ix.keys[2].pubkey = investment(investors[0]);
    await expectProgramError(chain.send([ix], [investors[1]]), 'Unauthorized');
    expect(big((await chain.account('Investment', investment(investors[0]))).claimedRevenueLamports)).to.equal(0n);
  });

  it("error: InvalidPda when the investor's Investment in another project is passed", async () => {
    await deposit(sol(1));
    const other = await anotherFundedProject(chain);
    const [outsider] = other.investors;
    const ix = claimRevenueIx(outsider.publicKey, project);
    ix.keys[2].pubkey = investment(outsider, other.project.address);
    await expectProgramError(chain.send([ix], [outsider]), 'InvalidPda');
  });

  it("error: InvalidVault when another project's vault is passed", async () => {
    await deposit(sol(1));
    const other = await anotherFundedProject(chain);
    const ix = await claimIx(investors[0]);
    ix.keys[3].pubkey = addresses.vault(other.project.address);
    await expectProgramError(chain.send([ix], [investors[0]]), 'InvalidVault');
  });

  it('error: MissingSignature when the investor did not sign', async () => {
    await deposit(sol(1));
    const ix = await claimIx(investors[0]);
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidAccountData when the investment is another kind of program account', async () => {
    await deposit(sol(1));
    const ix = await claimIx(investors[0]);
    ix.keys[2].pubkey = embeds[0].address;
    await expectProgramError(chain.send([ix], [investors[0]]), 'InvalidAccountData');
  });

  it('error: InvalidAccountData when the project is another kind of program account', async () => {
    const ix = await claimIx(investors[0]);
    ix.keys[1].pubkey = addresses.platform();
    await expectProgramError(chain.send([ix], [investors[0]]), 'InvalidAccountData');
  });

  it('error: AccountNotWritable when the investment is passed read-only', async () => {
    await deposit(sol(1));
    const ix = await claimIx(investors[0]);
    ix.keys[2].isWritable = false;
    await expectProgramError(chain.send([ix], [investors[0]]), 'AccountNotWritable');
  });

  it('error: AccountNotWritable when the investor, the project or the vault is passed read-only', async () => {
    await deposit(sol(1));
    for (const index of [0, 1, 3]) {
      const ix = await claimIx(investors[0]);
      ix.keys[index].isWritable = false;
      await expectProgramError(chain.send([ix], [investors[0]]), 'AccountNotWritable');
    }
  });

  it('error: InvalidAccountOwner when the project is not an account of the program', async () => {
    const ix = await claimIx(investors[0]);
    ix.keys[1].pubkey = investors[1].publicKey;
    await expectProgramError(chain.send([ix], [investors[0]]), 'InvalidAccountOwner');
  });

  // Addresses are compared as four 8-byte words: a difference in any one word is caught.
  const nearly = (address: PublicKey, byte: number) => {
    const bytes = address.toBytes();
    bytes[byte] ^= 1;
    return new PublicKey(bytes);
  };
  const oneByteInEachWord = [0, 8, 16, 24, 31];

  it('error: InvalidProgram and InvalidEventAuthority when the program or the event authority differs in one byte of any word', async () => {
    await deposit(sol(1));
    for (const byte of oneByteInEachWord) {
      const program = await claimIx(investors[0]);
      program.keys[5].pubkey = nearly(PROGRAM_ID, byte);
      await expectProgramError(chain.send([program], [investors[0]]), 'InvalidProgram');
      const authority = await claimIx(investors[0]);
      authority.keys[4].pubkey = nearly(authority.keys[4].pubkey, byte);
      await expectProgramError(chain.send([authority], [investors[0]]), 'InvalidEventAuthority');
    }
  });

  it("error: InvalidAccountOwner and Unauthorized when an account's owner or an Investment's investor differs in one byte of any word", async () => {
    await deposit(sol(1));
    const [investor] = investors;
    const position = investment(investor);
    const original = (await chain.rawAccount(position))!;
    // The Investment's data: the discriminator, then the project (32 bytes), then the investor.
    const INVESTOR_OFFSET = 8 + 32;
    for (const byte of oneByteInEachWord) {
      await chain.setRawAccount(position, { ...original, owner: nearly(PROGRAM_ID, byte) });
      await expectProgramError(chain.send([await claimIx(investor)], [investor]), 'InvalidAccountOwner');
      const data = Uint8Array.from(original.data);
      data[INVESTOR_OFFSET + byte] ^= 1;
      await chain.setRawAccount(position, { ...original, data });
      await expectProgramError(chain.send([await claimIx(investor)], [investor]), 'Unauthorized');
    }
    await chain.setRawAccount(position, original);
    await claimRevenue(chain, investor, project);
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    await deposit(sol(1));
    const ix = await claimIx(investors[0]);
    ix.keys[4].pubkey = (await chain.wallet(sol(1))).publicKey;
    await expectProgramError(chain.send([ix], [investors[0]]), 'InvalidEventAuthority');
  });

  it('error: NotEnoughAccounts and InvalidInstructionData on a malformed instruction', async () => {
    const ix = await claimIx(investors[0]);
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, keys: ix.keys.slice(0, 5) })], [investors[0]]), 'NotEnoughAccounts');
    await expectProgramError(
      chain.send([new TransactionInstruction({ ...ix, data: Buffer.concat([ix.data, Buffer.from([0])]) })], [investors[0]]),
      'InvalidInstructionData',
    );
  });
});
