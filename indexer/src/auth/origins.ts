// Where this server is reached: the origins a sign-in may name (its SIWS domain and URI), from the
// configuration only — never from a request's Host header, which whoever relays a request writes.
// The first origin is the server's public URL: the one sign-in requests name by default, and whose
// scheme decides whether the session cookie is `__Host-` and Secure and whether HSTS is sent.

export interface SignInOrigins {
  /** The public URL's origin. */
  primary: URL;
  /** Every accepted origin (the primary first), by host[:port] as a SIWS domain names it. */
  byDomain: ReadonlyMap<string, URL>;
  /** Whether the public URL is https: the cookie is then `__Host-` + Secure, and HSTS is sent. */
  secure: boolean;
}

/** The names a browser on this machine reaches a loopback-bound server by. */
export function loopbackOrigins(port: number): string[] {
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => new URL(`http://${host}:${port}`).origin);
}

/** The origins of `urls` (the first is the public URL); throws on an empty list. */
export function signInOrigins(urls: string[]): SignInOrigins {
  const origins = urls.map((url) => new URL(new URL(url).origin));
  if (origins.length === 0) throw new Error('A server needs at least one origin for sign-ins');
  return { primary: origins[0], byDomain: new Map(origins.map((origin) => [origin.host, origin])), secure: origins[0].protocol === 'https:' };
}
