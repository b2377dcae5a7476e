// Stateless sessions: the cookie carries the wallet and the expiry, signed with HMAC-SHA256 under a
// secret every API process shares, so any process verifies a session another one issued without
// a lookup. The secret comes from MARQUEE_SESSION_SECRET, else from a 0600 file in the data folder
// (created on first start).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../private-files.ts';

export const SESSION_SECRET_FILE = 'session-secret';
const MIN_SECRET_BYTES = 32;

export interface Session {
  walletAddress: string;
  /** Unix ms. */
  issuedAt: number;
  expiresAt: number;
}

export class SessionSigner {
  constructor(private readonly secret: Buffer) {
    if (secret.length < MIN_SECRET_BYTES) throw new Error(`The session secret must be at least ${MIN_SECRET_BYTES} bytes`);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /** The cookie value of `session`. */
  sign(session: Session): string {
    const payload = Buffer.from(JSON.stringify({ w: session.walletAddress, i: session.issuedAt, e: session.expiresAt })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The session of a cookie value, or null when it is malformed, tampered with or expired. */
  verify(value: string | undefined, nowMs: number): Session | null {
    if (!value) return null;
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const { w, i, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof w !== 'string' || typeof i !== 'number' || typeof e !== 'number') return null;
      if (e <= nowMs) return null;
      return { walletAddress: w, issuedAt: i, expiresAt: e };
    } catch {
      return null;
    }
  }
}

/** The shared session secret: the environment's, else the data folder's file (made on first use). */
export function loadSessionSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.MARQUEE_SESSION_SECRET;
  if (fromEnv) {
    const secret = Buffer.from(fromEnv, 'utf8');
    if (secret.length < MIN_SECRET_BYTES) throw new Error(`MARQUEE_SESSION_SECRET must be at least ${MIN_SECRET_BYTES} characters`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, SESSION_SECRET_FILE);
  if (!existsSync(path)) writePrivateFile(path, randomBytes(48).toString('base64url'), { exclusive: true });
  return Buffer.from(readPrivateText(path), 'utf8');
}

function readPrivateText(path: string): string {
  return readFileSync(path, 'utf8').trim();
}
