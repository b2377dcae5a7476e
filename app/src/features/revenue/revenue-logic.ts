// Revenue maths of the dashboards: growth over the last 30 days, buckets by distribution frequency,
// the period filter and per-project totals, all from indexed distributions.
import { DISTRIBUTION_MIN_THRESHOLD_SOL, MS_PER_DAY, REVENUE_PERIODS } from '@/constants'
import { amountToSol, fundingPercentage } from '@/lib/format'
import type { PlatformDistribution, Project, RevenueTransaction } from '@marquee/api-contract'

export type DistributionFrequency = 'daily' | 'weekly' | 'monthly'
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number]['value']
export type ProjectFilter = 'all' | 'funded' | 'funding'

const GROWTH_WINDOW_DAYS = 30

/** An amount (thousandths of SOL) on a day: a distribution, or a wallet's own revenue. */
export type DatedAmount = Pick<PlatformDistribution, 'amount' | 'distributedAt'>

function timeOf(entry: { date: string } | { distributedAt: string }): number {
  return Date.parse('distributedAt' in entry ? entry.distributedAt : entry.date)
}

/** Growth in percent of the last 30 days' amounts over the 30 days before; null without a base. */
export function revenueGrowthPercent(transactions: RevenueTransaction[], now: number = Date.now()): number | null {
  const window = GROWTH_WINDOW_DAYS * MS_PER_DAY
  let recent = 0
  let previous = 0
  for (const transaction of transactions) {
    if (transaction.type === 'claim') continue
    const age = now - timeOf(transaction)
    if (age >= 0 && age < window) recent += transaction.amount
    else if (age >= window && age < 2 * window) previous += transaction.amount
  }
  if (previous === 0) return recent > 0 ? 100 : null
  return ((recent - previous) / previous) * 100
}

export function periodDays(period: RevenuePeriod): number {
  return REVENUE_PERIODS.find((option) => option.value === period)!.days
}

export function inPeriod<Entry extends DatedAmount>(distributions: Entry[], period: RevenuePeriod, now: number = Date.now()) {
  const since = now - periodDays(period) * MS_PER_DAY
  return distributions.filter((distribution) => timeOf(distribution) >= since)
}

/** Start of the bucket a time falls in, in UTC: the day, the Monday of the week, or the month. */
export function bucketStart(time: number, frequency: DistributionFrequency): number {
  const date = new Date(time)
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
  if (frequency === 'daily') return day
  if (frequency === 'weekly') return day - ((date.getUTCDay() + 6) % 7) * MS_PER_DAY
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1)
}

export interface RevenueBucket {
  start: number
  /** SOL. */
  total: number
  count: number
  aboveThreshold: boolean
}

/** Distributions summed per bucket, oldest first; a bucket pays out once it reaches 50 SOL. */
export function bucketDistributions(
  distributions: DatedAmount[],
  frequency: DistributionFrequency,
  thresholdSol: number = DISTRIBUTION_MIN_THRESHOLD_SOL,
): RevenueBucket[] {
  const buckets = new Map<number, RevenueBucket>()
  for (const distribution of distributions) {
    const start = bucketStart(timeOf(distribution), frequency)
    const bucket = buckets.get(start) ?? { start, total: 0, count: 0, aboveThreshold: false }
    bucket.total += amountToSol(distribution.amount)
    bucket.count += 1
    buckets.set(start, bucket)
  }
  return [...buckets.values()].map((bucket) => ({ ...bucket, aboveThreshold: bucket.total >= thresholdSol })).sort((a, b) => a.start - b.start)
}

export function splitTotals(distributions: PlatformDistribution[]) {
  const sum = (pick: (distribution: PlatformDistribution) => number | undefined) =>
    amountToSol(distributions.reduce((total, distribution) => total + (pick(distribution) ?? 0), 0))
  return {
    total: sum((distribution) => distribution.amount),
    investors: sum((distribution) => distribution.investorAmount),
    publishers: sum((distribution) => distribution.publisherAmount),
    platform: sum((distribution) => distribution.platformAmount),
  }
}

export function matchesProjectFilter(project: Project, filter: ProjectFilter): boolean {
  if (filter === 'all') return true
  const funded = project.status === 'funded' || fundingPercentage(project) >= 100
  return filter === 'funded' ? funded : !funded && project.status === 'funding'
}

export interface ProjectRevenueRow {
  project: Project
  /** SOL in the period. */
  revenue: number
  distributions: number
}

export function projectRevenueRows(projects: Project[], distributions: PlatformDistribution[], filter: ProjectFilter): ProjectRevenueRow[] {
  return projects
    .filter((project) => matchesProjectFilter(project, filter))
    .map((project) => {
      const own = distributions.filter((distribution) => distribution.projectId === project.id)
      return {
        project,
        revenue: amountToSol(own.reduce((total, distribution) => total + distribution.amount, 0)),
        distributions: own.length,
      }
    })
    .sort((a, b) => b.revenue - a.revenue)
}
