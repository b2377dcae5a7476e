// The settlement job: turns counted views into distribute_revenue transactions. Views are grouped
// per project into batches (at most MAX_EMBEDS_PER_DISTRIBUTION embeds each), a batch is written
// before it is sent, and it is settled by ingesting the confirmed transaction. A batch whose
// distribution index already shows up in the indexed distributions is settled without resending,
// so a crash between sending and recording never pays twice.
import { MAX_EMBEDS_PER_DISTRIBUTION, REVENUE_PER_VIEW_LAMPORTS } from '../constants.ts';
import { revenue, settlement, projects, type Executor } from '../db/index.ts';
import type { ClusterIndexer } from '../ingest/indexer.ts';

export interface DistributionRequest {
  /** Project account. */
  project: string;
  projectId: number;
  /** The project's next distribution index (the distribution PDA is derived from it). */
  index: number;
  amountLamports: bigint;
  /** Embed accounts and their views, in the order of the instruction's `views` argument. */
  embeds: { embed: string; views: number }[];
}

/** Signs and sends distribute_revenue as the platform's settlement authority (demo chain or devnet keypair). */
export interface SettlementSigner {
  /** Returns the signature once the transaction is confirmed. */
  distributeRevenue(request: DistributionRequest): Promise<string>;
}

export interface SettlementResult {
  batchId: number;
  projectId: number;
  signature: string | null;
  error?: string;
}

export class SettlementJob {
  private running?: Promise<SettlementResult[]>;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly options: {
      db: Executor;
      indexer: ClusterIndexer;
      signer: SettlementSigner;
      revenuePerViewLamports?: number;
      now?: () => number;
    },
  ) {}

  private get db() {
    return this.options.db;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Puts unbatched counted views of funded projects into pending batches; returns how many batches. */
  async createBatches(): Promise<number> {
    const projectIds = await settlement.projectsToSettle(this.db);
    for (const projectId of projectIds) {
      await settlement.createBatch(this.db, projectId, {
        maxEmbeds: MAX_EMBEDS_PER_DISTRIBUTION,
        lamportsPerView: this.options.revenuePerViewLamports ?? REVENUE_PER_VIEW_LAMPORTS,
        now: this.now(),
      });
    }
    return projectIds.length;
  }

  private async settle(batch: settlement.PendingBatch): Promise<SettlementResult> {
    const done = async (signature: string) => {
      await settlement.markBatchSettled(this.db, batch.id, signature, this.now());
      return { batchId: batch.id, projectId: batch.project_id, signature };
    };
    const existing = await revenue.distributionAt(this.db, batch.project_id, batch.expected_index);
    if (existing) return done(existing.signature);
    const project = await projects.projectAddress(this.db, batch.project_id);
    if (!project) throw new Error(`Settlement batch ${batch.id} names unknown project ${batch.project_id}`);
    const embeds = await settlement.batchEmbeds(this.db, batch.id);
    try {
      const signature = await this.options.signer.distributeRevenue({
        project,
        projectId: batch.project_id,
        index: batch.expected_index,
        amountLamports: BigInt(batch.amount_lamports),
        embeds,
      });
      await this.options.indexer.ingestSignature(signature);
      return await done(signature);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await settlement.recordBatchError(this.db, batch.id, message);
      return { batchId: batch.id, projectId: batch.project_id, signature: null, error: message };
    }
  }

  /** One pass: batch new views, then send every pending batch. */
  runOnce(): Promise<SettlementResult[]> {
    this.running ??= (async () => {
      try {
        await this.createBatches();
        const pending = await settlement.pendingBatches(this.db);
        const results: SettlementResult[] = [];
        for (const batch of pending) results.push(await this.settle(batch));
        return results;
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  start(intervalMs: number): void {
    this.timer = setInterval(() => this.runOnce().catch((error) => console.error('[settlement]', error)), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
