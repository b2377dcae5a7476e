// Every provider of the app, outermost first: Chakra, react-query, mode, Solana wallet, toasts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Provider as ChakraProvider } from '@/components/ui/provider'
import { Toaster } from '@/components/ui/toaster'
import { createQueryClient } from '@/lib/query-client'
import { ModeProvider } from '@/features/mode/mode-data-access'
import { SolanaProviders } from '@/features/wallet/wallet-data-access'

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <ChakraProvider>
      <QueryClientProvider client={client}>
        <ModeProvider>
          <SolanaProviders>
            {children}
            <Toaster />
          </SolanaProviders>
        </ModeProvider>
      </QueryClientProvider>
    </ChakraProvider>
  )
}
