// The demo chain as seen from an `api` process: a ChainSource that asks the leader, which holds the
// chain in memory, over its internal /api/demo/chain routes. The API's write path verifies a
// reported demo transaction through it (ClusterIndexer.ingestSignature); an `api` process never
// subscribes, the leader's indexer does that.
import { DEMO_CLUSTER } from '../demo/chain.ts';
import type { ChainTransaction } from '@marquee/program-client';
import type { ChainSource, SignatureInfo, SignatureQuery } from '../sources/source.ts';
import type { LeaderAddress } from './demo-forward.ts';

export class LeaderChainSource implements ChainSource {
  readonly cluster = DEMO_CLUSTER;

  constructor(private readonly leader: LeaderAddress) {}

  async getTransaction(signature: string): Promise<ChainTransaction | null> {
    const response = await this.get(`/api/demo/chain/transactions/${encodeURIComponent(signature)}`);
    if (response.status === 404) return null;
    return (await response.json()) as ChainTransaction;
  }

  async getSignatures(address: string, query: SignatureQuery): Promise<SignatureInfo[]> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const response = await this.get(`/api/demo/chain/signatures/${encodeURIComponent(address)}?${search}`);
    return (await response.json()) as SignatureInfo[];
  }

  private async get(path: string): Promise<Response> {
    const url = await this.leader.leaderUrl();
    if (!url) throw new Error('no indexer process leads right now, so the demo chain cannot be read');
    let response: Response;
    try {
      response = await fetch(`${url}${path}`, { headers: { accept: 'application/json' } });
    } catch (error) {
      this.leader.invalidate();
      throw new Error(`the leader at ${url} did not answer: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
    if (!response.ok && response.status !== 404) throw new Error(`the leader answered ${response.status}: ${await response.text()}`);
    return response;
  }
}
