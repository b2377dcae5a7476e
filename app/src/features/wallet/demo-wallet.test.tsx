// The Marquee Demo Wallet: offered in Demo mode beside installed wallets (and never On-Chain), one
// click on /login connects it and signs in with a real ed25519 signature the fake server verifies,
// the header labels it as a demo key (the adapter's signing: demo-wallet-adapter.test.ts).
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Keypair } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { DEMO_WALLET_KEY_STORAGE_KEY, MODE_STORAGE_KEY } from '@/constants'
import { installFakeApi } from '@/test/fake-api'
import { renderApp } from '@/test/render'
import { loadOrCreateDemoKey } from './demo-wallet-adapter'

function demoApi() {
  return installFakeApi({
    'POST /api/users': ({ body }) => ({ id: 9, ...(body as object) }),
    'GET /api/platform': () => ({ admin: 'AdminKey', adminWallet: null, adminSource: null }),
    'GET /api/notifications': () => ({ notifications: [], unreadCount: 0 }),
    'POST /api/demo/wallets': ({ body }) => ({ walletAddress: (body as { walletAddress: string }).walletAddress, demoAddress: 'demo', balanceLamports: '15750000000', balance: 15.75 }),
  })
}

describe('Marquee Demo Wallet', () => {
  it('is listed in Demo mode without any extension, and not in On-Chain mode', async () => {
    demoApi()
    const demo = renderApp('/no-such-page', { noWallets: true })
    fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
    expect(await screen.findByRole('button', { name: /Marquee Demo Wallet/ })).toBeInTheDocument()
    expect(screen.queryByText('No Solana wallets installed')).toBeNull()
    demo.unmount()

    window.localStorage.setItem(MODE_STORAGE_KEY, 'onchain')
    renderApp('/no-such-page', { noWallets: true })
    fireEvent.click(screen.getAllByRole('button', { name: /Connect Wallet/ })[0])
    expect(await screen.findByText('No Solana wallets installed')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Marquee Demo Wallet/ })).toBeNull()
  })

  it('/login: one click signs in with the stored key, labels it a demo key, then goes back to ?next', async () => {
    const api = demoApi()
    const { router } = renderApp('/login?next=/investments', { noWallets: true })
    expect(await screen.findByText(/not a transaction/)).toBeInTheDocument()
    fireEvent.click(await screen.findByRole('button', { name: 'Use the Demo Wallet' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/investments'))
    const stored = window.localStorage.getItem(DEMO_WALLET_KEY_STORAGE_KEY)
    expect(stored).not.toBeNull()
    const address = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(stored!) as number[])).publicKey.toBase58()
    // The fake server accepted the sign-in only with a valid signature by that key.
    expect(api.auth.session).toBe(address)
    expect(await screen.findByTestId('demo-key-badge')).toHaveTextContent('Demo key')
  })

  it('/login refuses to send the visitor to another site after signing in', async () => {
    demoApi()
    const { router } = renderApp('/login?next=//evil.example/steal', { noWallets: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Use the Demo Wallet' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('replaces a damaged stored key instead of failing', () => {
    window.localStorage.setItem(DEMO_WALLET_KEY_STORAGE_KEY, 'not json')
    const key = loadOrCreateDemoKey(window.localStorage)
    expect(JSON.parse(window.localStorage.getItem(DEMO_WALLET_KEY_STORAGE_KEY)!)).toEqual(Array.from(key.secretKey))
  })
})
