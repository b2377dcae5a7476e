// Website verification: the server issues a token for a wallet and an origin, and the site proves
// it is the publisher's by serving it, either as the file /.well-known/marquee-verification.txt or
// as <meta name="marquee-verification" content="…"> in the page at the website URL.
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

/** The content of every <meta name="marquee-verification"> tag of an HTML page. */
export function metaTokens(html: string): string[] {
  const tokens: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([a-z-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attributes.set(match[1].toLowerCase(), match[3] ?? match[4] ?? match[5] ?? '');
    }
    if (attributes.get('name')?.toLowerCase() === META_NAME && attributes.has('content')) tokens.push(attributes.get('content')!.trim());
  }
  return tokens;
}

const served = (result: SiteFetchResult) => result.ok && result.status >= 200 && result.status < 300;

/** Checks that `websiteUrl`'s site serves `token`; any failure leaves the website unverified with a reason. */
export async function verifySite(websiteUrl: string, token: string, options: SiteFetchOptions): Promise<VerificationResult> {
  const origin = new URL(websiteUrl).origin;
  const file = await fetchSite(`${origin}${WELL_KNOWN_PATH}`, options);
  if (file.ok && served(file) && file.body.split(/\s+/).includes(token)) return { verified: true, method: 'well-known' };
  const page = await fetchSite(websiteUrl, options);
  if (page.ok && served(page) && metaTokens(page.body).includes(token)) return { verified: true, method: 'meta' };
  // The page's own failure explains most (a site that is down, too big, slow or redirecting away);
  // the file's failure is the next best; otherwise both answered without the token.
  if (!page.ok) return { verified: false, reason: page.reason };
  if (!file.ok && file.kind !== 'unreachable') return { verified: false, reason: file.reason };
  return {
    verified: false,
    reason: `The verification token was not found: serve it at ${origin}${WELL_KNOWN_PATH} or in a <meta name="${META_NAME}"> tag of ${websiteUrl}${
      served(page) ? '' : ` (the page answered ${page.status})`
    }`,
  };
}
