// The Production Portal's figures: the studio's projects in the spec's shape, the summary cards,
// and real period-over-period changes measured from the studio's on-chain revenue distributions
// (where the spec shows fixed labels).
import { MS_PER_DAY, STUDIO_SUMMARY_PERIOD_DAYS } from '@/constants'
import { fundingPercentage } from '@/lib/format'
import type { PlatformDistribution, Project } from '@marquee/api-contract'

export interface StudioProject {
  id: number
  title: string
  releaseYear: number | null
  status: 'funded' | 'funding' | 'failed'
  licenseType: string
  /** Percent of the goal raised. */
  fundingProgress: number
  /** USD. */
  revenueGenerated: number
  viewCount: number
  listingDate: string
  fundsReleased: boolean
  project: Project
}

export function studioProject(project: Project): StudioProject {
  const status = project.status === 'funded' ? 'funded' : project.status === 'failed' ? 'failed' : 'funding'
  return {
    id: project.id,
    title: project.title,
    releaseYear: project.releaseYear ?? null,
    status,
    licenseType: project.licenseType ?? '',
    fundingProgress: fundingPercentage(project),
    revenueGenerated: project.totalRevenue ?? 0,
    viewCount: project.totalViews ?? 0,
    listingDate: project.createdAt,
    fundsReleased: project.fundsReleased ?? false,
    project,
  }
}

/** The spec's status badge: Fully Funded or In Funding (a film past its deadline unfunded says so). */
export function statusBadge(project: StudioProject): { label: string; palette: string } {
  if (project.status === 'funded') return { label: 'Fully Funded', palette: 'green' }
  if (project.status === 'failed') return { label: 'Funding Closed', palette: 'gray' }
  return { label: 'In Funding', palette: 'purple' }
}

/** A change between two periods, in percent; null when there is nothing to compare with. */
export interface PeriodChange {
  current: number
  previous: number
  percent: number | null
}

export function periodChange(current: number, previous: number): PeriodChange {
  return { current, previous, percent: previous > 0 ? ((current - previous) / previous) * 100 : null }
}

/**
 * The spec's '+12.4% from last month': the last `periodDays` (a month) against the ones before; or
 * what happened when the month before had nothing.
 */
export function changeLabel(change: PeriodChange, periodDays: number = STUDIO_SUMMARY_PERIOD_DAYS): string {
  if (change.percent === null) return change.current > 0 ? `All in the last ${periodDays} days` : `Nothing in the last ${periodDays} days`
  const sign = change.percent > 0 ? '+' : ''
  return `${sign}${change.percent.toFixed(1)}% from last month`
}

export interface StudioSummary {
  projectCount: number
  fundedCount: number
  /** USD. */
  totalRevenue: number
  totalViews: number
  revenueChange: PeriodChange
  viewsChange: PeriodChange
}

/**
 * Summary of the studio's projects. The changes compare the last `periodDays` with the ones before,
 * from the distributions of the studio's films (each carries its revenue and the views it paid for).
 */
export function studioSummary(
  projects: Project[],
  distributions: PlatformDistribution[],
  now: number = Date.now(),
  periodDays: number = STUDIO_SUMMARY_PERIOD_DAYS,
): StudioSummary {
  const own = new Set(projects.map((project) => project.id))
  const periodStart = now - periodDays * MS_PER_DAY
  const previousStart = periodStart - periodDays * MS_PER_DAY
  const totals = { current: { revenue: 0, views: 0 }, previous: { revenue: 0, views: 0 } }
  for (const distribution of distributions) {
    if (!own.has(distribution.projectId)) continue
    const at = Date.parse(distribution.distributedAt)
    const bucket = at > periodStart && at <= now ? totals.current : at > previousStart && at <= periodStart ? totals.previous : null
    if (!bucket) continue
    // `amount` is thousandths of SOL, which is USD at 1 SOL = 1000 USD.
    bucket.revenue += distribution.amount
    bucket.views += distribution.totalViews
  }
  return {
    projectCount: projects.length,
    fundedCount: projects.filter((project) => project.status === 'funded').length,
    totalRevenue: projects.reduce((sum, project) => sum + (project.totalRevenue ?? 0), 0),
    totalViews: projects.reduce((sum, project) => sum + (project.totalViews ?? 0), 0),
    revenueChange: periodChange(totals.current.revenue, totals.previous.revenue),
    viewsChange: periodChange(totals.current.views, totals.previous.views),
  }
}

/** Total views in thousands with one decimal (spec: "Total Views (in thousands with one decimal)"). */
export function formatThousands(views: number): string {
  return `${(views / 1000).toFixed(1)}K`
}
