// The Marquee Demo Wallet: a burner ed25519 key this browser keeps in localStorage, offered in Demo
// mode beside installed wallets so a visitor without a wallet extension can sign in and act. It is a
// real wallet to the app: it signs the sign-in message and transactions with its key (the demo chain
// then funds its demo account like any wallet's). Anyone with access to this browser's storage can
// read the key, so it is for the demo's play money only and never offered in On-Chain mode.
import { ed25519 } from '@noble/curves/ed25519'
import {
  BaseMessageSignerWalletAdapter,
  WalletNotConnectedError,
  WalletReadyState,
  isVersionedTransaction,
  type WalletName,
} from '@solana/wallet-adapter-base'
import { Keypair, type Transaction, type TransactionVersion, type VersionedTransaction } from '@solana/web3.js'
import { DEMO_WALLET_KEY_STORAGE_KEY, DEMO_WALLET_NAME } from '@/constants'

// A purple ticket with a "D": the demo wallet's icon in the wallet list.
const DEMO_WALLET_ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#7c3aed"/>' +
      '<text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" text-anchor="middle" fill="#fff">D</text></svg>',
  )

/** The stored key, or a new one stored for the next visit (the same demo account across reloads). */
export function loadOrCreateDemoKey(storage: Storage): Keypair {
  const stored = storage.getItem(DEMO_WALLET_KEY_STORAGE_KEY)
  if (stored) {
    try {
      const bytes = Uint8Array.from(JSON.parse(stored) as number[])
      return Keypair.fromSecretKey(bytes)
    } catch {
      // A damaged entry is replaced: the old demo account's play money is not worth an error.
    }
  }
  const keypair = Keypair.generate()
  storage.setItem(DEMO_WALLET_KEY_STORAGE_KEY, JSON.stringify(Array.from(keypair.secretKey)))
  return keypair
}

export class DemoWalletAdapter extends BaseMessageSignerWalletAdapter {
  name = DEMO_WALLET_NAME as WalletName<typeof DEMO_WALLET_NAME>
  url = '/login'
  icon = DEMO_WALLET_ICON
  readonly supportedTransactionVersions: ReadonlySet<TransactionVersion> = new Set(['legacy', 0] as TransactionVersion[])
  private keypair: Keypair | null = null

  constructor(private readonly storage: () => Storage = () => window.localStorage) {
    super()
  }

  get connecting() {
    return false
  }

  get publicKey() {
    return this.keypair?.publicKey ?? null
  }

  get readyState() {
    // Built in: always there, like an installed extension (the list shows it as detected).
    return WalletReadyState.Installed
  }

  async connect(): Promise<void> {
    this.keypair = loadOrCreateDemoKey(this.storage())
    this.emit('connect', this.keypair.publicKey)
  }

  /** Forgets the key in memory only: connecting again is the same demo account. */
  async disconnect(): Promise<void> {
    this.keypair = null
    this.emit('disconnect')
  }

  async signTransaction<T extends Transaction | VersionedTransaction>(transaction: T): Promise<T> {
    if (!this.keypair) throw new WalletNotConnectedError()
    if (isVersionedTransaction(transaction)) transaction.sign([this.keypair])
    else transaction.partialSign(this.keypair)
    return transaction
  }

  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    if (!this.keypair) throw new WalletNotConnectedError()
    return ed25519.sign(message, this.keypair.secretKey.slice(0, 32))
  }
}
