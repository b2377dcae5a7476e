// The client address views and per-address rate limits are keyed on.
//
// X-Forwarded-For is a chain each proxy appends to: `client, proxy1, proxy2`, and the socket peer is
// the last proxy. Only the entries appended by proxies we run can be believed; everything to their
// left was written by whoever sent the request, so the leftmost entry is the one a caller picks
// freely (rotating it used to make every request a new viewer). With N trusted proxies in front of
// the server, the client is the address N hops from the right of [...X-Forwarded-For, socket]:
// 0 hops is the socket address (the header is ignored), 1 hop the rightmost entry, and so on.
import { isIP } from 'node:net';

/**
 * The client address, `trustedProxyHops` hops from the right of the forwarding chain.
 *
 * A header with fewer entries than hops did not come through the whole chain of proxies we run
 * (some were bypassed, or the server itself was reached directly), so none of its entries is known
 * to be a proxy's: the socket address is used, which no caller can choose. The same holds for an
 * entry at the chosen position that is not an IP address (a misconfigured proxy). Failing this way
 * can only group callers under one address (stricter rate limits), never mint new viewers.
 */
export function clientAddress(forwardedFor: string | undefined, socketAddress: string | undefined, trustedProxyHops: number): string {
  const socket = socketAddress || 'unknown';
  if (trustedProxyHops <= 0 || !forwardedFor) return socket;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length < trustedProxyHops) return socket;
  // The socket address is hop 0, the rightmost entry hop 1.
  const chosen = entries[entries.length - trustedProxyHops];
  return isIP(chosen) ? chosen : socket;
}
