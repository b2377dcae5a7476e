// A JSON payload signed with HMAC-SHA256: `<base64url JSON>.<base64url MAC>`. The session cookie and
// the player's page tokens and ad tickets are such values, each under its own key; what a value may
// claim (its fields, its expiry) is for its own signer to check once the signature holds.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export class PayloadSigner {
  // Imported once: a raw key is imported again by every createHmac, a quarter of a MAC's cost.
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    this.key = createSecretKey(key);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  sign(content: unknown): string {
    const payload = Buffer.from(JSON.stringify(content)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The parsed content when the signature holds, else null (forged, tampered with, malformed). */
  open(value: string): unknown {
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
  }
}
