// Website verification: the server issues a token for a wallet and an origin, and the site proves
// it is the publisher's by serving it from that exact origin (no redirect to another one), either
// as the file /.well-known/marquee-verification.txt (its own line) or as
// <meta name="marquee-verification" content="…"> in the <head> of the HTML page at the website URL
// — not anywhere in any body, which a paste site or Marquee's own /api/metadata documents would
// serve for anyone. Marquee's own origin never verifies.
import { randomBytes } from 'node:crypto';
import { fetchSite, type SiteFetchOptions, type SiteFetchResult } from './site-fetch.ts';

export const WELL_KNOWN_PATH = '/.well-known/marquee-verification.txt';
export const META_NAME = 'marquee-verification';
const TOKEN_PREFIX = 'marquee-site-verification=';

export function issueToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(16).toString('hex')}`;
}

export function metaTag(token: string): string {
  return `<meta name="${META_NAME}" content="${token}">`;
}

export type VerificationMethod = 'well-known' | 'meta';

export type VerificationResult = { verified: true; method: VerificationMethod } | { verified: false; reason: string };

/** The head of an HTML page: what precedes </head> or <body>, or nothing when it has neither (not a page). */
function htmlHead(html: string): string {
  const end = html.search(/<\/head\s*>|<body\b/i);
  return end < 0 ? '' : html.slice(0, end);
}

/** The content of every <meta name="marquee-verification"> tag in the <head> of an HTML page. */
export function metaTokens(html: string): string[] {
  const tokens: string[] = [];
  for (const [tag] of htmlHead(html).matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attributes.set(match[1].toLowerCase(), match[3] ?? match[4] ?? match[5] ?? '');
    }
    if (attributes.get('name')?.toLowerCase() === META_NAME && attributes.has('content')) tokens.push(attributes.get('content')!.trim());
  }
  return tokens;
}

const served = (result: SiteFetchResult) => result.ok && result.status >= 200 && result.status < 300;

const isHtml = (result: SiteFetchResult) => result.ok && /^text\/html\b/i.test(result.contentType);

/**
 * Checks that `websiteUrl`'s site serves `token`; any failure leaves the website unverified with a
 * reason. `ownOrigins`: Marquee's own origins (this server's), which never verify a site.
 */
export async function verifySite(websiteUrl: string, token: string, options: SiteFetchOptions, ownOrigins: readonly string[] = []): Promise<VerificationResult> {
  const origin = new URL(websiteUrl).origin;
  if (ownOrigins.includes(origin)) return { verified: false, reason: `${origin} is Marquee itself: verify a website you run` };
  const file = await fetchSite(`${origin}${WELL_KNOWN_PATH}`, options);
  if (file.ok && served(file) && file.body.split(/\r?\n/).map((line) => line.trim()).includes(token)) return { verified: true, method: 'well-known' };
  const page = await fetchSite(websiteUrl, options);
  if (page.ok && served(page) && isHtml(page) && metaTokens(page.body).includes(token)) return { verified: true, method: 'meta' };
  if (file.ok === false && file.kind === 'crossOrigin') return { verified: false, reason: file.reason };
  // The page's own failure explains most (a site that is down, too big, slow or redirecting away);
  // the file's failure is the next best; otherwise both answered without the token.
  if (!page.ok) return { verified: false, reason: page.reason };
  if (!file.ok && file.kind !== 'unreachable') return { verified: false, reason: file.reason };
  return {
    verified: false,
    reason: `The verification token was not found: serve it at ${origin}${WELL_KNOWN_PATH} or in a <meta name="${META_NAME}"> tag in the <head> of the HTML page ${websiteUrl}${
      served(page) ? '' : ` (the page answered ${page.status})`
    }`,
  };
}
