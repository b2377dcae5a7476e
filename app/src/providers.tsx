// Every provider of the app, outermost first: Chakra, react-query, mode, the wallet bridge (the
// Solana wallet providers and the sign-in load lazily behind it), toasts.
import type { Adapter } from '@solana/wallet-adapter-base'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Provider as ChakraProvider } from '@/components/ui/provider'
import { Toaster } from '@/components/ui/toaster'
import { createQueryClient } from '@/lib/query-client'
import { ModeProvider } from '@/features/mode/mode-data-access'
import { WalletBridgeProvider } from '@/features/wallet/wallet-bridge'

export function AppProviders({
  children,
  queryClient,
  wallets,
}: {
  children: ReactNode
  queryClient?: QueryClient
  wallets?: Adapter[]
}) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <ModeProvider>
          <WalletBridgeProvider wallets={wallets}>
            {children}
            <Toaster />
          </WalletBridgeProvider>
        </ModeProvider>
      </QueryClientProvider>
    </ChakraProvider>
  )
}
