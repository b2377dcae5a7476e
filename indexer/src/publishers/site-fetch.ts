// Fetching a publisher's page for verification without letting the server be aimed at itself or its
// network: http(s) only, every address the name resolves to checked on the connection itself (so a
// second DNS answer cannot swap in a private address), redirects followed by hand with each hop
// checked the same way and never to another origin (a site proves control of its own origin only:
// an open redirect must not lend it another's), a deadline for the whole fetch and a cap on the bytes read.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export interface SiteFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Lets loopback addresses (127.0.0.0/8, ::1) through; only tests, with their local HTTP servers, turn it on. */
  allowLoopback: boolean;
}

export type SiteFetchResult =
  | { ok: true; url: string; status: number; body: string; contentType: string }
  | { ok: false; url: string; reason: string; kind: SiteFetchFailure };

export type SiteFetchFailure = 'unreachable' | 'private' | 'redirectToPrivate' | 'tooLarge' | 'timeout' | 'badRedirect' | 'crossOrigin';

/** Loopback, private, link-local, shared, reserved, multicast and documentation ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // The unspecified address, loopback, and the deprecated IPv4-compatible ::a.b.c.d (a URL's [::127.0.0.1]).
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return LOOPBACK.check(mapped[1], 'ipv4');
  return LOOPBACK.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

const isAllowed = (address: string, allowLoopback: boolean) => isPublicAddress(address) || (allowLoopback && isLoopback(address));

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1]);
    return !NOT_PUBLIC.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or loopback address`);
  }
}

/** dns.lookup that refuses names resolving to any non-public address (used by the socket itself). */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const blocked = list.find((entry) => !isAllowed(entry.address, allowLoopback));
      if (blocked) return callback(new PrivateAddressError(hostname, blocked.address) as NodeJS.ErrnoException, '', 0);
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

interface Hop {
  status: number;
  location?: string;
  body: string;
  contentType: string;
}

class TooLargeError extends Error {}

function fetchOnce(url: URL, options: SiteFetchOptions, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    // Sockets skip the lookup for an address written in the URL: check it here.
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(literal) && !isAllowed(literal, options.allowLoopback)) {
      return reject(new PrivateAddressError(url.hostname, literal));
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup: checkedLookup(options.allowLoopback), signal, headers: { 'user-agent': 'MarqueeSiteVerifier/1.0', accept: 'text/html, text/plain, */*' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ status, location: response.headers.location, body: '', contentType: '' });
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          return reject(new TooLargeError());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new TooLargeError());
            return;
          }
          chunks.push(chunk);
        });
        const contentType = response.headers['content-type'] ?? '';
        response.on('end', () => resolve({ status, body: Buffer.concat(chunks).toString('utf8'), contentType }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;

export async function fetchSite(startUrl: string, options: SiteFetchOptions): Promise<SiteFetchResult> {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), options.timeoutMs);
  let url = new URL(startUrl);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { ok: false, url: url.href, kind: 'badRedirect', reason: `${startUrl} redirected to ${url.href}, which is not an http(s) address` };
      }
      let answer: Hop;
      try {
        answer = await fetchOnce(url, options, controller.signal);
      } catch (error) {
        if (controller.signal.aborted) {
          return { ok: false, url: url.href, kind: 'timeout', reason: `${url.href} did not answer within ${options.timeoutMs / 1000} seconds` };
        }
        if (error instanceof TooLargeError) {
          return { ok: false, url: url.href, kind: 'tooLarge', reason: `The page at ${url.href} is larger than ${megabytes(options.maxBytes)}` };
        }
        if (error instanceof PrivateAddressError) {
          return hop === 0
            ? { ok: false, url: url.href, kind: 'private', reason: `${error.message}: only public websites can be verified` }
            : { ok: false, url: url.href, kind: 'redirectToPrivate', reason: `${startUrl} redirected to ${url.href}; ${error.message}, which is not allowed` };
        }
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        return { ok: false, url: url.href, kind: 'unreachable', reason: `Could not reach ${url.href} (${code})` };
      }
      if (answer.location === undefined) return { ok: true, url: url.href, status: answer.status, body: answer.body, contentType: answer.contentType };
      if (hop >= options.maxRedirects) {
        return { ok: false, url: url.href, kind: 'badRedirect', reason: `${startUrl} redirected more than ${options.maxRedirects} times` };
      }
      const next = new URL(answer.location, url);
      if (next.origin !== url.origin) {
        return {
          ok: false,
          url: next.href,
          kind: 'crossOrigin',
          reason: `${url.href} redirected to another origin (${next.origin}): the token must be served by ${url.origin} itself`,
        };
      }
      url = next;
    }
  } finally {
    clearTimeout(deadline);
  }
}
