// A ChainSource over the real marquee.so running in LiteSVM, through the program team's harness
// (tests/utils/litesvm.ts): every transaction the harness sends is recorded with its message's
// account keys and LiteSVM's inner instructions, and served like getTransaction would.
import anchor from '@coral-xyz/anchor';
import type { Keypair, TransactionInstruction } from '@solana/web3.js';
import type { InnerInstruction } from 'litesvm';
import { MARQUEE_PROGRAM_ADDRESS, type ChainTransaction } from '@marquee/program-client';
import type { ChainSource, SignatureInfo, SignatureQuery } from '../../src/sources/source.ts';
import type { SvmChain } from '../../../tests/utils/litesvm.ts';

const { bs58 } = anchor.utils.bytes;
const { Transaction } = anchor.web3;

export class LiteSvmSource implements ChainSource {
  readonly cluster = 'demo';
  readonly log: { tx: ChainTransaction; addresses: string[] }[] = [];

  constructor(readonly chain: SvmChain) {
    const send = chain.send.bind(chain);
    chain.send = (instructions: TransactionInstruction[], signers: Keypair[], feePayer: Keypair = chain.payer) => {
      const clock = chain.svm.getClock();
      const result = send(instructions, signers, feePayer);
      const message = new Transaction({ feePayer: feePayer.publicKey, recentBlockhash: bs58.encode(Buffer.alloc(32)) })
        .add(...instructions)
        .compileMessage();
      const signature = bs58.encode(result.signature);
      const meta = chain.svm.getTransaction(signature as never);
      if (!meta || !('innerInstructions' in meta)) throw new Error(`LiteSVM has no metadata for ${signature}`);
      const groups = (meta.innerInstructions as () => InnerInstruction[][])();
      const tx: ChainTransaction = {
        signature,
        slot: Number(clock.slot),
        blockTime: Number(clock.unixTimestamp),
        err: null,
        accountKeys: message.accountKeys.map((key) => key.toBase58()),
        innerInstructions: groups.map((group, index) => ({
          index,
          instructions: group.map((inner) => ({
            programIdIndex: inner.instruction().programIdIndex(),
            data: inner.instruction().data(),
          })),
        })),
      };
      this.log.push({ tx, addresses: tx.accountKeys });
      return result;
    };
  }

  async getTransaction(signature: string): Promise<ChainTransaction | null> {
    return this.log.find((entry) => entry.tx.signature === signature)?.tx ?? null;
  }

  async getSignatures(address: string, query: SignatureQuery): Promise<SignatureInfo[]> {
    const newestFirst = this.log
      .filter((entry) => entry.addresses.includes(address) || address === MARQUEE_PROGRAM_ADDRESS)
      .map((entry) => ({ signature: entry.tx.signature, slot: entry.tx.slot, failed: false }))
      .reverse();
    const start = query.before ? newestFirst.findIndex((entry) => entry.signature === query.before) + 1 : 0;
    const untilIndex = query.until ? newestFirst.findIndex((entry) => entry.signature === query.until) : -1;
    return newestFirst.slice(start, untilIndex >= 0 ? untilIndex : undefined).slice(0, query.limit ?? 1000);
  }
}
