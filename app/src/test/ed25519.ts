// Ed25519 over WebCrypto for the test doubles: the fake wallet signs, the fake server verifies.
import { PublicKey } from '@solana/web3.js'

/** DER prefix of an Ed25519 PKCS#8 private key (RFC 8410); the 32-byte seed follows. */
const PKCS8_PREFIX = [0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]

export function importSeed(seed: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', new Uint8Array([...PKCS8_PREFIX, ...seed]), { name: 'Ed25519' }, false, ['sign'])
}

export async function signWith(key: CryptoKey, message: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('Ed25519', key, new Uint8Array(message)))
}

export async function verifyBy(address: string, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(new PublicKey(address).toBytes()), { name: 'Ed25519' }, false, ['verify'])
  return crypto.subtle.verify('Ed25519', key, new Uint8Array(signature), new Uint8Array(message))
}
