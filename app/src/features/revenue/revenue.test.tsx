import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MODE_STORAGE_KEY } from '@/constants'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()

afterEach(() => vi.restoreAllMocks())

function fakeApi(generateStatus = 200, initialClaimable = 0) {
  let claimable = initialClaimable
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    'GET /api/projects': () => [],
    'GET /api/revenue/distributions': () => [],
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    [`GET /api/revenue/user/${ADDRESS}`]: () => ({ earned: claimable, claimable, claimed: 0, byProject: [], transactions: [] }),
    [`GET /api/revenue/unclaimed/${ADDRESS}`]: () => ({
      total: claimable,
      totalLamports: String(claimable * 1_000_000),
      distributions: claimable ? [{ id: 1, amount: claimable, projectId: 1 }] : [],
    }),
    'POST /api/demo/generate-revenue': ({ body }) => {
      if (generateStatus !== 200) return new Response('no funded investment', { status: generateStatus })
      claimable += Math.round((body as { amount: number }).amount * 575)
      return { signature: 'sig', projectId: 1, amount: (body as { amount: number }).amount }
    },
  })
}

describe('Revenue Dashboard', () => {
  it('generates test revenue of a random 0.5–10 SOL and refreshes the claimable figure', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const api = fakeApi()
    renderApp('/revenue', { connected: true })
    fireEvent.click(await screen.findByRole('button', { name: /Generate Test Revenue/ }))
    expect(await screen.findByText('5.25 SOL has been added to your claimable revenue.')).toBeInTheDocument()
    expect(screen.getByText('Test Revenue Generated')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/generate-revenue')[0].body).toEqual({ userId: ADDRESS, amount: 5.25 })
    await waitFor(() => expect(screen.getAllByText('3.02 SOL').length).toBeGreaterThan(0))
  })

  it('says the spec’s error when generating fails', async () => {
    fakeApi(400)
    renderApp('/revenue', { connected: true })
    fireEvent.click(await screen.findByRole('button', { name: /Generate Test Revenue/ }))
    expect(await screen.findByText('Failed to generate test revenue. Please try again. Reason: no funded investment')).toBeInTheDocument()
  })

  it('offers Generate Test Revenue only in Demo mode, where the demo chain can pay it', async () => {
    fakeApi()
    window.localStorage.setItem(MODE_STORAGE_KEY, 'onchain')
    renderApp('/revenue', { connected: true })
    expect(await screen.findByRole('heading', { name: 'Revenue Dashboard' }, { timeout: 60_000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Generate Test Revenue/ })).toBeNull()
  })

  it('goes to /claim-revenue from the Claim Revenue button', async () => {
    fakeApi(200, 15)
    const { router } = renderApp('/revenue', { connected: true })
    await waitFor(() => expect(screen.getByRole('button', { name: /Claim Revenue/ })).toBeEnabled())
    expect(screen.queryByTestId('revenue-nothing-to-claim')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /Claim Revenue/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/claim-revenue'))
  })

  it('offers no claim for nothing: with 0 unclaimed Select Distributions is disabled and the page says why; Claim Revenue still leads to the claim screen', async () => {
    fakeApi()
    const { router } = renderApp('/revenue', { connected: true })
    expect(await screen.findByTestId('revenue-nothing-to-claim')).toHaveTextContent('Nothing to claim yet')
    expect(screen.getByRole('button', { name: /Select Distributions/ })).toBeDisabled()
    fireEvent.click(screen.getByRole('button', { name: /Claim Revenue/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/claim-revenue'))
  })

  it('has the platform tabs Overview, Distribution and Projects', async () => {
    fakeApi()
    renderApp('/revenue', { connected: true })
    for (const tab of ['Overview', 'Distribution', 'Projects']) expect(await screen.findByRole('tab', { name: tab })).toBeInTheDocument()
    fireEvent.click(screen.getByRole('tab', { name: 'Distribution' }))
    expect(await screen.findByRole('combobox', { name: 'Distribution frequency' })).toHaveValue('weekly')
    expect(screen.getByText('50 SOL')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('30d')
  })
})
