// Browser-facing headers. The dApp and the API may be neither framed nor read cross-origin; the
// embed player (framed on publishers' sites) and the endpoints it and publishers call (views,
// embeds) are the exceptions. The dApp's Content-Security-Policy allows what Vite's build and the
// wallet adapters need: its own scripts only, inline styles (Chakra's emotion injects <style>),
// images and media from anywhere over https (posters, thumbnails, films), and RPC over https/wss.
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { CLUSTER_HEADER, HSTS_MAX_AGE_SECONDS } from '../constants.ts';

export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' https: wss:",
  "frame-src 'self' https:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The CSP of an answer that is data, not a page (JSON): a browser shown it loads nothing, and
 * nothing may frame it. Shorter than the dApp's, which every play's two answers carried for nothing.
 */
export const DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Whether a response of this Content-Type is data (JSON), which gets DATA_CSP. */
export function isDataAnswer(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType);
}

/**
 * The player page: its inline script and style element carry `nonce`; only `frameAncestors` (the
 * embed's verified website and Marquee's own origins, player/framing.ts) may frame it.
 */
export function playerCsp(nonce: string, frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    // The poster is a style attribute (background-image); attributes cannot carry a nonce.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' blob: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Paths framed or called from other origins: the player and the view/embed endpoints. */
export const CROSS_ORIGIN_PATHS = ['/player/*', '/api/views', '/api/views/*', '/api/embeds', '/api/embeds/*'];

export function isCrossOriginPath(path: string): boolean {
  return CROSS_ORIGIN_PATHS.some((pattern) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern));
}

const preflightCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['content-type', CLUSTER_HEADER],
  maxAge: 600,
});

/**
 * CORS for the cross-origin endpoints: any origin, no credentials (the session cookie never travels).
 * Hono's cors answers the preflight; on the requests themselves the one header it would add (any
 * origin) is set on the finished response in place: Hono's cors sets it before the route runs,
 * which makes a placeholder response that is then rebuilt around the route's, on every play.
 */
export const crossOriginCors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return preflightCors(c, next);
  await next();
  setOnResponse(c, [CROSS_ORIGIN_ANSWER_HEADER]);
};

/**
 * Every response: a CSP (DATA_CSP for JSON, the dApp's for the rest) and no framing, unless the
 * route set its own CSP (the framable player). `hsts`: the public URL is https, so browsers are
 * told to never use plain http here again (no includeSubDomains: the operator's other hosts are
 * not ours to decide).
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { headers } = c.res;
    setOnResponse(
      c,
      securityHeaderEntries({ hsts: options.hsts, ownCsp: headers.has('Content-Security-Policy'), data: isDataAnswer(headers.get('Content-Type')) }),
    );
  };
}

/** The headers securityHeaders gives a response (`ownCsp`: the route set its own Content-Security-Policy; `data`: a JSON answer). */
export function securityHeaderEntries(options: { hsts: boolean; ownCsp: boolean; data: boolean }): [string, string][] {
  const headers: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ];
  if (options.hsts) headers.push(['Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`]);
  if (!options.ownCsp) headers.push(['Content-Security-Policy', options.data ? DATA_CSP : APP_CSP], ['X-Frame-Options', 'DENY']);
  return headers;
}

/** The one header crossOriginCors adds to an answer (not a preflight's) of a cross-origin path. */
export const CROSS_ORIGIN_ANSWER_HEADER: [string, string] = ['Access-Control-Allow-Origin', '*'];

/**
 * Sets headers on the finished response in place. Hono's `c.header()` after the handler rebuilds the
 * response around its body on every call, which turns @hono/node-server's lightweight response into
 * a full web Response: most of a small read's cost. Only a response whose headers are immutable (one
 * a handler passed through from `fetch()`) is rebuilt, by `c.header()`.
 */
function setOnResponse(c: Context, headers: [string, string][]): void {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    for (const [name, value] of headers) c.header(name, value);
  }
}
