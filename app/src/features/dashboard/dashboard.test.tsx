import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeInvestment, makeProject } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const featured = Array.from({ length: 5 }, (_, index) =>
  makeProject({
    id: index + 1,
    title: `Featured ${index + 1}`,
    fundingGoal: 100_000,
    currentFunding: 25_000,
    investorCount: 12,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  }),
)

describe('dashboard', () => {
  it('shows the first featured project as the hero and the next four as cards', async () => {
    const api = installFakeApi({ 'GET /api/projects/featured?limit=5': () => featured })
    renderApp('/')
    const hero = await screen.findByTestId('hero')
    expect(within(hero).getByText('Featured 1')).toBeInTheDocument()
    expect(within(hero).getByText('25% funded')).toBeInTheDocument()
    expect(within(hero).getByText('$25,000')).toBeInTheDocument()
    expect(within(hero).getByText('Minimum investment: 0.05 SOL')).toBeInTheDocument()
    expect(within(hero).getByRole('link', { name: 'Invest Now' })).toHaveAttribute(
      'href',
      '/checkout?amount=0.05&projectId=1&title=Featured+1',
    )
    expect(within(hero).getByRole('link', { name: 'Details' })).toHaveAttribute('href', '/project/1')
    expect(screen.getAllByTestId('project-card')).toHaveLength(4)
    expect(screen.getByText('Are you a film studio?')).toBeInTheDocument()
    expect(api.find('GET', '/api/projects/featured?limit=5')).toHaveLength(1)
    expect(screen.queryByTestId('recommendations')).toBeNull()
  })

  it('with a wallet, shows recommendations after 1500 ms and achievements after 800 ms', async () => {
    installFakeApi({
      'GET /api/projects/featured?limit=5': () => featured,
      'GET /api/projects': () => featured,
      'POST /api/users': () => ({ id: 1 }),
      [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
      [`GET /api/investments/user/${ADDRESS}`]: () => [makeInvestment({ projectId: 1, project: featured[0] })],
    })
    const renderedAt = Date.now()
    renderApp('/', { connected: true })
    const achievements = await screen.findByTestId('achievements')
    const firstSteps = await within(achievements).findByText('First Steps', {}, { timeout: 15_000 })
    expect(Date.now() - renderedAt).toBeGreaterThanOrEqual(800)
    expect(firstSteps.closest('[data-unlocked]')).toHaveAttribute('data-unlocked', 'true')
    expect(within(achievements).getByText('Secret achievement')).toBeInTheDocument()
    const recommendations = screen.getByTestId('recommendations')
    expect(await within(recommendations).findAllByRole('link', {}, { timeout: 15_000 })).toHaveLength(3)
    expect(Date.now() - renderedAt).toBeGreaterThanOrEqual(1500)
  })
})
