// How the program routes an instruction by its 8-byte discriminator (read as one u64): data too
// short to hold one, or a discriminator of no instruction, is InvalidInstruction; the event
// instruction (Anchor's EVENT_IX_TAG) is accepted only from the program itself, signed by its
// event authority, so no outside transaction can forge an event.
import { type Keypair, TransactionInstruction } from '@solana/web3.js';
import { EVENT_IX_TAG } from '@marquee/program-client';
import { addresses, expectProgramError, PROGRAM_ID, TestChain } from '../utils/chain.ts';

describe('routing', () => {
  let chain: TestChain;
  let caller: Keypair;
  const eventAuthority = addresses.eventAuthority();
  const raw = (data: Uint8Array, keys = [{ pubkey: caller.publicKey, isSigner: true, isWritable: true }]) =>
    new TransactionInstruction({ programId: PROGRAM_ID, keys, data: Buffer.from(data) });

  before(async () => {
    chain = await TestChain.start();
    caller = await chain.wallet();
  });

  it('error: InvalidInstruction when the data is shorter than a discriminator (no data, 7 bytes)', async () => {
    await expectProgramError(chain.send([raw(new Uint8Array(0))], [caller]), 'InvalidInstruction');
    await expectProgramError(chain.send([raw(EVENT_IX_TAG.subarray(0, 7))], [caller]), 'InvalidInstruction');
  });

  it('error: InvalidInstruction for a discriminator of no instruction, even one a bit away from a real one', async () => {
    await expectProgramError(chain.send([raw(new Uint8Array(8).fill(0xab))], [caller]), 'InvalidInstruction');
    const nearEvent = Uint8Array.from(EVENT_IX_TAG);
    nearEvent[7] ^= 1;
    await expectProgramError(chain.send([raw(nearEvent)], [caller]), 'InvalidInstruction');
  });

  it('error: InvalidEventAuthority when an event instruction comes from outside, signed by anyone else', async () => {
    const forged = Uint8Array.from([...EVENT_IX_TAG, ...new Uint8Array(8)]);
    await expectProgramError(chain.send([raw(forged)], [caller]), 'InvalidEventAuthority');
  });

  it('error: InvalidEventAuthority when an event instruction names the event authority without its signature', async () => {
    const forged = Uint8Array.from([...EVENT_IX_TAG, ...new Uint8Array(8)]);
    const keys = [{ pubkey: eventAuthority, isSigner: false, isWritable: false }];
    await expectProgramError(chain.send([raw(forged, keys)], []), 'InvalidEventAuthority');
  });

  it('error: NotEnoughAccounts when an event instruction has no account', async () => {
    await expectProgramError(chain.send([raw(EVENT_IX_TAG, [])], []), 'NotEnoughAccounts');
  });
});
