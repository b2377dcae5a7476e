import { describe, expect, it } from 'vitest'
import { NOW, daysFromNow, makeInvestment, makeProject } from '@/test/fixtures'
import { computeAchievements } from './achievements'

const unlocked = (...args: Parameters<typeof computeAchievements>) =>
  computeAchievements(...args)
    .filter((achievement) => achievement.unlocked)
    .map((achievement) => achievement.title)

describe('computeAchievements', () => {
  it('unlocks nothing without investments', () => {
    expect(unlocked([])).toEqual([])
    expect(computeAchievements([])).toHaveLength(8)
  })

  it('First Steps at 1 investment', () => {
    const project = makeProject({ id: 1, createdAt: daysFromNow(-30) })
    expect(unlocked([makeInvestment({ projectId: 1 })], [project])).toEqual(['First Steps'])
  })

  it('Rookie Investor at 3 distinct projects, Portfolio Diversifier at 3 distinct genres', () => {
    const projects = ['Drama', 'Drama', 'Comedy'].map((genre, index) =>
      makeProject({ id: index + 1, genres: [genre], createdAt: daysFromNow(-30) }),
    )
    const investments = projects.map((project) => makeInvestment({ projectId: project.id }))
    expect(unlocked(investments, projects)).toEqual(['First Steps', 'Rookie Investor'])
    projects[1].genres = ['Horror']
    expect(unlocked(investments, projects)).toEqual(['First Steps', 'Rookie Investor', 'Portfolio Diversifier'])
  })

  it('Big Spender at 50 SOL total, The Whale at a single 25 SOL, Genre Enthusiast at 5 investments', () => {
    const project = makeProject({ id: 1, createdAt: daysFromNow(-30) })
    const fiveOfTen = Array.from({ length: 5 }, () => makeInvestment({ projectId: 1, amount: 10_000 }))
    expect(unlocked(fiveOfTen, [project])).toEqual(['First Steps', 'Big Spender', 'Genre Enthusiast'])
    expect(unlocked([makeInvestment({ projectId: 1, amount: 24_999 })], [project])).toEqual(['First Steps'])
    expect(unlocked([makeInvestment({ projectId: 1, amount: 25_000 })], [project])).toEqual(['First Steps', 'The Whale'])
  })

  it('Early Bird within 7 days of listing; Hidden Gem Finder for an early backer of a now funded film', () => {
    const listed = NOW - 20 * 86_400_000
    const funded = makeProject({
      id: 1,
      createdAt: new Date(listed).toISOString(),
      deadline: new Date(listed + 100 * 86_400_000).toISOString(),
      currentFunding: 50_000,
      fundingGoal: 50_000,
    })
    const early = makeInvestment({ projectId: 1, createdAt: new Date(listed + 2 * 86_400_000).toISOString() })
    expect(unlocked([early], [funded])).toEqual(['First Steps', 'Early Bird', 'Hidden Gem Finder'])
    const late = makeInvestment({ projectId: 1, createdAt: new Date(listed + 15 * 86_400_000).toISOString() })
    expect(unlocked([late], [funded])).toEqual(['First Steps'])
  })

  it('keeps Hidden Gem Finder secret', () => {
    expect(computeAchievements([]).find((achievement) => achievement.id === 'hidden-gem-finder')).toMatchObject({
      secret: true,
      tier: 'diamond',
    })
  })
})
