// The wallet runtime, loaded lazily by wallet-bridge.tsx (it holds @solana/web3.js, wallet-adapter
// and its modal): Connection → Wallet → WalletModal providers (Wallet Standard wallets register
// themselves), the remembered wallet in localStorage `walletName`, the spec's error toasts, the
// sign-in on connect (the server's session of the wallet; a refused sign-in disconnects), the
// sign-out on disconnect, the user registration sent once signed in, and the publisher of the
// wallet's state, client and actions to the bridge. Screens never import this module.
import '@/polyfills'
import '@solana/wallet-adapter-react-ui/styles.css'
import {
  WalletConnectionError,
  WalletNotReadyError,
  WalletReadyState,
  type Adapter,
  type WalletError,
  type WalletName,
} from '@solana/wallet-adapter-base'
import { ConnectionProvider, WalletProvider, useWallet } from '@solana/wallet-adapter-react'
import { WalletModalProvider, useWalletModal } from '@solana/wallet-adapter-react-ui'
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { COMMITMENT, DEVNET_RPC_URL, USER_PASSWORD_PLACEHOLDER, WALLET_NAME_STORAGE_KEY } from '@/constants'
import { notify } from '@/components/ui/toaster'
import { apiPost } from '@/lib/api'
import { shortenAddress } from '@/lib/format'
import { useLatest } from '@/lib/use-latest'
import type { Cluster } from '@/lib/api'
import type { User } from '@marquee/api-contract'
import { useCluster, useMode } from '@/features/mode/mode-data-access'
import { useWalletChainClient } from '@/features/chain/chain-client'
import { NO_WALLET, type WalletActions, type WalletRuntimeProps } from './wallet-bridge'
import { currentSession, signInWithWallet, signOut, type Session, type WalletSigner } from './sign-in'
import { DemoWalletAdapter } from './demo-wallet-adapter'
import { failureToast } from '@/lib/failure-toast'

export const CONNECTION_FAILED_TOAST = failureToast('Connection failed', 'Failed to connect Solana wallet. Please ensure you have a Solana wallet extension installed.')

export const NO_WALLETS_MESSAGE = 'No Solana wallets installed'

export const SIGN_IN_FAILED_TOAST = failureToast('Sign-in failed', 'Your wallet did not sign the sign-in request, so it was disconnected. Connect again and approve the request to continue.')

/** Errors of the wallet library: a not-ready wallet's install page is opened by the library itself. */
export function handleWalletError(error: WalletError): void {
  console.error(error)
  if (error instanceof WalletNotReadyError) return
  if (error instanceof WalletConnectionError) notify(CONNECTION_FAILED_TOAST)
}

const NO_EXTRA_ADAPTERS: Adapter[] = []
// One object for the provider's lifetime: ConnectionProvider builds a new Connection whenever it changes.
const CONNECTION_CONFIG = { commitment: COMMITMENT }

/**
 * The adapters listed beside the Wallet Standard wallets: `extra` (tests pass fakes) and, in Demo
 * mode only, the Marquee Demo Wallet (a burner key of this browser; never offered On-Chain).
 */
function useListedAdapters(extra: Adapter[]): Adapter[] {
  const { isDemo } = useMode()
  const [demoWallet] = useState(() => new DemoWalletAdapter())
  return useMemo(() => (isDemo ? [...extra, demoWallet] : extra), [isDemo, extra, demoWallet])
}

/** `wallets` lists adapters that do not speak Wallet Standard (the app adds the demo wallet; tests pass a fake). */
export function SolanaProviders({ children, wallets = NO_EXTRA_ADAPTERS }: { children: ReactNode; wallets?: Adapter[] }) {
  const listed = useListedAdapters(wallets)
  return (
    <ConnectionProvider endpoint={DEVNET_RPC_URL} config={CONNECTION_CONFIG}>
      <WalletProvider wallets={listed} autoConnect localStorageKey={WALLET_NAME_STORAGE_KEY} onError={handleWalletError}>
        <WalletModalProvider>
          <SessionProvider>{children}</SessionProvider>
        </WalletModalProvider>
      </WalletProvider>
    </ConnectionProvider>
  )
}

/** The spec's registration payload for a wallet. */
export function registrationFor(walletAddress: string) {
  return {
    username: shortenAddress(walletAddress),
    password: USER_PASSWORD_PLACEHOLDER,
    walletAddress,
    isStudio: false,
  }
}

export async function registerUser(walletAddress: string, cluster: Cluster): Promise<User | null> {
  try {
    return await apiPost<User>('/api/users', cluster, registrationFor(walletAddress))
  } catch (error) {
    // Registration is idempotent on the server; a failure here must not block the wallet.
    console.warn('User registration failed', error)
    return null
  }
}

/** The signed-in wallet of this browser's session, null while signing in or signed out (published to the bridge). */
const SessionContext = createContext<string | null>(null)

/**
 * Signs the connected wallet in (unless this browser already holds its session), registers its
 * user once signed in, and signs out when the wallet disconnects. A refused or failed sign-in
 * disconnects the wallet with the 'Sign-in failed' toast.
 */
function SessionProvider({ children }: { children: ReactNode }) {
  const { publicKey, signIn, signMessage, disconnect } = useWallet()
  const cluster = useCluster()
  const address = publicKey?.toBase58() ?? null
  const [signedIn, setSignedIn] = useState<string | null>(null)
  // The wallet's functions change identity on every render; the sign-in reads the latest ones.
  const signer = useLatest<WalletSigner>({ signIn, signMessage })
  // One sign-in per wallet at a time (React's strict mode runs effects twice).
  const inFlight = useRef<{ address: string; promise: Promise<Session> } | null>(null)
  const previousAddress = useRef<string | null>(null)

  // A disconnect ends the session at once (a later connect of the same wallet signs in again).
  if (!address && signedIn !== null) setSignedIn(null)

  useEffect(() => {
    const previous = previousAddress.current
    previousAddress.current = address
    if (!address) {
      if (previous) void signOut(cluster).catch((error: unknown) => console.warn('Sign-out failed', error))
      return
    }
    let cancelled = false
    let flight = inFlight.current
    if (!flight || flight.address !== address) {
      const promise = (async () => {
        const existing = await currentSession(cluster)
        if (existing?.walletAddress === address) return existing
        return signInWithWallet(address, cluster, signer.current)
      })()
      flight = { address, promise }
      inFlight.current = flight
      promise.then(
        () => undefined,
        () => undefined,
      ).finally(() => {
        if (inFlight.current?.promise === promise) inFlight.current = null
      })
    }
    flight.promise.then(
      () => {
        if (cancelled) return
        setSignedIn(address)
        void registerUser(address, cluster)
      },
      (error: unknown) => {
        if (cancelled) return
        console.error('Sign-in failed', error)
        notify(SIGN_IN_FAILED_TOAST)
        disconnect().catch((disconnectError: unknown) => console.error(disconnectError))
      },
    )
    return () => {
      cancelled = true
    }
  }, [address, cluster, disconnect, signer])

  return <SessionContext.Provider value={signedIn === address ? signedIn : null}>{children}</SessionContext.Provider>
}

/** Whether any wallet could be used: installed, or loadable on demand. */
export function hasUsableWallet(readyStates: WalletReadyState[]): boolean {
  return readyStates.some((state) => state === WalletReadyState.Installed || state === WalletReadyState.Loadable)
}

/** The lazily loaded half of the wallet: the providers and the publisher of their state. */
export function WalletRuntime({ wallets, publish, attach }: WalletRuntimeProps) {
  return (
    <SolanaProviders wallets={wallets}>
      <WalletPublisher publish={publish} attach={attach} />
    </SolanaProviders>
  )
}

/** Publishes the wallet's state and client to the bridge and hands it the modal / disconnect actions. */
function WalletPublisher({ publish, attach }: Omit<WalletRuntimeProps, 'wallets'>) {
  const { wallets, wallet, publicKey, connecting, disconnecting, disconnect, select } = useWallet()
  const { setVisible } = useWalletModal()
  const signedIn = useContext(SessionContext)
  const { client, pending } = useWalletChainClient(signedIn)
  const address = publicKey?.toBase58() ?? null
  const walletName = address ? (wallet?.adapter.name ?? null) : null
  const clientPending = client === null && (connecting || pending)
  useEffect(
    () => publish({ address, signedIn, connecting, disconnecting, client, clientPending, walletName }),
    [publish, address, signedIn, connecting, disconnecting, client, clientPending, walletName],
  )
  useEffect(() => () => publish(NO_WALLET), [publish])
  useEffect(() => {
    const actions: WalletActions = {
      openModal() {
        if (!hasUsableWallet(wallets.map((wallet) => wallet.readyState))) {
          notify({ title: NO_WALLETS_MESSAGE, variant: 'destructive' })
        }
        setVisible(true)
      },
      connectWallet(name) {
        // Selecting is connecting: the provider's autoConnect connects the selected wallet.
        select(name as WalletName)
      },
      disconnect() {
        disconnect().catch((error: unknown) => console.error(error))
      },
    }
    attach(actions)
    return () => attach(null)
  }, [attach, wallets, setVisible, disconnect, select])
  return null
}
