// Test data in the API's shapes.
import type { Investment, Project } from '@/lib/types'

export const NOW = Date.parse('2026-03-01T00:00:00Z')
export const daysFromNow = (days: number) => new Date(NOW + days * 86_400_000).toISOString()

let nextId = 1

export function makeProject(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? nextId++
  return {
    id,
    address: 'HT7DYpCtpMVJmhgW53vuAv8tPEvpS8s4yHzyoQ24avyo',
    title: `Film ${id}`,
    description: 'A film',
    thumbnailUrl: '',
    genres: ['Drama'],
    directorName: 'Director',
    studioId: 1,
    fundingGoal: 50_000,
    currentFunding: 10_000,
    investorCount: 3,
    deadline: daysFromNow(30),
    createdAt: daysFromNow(-10),
    status: 'funding',
    ...overrides,
  }
}

export function makeInvestment(overrides: Partial<Investment> = {}): Investment {
  return {
    id: nextId++,
    userId: 1,
    projectId: 1,
    amount: 1000,
    tokenShare: 0.02,
    txHash: 'sig',
    createdAt: daysFromNow(-1),
    ...overrides,
  }
}
