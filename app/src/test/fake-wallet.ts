// Wallet adapters that connect at once with a fixed key, for tests of the real WalletProvider:
// FakeWalletAdapter signs messages (the SIWS fallback), FakeSignInWalletAdapter also offers
// `signIn` (formatting the SIWS text from the input, as Wallet Standard wallets do). Both sign
// with a real ed25519 key; `reject` makes the next signature request fail as a user's "Cancel" does.
import {
  BaseMessageSignerWalletAdapter,
  WalletReadyState,
  WalletSignMessageError,
  type WalletName,
} from '@solana/wallet-adapter-base'
import { PublicKey } from '@solana/web3.js'
import { importSeed, signWith } from './ed25519'

export const FAKE_WALLET_NAME = 'Fake Wallet' as WalletName<'Fake Wallet'>
/** The public key of the seed 0x07 × 32. */
export const FAKE_WALLET_KEY = new PublicKey('GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB')
const FAKE_WALLET_SEED = new Uint8Array(32).fill(7)

export interface SignInInput {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
}

/** The SIWS text a wallet shows for `input` (the fields the server's sign-in request carries). */
export function siwsText(input: SignInInput, address: string): string {
  const fields: [string, string | undefined][] = [
    ['URI', input.uri],
    ['Version', input.version],
    ['Chain ID', input.chainId],
    ['Nonce', input.nonce],
    ['Issued At', input.issuedAt],
    ['Expiration Time', input.expirationTime],
  ]
  const lines = fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`)
  return `${input.domain} wants you to sign in with your Solana account:\n${address}${input.statement ? `\n\n${input.statement}` : ''}\n\n${lines.join('\n')}`
}

export class FakeWalletAdapter extends BaseMessageSignerWalletAdapter {
  name = FAKE_WALLET_NAME
  url = 'https://wallet.test'
  icon = 'data:image/svg+xml;base64,PHN2Zy8+'
  readyState = WalletReadyState.Installed
  supportedTransactionVersions = null
  private key: PublicKey | null = null
  /** Every message signed, in order. */
  readonly signed: Uint8Array[] = []
  /** The next signature request is refused, as when the user presses Cancel. */
  reject = false

  get publicKey() {
    return this.key
  }
  get connecting() {
    return false
  }
  async connect() {
    this.key = FAKE_WALLET_KEY
    this.emit('connect', FAKE_WALLET_KEY)
  }
  async disconnect() {
    this.key = null
    this.emit('disconnect')
  }
  async sendTransaction(): Promise<never> {
    throw new Error('The fake wallet does not send transactions')
  }
  async signTransaction(): Promise<never> {
    throw new Error('The fake wallet does not sign transactions')
  }
  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    if (this.reject) {
      this.reject = false
      throw new WalletSignMessageError('User rejected the request.')
    }
    this.signed.push(message)
    return signWith(await importSeed(FAKE_WALLET_SEED), message)
  }
}

export class FakeSignInWalletAdapter extends FakeWalletAdapter {
  /** The inputs `signIn` was called with. */
  readonly signInInputs: SignInInput[] = []

  async signIn(input: SignInInput = {}) {
    this.signInInputs.push(input)
    if (!this.publicKey) await this.connect()
    const signedMessage = new TextEncoder().encode(siwsText(input, FAKE_WALLET_KEY.toBase58()))
    const signature = await this.signMessage(signedMessage)
    return { account: { address: FAKE_WALLET_KEY.toBase58(), publicKey: FAKE_WALLET_KEY.toBytes(), chains: [], features: [] }, signedMessage, signature, signatureType: 'ed25519' as const }
  }
}
