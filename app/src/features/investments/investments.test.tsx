import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeInvestment, makeProject } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()

function fakeApi(investments: ReturnType<typeof makeInvestment>[]) {
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    [`GET /api/investments/user/${ADDRESS}`]: () => investments,
  })
}

describe('My Investments', () => {
  it('asks for a wallet first', async () => {
    fakeApi([])
    renderApp('/investments')
    expect(await screen.findByText('Connect Your Wallet')).toBeInTheDocument()
    expect(screen.getByText(/see the films you have invested in/)).toBeInTheDocument()
  })

  it('links an empty portfolio to the marketplace', async () => {
    fakeApi([])
    renderApp('/investments', { connected: true })
    expect(await screen.findByText('No investments yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Explore Marketplace' })).toHaveAttribute('href', '/marketplace')
  })

  it('totals the investments, groups them per project and lists the history', async () => {
    const film = makeProject({ id: 5, title: 'Night Train' })
    const other = makeProject({ id: 6, title: 'Blue Hour' })
    fakeApi([
      makeInvestment({ projectId: 5, project: film, amount: 50, tokenShare: 0.001, createdAt: '2026-11-01T10:00:00Z' }),
      makeInvestment({ projectId: 5, project: film, amount: 1000, tokenShare: 0.02, createdAt: '2026-11-02T10:00:00Z' }),
      makeInvestment({ projectId: 6, project: other, amount: 2500, tokenShare: 0.05, createdAt: '2026-11-03T10:00:00Z' }),
    ])
    renderApp('/investments', { connected: true })
    expect(await screen.findByText('3.550 SOL')).toBeInTheDocument()
    expect(screen.getByText('$3,550')).toBeInTheDocument()
    const portfolioLink = screen.getAllByRole('link').find((link) => within(link).queryByText('Night Train'))!
    expect(portfolioLink).toHaveAttribute('href', '/project/5')
    expect(within(portfolioLink).getByText('1.050 SOL')).toBeInTheDocument()
    expect(within(portfolioLink).getByText('Token share 2.10%')).toBeInTheDocument()
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(within(rows[0]).getByText('Blue Hour')).toBeInTheDocument()
    expect(within(rows[2]).getByText('0.05 SOL')).toBeInTheDocument()
  })
})
