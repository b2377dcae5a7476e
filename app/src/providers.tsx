// Every provider of the app, outermost first: Chakra, react-query, mode, the wallet bridge (the
// Solana wallet providers and the sign-in load lazily behind it), toasts.
import type { Adapter } from '@solana/wallet-adapter-base'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Provider as ChakraProvider } from '@/components/ui/provider'
import { Toaster } from '@/components/ui/toaster'
import { createQueryClient } from '@/lib/query-client'
import { ModeProvider, type Mode } from '@/features/mode/mode-data-access'
import { WalletBridgeProvider } from '@/features/wallet/wallet-bridge'

export function AppProviders({
  children,
  queryClient,
  wallets,
  mode,
}: {
  children: ReactNode
  queryClient?: QueryClient
  wallets?: Adapter[]
  /** The mode to start in, instead of the one this browser stored (the server's prerender has no storage). */
  mode?: Mode
}) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <ModeProvider initialMode={mode}>
          <WalletBridgeProvider wallets={wallets}>
            {children}
            <Toaster />
          </WalletBridgeProvider>
        </ModeProvider>
      </QueryClientProvider>
    </ChakraProvider>
  )
}
