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

/**
 * Why an embed has not earned (or not all of it yet), one line per reason: its counted views that
 * are not paid, with the server's reason (the house ad pays nothing; a batch waits for the settlement
 * threshold, named with its figure; a campaign's budget…), or that no view was counted yet.
 */
export function unpaidViewsLines(row: Pick<PublisherAnalytics['byEmbed'][number], 'views' | 'earnedLamports' | 'unsettled'>): string[] {
  const lines = (row.unsettled ?? []).map(({ views, reason }) => `${views} ${views === 1 ? 'view' : 'views'} not paid yet: ${reason}`)
  if (lines.length === 0 && BigInt(row.earnedLamports) === 0n && row.views === 0) return ['No view counted yet: a view counts once the player plays on your verified website']
  return lines
}
