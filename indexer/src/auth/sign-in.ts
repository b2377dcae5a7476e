// Verifying a Sign-In With Solana: the ed25519 signature over the exact bytes the wallet signed,
// then the fields of that text — our domain, a nonce we issued (consumed here, once), and the
// issued-at / expiration window.
import { createPublicKey, verify } from 'node:crypto';
import anchor from '@coral-xyz/anchor';
import { SIGN_IN_CLOCK_SKEW_MS, SIGN_IN_VERSION } from '../constants.ts';
import { parseSignInMessage, type SignInFields } from './siws.ts';
import type { AuthStore } from './store.ts';

const { bs58 } = anchor.utils.bytes;
/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the 32 key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export class SignInError extends Error {
  constructor(
    readonly status: 400 | 401,
    message: string,
  ) {
    super(message);
  }
}

export function verifyEd25519(message: Uint8Array, signature: Uint8Array, address: string): boolean {
  let key: Uint8Array;
  try {
    key = bs58.decode(address);
  } catch {
    return false;
  }
  if (key.length !== 32 || signature.length !== 64) return false;
  const publicKey = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, key]), format: 'der', type: 'spki' });
  return verify(null, message, publicKey, signature);
}

function time(value: string | undefined, label: string): number {
  const ms = value ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw new SignInError(400, `The sign-in message has no valid ${label}`);
  return ms;
}

/**
 * The wallet a sign-in proves, or a SignInError. `domain` is the server's host as the message must
 * name it.
 */
export function verifySignIn(
  input: { signedMessage: Uint8Array; signature: Uint8Array },
  expected: { domain: string; store: AuthStore; nowMs: number },
): SignInFields {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(input.signedMessage);
  const fields = parseSignInMessage(text);
  if (!fields) throw new SignInError(400, 'The signed message is not a Sign-In With Solana message');
  if (!verifyEd25519(input.signedMessage, input.signature, fields.address)) {
    throw new SignInError(401, `The signature is not ${fields.address}'s signature of this message`);
  }
  if (fields.domain !== expected.domain) {
    throw new SignInError(401, `The message signs in to ${fields.domain}, not to ${expected.domain}`);
  }
  if (fields.version !== SIGN_IN_VERSION) throw new SignInError(400, `Unsupported sign-in message version: ${fields.version ?? 'none'}`);
  if (!fields.chainId) throw new SignInError(400, 'The sign-in message has no Chain ID');
  const issuedAt = time(fields.issuedAt, 'Issued At');
  const expiresAt = time(fields.expirationTime, 'Expiration Time');
  if (issuedAt > expected.nowMs + SIGN_IN_CLOCK_SKEW_MS) throw new SignInError(401, 'The sign-in message is issued in the future');
  if (expiresAt <= expected.nowMs) throw new SignInError(401, 'The sign-in message has expired: sign in again');
  if (fields.notBefore && time(fields.notBefore, 'Not Before') > expected.nowMs + SIGN_IN_CLOCK_SKEW_MS) {
    throw new SignInError(401, 'The sign-in message is not valid yet');
  }
  if (!fields.nonce) throw new SignInError(400, 'The sign-in message has no Nonce');
  const outcome = expected.store.consumeNonce(fields.nonce, expected.nowMs);
  if (outcome === 'unknown') throw new SignInError(401, 'Unknown or already used nonce: request a new one from GET /api/auth/nonce');
  if (outcome === 'expired') throw new SignInError(401, 'The nonce has expired: sign in again');
  return fields;
}
