// Sign-In With Solana against the server: ask it for a sign-in request (its nonce, our domain),
// have the wallet sign it — Wallet Standard `solana:signIn` when the wallet offers it, else
// `signMessage` of the same request as SIWS text — and hand the signed bytes back for the session
// cookie. The cookie itself is HttpOnly: the app only ever sees { walletAddress, expiresAt }.
import { ApiError, apiGet, apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'

/** The server's sign-in request: the `solana:signIn` input and the same fields as SIWS text. */
export interface SignInRequest {
  input: {
    domain: string
    address: string
    statement: string
    uri: string
    version: string
    chainId: string
    nonce: string
    issuedAt: string
    expirationTime: string
  }
  message: string
}

export interface Session {
  walletAddress: string
  expiresAt: string
}

/** What the connected wallet can do (wallet-adapter's `signIn` / `signMessage`, when supported). */
export interface WalletSigner {
  signIn?: (input: SignInRequest['input']) => Promise<{ signedMessage: Uint8Array; signature: Uint8Array }>
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>
}

export class SignInUnsupportedError extends Error {
  constructor() {
    super('This wallet can neither sign in nor sign messages')
    this.name = 'SignInUnsupportedError'
  }
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The session of this browser, or null when it has none. */
export async function currentSession(cluster: Cluster): Promise<Session | null> {
  try {
    return await apiGet<Session>('/api/auth/session', cluster)
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null
    throw error
  }
}

/** Signs `address` in: one wallet prompt, then the server's session cookie. */
export async function signInWithWallet(address: string, cluster: Cluster, wallet: WalletSigner): Promise<Session> {
  if (!wallet.signIn && !wallet.signMessage) throw new SignInUnsupportedError()
  const request = await apiGet<SignInRequest>(`/api/auth/nonce?address=${encodeURIComponent(address)}`, cluster)
  let signed: { signedMessage: Uint8Array; signature: Uint8Array }
  if (wallet.signIn) {
    signed = await wallet.signIn(request.input)
  } else {
    const signedMessage = new TextEncoder().encode(request.message)
    signed = { signedMessage, signature: await wallet.signMessage!(signedMessage) }
  }
  const session = await apiPost<Session>('/api/auth/sign-in', cluster, {
    signedMessage: base64(signed.signedMessage),
    signature: base64(signed.signature),
  })
  if (session.walletAddress !== address) {
    throw new Error(`The wallet signed in as ${session.walletAddress}, not as the connected ${address}`)
  }
  return session
}

export async function signOut(cluster: Cluster): Promise<void> {
  await apiPost('/api/auth/sign-out', cluster, {})
}
