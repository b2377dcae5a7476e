// The MarqueeClient of the current mode and wallet, built inside the lazily loaded wallet runtime
// (it needs wallet-adapter's wallet and connection) and published through the wallet bridge;
// screens read it with useMarqueeClient (features/wallet/wallet-bridge.tsx).
import { useAnchorWallet, useConnection, useWallet } from '@solana/wallet-adapter-react'
import { useEffect, useMemo, useState } from 'react'
import { useMode } from '@/features/mode/mode-data-access'
import type { AnchorClient } from './anchor-client'
import { DemoClient } from './demo-client'
import type { MarqueeClient } from './marquee-client'

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

/** The mode's client, and whether one is still on its way for the connected wallet. */
export interface WalletChainClient {
  /** The client for the current mode, or null without a connected wallet (or one that cannot sign, on-chain). */
  client: MarqueeClient | null
  /**
   * No client yet, but one is coming: the demo client waits for the wallet's session (a remembered
   * wallet reconnects after every page load, then signs in or has its session checked), the
   * On-Chain client for @coral-xyz/anchor to load. False for a wallet that cannot sign on chain.
   */
  pending: boolean
}

/**
 * The client for the current mode. Demo actions run on the server for the wallet, so the demo
 * client waits for its session: `signedIn` is the connected wallet once signed in, else null.
 */
export function useWalletChainClient(signedIn: string | null): WalletChainClient {
  const { mode, cluster } = useMode()
  const address = useWallet().publicKey?.toBase58() ?? null
  const anchorWallet = useAnchorWallet()
  const { connection } = useConnection()
  const AnchorClientClass = useAnchorClientClass(mode === 'onchain')
  // Each client is rebuilt only when what it uses changes: a new client is published to every screen.
  const demoClient = useMemo(
    () => (mode === 'demo' && address && signedIn === address ? new DemoClient(signedIn, cluster) : null),
    [mode, cluster, address, signedIn],
  )
  const anchorClient = useMemo(
    () => (mode === 'onchain' && address && anchorWallet && AnchorClientClass ? new AnchorClientClass(connection, anchorWallet, cluster) : null),
    [mode, cluster, address, anchorWallet, connection, AnchorClientClass],
  )
  if (mode === 'demo') return { client: demoClient, pending: demoClient === null && address !== null }
  return { client: anchorClient, pending: anchorClient === null && address !== null && anchorWallet !== undefined }
}
