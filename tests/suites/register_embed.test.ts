// register_embed: a publisher registers a website embed of a funded project (Embed PDA
// ["embed", project, publisher, embed_id]); the project counts its embeds.
import { expect } from 'chai';
import { Keypair, PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { addresses, expectProgramError, PROGRAM_ID, sol, TestChain } from '../utils/chain.ts';
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
  const rawIx = (publisher: PublicKey, embedId: string, websiteUrl: string, embed: PublicKey) => registerEmbedIx(publisher, project, embedId, websiteUrl, embed);

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
    expect(embed.bump).to.equal(
      PublicKey.findProgramAddressSync([Buffer.from('embed'), project.toBuffer(), publisher.publicKey.toBuffer(), Buffer.from(embedId)], PROGRAM_ID)[1],
    );

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
    expect(other.address.toBase58()).to.not.equal(addresses.embed(project, publisher.publicKey, 'home-page').toBase58());
    expect((await chain.account('Embed', other.address)).project.toBase58()).to.equal(second.project.address.toBase58());
  });

  it('accepts a 64-byte embed id (two seeds) and a 200-byte URL', async () => {
    const embedId = 'x'.repeat(32) + 'Y_z.-0'.repeat(5) + 'ab';
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
      chain.send([registerEmbedIx(publisher.publicKey, funding.address, 'early', 'https://early.example.com')], [publisher]),
      'ProjectNotFunded',
    );
    expect(await chain.exists(addresses.embed(funding.address, publisher.publicKey, 'early'))).to.equal(false);
  });

  /** Registers `embedId` at `websiteUrl` for a fresh publisher of the film and expects the program error `error`. */
  const expectRejected = async (embedId: string, websiteUrl: string, error: string) => {
    const publisher = await chain.wallet(sol(5));
    await expectProgramError(chain.send([registerEmbedIx(publisher.publicKey, project, embedId, websiteUrl)], [publisher]), error);
  };

  for (const websiteUrl of ['ftp://films.example.com', 'films.example.com', 'https://films.example.com/a b', 'https://', 'HTTPS://films.example.com', 'https://films.example.com\n', 'https://exämple.com']) {
    it(`error: InvalidWebsiteUrl when the URL is ${JSON.stringify(websiteUrl)}`, async () => {
      await expectRejected('bad-url', websiteUrl, 'InvalidWebsiteUrl');
    });
  }

  it('error: StringTooLong when the embed id exceeds 64 bytes or the URL 200 bytes', async () => {
    const publisher = await chain.wallet(sol(5));
    // A 65-byte id cannot be two PDA seeds: any embed address will do, the id is rejected first.
    await expectProgramError(
      chain.send([await rawIx(publisher.publicKey, 'x'.repeat(65), 'https://films.example.com', Keypair.generate().publicKey)], [publisher]),
      'StringTooLong',
    );
    await expectRejected('long-url', `https://${'a'.repeat(201 - 'https://'.length)}`, 'StringTooLong');
  });

  it('error: StringEmpty when the embed id or the URL is empty', async () => {
    await expectRejected('', 'https://films.example.com', 'StringEmpty');
    await expectRejected('no-url', '', 'StringEmpty');
  });

  it('error: AlreadyInitialized when the publisher registers the same embed id twice', async () => {
    const first = await registerEmbed(chain, project, 'front-page');
    await expectProgramError(
      chain.send([registerEmbedIx(first.publisher.publicKey, project, 'front-page', 'https://again.example.com')], [first.publisher]),
      'AlreadyInitialized',
    );
    expect((await chain.account('Embed', first.address)).websiteUrl).to.equal('https://front-page.example.com/films');
  });

  it("cannot be squatted: another publisher's embed with the same id is a separate account, the first untouched", async () => {
    const first = await registerEmbed(chain, project, 'front-page');
    const intruder = await chain.wallet(sol(5));
    const copy = await registerEmbed(chain, project, 'front-page', { publisher: intruder, websiteUrl: 'https://intruder.example.com' });
    expect(copy.address.toBase58()).to.not.equal(first.address.toBase58());
    expect((await chain.account('Embed', copy.address)).publisher.toBase58()).to.equal(intruder.publicKey.toBase58());
    // The intruder cannot create the account at the first publisher's address either: its PDA names the first publisher.
    await expectProgramError(
      chain.send([await rawIx(intruder.publicKey, 'other-id', 'https://intruder.example.com', addresses.embed(project, first.publisher.publicKey, 'other-id'))], [intruder]),
      'InvalidPda',
    );
    const embed = await chain.account('Embed', first.address);
    expect(embed.publisher.toBase58()).to.equal(first.publisher.publicKey.toBase58());
    expect((await chain.account('Project', project)).embedCount).to.equal(2);
  });

  for (const embedId of ['embed id', 'embed/1', '<b>', 'embed-\u00e9', 'a\u0000b']) {
    it(`error: InvalidEmbedId when the embed id is ${JSON.stringify(embedId)}`, async () => {
      const publisher = await chain.wallet(sol(5));
      const before = await chain.balance(publisher.publicKey);
      await expectProgramError(
        chain.send([await rawIx(publisher.publicKey, embedId, 'https://films.example.com', Keypair.generate().publicKey)], [publisher]),
        'InvalidEmbedId',
      );
      expect(await chain.balance(publisher.publicKey)).to.equal(before);
      expect((await chain.account('Project', project)).embedCount).to.equal(0);
    });
  }

  /** register_embed's data with raw bytes for its strings (Anchor's coder only writes valid UTF-8). */
  const rawBytesIx = async (publisher: PublicKey, embedId: Buffer, websiteUrl: Buffer) => {
    const ix = await rawIx(publisher, 'placeholder', 'https://placeholder.example.com', Keypair.generate().publicKey);
    const string = (bytes: Buffer) => Buffer.concat([Buffer.from(Uint32Array.of(bytes.length).buffer), bytes]);
    ix.data = Buffer.concat([ix.data.subarray(0, 8), string(embedId), string(websiteUrl)]);
    return ix;
  };

  it('error: StringNotUtf8 when the embed id or the URL is not UTF-8 (the indexer could not decode the event)', async () => {
    const publisher = await chain.wallet(sol(5));
    for (const [embedId, websiteUrl] of [
      [Buffer.from([0xff]), Buffer.from('https://films.example.com')],
      [Buffer.from('ok-id'), Buffer.concat([Buffer.from('https://films.example.com/'), Buffer.from([0xc3])])],
    ]) {
      await expectProgramError(chain.send([await rawBytesIx(publisher.publicKey, embedId, websiteUrl)], [publisher]), 'StringNotUtf8');
    }
    expect((await chain.account('Project', project)).embedCount).to.equal(0);
  });

  it("error: InvalidPda when the embed account is not the PDA of (project, publisher, embed id)", async () => {
    const publisher = await chain.wallet(sol(5));
    await expectProgramError(
      chain.send([await rawIx(publisher.publicKey, 'mine', 'https://films.example.com', addresses.embed(project, publisher.publicKey, 'other'))], [publisher]),
      'InvalidPda',
    );
  });

  it('error: MissingSignature when the publisher did not sign', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = registerEmbedIx(publisher.publicKey, project, 'unsigned', 'https://films.example.com');
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidAccountOwner when the project is not a program account', async () => {
    const publisher = await chain.wallet(sol(5));
    const fake = await chain.wallet(sol(1));
    const ix = await rawIx(publisher.publicKey, 'fake', 'https://films.example.com', addresses.embed(fake.publicKey, publisher.publicKey, 'fake'));
    ix.keys[1].pubkey = fake.publicKey;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidAccountOwner');
  });

  it('error: InvalidAccountData when the project is another kind of program account', async () => {
    const publisher = await chain.wallet(sol(5));
    const platform = addresses.platform();
    const ix = await rawIx(publisher.publicKey, 'fake', 'https://films.example.com', addresses.embed(platform, publisher.publicKey, 'fake'));
    ix.keys[1].pubkey = platform;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidAccountData');
  });

  it('error: AccountNotWritable when the project is passed read-only', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = registerEmbedIx(publisher.publicKey, project, 'read-only', 'https://films.example.com');
    ix.keys[1].isWritable = false;
    await expectProgramError(chain.send([ix], [publisher]), 'AccountNotWritable');
  });

  it('error: InvalidProgram when the system program is substituted', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = registerEmbedIx(publisher.publicKey, project, 'no-system', 'https://films.example.com');
    const system = ix.keys.find((key) => key.pubkey.equals(SystemProgram.programId))!;
    system.pubkey = PROGRAM_ID;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidProgram');
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = registerEmbedIx(publisher.publicKey, project, 'no-events', 'https://films.example.com');
    ix.keys.find((key) => key.pubkey.equals(addresses.eventAuthority()))!.pubkey = (await chain.wallet(sol(1))).publicKey;
    await expectProgramError(chain.send([ix], [publisher]), 'InvalidEventAuthority');
  });

  it('error: NotEnoughAccounts and InvalidInstructionData on a truncated instruction', async () => {
    const publisher = await chain.wallet(sol(5));
    const ix = registerEmbedIx(publisher.publicKey, project, 'short', 'https://films.example.com');
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, keys: ix.keys.slice(0, 5) })], [publisher]), 'NotEnoughAccounts');
    await expectProgramError(chain.send([new TransactionInstruction({ ...ix, data: ix.data.subarray(0, ix.data.length - 1) })], [publisher]), 'InvalidInstructionData');
  });
});
