// Auto-List on a real cluster registers the funded films the website does not list yet, and only those.
import { describe, expect, it } from 'vitest'
import { makeProject } from '@/test/fixtures'
import type { PublisherEmbed } from '@marquee/api-contract'
import { unlistedFundedFilms } from './auto-list-logic'

const embed = (projectId: number, websiteUrl: string) => ({ projectId, websiteUrl }) as PublisherEmbed

describe('unlistedFundedFilms', () => {
  it('is the funded films with no embed on that origin, oldest first', () => {
    const projects = [
      makeProject({ id: 5, status: 'funded' }),
      makeProject({ id: 2, status: 'funded' }),
      makeProject({ id: 3, status: 'funding' }),
      makeProject({ id: 4, status: 'funded' }),
      makeProject({ id: 6, status: 'funded' }),
    ]
    const embeds = [embed(4, 'https://films.example/reviews'), embed(6, 'https://other.example/')]
    // 4 is listed on this origin (any page of it); 6 only on another website; 3 is not funded.
    expect(unlistedFundedFilms(projects, embeds, 'https://films.example').map((project) => project.id)).toEqual([2, 5, 6])
  })
})
