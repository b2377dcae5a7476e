// Signed sessions: the cookie carries the wallet, a random session id and the expiry, signed with
// HMAC-SHA256 under a secret every API process shares, so any process verifies a session another
// one issued; only sign-out needs the database (the id is listed as revoked, guard.ts checks it).
// The secret comes from MARQUEE_SESSION_SECRET, else from a 0600 file in the data folder (created
// on first start, its mode checked on every read).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_SECRET_MIN_BYTES } from '../constants.ts';
import { createPrivateFile, readPrivateFile } from '../private-files.ts';
import { PayloadSigner } from '../signed-payload.ts';

export const SESSION_SECRET_FILE = 'session-secret';

export interface Session {
  /** Random, per sign-in: what sign-out revokes. */
  id: string;
  walletAddress: string;
  /** Unix ms. */
  issuedAt: number;
  expiresAt: number;
}

export class SessionSigner {
  private readonly signer: PayloadSigner;

  constructor(secret: Buffer) {
    if (secret.length < SESSION_SECRET_MIN_BYTES) throw new Error(`The session secret must be at least ${SESSION_SECRET_MIN_BYTES} bytes`);
    this.signer = new PayloadSigner(secret);
  }

  /** The cookie value of `session` (a fresh id when it has none). */
  sign(session: Omit<Session, 'id'> & { id?: string }): string {
    const id = session.id ?? randomBytes(16).toString('base64url');
    return this.signer.sign({ s: id, w: session.walletAddress, i: session.issuedAt, e: session.expiresAt });
  }

  /** The session of a cookie value, or null when it is malformed, tampered with or expired. */
  verify(value: string | undefined, nowMs: number): Session | null {
    const content = value ? this.signer.open(value) : null;
    if (typeof content !== 'object' || content === null) return null;
    const { s, w, i, e } = content as Record<string, unknown>;
    if (typeof s !== 'string' || typeof w !== 'string' || typeof i !== 'number' || typeof e !== 'number') return null;
    if (e <= nowMs) return null;
    return { id: s, walletAddress: w, issuedAt: i, expiresAt: e };
  }
}

export const SHARED_SECRET_NEEDED =
  'MARQUEE_SESSION_SECRET must be set, the same on every process, when MARQUEE_ROLE is api or indexer: each process verifies the sessions the others issued (a demo action travels from an API process to the leader with its cookie)';

/**
 * The shared session secret: the configured one (MARQUEE_SESSION_SECRET, checked by the
 * configuration), else the data folder's file (made on first use, refused unless 0600).
 * `shared`: this process is one of several (MARQUEE_ROLE api or indexer), whose data folders differ,
 * so only the configuration can give them one secret.
 */
export function loadSessionSecret(dataDir: string, configured: string | undefined, options: { shared?: boolean } = {}): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  if (options.shared) throw new Error(SHARED_SECRET_NEEDED);
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, SESSION_SECRET_FILE);
  if (!existsSync(path)) createPrivateFile(path, randomBytes(48).toString('base64url'));
  const secret = Buffer.from(readPrivateFile(path, 'The session secret').toString('utf8').trim(), 'utf8');
  if (secret.length < SESSION_SECRET_MIN_BYTES) throw new Error(`The session secret ${path} must hold at least ${SESSION_SECRET_MIN_BYTES} characters`);
  return secret;
}
