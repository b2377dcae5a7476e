// refund: after a missed deadline on an unfunded project, an investor takes back their SOL, their
// shares are burned and their Investment is closed. The deadline interplay with invest lives here:
// invest closes at the deadline, refunds open at the same instant.
import { expect } from 'chai';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { createBurnCheckedInstruction, createCloseAccountInstruction, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { invest, refundIx, withPlatform, withProject, withStudio } from '../utils/fixtures.ts';

describe('refund', () => {
  let chain: TestChain;
  let studio: Keypair;
  let project: { id: bigint; address: PublicKey };
  let deadline: bigint;
  let alice: Keypair;
  let bob: Keypair;
  const goal = sol(10);

  beforeEach(async () => {
    chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    studio = await withStudio(chain, admin);
    project = await withProject(chain, studio, { goal, daysLeft: 30 });
    deadline = BigInt((await chain.account('Project', project.address)).deadline.toString());
    alice = await chain.wallet(sol(20));
    bob = await chain.wallet(sol(20));
    await invest(chain, alice, project.address, sol(3));
    await invest(chain, bob, project.address, sol(1.5));
    await chain.warpTo((await chain.now()) + 60n);
    await invest(chain, bob, project.address, sol(0.5)); // a repeat: one position of 2 SOL
  });

  const refund = async (investor: Keypair, projectAddress: PublicKey = project.address) =>
    chain.send([refundIx(investor.publicKey, projectAddress)], [investor]);
  const shareMint = () => addresses.shareMint(project.address);
  const shareAccount = (investor: PublicKey) => addresses.shareAccount(shareMint(), investor);
  const tokenAccount = (investor: PublicKey) => chain.tokenAccount(shareAccount(investor), TOKEN_2022_PROGRAM_ID);
  const supply = async () => (await chain.mint(shareMint(), TOKEN_2022_PROGRAM_ID)).supply;
  const vaultRent = async () => (await chain.rentExempt(0n));

  it('returns the investment, burns the shares and closes the Investment, investor by investor', async () => {
    await chain.warpTo(deadline + 1n);
    const vault = addresses.vault(project.address);
    const investment = addresses.investment(project.address, alice.publicKey);
    const investmentRent = await chain.balance(investment);
    const aliceBefore = await chain.balance(alice.publicKey);
    const before = await chain.account('Project', project.address);
    expect((await tokenAccount(alice.publicKey)).amount).to.equal(sol(3));

    const { computeUnits } = await refund(alice);
    console.log(`      refund consumed ${computeUnits} compute units`);

    // Alice gets her 3 SOL and the Investment's rent back (the harness's payer pays the fee).
    expect((await chain.balance(alice.publicKey)) - aliceBefore).to.equal(sol(3) + investmentRent);
    expect(await chain.exists(investment)).to.equal(false);
    expect(await chain.balance(vault)).to.equal((await vaultRent()) + sol(2));
    expect((await tokenAccount(alice.publicKey)).amount).to.equal(0n);
    expect(await supply()).to.equal(sol(2));
    const after = await chain.account('Project', project.address);
    expect(after.raisedLamports.toString()).to.equal(sol(2).toString());
    expect(after.totalShares.toString()).to.equal(sol(2).toString());
    expect(after.investorCount).to.equal(1);
    expect(after.status).to.deep.equal({ funding: {} });
    expect(after.eventSeq.toNumber()).to.equal(before.eventSeq.toNumber() + 1);

    // Bob's two investments are one position: 2 SOL back, nothing left in the vault but its rent.
    const bobBefore = await chain.balance(bob.publicKey);
    const bobInvestmentRent = await chain.balance(addresses.investment(project.address, bob.publicKey));
    await refund(bob);
    expect((await chain.balance(bob.publicKey)) - bobBefore).to.equal(sol(2) + bobInvestmentRent);
    expect(await chain.balance(vault)).to.equal(await vaultRent());
    expect(await supply()).to.equal(0n);
    const empty = await chain.account('Project', project.address);
    expect(empty.raisedLamports.toString()).to.equal('0');
    expect(empty.totalShares.toString()).to.equal('0');
    expect(empty.investorCount).to.equal(0);
    expect(empty.eventSeq.toNumber()).to.equal(before.eventSeq.toNumber() + 2);
  });

  it('leaves the emptied share account closable, so its owner can recover its rent', async () => {
    await chain.warpTo(deadline + 1n);
    await refund(alice);
    const account = shareAccount(alice.publicKey);
    const tokenRent = await chain.balance(account);
    const aliceBefore = await chain.balance(alice.publicKey);
    await chain.send([createCloseAccountInstruction(account, alice.publicKey, alice.publicKey, [], TOKEN_2022_PROGRAM_ID)], [alice]);
    expect((await chain.balance(alice.publicKey)) - aliceBefore).to.equal(tokenRent);
  });

  it('opens at the deadline itself, the instant invest closes', async () => {
    await chain.warpTo(deadline - 1n);
    await expectProgramError(refund(alice), 'DeadlineNotPassed');
    await invest(chain, await chain.wallet(), project.address, sol(0.05)); // still open one second before

    await chain.warpTo(deadline);
    await expectProgramError(invest(chain, await chain.wallet(), project.address, sol(0.05)), 'DeadlinePassed');
    await refund(alice);
    expect(await chain.exists(addresses.investment(project.address, alice.publicKey))).to.equal(false);
  });

  it('error: DeadlineNotPassed before the deadline', async () => {
    await expectProgramError(refund(alice), 'DeadlineNotPassed');
    expect((await chain.account('Project', project.address)).raisedLamports.toString()).to.equal(sol(5).toString());
  });

  it('error: ProjectNotFunding when the project reached its goal (a funded project is never refunded)', async () => {
    await invest(chain, await chain.wallet(sol(10)), project.address, sol(5));
    await chain.warpTo(deadline + 1n);
    await expectProgramError(refund(alice), 'ProjectNotFunding');
  });

  it('error: InvalidAccountOwner on a second refund (the Investment is closed) or with no investment', async () => {
    await chain.warpTo(deadline + 1n);
    await refund(alice);
    // Another fee payer makes the retry a new transaction (the same bytes would be a duplicate).
    const retry = chain.send([refundIx(alice.publicKey, project.address)], [alice], await chain.wallet(sol(1)));
    await expectProgramError(retry, 'InvalidAccountOwner');
    await expectProgramError(refund(await chain.wallet()), 'InvalidAccountOwner');
  });

  it("error: Unauthorized when an investor passes another investor's Investment", async () => {
    await chain.warpTo(deadline + 1n);
    const ix = refundIx(bob.publicKey, project.address);
    ix.keys[2].pubkey = addresses.investment(project.address, alice.publicKey);
    await expectProgramError(chain.send([ix], [bob]), 'Unauthorized');
  });

  it("error: InvalidPda when the Investment of the same investor in another project is passed", async () => {
    const other = await withProject(chain, studio, { goal: sol(5), daysLeft: 10 });
    await invest(chain, alice, other.address, sol(1));
    await chain.warpTo(deadline + 1n);
    const ix = refundIx(alice.publicKey, project.address);
    ix.keys[2].pubkey = addresses.investment(other.address, alice.publicKey);
    await expectProgramError(chain.send([ix], [alice]), 'InvalidPda');
  });

  it("error: InvalidMint and InvalidVault when another project's mint or vault is passed", async () => {
    const other = await withProject(chain, studio, { goal: sol(5) });
    await invest(chain, alice, other.address, sol(1));
    await chain.warpTo(deadline + 1n);
    const withOtherMint = refundIx(alice.publicKey, project.address);
    withOtherMint.keys[3].pubkey = addresses.shareMint(other.address);
    await expectProgramError(chain.send([withOtherMint], [alice]), 'InvalidMint');
    const withOtherVault = refundIx(alice.publicKey, project.address);
    withOtherVault.keys[5].pubkey = addresses.vault(other.address);
    await expectProgramError(chain.send([withOtherVault], [alice]), 'InvalidVault');
  });

  it("error: InvalidTokenAccount when another wallet's share account is passed", async () => {
    await chain.warpTo(deadline + 1n);
    const ix = refundIx(alice.publicKey, project.address);
    ix.keys[4].pubkey = shareAccount(bob.publicKey);
    await expectProgramError(chain.send([ix], [alice]), 'InvalidTokenAccount');
  });

  it('error: InvalidProgram when the token program is substituted', async () => {
    await chain.warpTo(deadline + 1n);
    const ix = refundIx(alice.publicKey, project.address);
    ix.keys[6].pubkey = addresses.platform();
    await expectProgramError(chain.send([ix], [alice]), 'InvalidProgram');
  });

  it('error: MissingSignature when the investor did not sign', async () => {
    await chain.warpTo(deadline + 1n);
    const ix = refundIx(alice.publicKey, project.address);
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  /** Past the deadline alice refunds: the vault pays back her recorded 3 SOL, and her Investment's rent comes back too. */
  const expectAliceRefundedRecorded = async () => {
    await chain.warpTo(deadline + 1n);
    const vaultBefore = await chain.balance(addresses.vault(project.address));
    const aliceBefore = await chain.balance(alice.publicKey);
    const investmentRent = await chain.balance(addresses.investment(project.address, alice.publicKey));
    await refund(alice);
    expect((await chain.balance(alice.publicKey)) - aliceBefore).to.equal(sol(3) + investmentRent);
    expect(vaultBefore - (await chain.balance(addresses.vault(project.address)))).to.equal(sol(3));
  };

  it('pays back exactly the recorded lamports after the investor burned part of their shares (the rest burned by the refund)', async () => {
    await chain.send([createBurnCheckedInstruction(shareAccount(alice.publicKey), shareMint(), alice.publicKey, 1n, 9, [], TOKEN_2022_PROGRAM_ID)], [alice]);
    await expectAliceRefundedRecorded();
    expect((await tokenAccount(alice.publicKey)).amount).to.equal(0n);
    expect(await supply()).to.equal(sol(2)); // bob's shares only
  });

  it('pays back exactly the recorded lamports after the investor burned every share and closed the account', async () => {
    const account = shareAccount(alice.publicKey);
    await chain.send([
      createBurnCheckedInstruction(account, shareMint(), alice.publicKey, sol(3), 9, [], TOKEN_2022_PROGRAM_ID),
      createCloseAccountInstruction(account, alice.publicKey, alice.publicKey, [], TOKEN_2022_PROGRAM_ID),
    ], [alice]);
    expect(await chain.exists(account)).to.equal(false);
    await expectAliceRefundedRecorded();
    const after = await chain.account('Project', project.address);
    expect(after.raisedLamports.toString()).to.equal(sol(2).toString());
    expect(after.totalShares.toString()).to.equal(sol(2).toString());
  });
});
