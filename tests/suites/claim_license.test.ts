// claim_license: the studio takes the raised SOL of its funded project, exactly once.
import { expect } from 'chai';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { claimLicenseIx, invest, withFundedProject, withProject } from '../utils/fixtures.ts';

describe('claim_license', () => {
  let chain: TestChain;
  let studio: Keypair;
  let admin: Keypair;
  let project: { id: bigint; address: PublicKey };
  const goal = sol(3);

  beforeEach(async () => {
    chain = await TestChain.start();
    ({ studio, admin, project } = await withFundedProject(chain, 2, goal));
  });

  const claim = async (authority: Keypair, projectAddress: PublicKey = project.address) =>
    chain.send([claimLicenseIx(authority.publicKey, projectAddress)], [authority]);

  it('moves exactly the raised SOL from the vault to the studio and marks the funds released', async () => {
    const vault = addresses.vault(project.address);
    const vaultBefore = await chain.balance(vault);
    const studioBefore = await chain.balance(studio.publicKey);
    const before = await chain.account('Project', project.address);
    expect(before.fundsReleased).to.equal(false);
    expect(vaultBefore - goal).to.equal(await chain.rentExempt(0));

    const { computeUnits } = await claim(studio);
    console.log(`      claim_license consumed ${computeUnits} compute units`);

    // The harness's payer pays the fee: the studio gains exactly the goal, the vault keeps its rent.
    expect((await chain.balance(studio.publicKey)) - studioBefore).to.equal(goal);
    expect(vaultBefore - (await chain.balance(vault))).to.equal(goal);
    const after = await chain.account('Project', project.address);
    expect(after.fundsReleased).to.equal(true);
    expect(after.status).to.deep.equal({ funded: {} });
    expect(after.raisedLamports.toString()).to.equal(goal.toString()); // the record of what was raised stays
    expect(after.totalShares.toString()).to.equal(goal.toString());
    expect(after.investorCount).to.equal(2);
    expect(after.eventSeq.toNumber()).to.equal(before.eventSeq.toNumber() + 1);
  });

  it('error: FundsAlreadyReleased on a second claim', async () => {
    await claim(studio);
    const studioBalance = await chain.balance(studio.publicKey);
    // Another fee payer makes the retry a new transaction (the same bytes would be a duplicate).
    const retry = chain.send([claimLicenseIx(studio.publicKey, project.address)], [studio], await chain.wallet(sol(1)));
    await expectProgramError(retry, 'FundsAlreadyReleased');
    expect(await chain.balance(studio.publicKey)).to.equal(studioBalance);
  });

  it('error: Unauthorized when anyone but the studio claims (an investor, the admin)', async () => {
    const investor = await chain.wallet();
    await expectProgramError(claim(investor), 'Unauthorized');
    await expectProgramError(claim(admin), 'Unauthorized');
    expect((await chain.account('Project', project.address)).fundsReleased).to.equal(false);
  });

  it('error: ProjectNotFunded while the project is still funding', async () => {
    const funding = await withProject(chain, studio, { goal: sol(5) });
    await invest(chain, await chain.wallet(), funding.address, sol(4));
    await expectProgramError(claim(studio, funding.address), 'ProjectNotFunded');
    expect(await chain.balance(addresses.vault(funding.address))).to.equal(
      sol(4) + (await chain.rentExempt(0)),
    );
  });

  it("error: InvalidVault when another project's vault is passed", async () => {
    const other = await withProject(chain, studio, { goal: sol(5) });
    await invest(chain, await chain.wallet(), other.address, sol(1));
    const ix = claimLicenseIx(studio.publicKey, project.address);
    ix.keys[2].pubkey = addresses.vault(other.address);
    await expectProgramError(chain.send([ix], [studio]), 'InvalidVault');
  });

  it('error: MissingSignature when the studio did not sign', async () => {
    const ix = claimLicenseIx(studio.publicKey, project.address);
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidAccountData when the project is another kind of program account', async () => {
    const ix = claimLicenseIx(studio.publicKey, project.address);
    ix.keys[1].pubkey = addresses.studio(studio.publicKey);
    await expectProgramError(chain.send([ix], [studio]), 'InvalidAccountData');
  });

  it('error: InvalidAccountOwner when the project is not an account of the program', async () => {
    const ix = claimLicenseIx(studio.publicKey, project.address);
    ix.keys[1].pubkey = studio.publicKey;
    await expectProgramError(chain.send([ix], [studio]), 'InvalidAccountOwner');
  });

  it('error: AccountNotWritable when the vault is passed read-only', async () => {
    const ix = claimLicenseIx(studio.publicKey, project.address);
    ix.keys[2].isWritable = false;
    await expectProgramError(chain.send([ix], [studio]), 'AccountNotWritable');
  });
});
