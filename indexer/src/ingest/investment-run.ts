// A run of consecutive Invested events projected as a set: what the per-event projection
// (applyEvent) writes for each of them, reduced to one multi-row statement per table. Only valid
// while nothing else touches the films, positions or users between them: the batch projection
// flushes the run before it applies any other event.
import { investments, projects, users, type Executor } from '../db/index.ts';
import { newInvestment, type StoredEvent, type StoredFields } from './projector.ts';

interface ProjectTotals {
  raisedLamports: number;
  investorCount: number;
  sharesMinted: number;
  status: string;
  fundedAt: number | null;
}

export class InvestmentRun {
  /** Each investor once, with the time of their first investment of the run (ensureUser keeps the first). */
  private users = new Map<string, number>();
  /** One history row per event, in event order (their ids follow it). */
  private rows: investments.NewInvestment[] = [];
  /** The last position per project and investor, in the order each was first settled. */
  private positions = new Map<string, investments.SettledPosition>();
  /** Per project: the last event's raised amount, investor count and status, the shares of all. */
  private totals = new Map<number, ProjectTotals>();

  get size(): number {
    return this.rows.length;
  }

  /** Buffers an Invested event of the project with id `projectId`. */
  add(projectId: number, event: StoredEvent): void {
    const d = event.data as StoredFields['Invested'];
    const row = newInvestment(projectId, d, event);
    const at = row.createdAt;
    if (!this.users.has(d.investor)) this.users.set(d.investor, at);
    const sharesMinted = row.sharesMinted;
    this.rows.push(row);
    this.positions.set(`${projectId}/${d.investor}`, {
      projectId,
      investor: d.investor,
      lamports: Number(d.investor_lamports_after),
      shares: Number(d.investor_shares_after),
    });
    const before = this.totals.get(projectId);
    this.totals.set(projectId, {
      raisedLamports: Number(d.raised_after),
      investorCount: Number(d.investor_count_after),
      sharesMinted: (before?.sharesMinted ?? 0) + sharesMinted,
      status: d.status_after,
      // The first investment of the run that left the film funded says when it was funded.
      fundedAt: before?.fundedAt ?? (d.status_after === 'funded' ? at : null),
    });
  }

  /** Writes the buffered events and empties the run. */
  async flush(db: Executor): Promise<void> {
    if (this.rows.length === 0) return;
    await users.ensureUsers(db, [...this.users].map(([chainAddress, now]) => ({ chainAddress, now })));
    await investments.insertInvestments(db, this.rows);
    await investments.settlePositions(db, [...this.positions.values()]);
    for (const [id, totals] of this.totals) await projects.recordInvestmentsTotals(db, id, totals);
    this.users = new Map();
    this.rows = [];
    this.positions = new Map();
    this.totals = new Map();
  }
}
