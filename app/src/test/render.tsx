// Renders the whole app (providers, shell, router) at a route, with an optional fake wallet that
// auto-connects when its name is remembered in localStorage, as a returning user's would. The
// wallet offers `signIn` unless `signer: 'signMessage'` asks for one that only signs messages.
import { render } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { WALLET_NAME_STORAGE_KEY } from '@/constants'
import { createQueryClient } from '@/lib/query-client'
import { AppProviders } from '@/providers'
import { createRoutes } from '@/routes'
import { FAKE_WALLET_NAME, FakeSignInWalletAdapter, FakeWalletAdapter } from './fake-wallet'

export function renderApp(
  path: string,
  { connected = false, noWallets = false, signer = 'signIn' }: { connected?: boolean; noWallets?: boolean; signer?: 'signIn' | 'signMessage' } = {},
) {
  if (connected) window.localStorage.setItem(WALLET_NAME_STORAGE_KEY, JSON.stringify(FAKE_WALLET_NAME))
  const queryClient = createQueryClient()
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] })
  const adapter = signer === 'signIn' ? new FakeSignInWalletAdapter() : new FakeWalletAdapter()
  const utils = render(
    <AppProviders queryClient={queryClient} wallets={noWallets ? [] : [adapter]}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...utils, router, adapter }
}
