// invest: SOL into the vault, non-transferable share tokens to the investor, the Investment accumulates.
import { expect } from 'chai';
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createBurnCheckedInstruction,
  createCloseAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeImmutableOwnerInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAccountLen,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { addresses, expectFailureLogs, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { createShareAccountIx, invest, investIx, withPlatform, withProject, withStudio } from '../utils/fixtures.ts';

describe('invest', () => {
  let chain: TestChain;
  let studio: Keypair;
  let project: { id: bigint; address: PublicKey };

  beforeEach(async () => {
    chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    studio = await withStudio(chain, admin);
    project = await withProject(chain, studio, { goal: sol(10), daysLeft: 30 });
  });

  const shareAccount = (investor: PublicKey) => addresses.shareAccount(addresses.shareMint(project.address), investor);
  const tokenAccount = (investor: PublicKey) =>
    chain.tokenAccount(shareAccount(investor), TOKEN_2022_PROGRAM_ID);

  it('moves 0.05 SOL into the vault, mints 0.05 shares and records the investment', async () => {
    const investor = await chain.wallet(sol(15.75));
    const vaultBefore = await chain.balance(addresses.vault(project.address));
    const investorBefore = await chain.balance(investor.publicKey);

    const first = await invest(chain, investor, project.address, sol(0.05));
    console.log(`      invest (first: CreateIdempotent of the share account, then invest creating the Investment) consumed ${first.computeUnits} compute units`);

    expect((await chain.balance(addresses.vault(project.address))) - vaultBefore).to.equal(sol(0.05));
    const investmentRent = await chain.balance(addresses.investment(project.address, investor.publicKey));
    const tokenRent = await chain.balance(shareAccount(investor.publicKey));
    expect(investorBefore - (await chain.balance(investor.publicKey))).to.equal(sol(0.05) + investmentRent + tokenRent);

    const tokens = await tokenAccount(investor.publicKey);
    expect(tokens.amount).to.equal(sol(0.05));
    expect(tokens.owner.toBase58()).to.equal(investor.publicKey.toBase58());

    const investment = await chain.account('Investment', addresses.investment(project.address, investor.publicKey));
    expect(investment.project.toBase58()).to.equal(project.address.toBase58());
    expect(investment.investor.toBase58()).to.equal(investor.publicKey.toBase58());
    expect(investment.lamports.toString()).to.equal(sol(0.05).toString());
    expect(investment.shares.toString()).to.equal(sol(0.05).toString());
    expect(investment.investmentCount).to.equal(1);
    expect(investment.revenuePerShareCheckpoint.toString()).to.equal('0');

    const state = await chain.account('Project', project.address);
    expect(state.raisedLamports.toString()).to.equal(sol(0.05).toString());
    expect(state.totalShares.toString()).to.equal(sol(0.05).toString());
    expect(state.investorCount).to.equal(1);
    expect(state.status).to.deep.equal({ funding: {} });
    expect(state.eventSeq.toNumber()).to.equal(2);
    // Token share = SOL / (goal/1000 USD … in SOL): shares / goal.
    expect(Number(tokens.amount) / Number(state.goalLamports.toString())).to.equal(0.005);

    await chain.warpTo((await chain.now()) + 60n);
    const repeat = await invest(chain, investor, project.address, sol(0.07));
    console.log(`      invest (repeat) consumed ${repeat.computeUnits} compute units`);
    if (process.env.SHOW_LOGS) console.log(repeat.logs.join('\n'));
    const after = await chain.account('Investment', addresses.investment(project.address, investor.publicKey));
    expect(after.lamports.toString()).to.equal(sol(0.12).toString());
    expect(after.investmentCount).to.equal(2);
    expect((await tokenAccount(investor.publicKey)).amount).to.equal(sol(0.12));
    expect((await chain.account('Project', project.address)).investorCount).to.equal(1);
  });

  it('becomes Funded when raised reaches the goal, accepting exactly what is left below the minimum', async () => {
    const whale = await chain.wallet(sol(20));
    await invest(chain, whale, project.address, sol(10) - 10_000n);
    const last = await chain.wallet(sol(1));
    await invest(chain, last, project.address, 10_000n);
    const state = await chain.account('Project', project.address);
    expect(state.status).to.deep.equal({ funded: {} });
    expect(state.raisedLamports.toString()).to.equal(sol(10).toString());
    expect(state.fundedAt.toString()).to.equal((await chain.now()).toString());
    expect(state.investorCount).to.equal(2);
    await expectProgramError(invest(chain, await chain.wallet(), project.address, sol(1)), 'ProjectNotFunding');
  });

  it('error: InvestmentBelowMinimum under 0.05 SOL when more than that is left', async () => {
    await expectProgramError(invest(chain, await chain.wallet(), project.address, sol(0.05) - 1n), 'InvestmentBelowMinimum');
    await expectProgramError(invest(chain, await chain.wallet(), project.address, 0n), 'InvestmentBelowMinimum');
  });

  it('error: InvestmentExceedsGoal above what is left to the goal', async () => {
    await expectProgramError(invest(chain, await chain.wallet(sol(20)), project.address, sol(10) + 1n), 'InvestmentExceedsGoal');
  });

  it('error: DeadlinePassed once the deadline is reached', async () => {
    const state = await chain.account('Project', project.address);
    await chain.warpTo(BigInt(state.deadline.toString()));
    await expectProgramError(invest(chain, await chain.wallet(), project.address, sol(1)), 'DeadlinePassed');
  });

  it("error: InvalidMint and InvalidVault when another project's mint or vault is passed", async () => {
    const other = await withProject(chain, studio, { goal: sol(5) });
    const investor = await chain.wallet();
    const withOtherMint = investIx(investor.publicKey, project.address, sol(1));
    withOtherMint.keys[4].pubkey = addresses.shareMint(other.address);
    await expectProgramError(chain.send([withOtherMint], [investor]), 'InvalidMint');
    const withOtherVault = investIx(investor.publicKey, project.address, sol(1));
    withOtherVault.keys[6].pubkey = addresses.vault(other.address);
    await expectProgramError(chain.send([withOtherVault], [investor]), 'InvalidVault');
  });

  /** A second investor's invest, with the account at `key` swapped for the first investor's (from `account`). */
  const withFirstInvestorsAccount = async (key: number, account: (first: PublicKey) => PublicKey, error: string) => {
    const first = await chain.wallet();
    await invest(chain, first, project.address, sol(1));
    const second = await chain.wallet();
    const ix = investIx(second.publicKey, project.address, sol(1));
    ix.keys[key].pubkey = account(first.publicKey);
    await expectProgramError(chain.send([ix], [second]), error);
  };

  it("error: InvalidTokenAccount when another wallet's share account is passed", () => withFirstInvestorsAccount(5, shareAccount, 'InvalidTokenAccount'));

  it("error: InvalidPda when another investor's Investment account is passed", () =>
    withFirstInvestorsAccount(3, (first) => addresses.investment(project.address, first), 'InvalidPda'));

  it('error: MissingSignature when the investor did not sign', async () => {
    const investor = await chain.wallet();
    const ix = investIx(investor.publicKey, project.address, sol(1));
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('shares cannot be transferred to another wallet (the mint is NonTransferable)', async () => {
    const investor = await chain.wallet();
    await invest(chain, investor, project.address, sol(1));
    const friend = await chain.wallet();
    await invest(chain, friend, project.address, sol(1));
    const transfer = createTransferCheckedInstruction(
      shareAccount(investor.publicKey), addresses.shareMint(project.address), shareAccount(friend.publicKey),
      investor.publicKey, sol(1), 9, [], TOKEN_2022_PROGRAM_ID,
    );
    await expectFailureLogs(chain.send([transfer], [investor]), /Transfer is disabled for this mint/i);
    expect((await tokenAccount(investor.publicKey)).amount).to.equal(sol(1));
  });

  it('error: StudioCannotInvest when the studio invests in its own project (it would release everyone\'s SOL to itself)', async () => {
    const vaultBefore = await chain.balance(addresses.vault(project.address));
    const studioBefore = await chain.balance(studio.publicKey);
    await expectProgramError(invest(chain, studio, project.address, sol(1)), 'StudioCannotInvest');
    expect(await chain.balance(addresses.vault(project.address))).to.equal(vaultBefore);
    expect(await chain.balance(studio.publicKey)).to.equal(studioBefore);
    expect((await chain.account('Project', project.address)).raisedLamports.toString()).to.equal('0');
  });

  it("error: InvalidTokenAccount when the shares would go to a token account that is not the investor's ATA", async () => {
    const investor = await chain.wallet();
    // The investor's own Token-2022 account for the share mint, at a fresh address (not the ATA).
    const other = Keypair.generate();
    const mint = addresses.shareMint(project.address);
    const space = getAccountLen([ExtensionType.ImmutableOwner, ExtensionType.NonTransferableAccount]);
    const rent = (await chain.rentExempt(BigInt(space)));
    await chain.send([
      SystemProgram.createAccount({ fromPubkey: investor.publicKey, newAccountPubkey: other.publicKey, lamports: Number(rent), space, programId: TOKEN_2022_PROGRAM_ID }),
      createInitializeImmutableOwnerInstruction(other.publicKey, TOKEN_2022_PROGRAM_ID),
      createInitializeAccount3Instruction(other.publicKey, mint, investor.publicKey, TOKEN_2022_PROGRAM_ID),
    ], [investor, other]);
    const before = await chain.balance(investor.publicKey);
    for (const first of [true, false]) {
      const ix = investIx(investor.publicKey, project.address, sol(1));
      ix.keys[5].pubkey = other.publicKey;
      await expectProgramError(chain.send([ix], [investor]), 'InvalidTokenAccount');
      if (first) await invest(chain, investor, project.address, sol(1)); // then as a repeat investment
    }
    expect(before - (await chain.balance(investor.publicKey)) > sol(1)).to.equal(true);
    expect((await chain.tokenAccount(other.publicKey, TOKEN_2022_PROGRAM_ID)).amount).to.equal(0n);
    expect((await tokenAccount(investor.publicKey)).amount).to.equal(sol(1));
  });

  it('error: ShareAccountNotCreated when the transaction does not create the share account before invest; nothing moves', async () => {
    const investor = await chain.wallet();
    const before = await chain.balance(investor.publicKey);
    await expectProgramError(chain.send([investIx(investor.publicKey, project.address, sol(1))], [investor]), 'ShareAccountNotCreated');
    expect(await chain.balance(investor.publicKey)).to.equal(before);
    expect(await chain.exists(addresses.investment(project.address, investor.publicKey))).to.equal(false);
    // The same instruction after the Associated Token program's CreateIdempotent succeeds.
    await chain.send([createShareAccountIx(investor.publicKey, project.address), investIx(investor.publicKey, project.address, sol(1))], [investor]);
    expect((await tokenAccount(investor.publicKey)).amount).to.equal(sol(1));
  });

  it('a repeat investment after the investor burned their shares and closed the share account: ShareAccountNotCreated, then the CreateIdempotent recreates it', async () => {
    const investor = await chain.wallet();
    await invest(chain, investor, project.address, sol(1));
    const account = shareAccount(investor.publicKey);
    const mint = addresses.shareMint(project.address);
    await chain.send([
      createBurnCheckedInstruction(account, mint, investor.publicKey, sol(1), 9, [], TOKEN_2022_PROGRAM_ID),
      createCloseAccountInstruction(account, investor.publicKey, investor.publicKey, [], TOKEN_2022_PROGRAM_ID),
    ], [investor]);
    await expectProgramError(chain.send([investIx(investor.publicKey, project.address, sol(1))], [investor]), 'ShareAccountNotCreated');
    await invest(chain, investor, project.address, sol(1));
    expect((await tokenAccount(investor.publicKey)).amount).to.equal(sol(1));
    expect((await chain.account('Investment', addresses.investment(project.address, investor.publicKey))).shares.toString()).to.equal(sol(2).toString());
  });

  it('anyone may create the investor\'s share account for them: invest then mints to it', async () => {
    const investor = await chain.wallet();
    const helper = await chain.wallet();
    const mint = addresses.shareMint(project.address);
    await chain.send([createAssociatedTokenAccountIdempotentInstruction(helper.publicKey, shareAccount(investor.publicKey), investor.publicKey, mint, TOKEN_2022_PROGRAM_ID)], [helper]);
    await chain.send([investIx(investor.publicKey, project.address, sol(1))], [investor]);
    expect((await tokenAccount(investor.publicKey)).amount).to.equal(sol(1));
  });

  // At the investor's associated address only the Associated Token program can create an account,
  // and it creates a Token-2022 account of that mint for that owner: the content checks below are
  // defence in depth, proved on states written directly into the test validator.
  for (const forgery of [
    { name: 'owned by another program', owner: SystemProgram.programId, mint: 'project', holder: 'investor' },
    { name: 'of another mint', owner: TOKEN_2022_PROGRAM_ID, mint: 'other', holder: 'investor' },
    { name: 'of another owner', owner: TOKEN_2022_PROGRAM_ID, mint: 'project', holder: 'stranger' },
  ] as const) {
    it(`error: InvalidTokenAccount when the account at the investor's associated address is ${forgery.name}`, async () => {
      const investor = await chain.wallet();
      const stranger = Keypair.generate().publicKey;
      const other = await withProject(chain, studio, { goal: sol(5) });
      const data = Buffer.alloc(getAccountLen([ExtensionType.ImmutableOwner, ExtensionType.NonTransferableAccount]));
      (forgery.mint === 'project' ? addresses.shareMint(project.address) : addresses.shareMint(other.address)).toBuffer().copy(data, 0);
      (forgery.holder === 'investor' ? investor.publicKey : stranger).toBuffer().copy(data, 32);
      data[108] = 1; // state: Initialized
      data[165] = 2; // account type: Account
      await chain.setRawAccount(shareAccount(investor.publicKey), { lamports: 10_000_000, data, owner: forgery.owner, executable: false });
      const before = await chain.balance(investor.publicKey);
      await expectProgramError(chain.send([investIx(investor.publicKey, project.address, sol(1))], [investor]), 'InvalidTokenAccount');
      expect(await chain.balance(investor.publicKey)).to.equal(before);
    });
  }
});
