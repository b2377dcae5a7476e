import { describe, expect, it } from 'vitest'
import { makeDistribution, makeProject } from '@/test/fixtures'
import type { PlatformDistribution } from '@marquee/api-contract'
import { changeLabel, formatThousands, periodChange, statusBadge, studioProject, studioSummary } from './studio-summary'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const daysAgo = (days: number) => new Date(NOW - days * 86_400_000).toISOString()
const distribution = (projectId: number, days: number, amount: number, totalViews: number): PlatformDistribution =>
  makeDistribution({ id: Math.round(days * 100) + projectId, projectId, amount, totalViews, distributedAt: daysAgo(days) })

describe('studioSummary', () => {
  const projects = [
    makeProject({ id: 1, status: 'funded', totalRevenue: 900, totalViews: 12_345 }),
    makeProject({ id: 2, status: 'funding', totalRevenue: 0, totalViews: 0 }),
  ]

  it('counts projects, funded ones, revenue and views of the studio only', () => {
    const summary = studioSummary(projects, [distribution(1, 3, 300, 200), distribution(9, 3, 5000, 9000)], NOW)
    expect(summary).toMatchObject({ projectCount: 2, fundedCount: 1, totalRevenue: 900, totalViews: 12_345 })
    expect(summary.revenueChange).toEqual({ current: 300, previous: 0, percent: null })
  })

  it('compares the last 30 days with the 30 before', () => {
    const summary = studioSummary(
      projects,
      [distribution(1, 2, 300, 300), distribution(1, 29, 200, 100), distribution(1, 40, 400, 500), distribution(1, 61, 999, 999)],
      NOW,
    )
    expect(summary.revenueChange).toEqual({ current: 500, previous: 400, percent: 25 })
    expect(summary.viewsChange).toEqual({ current: 400, previous: 500, percent: -20 })
    expect(changeLabel(summary.revenueChange)).toBe('+25.0% from last month')
    expect(changeLabel(summary.viewsChange)).toBe('-20.0% from last month')
  })

  it('says so when there is nothing to compare with', () => {
    expect(changeLabel(periodChange(0, 0))).toBe('Nothing in the last 30 days')
    expect(changeLabel(periodChange(5, 0))).toBe('All in the last 30 days')
  })
})

describe('studioProject', () => {
  it('maps a project to the spec’s studio project with its badge', () => {
    const project = makeProject({ id: 4, fundingGoal: 2000, currentFunding: 500, status: 'funding', releaseYear: 2024, licenseType: 'Limited Distribution' })
    const row = studioProject(project)
    expect(row).toMatchObject({ id: 4, fundingProgress: 25, releaseYear: 2024, licenseType: 'Limited Distribution', status: 'funding' })
    expect(statusBadge(row).label).toBe('In Funding')
    expect(statusBadge(studioProject(makeProject({ status: 'funded' }))).label).toBe('Fully Funded')
  })

  it('shows views in thousands with one decimal', () => {
    expect(formatThousands(12_345)).toBe('12.3K')
    expect(formatThousands(0)).toBe('0.0K')
  })
})
