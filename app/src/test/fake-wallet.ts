// A wallet adapter that connects at once with a fixed key, for tests of the real WalletProvider.
import { BaseWalletAdapter, WalletReadyState, type WalletName } from '@solana/wallet-adapter-base'
import { PublicKey } from '@solana/web3.js'

export const FAKE_WALLET_NAME = 'Fake Wallet' as WalletName<'Fake Wallet'>
export const FAKE_WALLET_KEY = new PublicKey('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')

export class FakeWalletAdapter extends BaseWalletAdapter {
  name = FAKE_WALLET_NAME
  url = 'https://wallet.test'
  icon = 'data:image/svg+xml;base64,PHN2Zy8+'
  readyState = WalletReadyState.Installed
  supportedTransactionVersions = null
  private key: PublicKey | null = null

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
}
