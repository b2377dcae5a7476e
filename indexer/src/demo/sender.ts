// How a demo action reaches the chain: its transaction sent and committed at once, then awaited
// until the indexer has it, so the action answers with what the API already shows. Also the reads
// every action starts from (a project by id) and the totals of a committed transaction's events.
import anchor from '@coral-xyz/anchor';
import { decodeTransactionEvents, pda } from '@marquee/program-client';
import type { ClusterContext } from '../cluster.ts';
import { LAMPORTS_PER_AMOUNT_UNIT } from '../constants.ts';
import { DemoActionError } from './action-error.ts';
import { DemoTransactionError, type DemoChain } from './chain.ts';

type Keypair = anchor.web3.Keypair;
type PublicKey = anchor.web3.PublicKey;

/** A Project account as the demo's actions read it. */
export interface ProjectAccount {
  id: anchor.BN;
  /** The studio's wallet (its authority). */
  studio: PublicKey;
  status: Record<string, object>;
  distribution_count: anchor.BN;
}

export class DemoSender {
  constructor(
    readonly chain: DemoChain,
    private readonly cluster: ClusterContext,
  ) {}

  project(projectId: number): { address: PublicKey; account: ProjectAccount } {
    const address = pda.project(projectId);
    const account = this.chain.account<ProjectAccount>('Project', address);
    if (!account) throw new DemoActionError(404, 'Project not found');
    return { address, account };
  }

  /** Sends and commits the transaction at once (synchronously), then waits until it is indexed. */
  async run(instructions: anchor.web3.TransactionInstruction[], signers: Keypair[]): Promise<string> {
    let signature: string;
    try {
      signature = this.chain.send(instructions, signers).signature;
    } catch (error) {
      if (error instanceof DemoTransactionError) throw new DemoActionError(400, error.message);
      throw error;
    }
    await this.indexed(signature);
    return signature;
  }

  /** Resolves once the committed transaction is in the index (a duplicate of the pushed ingestion). */
  async indexed(signature: string): Promise<void> {
    const transaction = this.chain.committed(signature);
    // Inside a chain batch nothing is committed yet: the batch's commit pushes it to the indexer.
    if (transaction) await this.cluster.indexer.ingestTransaction(transaction);
  }

  /** The lamports the `name` events of a committed transaction moved, in the API's amount units too. */
  eventTotal(signature: string, name: string): { amount: number; amountLamports: string } {
    const lamports = decodeTransactionEvents(this.chain.committed(signature)!)
      .filter((event) => event.name === name)
      .reduce((sum, event) => sum + BigInt(event.data.amount_lamports as bigint), 0n);
    return { amount: Number(lamports) / LAMPORTS_PER_AMOUNT_UNIT, amountLamports: lamports.toString() };
  }
}
