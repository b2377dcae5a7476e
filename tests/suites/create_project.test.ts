// create_project: a studio lists a film; the project, its share mint and its vault are created.
import { expect } from 'chai';
import { TOKEN_2022_PROGRAM_ID, getExtensionTypes, ExtensionType } from '@solana/spl-token';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import * as client from '@marquee/program-client';
import { createProjectIx, FILM_OF_EVERY_GENRE, metadataHash, nextProjectId, registerStudioIx, withPlatform, withStudio } from '../utils/fixtures.ts';

describe('create_project', () => {
  let chain: TestChain;
  let admin: Awaited<ReturnType<typeof withPlatform>>['admin'];

  beforeEach(async () => {
    chain = await TestChain.start();
    ({ admin } = await withPlatform(chain));
  });

  const args = async (goal = sol(25), days = 30) => ({
    title: 'Midnight Harbor',
    metadataUri: 'https://marquee.local/api/metadata/abc',
    goalLamports: goal,
    deadline: (await chain.now()) + BigInt(days * 86_400),
  });

  it('creates the project, a non-transferable 9-decimal share mint owned by the project PDA, and the vault', async () => {
    const studio = await withStudio(chain, admin);
    const projectArgs = await args();
    const { computeUnits } = await chain.send([createProjectIx(studio.publicKey, 0n, projectArgs)], [studio]);
    console.log(`      create_project consumed ${computeUnits} compute units`);
    const address = addresses.project(0n);
    const project = await chain.account('Project', address);
    expect(project.id.toNumber()).to.equal(0);
    expect(project.studio.toBase58()).to.equal(studio.publicKey.toBase58());
    expect(project.title).to.equal('Midnight Harbor');
    expect(project.metadataUri).to.equal(projectArgs.metadataUri);
    expect(project.metadataHash).to.deep.equal(metadataHash(projectArgs.metadataUri));
    expect(project.goalLamports.toString()).to.equal(sol(25).toString());
    expect(project.raisedLamports.toNumber()).to.equal(0);
    expect(project.deadline.toString()).to.equal(projectArgs.deadline.toString());
    expect(project.createdAt.toString()).to.equal((await chain.now()).toString());
    expect(project.status).to.deep.equal({ funding: {} });
    expect(project.fundsReleased).to.equal(false);
    expect(project.eventSeq.toNumber()).to.equal(1);
    expect(BigInt(project.genreMask.toString())).to.equal(FILM_OF_EVERY_GENRE);
    expect(project.shareMint.toBase58()).to.equal(addresses.shareMint(address).toBase58());
    expect(project.vault.toBase58()).to.equal(addresses.vault(address).toBase58());

    const mint = await chain.mint(addresses.shareMint(address), TOKEN_2022_PROGRAM_ID);
    expect(getExtensionTypes(mint.tlvData)).to.deep.equal([ExtensionType.NonTransferable]);
    expect(mint.decimals).to.equal(9);
    expect(mint.supply).to.equal(0n);
    expect(mint.mintAuthority!.toBase58()).to.equal(address.toBase58());
    expect(mint.freezeAuthority).to.equal(null);
    expect(await chain.exists(addresses.vault(address))).to.equal(true);
    expect((await chain.account('Platform', addresses.platform())).projectCount.toNumber()).to.equal(1);
    expect((await chain.account('Studio', addresses.studio(studio.publicKey))).projectCount.toNumber()).to.equal(1);
    expect(await nextProjectId(chain)).to.equal(1n);
  });

  it("stores the film's genre mask; error: InvalidGenreMask for a bit beyond the genre list, nothing created", async () => {
    const studio = await withStudio(chain, admin);
    const beyond = 1n << BigInt(client.AD_GENRES.length);
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, 0n, { ...(await args()), genreMask: beyond })], [studio]), 'InvalidGenreMask');
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, 0n, { ...(await args()), genreMask: 2n ** 64n - 1n })], [studio]), 'InvalidGenreMask');
    expect(await chain.exists(addresses.project(0n))).to.equal(false);
    const dramaThriller = client.genreMask(['Drama', 'Thriller']);
    await chain.send([createProjectIx(studio.publicKey, 0n, { ...(await args()), genreMask: dramaThriller })], [studio]);
    expect(BigInt((await chain.account('Project', addresses.project(0n))).genreMask.toString())).to.equal(dramaThriller);
  });

  it('accepts a goal of exactly 1 USD (0.001 SOL)', async () => {
    const studio = await withStudio(chain, admin);
    await chain.send([createProjectIx(studio.publicKey, 0n, await args(sol(0.001)))], [studio]);
    expect((await chain.account('Project', addresses.project(0n))).goalLamports.toString()).to.equal('1000000');
  });

  it('error: FundingGoalTooSmall below 0.001 SOL', async () => {
    const studio = await withStudio(chain, admin);
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, 0n, await args(999_999n))], [studio]), 'FundingGoalTooSmall');
  });

  it('error: FundingGoalAboveCap above the unverified cap; a verified studio may go higher', async () => {
    const studio = await withStudio(chain, admin);
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, 0n, await args(sol(1001)))], [studio]), 'FundingGoalAboveCap');
    const verified = await withStudio(chain, admin, { verified: true });
    await chain.send([createProjectIx(verified.publicKey, 0n, await args(sol(1001)))], [verified]);
    expect((await chain.account('Project', addresses.project(0n))).goalLamports.toString()).to.equal(sol(1001).toString());
  });

  it('error: DeadlineInPast for a deadline not in the future', async () => {
    const studio = await withStudio(chain, admin);
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, 0n, await args(sol(1), 0))], [studio]), 'DeadlineInPast');
  });

  it('error: InvalidAccountOwner when the wallet is not a registered studio', async () => {
    const wallet = await chain.wallet();
    await expectProgramError(chain.send([createProjectIx(wallet.publicKey, 0n, await args())], [wallet]), 'InvalidAccountOwner');
  });

  it("error: Unauthorized when signing with another studio's account", async () => {
    const studio = await withStudio(chain, admin);
    const other = await chain.wallet();
    await chain.send([registerStudioIx(other.publicKey, 'Other')], [other]);
    const ix = createProjectIx(other.publicKey, 0n, await args());
    ix.keys[2].pubkey = addresses.studio(studio.publicKey);
    await expectProgramError(chain.send([ix], [other]), 'Unauthorized');
  });

  it('error: InvalidPda when the project address is not the next id', async () => {
    const studio = await withStudio(chain, admin);
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, 5n, await args())], [studio]), 'InvalidPda');
  });

  it('error: StringTooLong for a 65-byte title', async () => {
    const studio = await withStudio(chain, admin);
    await expectProgramError(
      chain.send([createProjectIx(studio.publicKey, 0n, { ...(await args()), title: 'x'.repeat(65) })], [studio]),
      'StringTooLong',
    );
  });

  it('error: DeadlineTooFar for a deadline beyond the platform funding window (365 days), accepted at exactly 365 days', async () => {
    const studio = await withStudio(chain, admin);
    const id = await nextProjectId(chain);
    const now = await chain.now();
    const args = { title: 'Forever', metadataUri: 'https://marquee.local/api/metadata/x', goalLamports: sol(1), deadline: now + 365n * 86_400n + 1n };
    const before = await chain.balance(studio.publicKey);
    await expectProgramError(chain.send([createProjectIx(studio.publicKey, id, args)], [studio]), 'DeadlineTooFar');
    expect(await chain.balance(studio.publicKey)).to.equal(before);
    expect(await chain.exists(addresses.project(id))).to.equal(false);
    await chain.send([createProjectIx(studio.publicKey, id, { ...args, deadline: now + 365n * 86_400n })], [studio]);
    expect((await chain.account('Project', addresses.project(id))).deadline.toString()).to.equal((now + 365n * 86_400n).toString());
  });
});
