import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const SIGNATURE = '5Kd3NBUAdUnhyzenEwVLy9pBKxSwXvE9FMPyR4UKZvpe6E3AgLr6wMu7SM5Vcaz3jLL1'

function fakeApi({ total = 1250, claimFails = false } = {}) {
  let balance = 15.75
  let unclaimed = {
    total,
    distributions: total
      ? [
          { id: 1, amount: 1000, projectId: 2 },
          { id: 2, amount: 250, projectId: 3 },
        ]
      : [],
  }
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    'GET /api/projects': () => [],
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance }),
    [`GET /api/revenue/unclaimed/${ADDRESS}`]: () => unclaimed,
    'POST /api/demo/claim-revenue': () => {
      if (claimFails) return new Response('vault empty', { status: 409 })
      balance += unclaimed.total / 1000
      unclaimed = { total: 0, distributions: [] }
      return { signature: SIGNATURE, amount: 1250 }
    },
    'POST /api/revenue/claim': ({ body }) => ({ claimed: (body as { distributionIds: number[] }).distributionIds, amount: 1250, txHash: SIGNATURE }),
  })
}

describe('claim revenue screen', () => {
  it('summarises the unclaimed revenue and disables the claim at 0', async () => {
    fakeApi({ total: 0 })
    renderApp('/claim-revenue', { connected: true })
    expect(await screen.findByTestId('claim-available')).toHaveTextContent('0.00 SOL')
    expect(screen.getByRole('button', { name: 'Claim 0.00 SOL' })).toBeDisabled()
    // The disabled claim says why.
    expect(await screen.findByTestId('claim-nothing')).toHaveTextContent("You don't have any unclaimed revenue at this time.")
  })

  it('shows a total below 0.01 SOL with its digits and offers its claim', async () => {
    fakeApi({ total: 0.015 })
    renderApp('/claim-revenue', { connected: true })
    await waitFor(() => expect(screen.getByTestId('claim-available')).toHaveTextContent('0.000015 SOL'))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim 0.000015 SOL' })).toBeEnabled())
    expect(screen.queryByTestId('claim-nothing')).toBeNull()
  })

  it('runs the progress phases, succeeds with the shortened hash, raises the balance and goes to /revenue after 3 s', async () => {
    const api = fakeApi()
    const { router } = renderApp('/claim-revenue', { connected: true })
    expect(await screen.findByText('Balance: 15.7500 SOL')).toBeInTheDocument()
    expect(await screen.findByTestId('claim-available')).toHaveTextContent('1.25 SOL')
    expect(screen.getByText(/You are about to claim 1.25 SOL from 2 projects. A small network fee applies./)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Claim 1.25 SOL' }))
    expect(await screen.findByText('Preparing transaction...')).toBeInTheDocument()
    // While claiming, the button keeps its label and is disabled.
    expect(screen.getByRole('button', { name: 'Claim 1.25 SOL' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Claim 1.25 SOL' })).toHaveAttribute('aria-busy', 'true')
    expect(await screen.findByText('Confirming on blockchain...', {}, { timeout: 15_000 })).toBeInTheDocument()
    // The refreshed unclaimed data is empty by now; the screen keeps the figures being claimed.
    await waitFor(() => expect(api.find('GET', `/api/revenue/unclaimed/${ADDRESS}`).length).toBeGreaterThan(1))
    expect(screen.getByTestId('claim-available')).toHaveTextContent('1.25 SOL')
    expect(await screen.findByText('Claim Successful!', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/claim-revenue')
    expect(screen.getByText('5Kd3...jLL1')).toBeInTheDocument()
    expect(await screen.findByText('1.25 SOL has been sent to your wallet', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/claim-revenue')[0].body).toEqual({ walletAddress: ADDRESS, distributionIds: [1, 2] })
    expect(api.find('POST', '/api/revenue/claim')[0].body).toEqual({ distributionIds: [1, 2], txHash: SIGNATURE, simulated: true })
    expect(await screen.findByText('Balance: 17.0000 SOL')).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.pathname).toBe('/revenue'), { timeout: 15_000 })
  }, 60_000)

  it('resets the progress and says Claim Failed when the transaction fails', async () => {
    fakeApi({ claimFails: true })
    renderApp('/claim-revenue', { connected: true })
    await screen.findByText('Connected')
    const claim = await screen.findByRole('button', { name: 'Claim 1.25 SOL' })
    await waitFor(() => expect(claim).toBeEnabled())
    fireEvent.click(claim)
    expect(await screen.findByText('There was an error processing your claim. Please try again. Reason: vault empty')).toBeInTheDocument()
    expect(screen.queryByText(/Preparing transaction|Confirming on blockchain/)).toBeNull()
    expect(screen.queryByRole('progressbar')).toBeNull()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Claim 1.25 SOL' })).toBeEnabled())
  })

  it('shows the loading text while the unclaimed revenue loads', async () => {
    installFakeApi({
      'POST /api/users': () => ({ id: 1 }),
      [`GET /api/revenue/unclaimed/${ADDRESS}`]: () => new Promise(() => {}),
    })
    renderApp('/claim-revenue', { connected: true })
    expect(await screen.findByText('Loading your unclaimed revenue...')).toBeInTheDocument()
  })
})
