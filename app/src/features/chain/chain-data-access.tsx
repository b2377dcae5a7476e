// The MarqueeClient of the current mode and wallet, and the wallet balance query.
import { useQuery } from '@tanstack/react-query'
import { useAnchorWallet, useConnection, useWallet } from '@solana/wallet-adapter-react'
import { useEffect, useMemo, useState } from 'react'
import { useMode } from '@/features/mode/mode-data-access'
import { useSignedInWallet } from '@/features/wallet/wallet-data-access'
import type { Cluster } from '@/lib/types'
import type { AnchorClient } from './anchor-client'
import { DemoClient } from './demo-client'
import type { MarqueeClient } from './marquee-client'

export const chainKeys = {
  all: (cluster: Cluster) => ['chain', cluster] as const,
  balance: (cluster: Cluster, walletAddress: string | null) => [...chainKeys.all(cluster), 'balance', walletAddress] as const,
}

/** @coral-xyz/anchor is loaded only once On-Chain mode is used (Demo, the default, never needs it). */
function useAnchorClientClass(needed: boolean): typeof AnchorClient | null {
  const [anchorClientClass, setAnchorClientClass] = useState<typeof AnchorClient | null>(null)
  useEffect(() => {
    if (!needed || anchorClientClass) return
    let cancelled = false
    void import('./anchor-client').then((module) => {
      if (!cancelled) setAnchorClientClass(() => module.AnchorClient)
    })
    return () => {
      cancelled = true
    }
  }, [needed, anchorClientClass])
  return anchorClientClass
}

/**
 * The client for the current mode, or null without a connected wallet (or one that cannot sign,
 * on-chain). Demo actions run on the server for the wallet, so the demo client waits for its session.
 */
export function useMarqueeClient(): MarqueeClient | null {
  const { mode, cluster } = useMode()
  const { publicKey } = useWallet()
  const signedIn = useSignedInWallet()
  const anchorWallet = useAnchorWallet()
  const { connection } = useConnection()
  const AnchorClientClass = useAnchorClientClass(mode === 'onchain')
  return useMemo(() => {
    if (!publicKey) return null
    if (mode === 'demo') return signedIn === publicKey.toBase58() ? new DemoClient(signedIn, cluster) : null
    return anchorWallet && AnchorClientClass ? new AnchorClientClass(connection, anchorWallet, cluster) : null
  }, [mode, cluster, publicKey, signedIn, anchorWallet, connection, AnchorClientClass])
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
