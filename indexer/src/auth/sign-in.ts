// Verifying a Sign-In With Solana: the ed25519 signature over the exact bytes the wallet signed,
// then the fields of that text — one of our configured origins as domain and URI, a nonce we
// issued for that wallet, domain and Chain ID (consumed here, once), and the issued-at / expiration
// window.
import { createPublicKey, verify } from 'node:crypto';
import anchor from '@coral-xyz/anchor';
import { SIGN_IN_CLOCK_SKEW_MS, SIGN_IN_VERSION } from '../constants.ts';
import { parseSignInMessage, type SignInFields } from './siws.ts';
import type { SignInOrigins } from './origins.ts';
import type { AuthStore, NonceBinding } from './store.ts';

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
 * The wallet a sign-in proves, or a SignInError. The message must name one of this server's origins
 * (domain, and a URI on that origin) and the Chain ID and wallet its nonce was issued for.
 */
export async function verifySignIn(
  input: { signedMessage: Uint8Array; signature: Uint8Array },
  expected: { origins: SignInOrigins; store: AuthStore; nowMs: number },
): Promise<SignInFields> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(input.signedMessage);
  const fields = parseSignInMessage(text);
  if (!fields) throw new SignInError(400, 'The signed message is not a Sign-In With Solana message');
  if (!verifyEd25519(input.signedMessage, input.signature, fields.address)) {
    throw new SignInError(401, `The signature is not ${fields.address}'s signature of this message`);
  }
  const origin = expected.origins.byDomain.get(fields.domain);
  if (!origin) throw new SignInError(401, `The message signs in to ${fields.domain}, not to ${expected.origins.primary.host}`);
  if (!fields.uri || originOf(fields.uri) !== origin.origin) {
    throw new SignInError(401, `The message's URI ${fields.uri ?? '(none)'} is not on ${origin.origin}, the origin it signs in to`);
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
  // A SIWS nonce is letters and digits (EIP-4361): anything else was never issued, and a NUL in it would fail the lookup on PostgreSQL.
  if (!/^[A-Za-z0-9]{8,128}$/.test(fields.nonce)) throw new SignInError(400, "The sign-in message's Nonce must be 8 to 128 letters or digits");
  const claimed = { address: fields.address, domain: fields.domain, chainId: fields.chainId };
  const outcome = await expected.store.consumeNonce(fields.nonce, claimed, expected.nowMs);
  if (outcome.kind === 'unknown') throw new SignInError(401, 'Unknown or already used nonce: request a new one from GET /api/auth/nonce');
  if (outcome.kind === 'expired') throw new SignInError(401, 'The nonce has expired: sign in again');
  if (outcome.kind === 'mismatch') throw new SignInError(401, mismatchMessage(claimed, outcome.issuedFor));
  return fields;
}

/** The origin of a URI, or '' when it is not an absolute URL. */
function originOf(uri: string): string {
  try {
    return new URL(uri).origin;
  } catch {
    return '';
  }
}

function mismatchMessage(claimed: NonceBinding, issuedFor: NonceBinding): string {
  if (claimed.address !== issuedFor.address) return `The nonce was issued for another wallet than ${claimed.address}: request one for this wallet`;
  if (claimed.domain !== issuedFor.domain) return `The nonce was issued for ${issuedFor.domain}, not for ${claimed.domain}`;
  return `The nonce was issued for Chain ID ${issuedFor.chainId}, not for ${claimed.chainId}`;
}
