import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi, type Handler } from '@/test/fake-api'
import { fakeAuth } from '@/test/fake-auth'
import { makeProject } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()

function fakeApi(options: { investFails?: boolean; auth?: Record<string, Handler> } = {}) {
  let project = makeProject({ id: 4, title: 'Night Train', fundingGoal: 50_000, currentFunding: 10_000, investorCount: 3 })
  const api = installFakeApi({
    ...options.auth,
    'GET /api/projects/4': () => project,
    'GET /api/investments/project/4': () => [],
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    'POST /api/demo/invest': () => (options.investFails ? new Response(JSON.stringify({ message: 'Insufficient funds: the demo wallet cannot pay for this transaction' }), { status: 400 }) : { signature: 'SiG1111' }),
    'POST /api/investments': ({ body }) => {
      project = { ...project, currentFunding: project.currentFunding + 50, investorCount: project.investorCount + 1 }
      return { id: 1, ...(body as object) }
    },
  })
  return api
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Invest Now' }))
  return screen.findByRole('dialog')
}

describe('invest dialog', () => {
  it('defaults to 0.05 SOL with step 0.01, the minimum hint and the estimate', async () => {
    fakeApi()
    renderApp('/project/4')
    const dialog = await openDialog()
    const input = within(dialog).getByLabelText('Investment amount (SOL)')
    expect(input).toHaveValue(0.05)
    expect(input).toHaveAttribute('step', '0.01')
    expect(within(dialog).getByText('Minimum investment: 0.05 SOL')).toBeInTheDocument()
    expect(within(dialog).getByTestId('token-share-estimate')).toHaveTextContent('0.1000%')
    expect(within(dialog).getByText('0.002 SOL')).toBeInTheDocument()
    fireEvent.change(input, { target: { value: '5' } })
    expect(within(dialog).getByTestId('token-share-estimate')).toHaveTextContent('10.0000%')
    expect(within(dialog).getByText('Remaining to the goal: 40 SOL')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invest the rest' }))
    expect(input).toHaveValue(40)
  })

  it('asks for a wallet first', async () => {
    const api = fakeApi()
    renderApp('/project/4')
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Investment' }))
    expect(await screen.findByText('Wallet not connected')).toBeInTheDocument()
    expect(screen.getByText('Please connect your wallet to invest in this project.')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/invest')).toHaveLength(0)
  })

  it('rejects an amount that is not above 0', async () => {
    const api = fakeApi()
    renderApp('/project/4', { connected: true })
    await screen.findByText('Connected')
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Investment amount (SOL)'), { target: { value: '0' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Investment' }))
    expect(await screen.findByText('Please enter a valid investment amount.')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/invest')).toHaveLength(0)
  })

  it('invests on the demo chain, records it, and shows the new funding', async () => {
    const api = fakeApi()
    renderApp('/project/4', { connected: true })
    await screen.findByText('Connected')
    expect(await screen.findByTestId('investor-count')).toHaveTextContent('3')
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Investment' }))
    expect(await screen.findByText("You've successfully invested 0.05 SOL in Night Train.")).toBeInTheDocument()
    // Every success toast links its transaction.
    expect(screen.getByRole('link', { name: /View transaction/ })).toHaveAttribute('href', expect.stringContaining('SiG1111'))
    expect(api.find('POST', '/api/demo/invest')[0].body).toEqual({ walletAddress: ADDRESS, projectId: 4, amount: 0.05 })
    expect(api.find('POST', '/api/investments')[0].body).toEqual({
      userId: ADDRESS,
      projectId: 4,
      amount: 50,
      tokenShare: 0.001,
      txHash: 'SiG1111',
      simulated: true,
    })
    await waitFor(() => expect(screen.getByTestId('investor-count')).toHaveTextContent('4'))
  })

  it('waits for a returning wallet still signing in, then invests (no "Wallet not connected")', async () => {
    // The wallet reconnects at once; its sign-in waits until the test lets the nonce through.
    const auth = fakeAuth()
    let letSignInThrough = () => {}
    const signInAllowed = new Promise<void>((resolve) => (letSignInThrough = resolve))
    const nonce = auth.routes['GET /api/auth/nonce']
    const api = fakeApi({ auth: { ...auth.routes, 'GET /api/auth/nonce': async (request) => (await signInAllowed, nonce(request)) } })
    renderApp('/project/4', { connected: true })
    await screen.findByText('Connected')
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Investment' }))
    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(api.find('POST', '/api/demo/invest')).toHaveLength(0)
    expect(screen.queryByText(/Wallet not connected/)).not.toBeInTheDocument()
    letSignInThrough()
    expect(await screen.findByText("You've successfully invested 0.05 SOL in Night Train.")).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/invest')).toHaveLength(1)
    expect(auth.state.signIns).toBe(1)
  })

  it('keeps the dialog open with the spec’s message when the investment fails', async () => {
    fakeApi({ investFails: true })
    renderApp('/project/4', { connected: true })
    await screen.findByText('Connected')
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Investment' }))
    expect(
      await screen.findByText(
        'There was an error processing your investment. Please try again. Reason: Not enough SOL: the demo wallet cannot pay for this transaction',
      ),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  // Amounts the dialog refuses inline, before any transaction is built.
  it.each([
    { case: 'the minimum for 0.01 SOL', amount: '0.01', problem: 'The minimum investment is 0.05 SOL.' },
    { case: 'more than is left to the goal', amount: '41', problem: 'Only 40 SOL is left to the funding goal: invest at most 40 SOL.' },
  ])('shows $case inline and sends nothing', async ({ amount, problem }) => {
    const api = fakeApi()
    renderApp('/project/4', { connected: true })
    await screen.findByText('Connected')
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Investment amount (SOL)'), { target: { value: amount } })
    expect(within(dialog).getByTestId('invest-amount-problem')).toHaveTextContent(problem)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Investment' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(api.find('POST', '/api/demo/invest')).toHaveLength(0)
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
