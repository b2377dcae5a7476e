import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'

const DAY = 86_400_000
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString()

describe('marketplace', () => {
  it('shows an 8-card skeleton while loading', async () => {
    installFakeApi({ 'GET /api/projects': () => new Promise(() => {}) })
    renderApp('/marketplace')
    expect(await screen.findAllByTestId('project-card-skeleton')).toHaveLength(8)
  })

  it("shows 'No projects found' when nothing matches the header's search", async () => {
    installFakeApi({ 'GET /api/projects': () => [makeProject({ title: 'Neon Harbor' })] })
    renderApp('/marketplace?search=zzz')
    expect(await screen.findByText('No projects found')).toBeInTheDocument()
  })

  it('labels cards Funded / days left / Funding ended and abbreviates counts', async () => {
    installFakeApi({
      'GET /api/projects': () => [
        makeProject({ id: 1, title: 'Funded Film', currentFunding: 60_000, fundingGoal: 50_000, investorCount: 1500, totalViews: 2_500_000 }),
        makeProject({ id: 2, title: 'Open Film', currentFunding: 100, deadline: inDays(9.5) }),
        makeProject({ id: 3, title: 'Late Film', currentFunding: 100, deadline: inDays(-2) }),
      ],
    })
    renderApp('/marketplace?search=film')
    const cards = await screen.findAllByTestId('project-card')
    expect(cards).toHaveLength(3)
    const card = (title: string) => cards.find((element) => within(element).queryByText(title))!
    expect(within(card('Funded Film')).getByText('Funded')).toBeInTheDocument()
    expect(within(card('Funded Film')).getByText(/1.5K investors/)).toBeInTheDocument()
    expect(within(card('Funded Film')).getByText('2.5M views')).toBeInTheDocument()
    expect(within(card('Funded Film')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    expect(within(card('Open Film')).getByText('10 days left')).toBeInTheDocument()
    expect(within(card('Late Film')).getByText('Funding ended')).toBeInTheDocument()
    expect(card('Open Film')).toHaveAttribute('href', '/project/2')
  })

  it('draws a film without a poster as an empty box named for the film, never an image without a source', async () => {
    installFakeApi({
      'GET /api/projects': () => [
        makeProject({ id: 1, title: 'Poster Film', thumbnailUrl: '/api/demo/posters/1.svg' }),
        makeProject({ id: 2, title: 'Bare Film', thumbnailUrl: '' }),
      ],
    })
    renderApp('/marketplace?search=film')
    const cards = await screen.findAllByTestId('project-card')
    const card = (title: string) => cards.find((element) => within(element).queryByText(title))!
    expect(within(card('Poster Film')).getByRole('img', { name: 'Poster Film' })).toHaveAttribute('src', '/api/demo/posters/1.svg')
    const bare = within(card('Bare Film')).getByRole('img', { name: 'Bare Film' })
    expect(bare).not.toHaveAttribute('src')
    expect(card('Bare Film').querySelector('img')).toBeNull()
  })
})
