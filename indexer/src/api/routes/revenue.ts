// /api/revenue: an investor's distributions (unclaimed, totals), platform-wide distributions, and
// the verified claim write.
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { fail } from '../errors.ts';
import { nextCursor, pageAnswer, requestedPage } from '../page-cursor.ts';
import { claimBody, distributionsQuery, pageQuery, userIdParams } from '../schemas.ts';
import { revenue, users } from '../../db/index.ts';
import { mapPage } from '../../db/keyset.ts';
import { investorDistributions, isoDate, pageInvestorDistributions, toAmount } from '../shapes.ts';
import { validate } from '../validate.ts';
import { verifiedEvents } from '../verify.ts';

const NO_SELECTION = 'No distributions selected: Please select at least one distribution to claim.';

export function revenueRoutes() {
  return new Hono<AppEnv>()
    .get('/unclaimed/:userId', validate('param', userIdParams), validate('query', pageQuery), async (c) => {
      const ctx = c.var.cluster;
      const { chainAddress } = await users.resolveUser(ctx.db, c.req.valid('param').userId);
      if (!chainAddress) fail(404, 'User not found');
      const page = requestedPage(c.req.valid('query'), revenue.INVESTOR_DISTRIBUTION_ORDER);
      if (!page) {
        const distributions = await investorDistributions(ctx, chainAddress, true);
        const totalLamports = distributions.reduce((sum, row) => sum + Number(row.amountLamports), 0);
        return c.json({ total: toAmount(totalLamports), totalLamports: String(totalLamports), distributions });
      }
      // The totals cover every unclaimed distribution, not only this page's.
      const found = await pageInvestorDistributions(ctx, chainAddress, true, page);
      const totalLamports = await revenue.unclaimedLamports(ctx.db, chainAddress);
      return c.json({
        total: toAmount(totalLamports),
        totalLamports: String(totalLamports),
        distributions: found.rows,
        nextCursor: nextCursor(revenue.INVESTOR_DISTRIBUTION_ORDER, found),
      });
    })
    .get('/user/:userId', validate('param', userIdParams), async (c) => {
      const ctx = c.var.cluster;
      const { chainAddress } = await users.resolveUser(ctx.db, c.req.valid('param').userId);
      if (!chainAddress) fail(404, 'User not found');
      const rows = await investorDistributions(ctx, chainAddress, false);
      const byProject = new Map<number, { projectId: number; projectTitle: string; earned: number; claimable: number; claimed: number }>();
      for (const row of rows) {
        const entry = byProject.get(row.projectId) ?? { projectId: row.projectId, projectTitle: row.projectTitle, earned: 0, claimable: 0, claimed: 0 };
        entry.earned += Number(row.amountLamports);
        if (row.claimed) entry.claimed += Number(row.amountLamports);
        else entry.claimable += Number(row.amountLamports);
        byProject.set(row.projectId, entry);
      }
      const claims = await revenue.investorClaims(ctx.db, chainAddress);
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
    .get('/distributions', validate('query', distributionsQuery), async (c) => {
      const ctx = c.var.cluster;
      const query = c.req.valid('query');
      const shape = (row: revenue.DistributionRow) => ({
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
        });
      const page = requestedPage(query, revenue.DISTRIBUTION_ORDER);
      if (!page) return c.json((await revenue.listDistributions(ctx.db, query.projectId)).map(shape));
      return c.json(pageAnswer(revenue.DISTRIBUTION_ORDER, mapPage(await revenue.pageDistributions(ctx.db, query.projectId, page), shape)));
    })
    .post('/claim', validate('json', claimBody), async (c) => {
      const ctx = c.var.cluster;
      const { distributionIds, txHash } = c.req.valid('json');
      if (distributionIds.length === 0) fail(400, NO_SELECTION);
      const selected = [];
      for (const id of distributionIds) {
        const row = await revenue.investorDistribution(ctx.db, id);
        if (!row) fail(404, `Distribution ${id} not found`);
        selected.push(row);
      }
      const events = await verifiedEvents(ctx, txHash, ['RevenueClaimed']);
      const claimed = [];
      for (const row of selected) {
        if ((await revenue.investorDistribution(ctx.db, row.id))?.claim_signature === txHash) claimed.push(row.id);
      }
      if (claimed.length === 0) fail(400, `Transaction ${txHash} does not claim the selected distributions`);
      const lamports = events.reduce((sum, event) => sum + Number(event.data.amount_lamports), 0);
      return c.json({ claimed, amount: toAmount(lamports), amountLamports: String(lamports), txHash });
    });
}
