import { describe, expect, it } from 'vitest'
import { NOW, daysFromNow, makeDistribution, makeProject, makeRevenueTransaction } from '@/test/fixtures'
import type { PlatformDistribution } from '@marquee/api-contract'
import { bucketDistributions, bucketStart, inPeriod, projectRevenueRows, revenueGrowthPercent } from './revenue-logic'
import { randomTestRevenueSol } from './revenue-data-access'

const distribution = (id: number, projectId: number, amount: number, daysAgo: number): PlatformDistribution =>
  makeDistribution({ id, projectId, amount, distributedAt: daysFromNow(-daysAgo) })

describe('revenue logic', () => {
  it('computes growth of the last 30 days over the 30 before, ignoring claims', () => {
    const transactions = [
      makeRevenueTransaction({ amount: 300, date: daysFromNow(-5) }),
      makeRevenueTransaction({ amount: 200, date: daysFromNow(-40) }),
      makeRevenueTransaction({ amount: 999, date: daysFromNow(-2), type: 'claim' }),
    ]
    expect(revenueGrowthPercent(transactions, NOW)).toBe(50)
    expect(revenueGrowthPercent([], NOW)).toBeNull()
  })

  it('filters by period', () => {
    const list = [distribution(1, 1, 100, 3), distribution(2, 1, 100, 20), distribution(3, 1, 100, 100)]
    expect(inPeriod(list, '7d', NOW).map((d) => d.id)).toEqual([1])
    expect(inPeriod(list, '30d', NOW).map((d) => d.id)).toEqual([1, 2])
    expect(inPeriod(list, '12m', NOW).map((d) => d.id)).toEqual([1, 2, 3])
  })

  it('buckets weekly from Monday and marks the 50 SOL threshold', () => {
    // 2026-03-01 is a Sunday: its week starts Monday 2026-02-23.
    expect(new Date(bucketStart(NOW, 'weekly')).toISOString()).toBe('2026-02-23T00:00:00.000Z')
    expect(new Date(bucketStart(NOW, 'monthly')).toISOString()).toBe('2026-03-01T00:00:00.000Z')
    const buckets = bucketDistributions([distribution(1, 1, 30_000, 0), distribution(2, 1, 25_000, 1), distribution(3, 1, 10_000, 8)], 'weekly')
    expect(buckets.map((bucket) => [bucket.total, bucket.count, bucket.aboveThreshold])).toEqual([
      [10, 1, false],
      [55, 2, true],
    ])
  })

  it('totals revenue per project under the project filter', () => {
    const projects = [makeProject({ id: 1, status: 'funded', currentFunding: 50_000 }), makeProject({ id: 2 })]
    const rows = projectRevenueRows(projects, [distribution(1, 1, 1500, 1), distribution(2, 1, 500, 2)], 'all')
    expect(rows.map((row) => [row.project.id, row.revenue, row.distributions])).toEqual([
      [1, 2, 2],
      [2, 0, 0],
    ])
    expect(projectRevenueRows(projects, [], 'funding').map((row) => row.project.id)).toEqual([2])
    expect(projectRevenueRows(projects, [], 'funded').map((row) => row.project.id)).toEqual([1])
  })

  it('draws test revenue from 0.5 to 10 SOL with 2 decimals', () => {
    expect(randomTestRevenueSol(() => 0)).toBe(0.5)
    expect(randomTestRevenueSol(() => 0.999999)).toBe(10)
    expect(randomTestRevenueSol(() => 0.123456)).toBe(1.67)
  })
})
