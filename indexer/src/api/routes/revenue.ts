// /api/revenue: an investor's distributions (unclaimed, totals), platform-wide distributions, and
// the verified claim write.
import * as contract from '@marquee/api-contract';
import { CHAIN_LOOKUP, ApiRoutes, get, post } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { fail } from '../errors.ts';
import { listAnswer, nextCursor, requestedPage } from '../page-cursor.ts';
import { claimBody, distributionsQuery, pageQuery, userIdParams } from '../schemas.ts';
import { revenue } from '../../db/index.ts';
import { mapPage } from '../../db/keyset.ts';
import { isoDate, toAmount } from '../../read-models/units.ts';
import { investorDistributions, pageInvestorDistributions } from '../shapes.ts';
import { cachedRead } from '../read-cache.ts';
import { verifiedEvents } from '../verify.ts';
import { chainAddressOfUser } from '../known-user.ts';

const NO_SELECTION = 'No distributions selected: Please select at least one distribution to claim.';

export function revenueRoutes() {
  return new ApiRoutes()
    .endpoint(
      get('/unclaimed/{userId}', "A user's unclaimed distributions, newest first (totals over all of them)", {
        middleware: [cachedRead],
        params: userIdParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/revenue/unclaimed/{userId}'],
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const chainAddress = await chainAddressOfUser(ctx.db, c.req.valid('param').userId);
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
      },
    )
    .endpoint(
      get('/user/{userId}', "A user's revenue totals, per project, and transactions (newest first)", {
        params: userIdParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/revenue/user/{userId}'],
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const chainAddress = await chainAddressOfUser(ctx.db, c.req.valid('param').userId);
        // Totals and the per-film figures cover every distribution; only `transactions` is paged.
        const byProject = await revenue.revenueByProject(ctx.db, chainAddress);
        const sum = (key: 'earned' | 'claimable' | 'claimed') => byProject.reduce((total, entry) => total + entry[key], 0);
        const summary = {
          earned: toAmount(sum('earned')),
          claimable: toAmount(sum('claimable')),
          claimed: toAmount(sum('claimed')),
          byProject: byProject.map((entry) => ({
            ...entry,
            earned: toAmount(entry.earned),
            claimable: toAmount(entry.claimable),
            claimed: toAmount(entry.claimed),
          })),
        };
        const transaction = (row: revenue.RevenueHistoryRow) => ({
          type: Number(row.kind) === 1 ? ('distribution' as const) : ('claim' as const),
          amount: toAmount(Number(row.amount_lamports)),
          projectId: Number(row.project_id),
          projectTitle: row.title,
          date: isoDate(Number(row.at))!,
          txHash: row.signature,
          explorerUrl: ctx.explorerTxUrl?.(row.signature) ?? null,
        });
        const page = requestedPage(c.req.valid('query'), revenue.REVENUE_HISTORY_ORDER);
        if (!page) return c.json({ ...summary, transactions: (await revenue.revenueHistory(ctx.db, chainAddress)).map(transaction) });
        const found = mapPage(await revenue.pageRevenueHistory(ctx.db, chainAddress, page), transaction);
        return c.json({ ...summary, transactions: found.rows, nextCursor: nextCursor(revenue.REVENUE_HISTORY_ORDER, found) });
      },
    )
    .endpoint(
      get('/distributions', 'Platform-wide revenue distributions', {
        query: distributionsQuery,
        response: contract.LIST_RESPONSES['/api/revenue/distributions'],
      }),
      async (c) => {
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
        const list = () => revenue.listDistributions(ctx.db, query.projectId);
        return c.json(await listAnswer(query, revenue.DISTRIBUTION_ORDER, list, (page) => revenue.pageDistributions(ctx.db, query.projectId, page), shape));
      },
    )
    .endpoint(
      post('/claim', 'Mark distributions claimed after verifying the claim_revenue transaction', {
        middleware: [signedWrite('txVerifications')],
        body: claimBody,
        response: contract.revenueClaim,
        errors: { ...CHAIN_LOOKUP, ...SIGNED_WRITE },
      }),
      async (c) => {
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
      },
    );
}
