// register_embed: a publisher registers a website embed of a funded project (Embed PDA
// ["embed", project, embed_id]); the project counts its embeds.
import { expect } from 'chai';
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { addresses, expectProgramError, PROGRAM_ID, sol, TestChain } from '../utils/bankrun.ts';
import { registerEmbedIx, withProject, withStudio } from '../utils/fixtures.ts';
import { anotherFundedProject, big, registerEmbed, withRevenueProject } from '../utils/revenue.ts';

describe('register_embed', () => {
  let chain: TestChain;
  let project: PublicKey;

  beforeEach(async () => {
    chain = await TestChain.start();
    ({ project: { address: project } } = await withRevenueProject(chain));
  });

  /** A register_embed instruction with any embed address (for ids the client-side PDA helper refuses). */
  const rawIx = (publisher: PublicKey, embedId: string, websiteUrl: string, embed: PublicKey) =>
    chain.program.methods
      .registerEmbed(embedId, websiteUrl)
      .accountsPartial({ publisher, project, embed, eventAuthority: addresses.eventAuthority(), program: PROGRAM_ID })
      .instruction();

  it('creates the Embed for the signing publisher and counts it on the project', async () => {
    const publisher = await chain.wallet(sol(5));
    const before = await chain.account('Project', project);
    const publisherBefore = await chain.balance(publisher.publicKey);
    const embedId = `embed-${before.id.toString()}-1767225600000`;

    const { address, result } = await registerEmbed(chain, project, embedId, {
      publisher,
      websiteUrl: 'https://cinema-blog.example.com/reviews/the-last-reel',
    });
    console.log(`      register_embed consumed ${result.computeUnits} compute units`);

    const embed = await chain.account('Embed', address);
    expect(embed.project.toBase58()).to.equal(project.toBase58());
    expect(embed.publisher.toBase58()).to.equal(publisher.publicKey.toBase58());
    expect(embed.embedId).to.equal(embedId);
    expect(embed.websiteUrl).to.equal('https://cinema-blog.example.com/reviews/the-last-reel');
    expect(big(embed.totalViews)).to.equal(0n);
    expect(big(embed.earnedLamports)).to.equal(0n);
    expect(big(embed.claimedLamports)).to.equal(0n);
    expect(big(embed.registeredAt)).to.equal(await chain.now());
    expect(embed.bump).to.equal(PublicKey.findProgramAddressSync([Buffer.from('embed'), project.toBuffer(), Buffer.from(embedId)], PROGRAM_ID)[1]);

    const after = await chain.account('Project', project);
    expect(after.embedCount).to.equal(before.embedCount + 1);
    expect(big(after.eventSeq)).to.equal(big(before.eventSeq) + 1n);
    // The publisher paid exactly the embed's rent (the harness's payer pays the fee).
    expect(publisherBefore - (await chain.balance(publisher.publicKey))).to.equal(await chain.balance(address));
  });

  it('lets one publisher register several embeds, and the same id on another project', async () => {
    const publisher = await chain.wallet(sol(5));
    await registerEmbed(chain, project, 'home-page', { publisher });
    await registerEmbed(chain, project, 'sidebar', { publisher, websiteUrl: 'http://films.example.org' });
    expect((await chain.account('Project', project)).embedCount).to.equal(2);

    const second = await anotherFundedProject(chain);
    const other = await registerEmbed(chain, second.project.address, 'home-page', { publisher });
    expect(other.address.toBase58()).to.not.equal(addresses.embed(project, 'home-page').toBase58());
    expect((await chain.account('Embed', other.address)).project.toBase58()).to.equal(second.project.address.toBase58());
  });

  it('accepts a 32-byte embed id and a 200-byte URL', async () => {
    const embedId = 'x'.repeat(32);
    const websiteUrl = `https://${'a'.repeat(200 - 'https://'.length)}`;
    const { address } = await registerEmbed(chain, project, embedId, { websiteUrl });
    const embed = await chain.account('Embed', address);
    expect(embed.embedId).to.equal(embedId);
    expect(embed.websiteUrl).to.equal(websiteUrl);
  });

  it('error: ProjectNotFunded when the project is still funding', async () => {
    const studio = await withStudio(chain, Keypair.generate());
    const funding = await withProject(chain, studio, { goal: sol(5) });
    const publisher = await chain.wallet(sol(5));
    await expectProgramError(
      chain.send([await registerEmbedIx(chain, publisher.publicKey, funding.address, 'early', 'https://early.example.com')], [publisher]),
      'ProjectNotFunded',
    );
    expect(await chain.exists(addresses.embed(funding.address, 'early'))).to.equal(false);
  });

  for (const websiteUrl of ['ftp://films.example.com', 'films.example.com', 'https://films.example.com/a b', 'https://', 'HTTPS://films.example.com', 'https://films.example.com\n']) {
    it(`error: InvalidWebsiteUrl when the URL is ${JSON.stringify(websiteUrl)}`, async () => {
      const publisher = await chain.wallet(sol(5));
      await expectProgramError(
        chain.send([await registerEmbedIx(chain, publisher.publicKey, project, 'bad-url', websiteUrl)], [publisher]),
        'InvalidWebsiteUrl',
      );
    });
  }

  it('error: StringTooLong when the embed id exceeds 32 bytes or the URL 200 bytes', async () => {
    const publisher = await chain.wallet(sol(5));
    // A 33-byte id cannot be a PDA seed: any embed address will do, the id is rejected first.
    await expectProgramError(
      chain.send([await rawIx(publisher.publicKey, 'x'.repeat(33), 'https://films.example.com', Keypair.generate().publicKey)], [publisher]),
      'StringTooLong',
    );
    const longUrl = `https://${'a'.repeat(201 - 'https://'.length)}`;
    await expectProgramError(
      chain.send([await registerEmbedIx(chain, publisher.publicKey, project, 'long-url', longUrl)], [publisher]),
      'StringTooLong',
    );
  });

  it('error: StringEmpty when the embed id or the URL is empty', async () => {
    const publisher = await chain.wallet(sol(5));
    await expectProgramError(
      chain.send([await registerEmbedIx(chain, publisher.publicKey, project, '', 'https://films.example.com')], [publisher]),
      'StringEmpty',
    );
    await expectProgramError(
      chain.send([await registerEmbedIx(chain, publisher.publicKey, project, 'no-url', '')], [publisher]),
      'StringEmpty',
    );
  });

  it('error: AlreadyInitialized when the embed id is taken on this project, even by another publisher', async () => {
    const first = await registerEmbed(chain, project, 'front-page');
    const intruder = await chain.wallet(sol(5));
    await expectProgramError(
      chain.send([await registerEmbedIx(chain, intruder.publicKey, project, 'front-page', 'https://intruder.example.com')], [intruder]),
      'AlreadyInitialized',
    );
    const embed = await chain.account('Embed', first.address);
    expect(embed.publisher.toBase58()).to.equal(first.publisher.publicKey.toBase58());
    expect((await chain.account('Project', project)).embedCount).to.equal(1);
  });

  it("error: InvalidPda when the embed account is not the PDA of (project, embed id)", async () => {
    const publisher = await chain.wallet(sol(5));
    await expectProgramError(
      chain.send([await rawIx(publisher.publicKey, 'mine', 'https://films.example.com', addresses.embed(project, 'other'))], [publisher]),
      'InvalidPda',
    );
  });

  it('error: MissingSignature when the publisher did not sign', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = await registerEmbedIx(chain, publisher.publicKey, project, 'unsigned', 'https://films.example.com');
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidAccountOwner when the project is not a program account', async () => {
    const publisher = await chain.wallet(sol(5));
    const fake = await chain.wallet(sol(1));
    const ix = await rawIx(publisher.publicKey, 'fake', 'https://films.example.com', addresses.embed(fake.publicKey, 'fake'));
    ix.keys[1].pubkey = fake.publicKey;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidAccountOwner');
  });

  it('error: InvalidAccountData when the project is another kind of program account', async () => {
    const publisher = await chain.wallet(sol(5));
    const platform = addresses.platform();
    const ix = await rawIx(publisher.publicKey, 'fake', 'https://films.example.com', addresses.embed(platform, 'fake'));
    ix.keys[1].pubkey = platform;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidAccountData');
  });

  it('error: AccountNotWritable when the project is passed read-only', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = await registerEmbedIx(chain, publisher.publicKey, project, 'read-only', 'https://films.example.com');
    ix.keys[1].isWritable = false;
    await expectProgramError(chain.send([ix], [publisher]), 'AccountNotWritable');
  });

  it('error: InvalidProgram when the system program is substituted', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = await registerEmbedIx(chain, publisher.publicKey, project, 'no-system', 'https://films.example.com');
    const system = ix.keys.find((key) => key.pubkey.equals(SystemProgram.programId))!;
    system.pubkey = PROGRAM_ID;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidProgram');
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = await registerEmbedIx(chain, publisher.publicKey, project, 'no-events', 'https://films.example.com');
    ix.keys.find((key) => key.pubkey.equals(addresses.eventAuthority()))!.pubkey = (await chain.wallet(sol(1))).publicKey;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidEventAuthority');
  });

  it('error: NotEnoughAccounts and InvalidInstructionData on a truncated instruction', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = await registerEmbedIx(chain, publisher.publicKey, project, 'short', 'https://films.example.com');
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, keys: ix.keys.slice(0, 5) })], [publisher]), 'NotEnoughAccounts');
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, data: ix.data.subarray(0, ix.data.length - 1) })], [publisher]), 'InvalidInstructionData');
  });
});
