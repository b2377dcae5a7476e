// Signing in as a wallet the way the dApp does: GET /api/auth/nonce, sign the SIWS text with the
// wallet's ed25519 key, POST /api/auth/sign-in; the answer's cookie is the session.
import anchor from '@coral-xyz/anchor';
import { createPrivateKey, sign } from 'node:crypto';

type Keypair = anchor.web3.Keypair;
type Fetcher = { request(path: string, init?: RequestInit): Response | Promise<Response> };

/** DER prefix of an Ed25519 PKCS#8 private key (RFC 8410); the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function signBytes(keypair: Keypair, bytes: Uint8Array): Buffer {
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, keypair.secretKey.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
  return sign(null, bytes, key);
}

export async function signInRequest(app: Fetcher, address: string): Promise<{ message: string; input: Record<string, string> }> {
  const response = await app.request(`/api/auth/nonce?address=${address}`);
  if (response.status !== 200) throw new Error(`nonce: ${response.status} ${await response.text()}`);
  return (await response.json()) as { message: string; input: Record<string, string> };
}

export async function postSignIn(app: Fetcher, message: string | Uint8Array, signature: Uint8Array): Promise<Response> {
  const bytes = typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message);
  return app.request('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ signedMessage: bytes.toString('base64'), signature: Buffer.from(signature).toString('base64') }),
  });
}

/** The `cookie` header of a fresh session of `keypair`'s wallet. */
export async function signIn(app: Fetcher, keypair: Keypair): Promise<string> {
  const { message } = await signInRequest(app, keypair.publicKey.toBase58());
  const response = await postSignIn(app, message, signBytes(keypair, Buffer.from(message, 'utf8')));
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return sessionCookie(response);
}

export function sessionCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  const cookie = header.split(';')[0];
  if (!/^(__Host-)?marquee_session=/.test(cookie)) throw new Error(`no session cookie in "${header}"`);
  return cookie;
}
