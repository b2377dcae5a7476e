// update_project_metadata: the studio that listed a film points it to a new metadata document (the
// studio portal's Edit). Run on LiteSVM, which hands back the transaction's events and the raw account.
import type { EncodedAccount } from '@solana/kit';
import { expect } from 'chai';
import { PublicKey, TransactionInstruction, type Keypair } from '@solana/web3.js';
import { addresses, errorCode, idl, sol } from '../utils/chain.ts';
import {
  claimLicenseIx,
  metadataHash,
  updateProjectMetadataIx,
  withFundedProject,
  withProject,
  withStudio,
} from '../utils/fixtures.ts';
import { plain, SvmChain, SvmFailure } from '../utils/litesvm.ts';

/** Room a Project keeps for its strings: title (4 + 64 bytes) and metadata URI (4 + 200 bytes). */
const STRINGS_SPACE = 4 + 64 + 4 + 200;
const DISCRIMINATOR = Buffer.from(idl.instructions.find((instruction) => instruction.name === 'update_project_metadata')!.discriminator);

/** Asserts that `send` fails with the program error `name`. */
function expectError(send: () => unknown, name: string): void {
  try {
    send();
  } catch (error) {
    if (error instanceof SvmFailure && error.code === errorCode(name)) return;
    throw new Error(`expected program error ${name}, got: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
  throw new Error(`expected program error ${name}, but the transaction succeeded`);
}

describe('update_project_metadata', () => {
  let chain: SvmChain;
  let admin: Keypair;
  let studio: Keypair;
  let investors: Keypair[];
  let project: { id: bigint; address: PublicKey; args: { title: string; metadataUri: string } };

  beforeEach(async () => {
    chain = SvmChain.start();
    const funded = await withFundedProject(chain.builders, 1, sol(3));
    ({ admin, studio, investors } = funded);
    project = await withProject(chain.builders, studio, { goal: sol(10) });
  });

  const update = async (signer: Keypair, uri: string, hash?: number[], target: PublicKey = project.address) =>
    chain.send([updateProjectMetadataIx(signer.publicKey, target, uri, hash)], [signer]);
  const projectData = (address: PublicKey = project.address) => Buffer.from((chain.svm.getAccount(address.toBase58() as never) as EncodedAccount).data);
  const newUri = 'https://marquee.local/api/metadata/2f1e0c9a7b6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f';

  it('replaces the URI and the hash, keeps the title and the funding terms, and emits ProjectMetadataUpdated at the next seq', async () => {
    const before = chain.account('Project', project.address);
    const result = await update(studio, newUri);
    console.log(`      update_project_metadata consumed ${result.computeUnits} compute units`);

    const after = chain.account('Project', project.address);
    expect(after.metadataUri).to.equal(newUri);
    expect(after.metadataHash).to.deep.equal(metadataHash(newUri));
    expect(after.eventSeq.toString()).to.equal(before.eventSeq.addn(1).toString());
    // Everything else is as listed.
    const { metadataUri: _u1, metadataHash: _h1, eventSeq: _s1, ...rest } = plain(after) as Record<string, unknown>;
    const { metadataUri: _u0, metadataHash: _h0, eventSeq: _s0, ...restBefore } = plain(before) as Record<string, unknown>;
    expect(rest).to.deep.equal(restBefore);

    expect(result.events.map((event) => event.name)).to.deep.equal(['ProjectMetadataUpdated']);
    expect(plain(result.events[0].data)).to.deep.equal(
      plain({
        project: project.address,
        studio: studio.publicKey,
        previousMetadataHash: metadataHash(project.args.metadataUri),
        metadataHash: metadataHash(newUri),
        previousMetadataUri: project.args.metadataUri,
        metadataUri: newUri,
        seq: BigInt(before.eventSeq.toString()) + 1n,
        timestamp: chain.now(),
      }),
    );
  });

  it('leaves no byte of a longer URI behind a shorter one', async () => {
    await update(studio, newUri);
    const shorter = 'ipfs://bafy';
    await update(studio, shorter);
    expect(chain.account('Project', project.address).metadataUri).to.equal(shorter);
    const data = projectData();
    const uriOffset = data.length - STRINGS_SPACE + 4 + Buffer.byteLength(project.args.title);
    expect(data.readUInt32LE(uriOffset)).to.equal(shorter.length);
    expect(data.subarray(uriOffset + 4, uriOffset + 4 + shorter.length).toString('utf8')).to.equal(shorter);
    expect([...data.subarray(uriOffset + 4 + shorter.length)].every((byte) => byte === 0)).to.equal(true);
  });

  it('fits the longest URI (200 bytes) after the longest title (64 bytes), in an account of unchanged size and balance', async () => {
    const longTitled = await withProject(chain.builders, studio, { title: 'T'.repeat(64) });
    const sizeBefore = projectData(longTitled.address).length;
    const balanceBefore = chain.balance(longTitled.address);
    const longest = `https://marquee.local/${'é'.repeat(89)}`;
    expect(Buffer.byteLength(longest)).to.equal(200);
    await update(studio, longest, undefined, longTitled.address);
    const after = chain.account('Project', longTitled.address);
    expect(after.title).to.equal('T'.repeat(64));
    expect(after.metadataUri).to.equal(longest);
    expect(projectData(longTitled.address).length).to.equal(sizeBefore);
    expect(chain.balance(longTitled.address)).to.equal(balanceBefore);
  });

  it('updates a funded film whose funds were released, leaving its funding state as it was', async () => {
    const funded = addresses.project(0);
    await chain.send([claimLicenseIx(studio.publicKey, funded)], [studio]);
    await update(studio, newUri, undefined, funded);
    const after = chain.account('Project', funded);
    expect(after.metadataUri).to.equal(newUri);
    expect(after.status).to.deep.equal({ funded: {} });
    expect(after.fundsReleased).to.equal(true);
  });

  it('takes a new hash at the same URI, and a new URI with the same hash, as updates', async () => {
    const sameUriNewHash = Array(32).fill(9);
    await update(studio, project.args.metadataUri, sameUriNewHash);
    expect(chain.account('Project', project.address).metadataHash).to.deep.equal(sameUriNewHash);
    await update(studio, newUri, sameUriNewHash);
    const after = chain.account('Project', project.address);
    expect(after.metadataUri).to.equal(newUri);
    expect(after.metadataHash).to.deep.equal(sameUriNewHash);
  });

  it('error: MetadataUnchanged when the URI and the hash are the ones recorded; nothing is emitted', async () => {
    const listed = updateProjectMetadataIx(studio.publicKey, project.address, project.args.metadataUri);
    expectError(() => chain.send([listed], [studio]), 'MetadataUnchanged');
    await update(studio, newUri);
    const seq = chain.account('Project', project.address).eventSeq.toString();
    const again = updateProjectMetadataIx(studio.publicKey, project.address, newUri);
    expectError(() => chain.send([again], [studio]), 'MetadataUnchanged');
    expect(chain.account('Project', project.address).eventSeq.toString()).to.equal(seq);
  });

  it('error: InvalidMetadataHash for an all-zero hash', async () => {
    const ix = updateProjectMetadataIx(studio.publicKey, project.address, newUri, Array(32).fill(0));
    expectError(() => chain.send([ix], [studio]), 'InvalidMetadataHash');
    expect(chain.account('Project', project.address).metadataUri).to.equal(project.args.metadataUri);
  });

  it("error: Unauthorized for anyone but the film's studio: another studio, the admin, an investor", async () => {
    const otherStudio = await withStudio(chain.builders, admin);
    for (const signer of [otherStudio, admin, investors[0]]) {
      const ix = updateProjectMetadataIx(signer.publicKey, project.address, newUri);
      expectError(() => chain.send([ix], [signer]), 'Unauthorized');
    }
    // Another studio's own film is not this one: its authority cannot edit this film through it either.
    const theirs = await withProject(chain.builders, otherStudio);
    const ix = updateProjectMetadataIx(otherStudio.publicKey, theirs.address, newUri);
    ix.keys[1].pubkey = project.address;
    expectError(() => chain.send([ix], [otherStudio]), 'Unauthorized');
    expect(chain.account('Project', project.address).metadataUri).to.equal(project.args.metadataUri);
  });

  it('error: MissingSignature when the studio did not sign', async () => {
    const ix = updateProjectMetadataIx(studio.publicKey, project.address, newUri);
    ix.keys[0].isSigner = false;
    expectError(() => chain.send([ix], []), 'MissingSignature');
  });

  it('error: StringTooLong over 200 bytes, StringEmpty for an empty URI, StringNotUtf8 for bytes that are not UTF-8', async () => {
    const tooLong = `https://marquee.local/${'a'.repeat(179)}`;
    expect(Buffer.byteLength(tooLong)).to.equal(201);
    expectError(() => chain.send([ix(tooLong)], [studio]), 'StringTooLong');
    expectError(() => chain.send([ix('')], [studio]), 'StringEmpty');
    expectError(() => chain.send([ix(Buffer.from([0x68, 0x74, 0xff, 0xfe]))], [studio]), 'StringNotUtf8');

    function ix(uri: string | Buffer) {
      const bytes = Buffer.from(uri);
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      const data = Buffer.concat([DISCRIMINATOR, length, bytes, Buffer.from(metadataHash('x'))]);
      return rawIx(data);
    }
  });

  it('error: InvalidInstructionData for trailing bytes after the arguments', async () => {
    const built = updateProjectMetadataIx(studio.publicKey, project.address, newUri);
    expectError(() => chain.send([rawIx(Buffer.concat([built.data, Buffer.from([0])]))], [studio]), 'InvalidInstructionData');
  });

  it('error: InvalidAccountData for another kind of program account, InvalidAccountOwner for a wallet, AccountNotWritable for a read-only project', async () => {
    const cases: [(ix: TransactionInstruction) => void, string][] = [
      [(ix) => (ix.keys[1].pubkey = addresses.studio(studio.publicKey)), 'InvalidAccountData'],
      [(ix) => (ix.keys[1].pubkey = investors[0].publicKey), 'InvalidAccountOwner'],
      [(ix) => (ix.keys[1].isWritable = false), 'AccountNotWritable'],
    ];
    for (const [mutate, error] of cases) {
      const ix = updateProjectMetadataIx(studio.publicKey, project.address, newUri);
      mutate(ix);
      expectError(() => chain.send([ix], [studio]), error);
    }
  });

  it('error: InvalidEventAuthority for another event authority, NotEnoughAccounts without the program', async () => {
    const wrongAuthority = updateProjectMetadataIx(studio.publicKey, project.address, newUri);
    wrongAuthority.keys[2].pubkey = PublicKey.unique();
    expectError(() => chain.send([wrongAuthority], [studio]), 'InvalidEventAuthority');
    const short = updateProjectMetadataIx(studio.publicKey, project.address, newUri);
    short.keys.pop();
    expectError(() => chain.send([short], [studio]), 'NotEnoughAccounts');
  });

  it('error: InvalidAccountData (defensive) when the stored title or URI length is one the program never writes', async () => {
    // No valid sequence of instructions gets here: the account is corrupted from outside, as a bug elsewhere might.
    const corrupt = (offsetFromStrings: (data: Buffer) => number, length: number) => {
      const account = chain.svm.getAccount(project.address.toBase58() as never) as EncodedAccount;
      const data = Buffer.from(account.data);
      data.writeUInt32LE(length, offsetFromStrings(data));
      chain.svm.setAccount({ ...account, address: project.address.toBase58() as never, data });
    };
    const stringsOffset = (data: Buffer) => data.length - STRINGS_SPACE;
    const uriOffset = (data: Buffer) => stringsOffset(data) + 4 + Buffer.byteLength(project.args.title);
    corrupt(uriOffset, 201);
    expectError(() => chain.send([ixFor(newUri)], [studio]), 'InvalidAccountData');
    corrupt(uriOffset, project.args.metadataUri.length);
    corrupt(stringsOffset, 65);
    expectError(() => chain.send([ixFor(newUri)], [studio]), 'InvalidAccountData');
  });

  /** update_project_metadata as the studio, built synchronously with the IDL's coder. */
  function ixFor(uri: string): TransactionInstruction {
    const length = Buffer.alloc(4);
    length.writeUInt32LE(Buffer.byteLength(uri));
    return rawIx(Buffer.concat([DISCRIMINATOR, length, Buffer.from(uri), Buffer.from(metadataHash(uri))]));
  }

  /** The instruction with its accounts as built for the studio and the project, and `data`. */
  function rawIx(data: Buffer): TransactionInstruction {
    return new TransactionInstruction({
      programId: new PublicKey(idl.address),
      keys: [
        { pubkey: studio.publicKey, isSigner: true, isWritable: false },
        { pubkey: project.address, isSigner: false, isWritable: true },
        { pubkey: addresses.eventAuthority(), isSigner: false, isWritable: false },
        { pubkey: new PublicKey(idl.address), isSigner: false, isWritable: false },
      ],
      data,
    });
  }
});
