import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WalletConnectionError } from '@solana/wallet-adapter-base'
import { MODE_STORAGE_KEY, WALLET_NAME_STORAGE_KEY } from '@/constants'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY, type FakeSignInWalletAdapter } from '@/test/fake-wallet'
import { FAKE_DOMAIN } from '@/test/fake-auth'
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

  it('keeps a Connect click made before the wallet runtime has loaded and opens the modal once it has', async () => {
    fakeApi()
    renderApp('/no-such-page')
    // Clicked right after the first render: the wallet libraries are still loading.
    fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
    expect(screen.getAllByRole('button', { name: /Connect Wallet/ })[0]).toHaveAttribute('data-loading')
    expect(screen.queryByText('Connect a wallet on Solana to continue')).toBeNull()
    expect(await screen.findByText('Connect a wallet on Solana to continue')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Connect Wallet/ })[0]).not.toHaveAttribute('data-loading'))
  })

  it('auto-connects a remembered wallet and shows the 15.75 SOL demo balance', async () => {
    fakeApi()
    renderApp('/no-such-page', { connected: true })
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    expect(await screen.findByText('Balance: 15.7500 SOL')).toBeInTheDocument()
    expect(screen.getByTestId('header-balance')).toHaveTextContent('15.75 SOL')
  })

  it('clears walletName and signs out on disconnect', async () => {
    const api = fakeApi()
    renderApp('/no-such-page', { connected: true })
    await waitFor(() => expect(api.auth.session).toBe(ADDRESS))
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Wallet' }))
    expect(await screen.findByText('Disconnected')).toBeInTheDocument()
    expect(window.localStorage.getItem(WALLET_NAME_STORAGE_KEY)).toBeNull()
    expect(screen.queryByText(/Balance:/)).toBeNull()
    await waitFor(() => expect(api.auth.signOuts).toBe(1))
    expect(api.auth.session).toBeNull()
  })

  it("says 'No Solana wallets installed' and shows the install prompt when no wallet is detected (On-Chain: no demo wallet)", async () => {
    installFakeApi({})
    window.localStorage.setItem(MODE_STORAGE_KEY, 'onchain')
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
    const api = installFakeApi({ 'POST /api/users': () => new Response('boom', { status: 500 }) })
    renderApp('/no-such-page', { connected: true })
    expect(await screen.findByText('Connected')).toBeInTheDocument()
    // The connect flow ends with the (failed) registration: wait for it, so that none of this test's
    // sign-in requests reach the next test's fake server (they took its nonce under load).
    await waitFor(() => expect(api.find('POST', '/api/users')).toHaveLength(1))
    expect(screen.getByText('Connected')).toBeInTheDocument()
  })

  describe('sign-in on connect', () => {
    it("signs in with the wallet's solana:signIn, with the server's nonce, before registering the user", async () => {
      const api = fakeApi()
      const { adapter } = renderApp('/no-such-page', { connected: true })
      expect(await screen.findByText('Balance: 15.7500 SOL')).toBeInTheDocument()
      const wallet = adapter as FakeSignInWalletAdapter
      expect(wallet.signInInputs).toHaveLength(1)
      expect(wallet.signInInputs[0]).toMatchObject({ domain: FAKE_DOMAIN, address: ADDRESS, nonce: 'nonce1abcdef' })
      expect(api.auth).toMatchObject({ session: ADDRESS, signIns: 1 })
      // The session exists before the wallet is acted for.
      const paths = api.requests.map((request) => `${request.method} ${request.path}`)
      expect(paths.indexOf('POST /api/auth/sign-in')).toBeLessThan(paths.indexOf('POST /api/users'))
      expect(paths.indexOf('POST /api/auth/sign-in')).toBeLessThan(paths.indexOf('POST /api/demo/wallets'))
    })

    it('falls back to signMessage of the SIWS text when the wallet has no signIn', async () => {
      const api = fakeApi()
      const { adapter } = renderApp('/no-such-page', { connected: true, signer: 'signMessage' })
      expect(await screen.findByText('Balance: 15.7500 SOL')).toBeInTheDocument()
      expect('signIn' in adapter).toBe(false)
      expect(adapter.signed).toHaveLength(1)
      const text = new TextDecoder().decode(adapter.signed[0])
      expect(text).toMatch(new RegExp(`^${FAKE_DOMAIN} wants you to sign in with your Solana account:\n${ADDRESS}\n`))
      expect(text).toContain('Nonce: nonce1abcdef')
      expect(api.auth).toMatchObject({ session: ADDRESS, signIns: 1 })
    })

    it('does not ask again when this browser already holds the wallet’s session', async () => {
      const api = installFakeApi({
        'GET /api/auth/session': () => ({ walletAddress: ADDRESS, expiresAt: '2099-01-01T00:00:00.000Z' }),
        'POST /api/users': () => ({ id: 7 }),
        [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
      })
      const { adapter } = renderApp('/no-such-page', { connected: true })
      expect(await screen.findByText('Balance: 15.7500 SOL')).toBeInTheDocument()
      expect(adapter.signed).toHaveLength(0)
      expect(api.find('GET', '/api/auth/nonce')).toHaveLength(0)
    })

    it("a rejected sign-in leaves the wallet disconnected with the 'Sign-in failed' toast", async () => {
      const api = fakeApi()
      const { adapter } = renderApp('/no-such-page')
      adapter.reject = true
      fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
      fireEvent.click(await screen.findByRole('button', { name: /Fake Wallet/ }))
      expect(await screen.findByText('Sign-in failed')).toBeInTheDocument()
      expect(screen.getByText(/did not sign the sign-in request/)).toBeInTheDocument()
      expect(await screen.findByText('Disconnected')).toBeInTheDocument()
      expect(adapter.publicKey).toBeNull()
      expect(api.auth.session).toBeNull()
      expect(api.find('POST', '/api/users')).toHaveLength(0)
      expect(api.find('POST', '/api/demo/wallets')).toHaveLength(0)
    })
  })
})
