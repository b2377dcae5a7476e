// The wallet as the shell and the screens see it, without the wallet libraries: @solana/web3.js,
// wallet-adapter, its modal, the MarqueeClients and the sign-in flow (most of the dApp's JavaScript)
// live in wallet-data-access.tsx, which is imported only when a wallet is wanted: at the first
// wallet action (a Connect click, the /login page's wallet choice), or at once after the first render
// when this browser remembers a wallet (it reconnects); its download starts earlier where a wallet
// action is likely (preloadWalletRuntime). A visitor who only browses never downloads it.
// Until it has loaded there is no wallet, and the action that asked for it is kept (its button shows
// it as connecting) and runs once the runtime attaches.
//
// Screens read the wallet only through the hooks below: useWalletAddress (connected),
// useSignedInWallet (connected and signed in), useMarqueeClient, useReadyMarqueeClient (for an
// action: waits while the wallet is still on its way) and useWalletConnection.
import type { Adapter } from '@solana/wallet-adapter-base'
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { WALLET_NAME_STORAGE_KEY } from '@/constants'
import type { MarqueeClient } from '@/features/chain/marquee-client'

/** What the wallet runtime publishes: the connected and signed-in addresses, progress flags and the mode's client. */
export interface WalletSnapshot {
  /** The connected wallet's address (base58), or null. */
  address: string | null
  /** The connected wallet once this browser holds its session; null while signing in or signed out. */
  signedIn: string | null
  connecting: boolean
  disconnecting: boolean
  /** The MarqueeClient of the current mode, or null without a usable wallet (see chain-client.ts). */
  client: MarqueeClient | null
  /** No client yet, but one is coming: the wallet is connecting, signing in, or loading On-Chain mode's client. */
  clientPending: boolean
  /** The connected wallet's name as the wallet list shows it (the Marquee Demo Wallet's is DEMO_WALLET_NAME). */
  walletName: string | null
}

/** The actions the runtime offers once loaded. */
export interface WalletActions {
  /** Opens the wallet modal (after the 'No Solana wallets installed' toast when there is no wallet). */
  openModal(): void
  /** Connects the named wallet of the list at once (the /login page's Marquee Demo Wallet button). */
  connectWallet(name: string): void
  disconnect(): void
}

/** The props the lazily loaded runtime is mounted with. */
export interface WalletRuntimeProps {
  wallets?: Adapter[]
  publish(snapshot: WalletSnapshot): void
  attach(actions: WalletActions | null): void
}

export const NO_WALLET: WalletSnapshot = { address: null, signedIn: null, connecting: false, disconnecting: false, client: null, clientPending: false, walletName: null }

interface Bridge {
  snapshot: WalletSnapshot
  /** The client once it is usable (useReadyMarqueeClient). */
  readyClient(): Promise<MarqueeClient | null>
  connect(): void
  connectWallet(name: string): void
  disconnect(): void
}

const BridgeContext = createContext<Bridge | null>(null)

const loadWalletRuntime = () => import('./wallet-data-access').then((module) => ({ default: module.WalletRuntime }))

/**
 * Starts downloading the wallet runtime before it is wanted: where a wallet action is likely next (a
 * pointer over a Connect button, a page that asks to connect), so the click rarely waits for it.
 */
export function preloadWalletRuntime(): void {
  // A failed download is not reported here: the action that needs the runtime loads it again.
  loadWalletRuntime().catch(() => undefined)
}

/** Whether wallet-adapter remembers a wallet here (it reconnects it, so the runtime is needed at once). */
function remembersWallet(): boolean {
  try {
    return window.localStorage.getItem(WALLET_NAME_STORAGE_KEY) !== null
  } catch {
    // Storage denied (a privacy setting): nothing is remembered, the wallet loads at the first action.
    return false
  }
}

/** `wallets` lists adapters that do not speak Wallet Standard (none in the app; tests pass a fake). */
export function WalletBridgeProvider({ children, wallets }: { children: ReactNode; wallets?: Adapter[] }) {
  // One lazy component per bridge, so every bridge (the app has one; each test renders its own)
  // mounts its runtime once wanted, after a render, the same way, whether the module is cached or not.
  const [WalletRuntime] = useState(() => lazy(loadWalletRuntime))
  // No wallet on the server (the marketplace's prerender, src/prerender.tsx); in the browser, only once wanted.
  const [runtimeWanted, setRuntimeWanted] = useState(() => typeof window !== 'undefined' && remembersWallet())
  const [snapshot, setSnapshot] = useState(NO_WALLET)
  // A Connect click made before the runtime loaded: kept in a ref (read once, when the runtime
  // attaches) and mirrored in state so the buttons show it as connecting meanwhile.
  const connectRequested = useRef<((actions: WalletActions) => void) | null>(null)
  const [waitingForRuntime, setWaitingForRuntime] = useState(false)
  const actions = useRef<WalletActions | null>(null)
  const attach = useCallback((next: WalletActions | null) => {
    actions.current = next
    const request = connectRequested.current
    if (!next || !request) return
    connectRequested.current = null
    setWaitingForRuntime(false)
    request(next)
  }, [])
  const whenLoaded = useCallback((request: (actions: WalletActions) => void) => {
    if (actions.current) return request(actions.current)
    connectRequested.current = request
    setWaitingForRuntime(true)
    setRuntimeWanted(true)
  }, [])
  const connect = useCallback(() => whenLoaded((loaded) => loaded.openModal()), [whenLoaded])
  const connectWallet = useCallback((name: string) => whenLoaded((loaded) => loaded.connectWallet(name)), [whenLoaded])
  const disconnect = useCallback(() => actions.current?.disconnect(), [])
  const shown = useMemo(() => (waitingForRuntime ? { ...snapshot, connecting: true, clientPending: true } : snapshot), [snapshot, waitingForRuntime])
  const readyClient = useClientWaits(shown)
  const bridge = useMemo(() => ({ snapshot: shown, readyClient, connect, connectWallet, disconnect }), [shown, readyClient, connect, connectWallet, disconnect])
  // The same element on every render of the bridge: a published snapshot re-renders the bridge, and
  // must not re-render the runtime (its providers would hand out new objects and publish again).
  const runtime = useMemo(() => <WalletRuntime wallets={wallets} publish={setSnapshot} attach={attach} />, [WalletRuntime, wallets, attach])
  return (
    <BridgeContext.Provider value={bridge}>
      {children}
      {/* A sibling, not a wrapper: the page never waits for (or remounts on) the wallet libraries. */}
      {runtimeWanted && <Suspense fallback={null}>{runtime}</Suspense>}
    </BridgeContext.Provider>
  )
}

function useBridge(): Bridge {
  const bridge = useContext(BridgeContext)
  if (!bridge) throw new Error('The wallet hooks need <WalletBridgeProvider> (AppProviders) above them')
  return bridge
}

/** The connect / disconnect actions of the header button, the sidebar card and the wallet gates. */
export function useWalletConnection() {
  const { snapshot, connect, connectWallet, disconnect } = useBridge()
  const { address, connecting, disconnecting, walletName } = snapshot
  return { address, connected: address !== null, connecting, disconnecting, walletName, connect, connectWallet, disconnect }
}

/** The connected wallet's address (base58), or null; it may not be signed in yet. */
export function useWalletAddress(): string | null {
  return useBridge().snapshot.address
}

/** The connected wallet once signed in (this browser holds its session), null while signing in or signed out. */
export function useSignedInWallet(): string | null {
  return useBridge().snapshot.signedIn
}

/** The client for the current mode, or null without a connected wallet (or one that cannot sign, on-chain). */
export function useMarqueeClient(): MarqueeClient | null {
  return useBridge().snapshot.client
}

/** How long an action waits for a wallet still on its way (its sign-in may wait for the user's approval). */
export const CLIENT_WAIT_MS = 60_000

/**
 * The client for an action the user just asked for: at once when there is one; when one is on its
 * way (the wallet connecting or signing in: a remembered wallet reconnects after every page load, and
 * an action can be asked for before it has), once it comes; null when none is coming (no wallet, one
 * that cannot sign, a sign-in refused, or still none after CLIENT_WAIT_MS).
 */
export function useReadyMarqueeClient(): () => Promise<MarqueeClient | null> {
  return useBridge().readyClient
}

/** The bridge's readyClient: the actions waiting for `snapshot`'s client, woken by each new snapshot. */
function useClientWaits(snapshot: WalletSnapshot): () => Promise<MarqueeClient | null> {
  const latest = useRef(snapshot)
  const waiting = useRef(new Set<() => void>())
  useEffect(() => {
    latest.current = snapshot
    for (const settle of [...waiting.current]) settle()
  }, [snapshot])
  return useCallback(
    () =>
      new Promise<MarqueeClient | null>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          waiting.current.delete(settle)
          resolve(latest.current.client)
        }
        const settle = () => {
          if (latest.current.client || !latest.current.clientPending) done()
        }
        const timer = setTimeout(done, CLIENT_WAIT_MS)
        waiting.current.add(settle)
        settle()
      }),
    [],
  )
}
