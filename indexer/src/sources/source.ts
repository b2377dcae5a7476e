// The interface every chain source implements: the RPC source (any cluster URL), the Helius webhook
// (push only, through the API), and the demo chain (in process).
import type { ChainTransaction } from '@marquee/program-client';

export interface SignatureInfo {
  signature: string;
  slot: number;
  /** Failed transactions are listed too; they carry no events. */
  failed: boolean;
}

export interface SignatureQuery {
  /** Start listing below this signature (exclusive). */
  before?: string;
  /** Stop listing at this signature (exclusive). */
  until?: string;
  limit?: number;
}

/** Something a source pushes: a new signature, with the transaction when the source already has it. */
export interface SourceNotification {
  signature: string;
  transaction?: ChainTransaction;
}

/** How settled a read must be: `confirmed` (what ingestion reads) or `finalized` (what reconciliation checks). */
export type Commitment = 'confirmed' | 'finalized';

export interface TransactionQuery {
  /** Default `confirmed`. */
  commitment?: Commitment;
}

export interface ChainSource {
  /** 'demo', 'devnet', 'mainnet-beta', 'localnet', … */
  readonly cluster: string;
  /** The transaction at the asked commitment (default `confirmed`), or null when the cluster has none by that signature. */
  getTransaction(signature: string, query?: TransactionQuery): Promise<ChainTransaction | null>;
  /**
   * The newest slot the cluster has finalized: transactions ingested at `confirmed` up to it are
   * read back at `finalized`, and those gone are rolled back. A source without it is not reconciled.
   */
  finalizedSlot?(): Promise<number>;
  /**
   * Whether the cluster knows each signature at all, its whole history searched
   * (getSignatureStatuses with searchTransactionHistory: true): what confirms a transaction the
   * finality pass could not read is really gone. Without it nothing is ever rolled back.
   */
  signatureKnown?(signatures: string[]): Promise<boolean[]>;
  /** Signatures of transactions that touched `address`, newest first (getSignaturesForAddress). */
  getSignatures(address: string, query: SignatureQuery): Promise<SignatureInfo[]>;
  /** Pushes the program's new transactions as they confirm; returns the unsubscribe. */
  subscribe?(programId: string, listener: (notification: SourceNotification) => void): () => void;
}
