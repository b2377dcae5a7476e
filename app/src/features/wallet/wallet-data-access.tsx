// Wallet plumbing: Connection → Wallet → WalletModal providers (Wallet Standard wallets register
// themselves), the remembered wallet in localStorage `walletName`, the spec's error toasts, and the
// user registration sent on connect.
import {
  WalletConnectionError,
  WalletNotReadyError,
  WalletReadyState,
  type Adapter,
  type WalletError,
} from '@solana/wallet-adapter-base'
import { ConnectionProvider, WalletProvider, useWallet } from '@solana/wallet-adapter-react'
import { WalletModalProvider, useWalletModal } from '@solana/wallet-adapter-react-ui'
import { useCallback, useEffect, useMemo, type ReactNode } from 'react'
import { COMMITMENT, DEVNET_RPC_URL, USER_PASSWORD_PLACEHOLDER, WALLET_NAME_STORAGE_KEY } from '@/constants'
import { notify } from '@/components/ui/toaster'
import { apiPost } from '@/lib/api'
import { shortenAddress } from '@/lib/format'
import type { Cluster, User } from '@/lib/types'
import { useCluster } from '@/features/mode/mode-data-access'

export const CONNECTION_FAILED_TOAST = {
  title: 'Connection failed',
  description: 'Failed to connect Solana wallet. Please ensure you have a Solana wallet extension installed.',
  variant: 'destructive',
} as const

export const NO_WALLETS_MESSAGE = 'No Solana wallets installed'

/** Errors of the wallet library: a not-ready wallet's install page is opened by the library itself. */
export function handleWalletError(error: WalletError): void {
  console.error(error)
  if (error instanceof WalletNotReadyError) return
  if (error instanceof WalletConnectionError) notify(CONNECTION_FAILED_TOAST)
}

const NO_EXTRA_ADAPTERS: Adapter[] = []

/** `wallets` lists adapters that do not speak Wallet Standard (none in the app; tests pass a fake). */
export function SolanaProviders({ children, wallets = NO_EXTRA_ADAPTERS }: { children: ReactNode; wallets?: Adapter[] }) {
  const endpoint = useMemo(() => DEVNET_RPC_URL, [])
  return (
    <ConnectionProvider endpoint={endpoint} config={{ commitment: COMMITMENT }}>
      <WalletProvider wallets={wallets} autoConnect localStorageKey={WALLET_NAME_STORAGE_KEY} onError={handleWalletError}>
        <WalletModalProvider>
          <RegisterUserOnConnect />
          {children}
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

function RegisterUserOnConnect() {
  const { publicKey } = useWallet()
  const cluster = useCluster()
  const address = publicKey?.toBase58()
  useEffect(() => {
    if (address) void registerUser(address, cluster)
  }, [address, cluster])
  return null
}

/** Whether any wallet could be used: installed, or loadable on demand. */
export function hasUsableWallet(readyStates: WalletReadyState[]): boolean {
  return readyStates.some((state) => state === WalletReadyState.Installed || state === WalletReadyState.Loadable)
}

/** The connect / disconnect actions of the header button and the sidebar card. */
export function useWalletConnection() {
  const { wallets, publicKey, connecting, disconnecting, disconnect } = useWallet()
  const { setVisible } = useWalletModal()
  const address = publicKey?.toBase58() ?? null
  const connect = useCallback(() => {
    if (!hasUsableWallet(wallets.map((wallet) => wallet.readyState))) {
      notify({ title: NO_WALLETS_MESSAGE, variant: 'destructive' })
    }
    setVisible(true)
  }, [wallets, setVisible])
  const disconnectWallet = useCallback(() => {
    disconnect().catch((error: unknown) => console.error(error))
  }, [disconnect])
  return { address, connected: address !== null, connecting, disconnecting, connect, disconnect: disconnectWallet }
}
