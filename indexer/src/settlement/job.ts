// The settlement job: turns counted views into distribute_revenue transactions. Views are grouped
// per project into batches (at most MAX_EMBEDS_PER_DISTRIBUTION embeds each), a batch is written
// before it is sent, and it is settled by ingesting the confirmed transaction. A batch whose
// distribution index already shows up in the indexed distributions, with the batch's amount and
// views, is settled without resending, so a crash (or a leader's death) between sending and
// recording never pays twice; the signers send a batch only at its own index, which the program
// accepts once per project and index.
import { MAX_EMBEDS_PER_DISTRIBUTION, REVENUE_PER_VIEW_LAMPORTS } from '../constants.ts';
import type { Db } from '../db/database.ts';
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
      db: Db;
      indexer: ClusterIndexer;
      signer: SettlementSigner;
      revenuePerViewLamports?: number;
      now?: () => number;
    },
  ) {}

  private get db() {
    return this.options.db;
  }

  /** Puts unbatched counted views of funded projects into pending batches. */
  createBatches(): number {
    const now = this.options.now ?? Date.now;
    return this.db.transaction(() => {
      const projects = this.db
        .prepare(
          `SELECT DISTINCT v.project_id AS id FROM views v JOIN projects p ON p.id = v.project_id
           WHERE v.batch_id IS NULL AND p.status = 'funded' AND p.total_shares > 0
             AND NOT EXISTS (SELECT 1 FROM settlement_batches b WHERE b.project_id = p.id AND b.status = 'pending')`,
        )
        .all() as { id: number }[];
      for (const { id } of projects) {
        const embeds = this.db
          .prepare(
            `SELECT embed FROM views WHERE project_id = ? AND batch_id IS NULL GROUP BY embed ORDER BY MIN(id) LIMIT ?`,
          )
          .all(id, MAX_EMBEDS_PER_DISTRIBUTION) as { embed: string }[];
        const expectedIndex = (this.db.prepare('SELECT COUNT(*) AS n FROM distributions WHERE project_id = ?').get(id) as { n: number }).n;
        const batch = this.db
          .prepare('INSERT INTO settlement_batches (project_id, expected_index, amount_lamports, created_at) VALUES (?, ?, 0, ?)')
          .run(id, expectedIndex, now());
        const batchId = Number(batch.lastInsertRowid);
        const mark = this.db.prepare('UPDATE views SET batch_id = ? WHERE project_id = ? AND embed = ? AND batch_id IS NULL');
        let views = 0;
        for (const { embed } of embeds) views += mark.run(batchId, id, embed).changes;
        this.db
          .prepare('UPDATE settlement_batches SET amount_lamports = ? WHERE id = ?')
          .run(views * (this.options.revenuePerViewLamports ?? REVENUE_PER_VIEW_LAMPORTS), batchId);
      }
      return projects.length;
    })();
  }

  private async settle(batch: { id: number; project_id: number; expected_index: number; amount_lamports: number }): Promise<SettlementResult> {
    const done = (signature: string) => {
      this.db
        .prepare("UPDATE settlement_batches SET status = 'settled', signature = ?, settled_at = ?, last_error = NULL WHERE id = ?")
        .run(signature, (this.options.now ?? Date.now)(), batch.id);
      return { batchId: batch.id, projectId: batch.project_id, signature };
    };
    const existing = this.db
      .prepare('SELECT signature, total_lamports, total_views FROM distributions WHERE project_id = ? AND idx = ?')
      .get(batch.project_id, batch.expected_index) as { signature: string; total_lamports: number; total_views: number } | undefined;
    if (existing) {
      const views = (this.db.prepare('SELECT COUNT(*) AS n FROM views WHERE batch_id = ?').get(batch.id) as { n: number }).n;
      if (existing.total_lamports === batch.amount_lamports && existing.total_views === views) return done(existing.signature);
      // Another distribution (test revenue, or one indexed late) took this index: the batch was
      // never paid. It moves to the project's next index and is sent on the next pass.
      const next = (this.db.prepare('SELECT COUNT(*) AS n FROM distributions WHERE project_id = ?').get(batch.project_id) as { n: number }).n;
      const error = `distribution ${batch.expected_index} is another payment; the batch moves to index ${next}`;
      this.db.prepare('UPDATE settlement_batches SET expected_index = ?, last_error = ? WHERE id = ?').run(next, error, batch.id);
      return { batchId: batch.id, projectId: batch.project_id, signature: null, error };
    }
    const project = this.db.prepare('SELECT address FROM projects WHERE id = ?').get(batch.project_id) as { address: string };
    const embeds = this.db
      .prepare('SELECT embed, COUNT(*) AS views FROM views WHERE batch_id = ? GROUP BY embed ORDER BY MIN(id)')
      .all(batch.id) as { embed: string; views: number }[];
    try {
      const signature = await this.options.signer.distributeRevenue({
        project: project.address,
        projectId: batch.project_id,
        index: batch.expected_index,
        amountLamports: BigInt(batch.amount_lamports),
        embeds,
      });
      await this.options.indexer.ingestSignature(signature);
      return done(signature);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.db.prepare('UPDATE settlement_batches SET last_error = ? WHERE id = ?').run(message, batch.id);
      return { batchId: batch.id, projectId: batch.project_id, signature: null, error: message };
    }
  }

  /** One pass: batch new views, then send every pending batch. */
  runOnce(): Promise<SettlementResult[]> {
    this.running ??= (async () => {
      try {
        this.createBatches();
        const pending = this.db
          .prepare("SELECT id, project_id, expected_index, amount_lamports FROM settlement_batches WHERE status = 'pending' ORDER BY id")
          .all() as { id: number; project_id: number; expected_index: number; amount_lamports: number }[];
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
