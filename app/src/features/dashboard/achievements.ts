// Achievements, computed client-side from the investor's real investments.
// Early Bird and Hidden Gem Finder have no rule in the spec; theirs are defined here.
import { amountToSol } from '@/lib/format'
import type { Investment, Project } from '@marquee/api-contract'

export type AchievementTier = 'bronze' | 'silver' | 'gold' | 'diamond'

export interface Achievement {
  id: string
  title: string
  description: string
  emoji: string
  tier: AchievementTier
  secret: boolean
}

export interface AchievementStatus extends Achievement {
  unlocked: boolean
}

/** An investment within this many days of the project's listing earns Early Bird. */
export const EARLY_BIRD_WINDOW_DAYS = 7
/** Hidden Gem: backing a now-funded project in the first tenth of its funding window. */
export const HIDDEN_GEM_WINDOW_FRACTION = 0.1

const MS_PER_DAY = 86_400_000

export const ACHIEVEMENTS: (Achievement & { unlocked: (investments: Investment[], projects: Map<number, Project>) => boolean })[] = [
  {
    id: 'first-steps',
    title: 'First Steps',
    description: 'Make your first investment',
    emoji: '🎬',
    tier: 'bronze',
    secret: false,
    unlocked: (investments) => investments.length >= 1,
  },
  {
    id: 'rookie-investor',
    title: 'Rookie Investor',
    description: 'Invest in 3 different projects',
    emoji: '🎟️',
    tier: 'silver',
    secret: false,
    unlocked: (investments) => new Set(investments.map((investment) => investment.projectId)).size >= 3,
  },
  {
    id: 'big-spender',
    title: 'Big Spender',
    description: 'Invest a total of 50 SOL',
    emoji: '💰',
    tier: 'gold',
    secret: false,
    unlocked: (investments) => investments.reduce((sum, investment) => sum + amountToSol(investment.amount), 0) >= 50,
  },
  {
    id: 'portfolio-diversifier',
    title: 'Portfolio Diversifier',
    description: 'Invest in 3 different genres',
    emoji: '🎨',
    tier: 'silver',
    secret: false,
    unlocked: (investments, projects) => genresOf(investments, projects).size >= 3,
  },
  {
    id: 'genre-enthusiast',
    title: 'Genre Enthusiast',
    description: 'Make 5 investments',
    emoji: '🍿',
    tier: 'gold',
    secret: false,
    unlocked: (investments) => investments.length >= 5,
  },
  {
    id: 'the-whale',
    title: 'The Whale',
    description: 'Make a single investment of 25 SOL or more',
    emoji: '🐋',
    tier: 'diamond',
    secret: false,
    unlocked: (investments) => investments.some((investment) => amountToSol(investment.amount) >= 25),
  },
  {
    id: 'early-bird',
    title: 'Early Bird',
    description: `Invest within ${EARLY_BIRD_WINDOW_DAYS} days of a film's listing`,
    emoji: '🐦',
    tier: 'silver',
    secret: false,
    unlocked: (investments, projects) =>
      someInvestmentInItsFilm(
        investments,
        projects,
        (investment, project) => Date.parse(investment.createdAt) - Date.parse(project.createdAt) <= EARLY_BIRD_WINDOW_DAYS * MS_PER_DAY,
      ),
  },
  {
    id: 'hidden-gem-finder',
    title: 'Hidden Gem Finder',
    description: 'Back a film early in its funding window that went on to be fully funded',
    emoji: '💎',
    tier: 'diamond',
    secret: true,
    unlocked: (investments, projects) =>
      someInvestmentInItsFilm(investments, projects, (investment, project) => {
        if (project.currentFunding < project.fundingGoal) return false
        const opened = Date.parse(project.createdAt)
        const window = Date.parse(project.deadline) - opened
        return window > 0 && Date.parse(investment.createdAt) - opened <= window * HIDDEN_GEM_WINDOW_FRACTION
      }),
  },
]

function projectOf(investment: Investment, projects: Map<number, Project>): Project | undefined {
  return investment.project ?? projects.get(investment.projectId)
}

/** Whether an investment whose film is known meets `test` with that film (an unknown film never does). */
function someInvestmentInItsFilm(
  investments: Investment[],
  projects: Map<number, Project>,
  test: (investment: Investment, project: Project) => boolean,
): boolean {
  return investments.some((investment) => {
    const project = projectOf(investment, projects)
    return project !== undefined && test(investment, project)
  })
}

function genresOf(investments: Investment[], projects: Map<number, Project>): Set<string> {
  const genres = new Set<string>()
  for (const investment of investments) {
    const genre = projectOf(investment, projects)?.genres[0]
    if (genre) genres.add(genre)
  }
  return genres
}

export function computeAchievements(investments: Investment[], projects: Project[] = []): AchievementStatus[] {
  const byId = new Map(projects.map((project) => [project.id, project]))
  return ACHIEVEMENTS.map(({ unlocked, ...achievement }) => ({ ...achievement, unlocked: unlocked(investments, byId) }))
}
