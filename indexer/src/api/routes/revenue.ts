// /api/revenue: an investor's distributions (unclaimed, totals), platform-wide distributions, and
// the verified claim write.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { claimBody, distributionsQuery, userIdParams } from '../schemas.ts';
import { investorDistributions, isoDate, resolveUser, toAmount } from '../shapes.ts';
import { validate } from '../validate.ts';
import { verifiedEvents } from '../verify.ts';

const NO_SELECTION = 'No distributions selected: Please select at least one distribution to claim.';

export function revenueRoutes() {
  return new Hono<AppEnv>()
    .get('/unclaimed/:userId', validate('param', userIdParams), (c) => {
      const ctx = c.var.cluster;
      const { chainAddress } = resolveUser(ctx.db, c.req.valid('param').userId);
      if (!chainAddress) fail(404, 'User not found');
      const distributions = investorDistributions(ctx, chainAddress, true);
      const totalLamports = distributions.reduce((sum, row) => sum + Number(row.amountLamports), 0);
      return c.json({ total: toAmount(totalLamports), totalLamports: String(totalLamports), distributions });
    })
    .get('/user/:userId', validate('param', userIdParams), (c) => {
      const ctx = c.var.cluster;
      const { chainAddress } = resolveUser(ctx.db, c.req.valid('param').userId);
      if (!chainAddress) fail(404, 'User not found');
      const rows = investorDistributions(ctx, chainAddress, false);
      const byProject = new Map<number, { projectId: number; projectTitle: string; earned: number; claimable: number; claimed: number }>();
      for (const row of rows) {
        const entry = byProject.get(row.projectId) ?? { projectId: row.projectId, projectTitle: row.projectTitle, earned: 0, claimable: 0, claimed: 0 };
        entry.earned += Number(row.amountLamports);
        if (row.claimed) entry.claimed += Number(row.amountLamports);
        else entry.claimable += Number(row.amountLamports);
        byProject.set(row.projectId, entry);
      }
      const claims = ctx.db
        .prepare(
          `SELECT r.project_id, p.title, r.amount_lamports, r.claimed_at, r.signature FROM revenue_claims r
           JOIN projects p ON p.id = r.project_id WHERE r.investor = ?`,
        )
        .all(chainAddress) as { project_id: number; title: string; amount_lamports: number; claimed_at: number; signature: string }[];
      const transactions = [
        ...rows.map((row) => ({
          type: 'distribution' as const,
          amount: row.amount,
          projectId: row.projectId,
          projectTitle: row.projectTitle,
          date: row.distributedAt,
          txHash: row.txHash,
          explorerUrl: row.explorerUrl,
        })),
        ...claims.map((claim) => ({
          type: 'claim' as const,
          amount: toAmount(claim.amount_lamports),
          projectId: claim.project_id,
          projectTitle: claim.title,
          date: isoDate(claim.claimed_at)!,
          txHash: claim.signature,
          explorerUrl: ctx.explorerTxUrl?.(claim.signature) ?? null,
        })),
      ].sort((a, b) => b.date.localeCompare(a.date));
      const sum = (key: 'earned' | 'claimable' | 'claimed') => [...byProject.values()].reduce((total, entry) => total + entry[key], 0);
      return c.json({
        earned: toAmount(sum('earned')),
        claimable: toAmount(sum('claimable')),
        claimed: toAmount(sum('claimed')),
        byProject: [...byProject.values()].map((entry) => ({
          ...entry,
          earned: toAmount(entry.earned),
          claimable: toAmount(entry.claimable),
          claimed: toAmount(entry.claimed),
        })),
        transactions,
      });
    })
    .get('/distributions', validate('query', distributionsQuery), (c) => {
      const ctx = c.var.cluster;
      const { projectId } = c.req.valid('query');
      const rows = ctx.db
        .prepare(
          `SELECT d.*, p.title FROM distributions d JOIN projects p ON p.id = d.project_id
           ${projectId !== undefined ? 'WHERE d.project_id = ?' : ''} ORDER BY d.distributed_at DESC, d.id DESC`,
        )
        .all(...(projectId !== undefined ? [projectId] : [])) as {
        id: number;
        project_id: number;
        title: string;
        idx: number;
        total_lamports: number;
        publisher_lamports: number;
        investor_lamports: number;
        platform_lamports: number;
        total_views: number;
        distributed_at: number;
        signature: string;
      }[];
      return c.json(
        rows.map((row) => ({
          id: row.id,
          projectId: row.project_id,
          projectTitle: row.title,
          index: row.idx,
          amount: toAmount(row.total_lamports),
          revenueGenerated: toAmount(row.total_lamports),
          publisherAmount: toAmount(row.publisher_lamports),
          investorAmount: toAmount(row.investor_lamports),
          platformAmount: toAmount(row.platform_lamports),
          totalLamports: String(row.total_lamports),
          totalViews: row.total_views,
          distributedAt: isoDate(row.distributed_at)!,
          status: 'Completed',
          txHash: row.signature,
          explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
        })),
      );
    })
    .post('/claim', validate('json', claimBody), async (c) => {
      const ctx = c.var.cluster;
      const { distributionIds, txHash } = c.req.valid('json');
      if (distributionIds.length === 0) fail(400, NO_SELECTION);
      const lookup = ctx.db.prepare('SELECT id, project_id, investor FROM investor_distributions WHERE id = ?');
      const selected = distributionIds.map((id) => {
        const row = lookup.get(id) as { id: number; project_id: number; investor: string } | undefined;
        if (!row) fail(404, `Distribution ${id} not found`);
        return row;
      });
      const events = await verifiedEvents(ctx, txHash, ['RevenueClaimed']);
      const claimedNow = ctx.db.prepare('SELECT claimed, claim_signature FROM investor_distributions WHERE id = ?');
      const claimed = selected
        .filter((row) => (claimedNow.get(row.id) as { claim_signature: string | null }).claim_signature === txHash)
        .map((row) => row.id);
      if (claimed.length === 0) fail(400, `Transaction ${txHash} does not claim the selected distributions`);
      const lamports = events.reduce((sum, event) => sum + Number(event.data.amount_lamports), 0);
      return c.json({ claimed, amount: toAmount(lamports), amountLamports: String(lamports), txHash });
    });
}
