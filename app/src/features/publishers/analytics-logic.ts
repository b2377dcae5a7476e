// Shaping the publisher analytics of the index for charts and tables: per-day series (all embeds or
// one film's) and lamport amounts written as SOL.
import { LAMPORTS_PER_SOL } from '@/constants'
import { formatLamports } from '@/lib/format'
import type { PublisherAnalytics } from '@marquee/api-contract'

export interface DayPoint {
  date: string
  views: number
  /** SOL, for the chart's axis. */
  earnedSol: number
  earnedLamports: bigint
}

/** Views and earnings per day, summed over the embeds (of one film when `projectId` is given). */
export function dailySeries(analytics: PublisherAnalytics, projectId?: number): DayPoint[] {
  const days = new Map<string, { views: number; earnedLamports: bigint }>()
  for (const row of analytics.byDay) {
    if (projectId !== undefined && row.projectId !== projectId) continue
    const day = days.get(row.date) ?? { views: 0, earnedLamports: 0n }
    day.views += row.views
    day.earnedLamports += BigInt(row.earnedLamports)
    days.set(row.date, day)
  }
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => ({ date, views: day.views, earnedLamports: day.earnedLamports, earnedSol: Number(day.earnedLamports) / LAMPORTS_PER_SOL }))
}

/** Lamports as SOL with every significant decimal (a view earns a few thousand lamports): the app's one formatter. */
export const lamportsToSolText = (lamports: string | bigint | number) => formatLamports(lamports)
