import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeProject } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()

function fakeApi(investStatus = 200) {
  return installFakeApi({
    'GET /api/projects/4': () => makeProject({ id: 4, title: 'Night Train', fundingGoal: 50_000 }),
    'GET /api/investments/project/4': () => [],
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    'POST /api/demo/invest': () => (investStatus === 200 ? { signature: 'PaY' } : new Response(JSON.stringify({ message: 'The project is not accepting investments' }), { status: investStatus })),
    'POST /api/investments': ({ body }) => ({ id: 9, ...(body as object) }),
  })
}

describe('checkout', () => {
  it.each(['/checkout', '/checkout?amount=1', '/checkout?projectId=4', '/checkout?amount=0&projectId=4'])('is invalid at %s', async (path) => {
    fakeApi()
    renderApp(path)
    expect(await screen.findByText('Invalid Checkout')).toBeInTheDocument()
    expect(screen.getByText('The checkout information is incomplete. Please return to the project page.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Marketplace' })).toHaveAttribute('href', '/marketplace')
  })

  it('needs a wallet to pay', async () => {
    fakeApi()
    renderApp('/checkout?amount=0.5&projectId=4&title=Night%20Train')
    expect(await screen.findByText('Connect your wallet to proceed')).toBeInTheDocument()
    expect(screen.getByText('Investment Summary')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeDisabled()
  })

  it('pays with a real invest, shows Payment Successful! and returns to the project after 2 s', async () => {
    const api = fakeApi()
    const { router } = renderApp('/checkout?amount=0.5&projectId=4&title=Night%20Train', { connected: true })
    await screen.findByText('Connected')
    const pay = await screen.findByRole('button', { name: 'Pay 0.5 SOL' })
    await waitFor(() => expect(pay).toBeEnabled())
    const startedAt = Date.now()
    fireEvent.click(pay)
    // While processing, the button keeps its label and is disabled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay 0.5 SOL' })).toHaveAttribute('aria-busy', 'true'))
    expect(screen.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeDisabled()
    expect(await screen.findByText('Payment Successful!', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1500)
    expect(screen.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeDisabled()
    expect(api.find('POST', '/api/demo/invest')[0].body).toEqual({ walletAddress: ADDRESS, projectId: 4, amount: 0.5 })
    expect(router.state.location.pathname).toBe('/checkout')
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/4'), { timeout: 15_000 })
  })

  it('says Payment Failed and lets the user retry', async () => {
    fakeApi(400)
    renderApp('/checkout?amount=0.5&projectId=4&title=Night%20Train', { connected: true })
    await screen.findByText('Connected')
    const pay = await screen.findByRole('button', { name: 'Pay 0.5 SOL' })
    await waitFor(() => expect(pay).toBeEnabled())
    fireEvent.click(pay)
    expect(await screen.findByText('There was an error processing your payment. Please try again. Reason: The project is not accepting investments', {}, { timeout: 15_000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay 0.5 SOL' })).toBeEnabled())
  })
})
