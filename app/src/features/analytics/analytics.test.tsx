import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'
import { splitRows } from './analytics-logic'

const ADDRESS = FAKE_WALLET_KEY.toBase58()

function fakeAnalytics() {
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    'GET /api/analytics/platform': () => ({
      totals: { projects: 2, funded: 1, investors: 3, raised: 11000, revenue: 3000, views: 400 },
      funding: [
        { date: '2026-03-01', invested: 7000, raised: 7000 },
        { date: '2026-03-02', invested: 4000, raised: 11000 },
      ],
      daily: [{ date: '2026-03-02', views: 400, revenue: 3000 }],
      split: { publishers: 1200, investors: 1725, platform: 75 },
      projects: [{ projectId: 5, title: 'Night Train', status: 'funded', raised: 10000, revenue: 3000, views: 400 }],
    }),
    'GET /api/analytics/projects/5': () => ({
      projectId: 5,
      title: 'Night Train',
      status: 'funded',
      totals: { investors: 2, raised: 10000, revenue: 3000, views: 400 },
      funding: [{ date: '2026-03-01', invested: 10000, raised: 10000 }],
      daily: [],
      split: { publishers: 0, investors: 0, platform: 0 },
    }),
    [`GET /api/analytics/wallet/${ADDRESS}`]: () => ({
      totals: { invested: 6000, projects: 1, earned: 1035, claimed: 1035 },
      invested: [{ date: '2026-03-01', invested: 6000, total: 6000 }],
      revenue: [{ date: '2026-03-02', earned: 1035, claimed: 1035 }],
    }),
  })
}

describe('Analytics', () => {
  it('draws the platform charts with their data tables', async () => {
    fakeAnalytics()
    renderApp('/analytics', { connected: true })
    const funding = await screen.findByRole('table', { name: 'Funding over time' })
    expect(within(funding).getByText('11.000 SOL')).toBeInTheDocument()
    const daily = screen.getByRole('table', { name: 'Views and revenue per day' })
    expect(within(daily).getByText('3.000 SOL')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: 'Revenue split' })).getByText('Investors (57.5%)')).toBeInTheDocument()
    expect(within(screen.getByRole('table', { name: 'Per film' })).getByText('Night Train')).toBeInTheDocument()
    expect(await screen.findByRole('table', { name: 'Your revenue per day' })).toBeInTheDocument()
    expect(screen.getAllByText('1.035 SOL').length).toBeGreaterThan(0)
  })

  it('switches to one film', async () => {
    fakeAnalytics()
    renderApp('/analytics')
    await screen.findByRole('option', { name: 'Night Train' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Film' }), { target: { value: '5' } })
    expect(await screen.findByText('funded')).toBeInTheDocument()
    expect(screen.getAllByText('No revenue distributed yet.')).toHaveLength(2)
    expect(screen.queryByRole('table', { name: 'Per film' })).toBeNull()
    expect(screen.getByText('Connect your wallet to see your own figures here.')).toBeInTheDocument()
  })

  it('has no split slices before any revenue', () => {
    expect(splitRows({ publishers: 0, investors: 0, platform: 0 })).toEqual([])
  })
})
