import { describe, expect, it } from 'vitest'
import { NOW, daysFromNow, makeInvestment, makeProject } from '@/test/fixtures'
import { recommendProjects, recommendationReasons, recommendationScore, signalsFor } from './recommendations'

const noSignals = { taste: 0, directorAcclaim: 0 }

describe('recommendationScore', () => {
  it('is funding ratio x 40 with no deadline bonus from 10 days on', () => {
    const project = makeProject({ currentFunding: 25_000, fundingGoal: 50_000, deadline: daysFromNow(10) })
    expect(recommendationScore(project, noSignals, NOW)).toBe(20)
  })
  it('adds (10 - days) x 2 under 10 days left', () => {
    const project = makeProject({ currentFunding: 25_000, fundingGoal: 50_000, deadline: daysFromNow(3) })
    expect(recommendationScore(project, noSignals, NOW)).toBe(20 + 14)
  })
  it('adds up to 20 points per signal', () => {
    const project = makeProject({ currentFunding: 0, deadline: daysFromNow(30) })
    expect(recommendationScore(project, { taste: 1, directorAcclaim: 0.5 }, NOW)).toBe(30)
  })
})

describe('recommendationReasons', () => {
  it('names every reason that applies', () => {
    const project = makeProject({ currentFunding: 40_000, fundingGoal: 50_000, deadline: daysFromNow(2) })
    expect(recommendationReasons(project, { taste: 1, directorAcclaim: 1 }, NOW)).toEqual([
      'Close to funding goal',
      'Limited time remaining',
      'Matches your taste',
      'Acclaimed director',
    ])
    expect(recommendationReasons(makeProject({ currentFunding: 0 }), noSignals, NOW)).toEqual([])
  })
})

describe('signalsFor', () => {
  it('measures taste by backed genres and acclaim by the director’s funded projects', () => {
    const backed = makeProject({ id: 100, genres: ['Sci-Fi'], directorName: 'Ava' })
    const fundedByAva = makeProject({ id: 101, directorName: 'Ava', currentFunding: 50_000, fundingGoal: 50_000 })
    const candidate = makeProject({ id: 102, genres: ['Sci-Fi', 'Drama'], directorName: 'Ava' })
    const signals = signalsFor(candidate, [backed, fundedByAva, candidate], [makeInvestment({ projectId: 100, project: backed })])
    expect(signals.taste).toBe(0.5)
    expect(signals.directorAcclaim).toBe(0.5)
  })
})

describe('recommendProjects', () => {
  it('returns the top 3 unfunded open projects by score', () => {
    const projects = [
      makeProject({ id: 1, currentFunding: 45_000 }),
      makeProject({ id: 2, currentFunding: 50_000 }), // funded: excluded
      makeProject({ id: 3, currentFunding: 5_000 }),
      makeProject({ id: 4, currentFunding: 30_000 }),
      makeProject({ id: 5, currentFunding: 20_000, deadline: daysFromNow(-1) }), // ended: excluded
      makeProject({ id: 6, currentFunding: 1_000, deadline: daysFromNow(1) }),
      makeProject({ id: 7, currentFunding: 49_000, status: 'failed' }), // not funding: excluded
    ]
    const ids = recommendProjects(projects, [], NOW).map((recommendation) => recommendation.project.id)
    // 1: 36; 4: 24; 6: 0.8 + 18 = 18.8; 3: 4
    expect(ids).toEqual([1, 4, 6])
  })
})
