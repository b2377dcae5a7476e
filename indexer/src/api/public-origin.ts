// The origin this server's absolute URLs are built on (embed snippets, metadata URIs a listing writes
// on chain, catalogue snippets): one of the configured origins (MARQUEE_PUBLIC_URL, MARQUEE_ALLOWED_ORIGINS,
// or the loopback names), never a Host or forwarded header a client or a relay made up. A request naming
// one of ours by host (its Host, or the origin an API process forwarding a demo action names) gets that
// origin as configured (its scheme too: a TLS proxy in front speaks http to us); any other gets the
// public URL, so a forged Host cannot plant links to another site in answers, caches or on chain.
import type { SignInOrigins } from '../auth/origins.ts';

/** The configured origin whose host `forwardedOrigin` (when given) or else `requestUrl` names, else the primary one. */
export function publicOrigin(origins: SignInOrigins, requestUrl: string, forwardedOrigin: string | undefined): string {
  let host: string;
  try {
    host = new URL(forwardedOrigin ?? requestUrl).host;
  } catch {
    return origins.primary.origin;
  }
  return (origins.byDomain.get(host) ?? origins.primary).origin;
}
