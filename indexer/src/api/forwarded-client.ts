// The client an API process forwards a demo action for (roles/demo-forward.ts). The leader serving
// the demo chain counts that action's per-address quotas, and on its own it sees only the
// forwarding process: the socket is that process's, and X-Forwarded-For names the client only
// when the leader trusts exactly the hops the API process does. So the API process vouches for
// the client address it derived, signed under the deployment's shared secret (every process has
// it), and the leader believes a vouched address for FORWARDED_CLIENT_TTL_MS. No caller can vouch:
// a value without that signature, or an old one, is ignored.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { FORWARDED_CLIENT_TTL_MS } from '../constants.ts';
import { PayloadSigner } from '../signed-payload.ts';

interface Vouched {
  kind: 'forwarded-client';
  ip: string;
  at: number;
}

export class ClientVoucher {
  private readonly signer: PayloadSigner;

  /** `secret`: the deployment's shared secret; vouchers get a key of their own derived from it. `now`: the server's clock (ms). */
  constructor(
    secret: Buffer,
    private readonly now: () => number,
  ) {
    this.signer = new PayloadSigner(createHash('sha256').update('marquee forwarded client\0').update(secret).digest());
  }

  /** The header's value vouching for `ip` now. */
  vouch(ip: string): string {
    return this.signer.sign({ kind: 'forwarded-client', ip, at: this.now() } satisfies Vouched);
  }

  /** The address a value vouches for, when it was signed under this secret within FORWARDED_CLIENT_TTL_MS; else null. */
  vouchedFor(value: string | undefined): string | null {
    if (!value) return null;
    const vouched = this.signer.open(value) as Vouched | null;
    if (vouched?.kind !== 'forwarded-client' || typeof vouched.ip !== 'string' || !isIP(vouched.ip)) return null;
    return Math.abs(this.now() - vouched.at) <= FORWARDED_CLIENT_TTL_MS ? vouched.ip : null;
  }
}
