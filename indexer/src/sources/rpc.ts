// ChainSource for any cluster's JSON-RPC endpoint: getTransaction / getSignaturesForAddress over
// HTTP, new transactions through the websocket logsSubscribe (onLogs) of the program.
import anchor from '@coral-xyz/anchor';
import { toChainTransaction, type ChainTransaction } from '@marquee/program-client';
import type { ChainSource, SignatureInfo, SignatureQuery, SourceNotification, TransactionQuery } from './source.ts';

const { Connection, PublicKey } = anchor.web3;
const COMMITMENT = 'confirmed';
const RECONNECT_PROBE_MS = 30_000;

export interface RpcSourceOptions {
  cluster: string;
  rpcUrl: string;
  /** Defaults to the RPC URL with ws(s):// */
  wsUrl?: string;
}

export class RpcSource implements ChainSource {
  readonly cluster: string;
  readonly connection: InstanceType<typeof Connection>;

  constructor(options: RpcSourceOptions) {
    this.cluster = options.cluster;
    this.connection = new Connection(options.rpcUrl, { commitment: COMMITMENT, wsEndpoint: options.wsUrl });
  }

  async getTransaction(signature: string, query: TransactionQuery = {}): Promise<ChainTransaction | null> {
    const response = await this.connection.getTransaction(signature, {
      commitment: query.commitment ?? COMMITMENT,
      maxSupportedTransactionVersion: 0,
    });
    return response ? toChainTransaction(response, signature) : null;
  }

  finalizedSlot(): Promise<number> {
    return this.connection.getSlot('finalized');
  }

  async signatureKnown(signatures: string[]): Promise<boolean[]> {
    const { value } = await this.connection.getSignatureStatuses(signatures, { searchTransactionHistory: true });
    return value.map((status) => status !== null);
  }

  async getSignatures(address: string, query: SignatureQuery): Promise<SignatureInfo[]> {
    const list = await this.connection.getSignaturesForAddress(
      new PublicKey(address),
      { before: query.before, until: query.until, limit: query.limit },
      COMMITMENT,
    );
    return list.map((entry) => ({ signature: entry.signature, slot: entry.slot, failed: entry.err !== null }));
  }

  /**
   * Subscribes once the cluster's HTTP endpoint has answered: web3.js's websocket client logs every
   * failed reconnection, so an unreachable cluster (no network) would flood the server's output.
   * Until then it probes every RECONNECT_PROBE_MS; the periodic backfill still catches up meanwhile.
   */
  subscribe(programId: string, listener: (notification: SourceNotification) => void): () => void {
    let subscription: number | undefined;
    let probe: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = () => {
      this.connection.getSlot(COMMITMENT).then(
        () => {
          if (stopped) return;
          subscription = this.connection.onLogs(
            new PublicKey(programId),
            (logs) => {
              if (!logs.err) listener({ signature: logs.signature });
            },
            COMMITMENT,
          );
        },
        () => {
          if (!stopped) probe = setTimeout(connect, RECONNECT_PROBE_MS);
        },
      );
    };
    connect();
    return () => {
      stopped = true;
      if (probe) clearTimeout(probe);
      if (subscription !== undefined) void this.connection.removeOnLogsListener(subscription);
    };
  }
}
