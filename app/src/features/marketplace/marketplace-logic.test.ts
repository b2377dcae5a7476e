import { describe, expect, it } from 'vitest'
import { daysFromNow, makeProject } from '@/test/fixtures'
import { asSortOption, asStatusFilter, filterProjects } from './marketplace-logic'

const projects = [
  makeProject({ id: 1, title: 'Neon Harbor', description: 'A port city', directorName: 'Mira Sol', currentFunding: 10_000, createdAt: daysFromNow(-3), deadline: daysFromNow(20) }),
  makeProject({ id: 2, title: 'Quiet Fields', description: 'Farmers and ghosts', directorName: 'Tom Reyes', currentFunding: 45_000, createdAt: daysFromNow(-1), deadline: daysFromNow(40) }),
  makeProject({ id: 3, title: 'Dust', description: 'Western', directorName: 'Ana NEON', status: 'funded', currentFunding: 50_000, createdAt: daysFromNow(-9), deadline: daysFromNow(5) }),
]
const ids = (list: { id: number }[]) => list.map((project) => project.id)

describe('filterProjects', () => {
  it('searches title, description and directorName case-insensitively', () => {
    expect(ids(filterProjects(projects, 'neon', 'all', 'funding'))).toEqual([3, 1])
    expect(ids(filterProjects(projects, 'GHOSTS', 'all', 'funding'))).toEqual([2])
    expect(ids(filterProjects(projects, 'reyes', 'all', 'funding'))).toEqual([2])
    expect(filterProjects(projects, 'nothing like it', 'all', 'funding')).toEqual([])
  })
  it('filters by status', () => {
    expect(ids(filterProjects(projects, '', 'funded', 'funding'))).toEqual([3])
    expect(ids(filterProjects(projects, '', 'funding', 'funding'))).toEqual([2, 1])
  })
  it('sorts by funding percentage, newest or ending soon', () => {
    expect(ids(filterProjects(projects, '', 'all', 'funding'))).toEqual([3, 2, 1])
    expect(ids(filterProjects(projects, '', 'all', 'newest'))).toEqual([2, 1, 3])
    expect(ids(filterProjects(projects, '', 'all', 'endingSoon'))).toEqual([3, 1, 2])
  })
  it('falls back to all / funding percentage for unknown query values', () => {
    expect(asStatusFilter('bogus')).toBe('all')
    expect(asStatusFilter('funded')).toBe('funded')
    expect(asSortOption(null)).toBe('funding')
    expect(asSortOption('endingSoon')).toBe('endingSoon')
  })
})
