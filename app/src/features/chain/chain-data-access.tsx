// The wallet balance query and the query keys of chain data. The MarqueeClient comes from the
// wallet bridge (built in chain-client.ts, inside the lazily loaded wallet runtime); it is
// re-exported here for the data-access modules that already read it from this one.
import { useQuery } from '@tanstack/react-query'
import { useMode } from '@/features/mode/mode-data-access'
import { useMarqueeClient, useSignedInWallet } from '@/features/wallet/wallet-bridge'
import type { Cluster } from '@/lib/api'

export { useMarqueeClient }

export const chainKeys = {
  all: (cluster: Cluster) => ['chain', cluster] as const,
  balance: (cluster: Cluster, walletAddress: string | null) => [...chainKeys.all(cluster), 'balance', walletAddress] as const,
}

/** SOL balance of the connected wallet: the demo keypair's in demo mode, the wallet's on devnet. */
export function useBalance() {
  const client = useMarqueeClient()
  const { cluster } = useMode()
  // A first demo balance creates the wallet's demo key, which needs the wallet's session: a fetch
  // made before the sign-in finished is made again once it has (the session is part of the key).
  const signedIn = useSignedInWallet()
  return useQuery({
    queryKey: [...chainKeys.balance(cluster, client?.walletAddress ?? null), signedIn],
    queryFn: async () => {
      try {
        return await client!.getBalance()
      } catch (error) {
        // The spec only logs a failed balance fetch.
        console.error('Balance fetch failed', error)
        return null
      }
    },
    enabled: client !== null,
  })
}
