// The server's /api/auth as a test double: issues a nonce, accepts a sign-in only with a valid
// ed25519 signature of a SIWS text naming an issued nonce (once), and keeps the session a cookie
// would. installFakeApi serves it unless a test overrides a route.
import type { Handler } from './fake-api'
import { verifyBy } from './ed25519'

export const FAKE_DOMAIN = 'app.test'

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function fakeAuth() {
  const issued = new Set<string>()
  const state = { session: null as string | null, signIns: 0, signOuts: 0 }
  let counter = 0
  const routes: Record<string, Handler> = {
    'GET /api/auth/session': () =>
      state.session ? { walletAddress: state.session, expiresAt: '2099-01-01T00:00:00.000Z' } : json(401, { message: 'Not signed in' }),
    'GET /api/auth/nonce': ({ path }) => {
      const address = new URL(path, 'http://app.test').searchParams.get('address') ?? ''
      const nonce = `nonce${++counter}abcdef`
      issued.add(nonce)
      const input = {
        domain: FAKE_DOMAIN,
        address,
        statement: 'Sign in to Marquee',
        uri: `http://${FAKE_DOMAIN}`,
        version: '1',
        chainId: 'localnet',
        nonce,
        issuedAt: '2026-01-01T00:00:00.000Z',
        expirationTime: '2099-01-01T00:00:00.000Z',
      }
      const message = `${FAKE_DOMAIN} wants you to sign in with your Solana account:\n${address}\n\nSign in to Marquee\n\nURI: ${input.uri}\nVersion: 1\nChain ID: localnet\nNonce: ${nonce}\nIssued At: ${input.issuedAt}\nExpiration Time: ${input.expirationTime}`
      return { input, message }
    },
    'POST /api/auth/sign-in': async ({ body }) => {
      const { signedMessage, signature } = body as { signedMessage: string; signature: string }
      const bytes = fromBase64(signedMessage)
      const lines = new TextDecoder().decode(bytes).split('\n')
      const address = lines[1]
      const nonce = lines.find((line) => line.startsWith('Nonce: '))?.slice('Nonce: '.length) ?? ''
      if (!lines[0].startsWith(`${FAKE_DOMAIN} wants you to sign in`) || !issued.delete(nonce)) return json(401, { message: 'bad request' })
      if (!(await verifyBy(address, bytes, fromBase64(signature)))) return json(401, { message: 'bad signature' })
      state.session = address
      state.signIns += 1
      return { walletAddress: address, expiresAt: '2099-01-01T00:00:00.000Z' }
    },
    'POST /api/auth/sign-out': () => {
      state.session = null
      state.signOuts += 1
      return { signedOut: true }
    },
  }
  return { routes, state }
}
