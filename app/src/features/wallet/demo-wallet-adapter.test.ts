// @vitest-environment node
// The demo wallet's key: kept in the given storage (the same demo account after a reconnect), and
// used for real ed25519 signatures of messages (verified with WebCrypto) and transactions.
import { PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { verifyBy } from '@/test/ed25519'
import { DemoWalletAdapter, loadOrCreateDemoKey } from './demo-wallet-adapter'

/** Storage over a Map (no window here). */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

describe('DemoWalletAdapter', () => {
  const storage = memoryStorage()
  it('keeps its key across reconnects and signs messages and transactions with it', async () => {
    const adapter = new DemoWalletAdapter(() => storage)
    await adapter.connect()
    const first = adapter.publicKey!.toBase58()
    await adapter.disconnect()
    expect(adapter.publicKey).toBeNull()
    await adapter.connect()
    expect(adapter.publicKey!.toBase58()).toBe(first)
    expect(loadOrCreateDemoKey(storage).publicKey.toBase58()).toBe(first)

    const message = new TextEncoder().encode('Marquee wants you to sign in')
    expect(await verifyBy(first, message, await adapter.signMessage(message))).toBe(true)

    const transaction = new Transaction({ feePayer: adapter.publicKey!, recentBlockhash: new PublicKey(7).toBase58() }).add(
      new TransactionInstruction({ keys: [{ pubkey: adapter.publicKey!, isSigner: true, isWritable: true }], programId: new PublicKey(8) }),
    )
    const signed = await adapter.signTransaction(transaction)
    expect(signed.verifySignatures()).toBe(true)
  })

});
