import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeUnclaimedDistribution } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'
import { selectionOf, toggleAll, toggleDistribution } from './claim-selection'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const SIGNATURE = '5Kd3NBUAdUnhyzenEwVLy9pBKxSwXvE9FMPyR4UKZvpe6E3AgLr6wMu7SM5Vcaz3jLL1'
const rows = [
  makeUnclaimedDistribution({ id: 1, amount: 1000, amountLamports: '1000000000', projectId: 2, projectTitle: 'Night Train' }),
  makeUnclaimedDistribution({ id: 2, amount: 500, amountLamports: '500000000', projectId: 2, projectTitle: 'Night Train' }),
  makeUnclaimedDistribution({ id: 3, amount: 250, amountLamports: '250000000', projectId: 3, projectTitle: 'Open Water' }),
]

function fakeApi({ distributions = rows, claimFails = false } = {}) {
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    'GET /api/projects': () => [],
    'GET /api/revenue/distributions': () => [],
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    [`GET /api/revenue/user/${ADDRESS}`]: () => ({ earned: 1750, claimable: 1750, claimed: 0, byProject: [], transactions: [] }),
    [`GET /api/revenue/unclaimed/${ADDRESS}`]: () => ({ total: distributions.reduce((sum, row) => sum + row.amount, 0), distributions }),
    'POST /api/demo/claim-revenue': () => (claimFails ? new Response('vault empty', { status: 409 }) : { signature: SIGNATURE, amount: 250 }),
    'POST /api/revenue/claim': ({ body }) => ({ claimed: (body as { distributionIds: number[] }).distributionIds, amount: 250, txHash: SIGNATURE }),
  })
}

async function openDialog() {
  const button = await screen.findByRole('button', { name: /Select Distributions/ })
  await waitFor(() => expect(button).toBeEnabled())
  fireEvent.click(button)
  return screen.findByRole('dialog')
}

describe('claim dialog', () => {
  it('selects a film’s distributions together, selects all, and totals the selection', () => {
    const one = toggleDistribution(new Set(), rows[0], rows)
    expect([...one]).toEqual([1, 2])
    expect(selectionOf({ total: 1750, totalLamports: '1750000000', distributions: rows }, one).total).toBe(1500)
    expect([...toggleDistribution(one, rows[1], rows)]).toEqual([])
    expect([...toggleAll(new Set([3]), rows)]).toEqual([1, 2, 3])
    expect([...toggleAll(new Set([1, 2, 3]), rows)]).toEqual([])
  })

  it('says No distributions selected, then claims the selected film and says so', async () => {
    const api = fakeApi()
    renderApp('/revenue', { connected: true })
    await openDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Claim Selected' }))
    expect(await screen.findByText('Please select at least one distribution to claim.')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: /Open Water/ }))
    await waitFor(() => expect(screen.getByTestId('claim-selection-total')).toHaveTextContent('0.250 SOL'))
    fireEvent.click(screen.getByRole('button', { name: 'Claim Selected' }))
    expect(await screen.findByText('Your revenue has been sent to your wallet.')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/claim-revenue')[0].body).toEqual({ walletAddress: ADDRESS, distributionIds: [3] })
  })

  it('is not offered without distributions (the page says so), and says the failure message when the claim fails', async () => {
    fakeApi({ distributions: [] })
    const { unmount } = renderApp('/revenue', { connected: true })
    // Never a claim for nothing: the dialog's button stays disabled and the page says why.
    expect(await screen.findByTestId('revenue-nothing-to-claim')).toHaveTextContent('Nothing to claim yet')
    expect(screen.getByRole('button', { name: /Select Distributions/ })).toBeDisabled()
    unmount()

    fakeApi({ claimFails: true })
    renderApp('/revenue', { connected: true })
    await openDialog()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }))
    await waitFor(() => expect(screen.getByTestId('claim-selection-total')).toHaveTextContent('1.750 SOL'))
    fireEvent.click(screen.getByRole('button', { name: 'Claim Selected' }))
    expect(await screen.findByText('There was an error claiming your revenue. Please try again. Reason: vault empty')).toBeInTheDocument()
  })
})
