import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WalletConnectionError } from '@solana/wallet-adapter-base'
import { WALLET_NAME_STORAGE_KEY } from '@/constants'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const SHORT = `${ADDRESS.slice(0, 4)}...${ADDRESS.slice(-4)}`

function fakeApi() {
  return installFakeApi({
    'POST /api/users': ({ body }) => ({ id: 7, ...(body as object) }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => new Response('{"message":"Unknown wallet"}', { status: 404 }),
    'POST /api/demo/wallets': () => ({ walletAddress: ADDRESS, demoAddress: 'demo', balanceLamports: '15750000000', balance: 15.75 }),
  })
}

describe('wallet state', () => {
  it('connects through the modal, remembers walletName and registers the user', async () => {
    const api = fakeApi()
    renderApp('/no-such-page')
    expect(window.localStorage.getItem(WALLET_NAME_STORAGE_KEY)).toBeNull()
    fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
    expect(await screen.findByText('Connect a wallet on Solana to continue')).toBeInTheDocument()
    fireEvent.click(await screen.findByRole('button', { name: /Fake Wallet/ }))
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(screen.getAllByText(SHORT).length).toBeGreaterThan(0)
    expect(window.localStorage.getItem(WALLET_NAME_STORAGE_KEY)).toBe('"Fake Wallet"')
    await waitFor(() => expect(api.find('POST', '/api/users')).toHaveLength(1))
    expect(api.find('POST', '/api/users')[0]).toMatchObject({
      cluster: 'demo',
      body: { username: SHORT, password: expect.any(String), walletAddress: ADDRESS, isStudio: false },
    })
  })

  it('auto-connects a remembered wallet and shows the 15.75 SOL demo balance', async () => {
    fakeApi()
    renderApp('/no-such-page', { connected: true })
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(await screen.findByText('Balance: 15.7500 SOL')).toBeInTheDocument()
    expect(screen.getByTestId('header-balance')).toHaveTextContent('15.75 SOL')
  })

  it('clears walletName on disconnect', async () => {
    fakeApi()
    renderApp('/no-such-page', { connected: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Wallet' }))
    expect(await screen.findByText('Disconnected')).toBeInTheDocument()
    expect(window.localStorage.getItem(WALLET_NAME_STORAGE_KEY)).toBeNull()
    expect(screen.queryByText(/Balance:/)).toBeNull()
  })

  it("says 'No Solana wallets installed' and shows the install prompt when no wallet is detected", async () => {
    installFakeApi({})
    renderApp('/no-such-page', { noWallets: true })
    fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
    expect(await screen.findByText('No Solana wallets installed')).toBeInTheDocument()
    expect(await screen.findByText("You'll need a wallet on Solana to continue")).toBeInTheDocument()
  })

  it("turns a wallet connection error into the 'Connection failed' toast", async () => {
    installFakeApi({})
    const { adapter } = renderApp('/no-such-page')
    // As real adapters do: emit the error for the provider's handler, then throw.
    adapter.connect = async () => {
      const error = new WalletConnectionError('refused')
      adapter.emit('error', error)
      throw error
    }
    fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
    fireEvent.click(await screen.findByRole('button', { name: /Fake Wallet/ }))
    expect(await screen.findByText('Connection failed')).toBeInTheDocument()
    expect(
      screen.getByText('Failed to connect Solana wallet. Please ensure you have a Solana wallet extension installed.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Disconnected')).toBeInTheDocument()
  })

  it('ignores a failed user registration', async () => {
    installFakeApi({ 'POST /api/users': () => new Response('boom', { status: 500 }) })
    renderApp('/no-such-page', { connected: true })
    expect(await screen.findByText('Connected')).toBeInTheDocument()
  })
})
