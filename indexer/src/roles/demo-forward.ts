// /api/demo on an `api` process: the demo chain lives in the leader's memory, so every demo
// action is forwarded to the leader's internal URL as it came (method, path, query, body, the
// caller's headers and cookies) and its answer is returned as it went (status, headers,
// Set-Cookie), so a demo user sees the same chain whichever process answers. The caller's origin
// travels in FORWARDED_ORIGIN_HEADER (the metadata URIs a listing writes on chain must point at the
// public address, not the leader's internal one), and the client this process derived is vouched for
// in FORWARDED_CLIENT_HEADER (api/forwarded-client.ts), so the leader's per-address quotas count
// that client, not this process; X-Forwarded-For gets it appended too, as a proxy would.
import { Hono, type Context } from 'hono';
import type { AppEnv, DemoExtension } from '../api/context.ts';
import { fail } from '../api/errors.ts';
import { DEMO_FORWARD_TIMEOUT_MS, FORWARDED_CLIENT_HEADER, FORWARDED_ORIGIN_HEADER } from '../constants.ts';
import { demoOpenApi } from '../demo/contract.ts';

/** Where the leader is; LeaderDirectory in production, anything with the same shape in tests. */
export interface LeaderAddress {
  leaderUrl(): Promise<string | null>;
  invalidate(): void;
}

/** Per-connection headers, and those fetch sets itself: never copied across a hop. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
  'host',
  'content-length',
]);

const NO_LEADER = 'The demo chain is unavailable: no indexer process leads right now (a new leader takes over within seconds); try again shortly';

function forwardedRequestHeaders(c: Context<AppEnv>): Headers {
  const headers = new Headers();
  for (const [name, value] of c.req.raw.headers) {
    // A caller cannot choose the origin or the client the leader believes in.
    if (!HOP_BY_HOP.has(name) && name !== FORWARDED_ORIGIN_HEADER && name !== FORWARDED_CLIENT_HEADER) headers.append(name, value);
  }
  headers.set(FORWARDED_ORIGIN_HEADER, c.get('publicOrigin'));
  headers.set(FORWARDED_CLIENT_HEADER, c.var.clientVoucher.vouch(c.var.clientIp));
  const forwardedFor = c.req.header('x-forwarded-for');
  headers.set('x-forwarded-for', forwardedFor ? `${forwardedFor}, ${c.var.clientIp}` : c.var.clientIp);
  return headers;
}

function answer(upstream: Response): Response {
  const headers = new Headers();
  for (const [name, value] of upstream.headers) {
    // fetch has already decoded the body, so its encoding and length no longer describe it.
    if (!HOP_BY_HOP.has(name) && name !== 'content-encoding' && name !== 'set-cookie') headers.append(name, value);
  }
  for (const cookie of upstream.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers });
}

export function demoForwarder(leader: LeaderAddress): DemoExtension {
  const routes = new Hono<AppEnv>().all('*', async (c) => {
    const incoming = new URL(c.req.url);
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    // Twice at most: a leader that just died is forgotten and the directory read again.
    for (let attempt = 0; attempt < 2; attempt++) {
      const url = await leader.leaderUrl();
      if (!url) break;
      try {
        const upstream = await fetch(`${url}${incoming.pathname}${incoming.search}`, {
          method,
          headers: forwardedRequestHeaders(c),
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(DEMO_FORWARD_TIMEOUT_MS),
        });
        return answer(upstream);
      } catch (error) {
        leader.invalidate();
        console.error(`[demo-forward] ${url} did not answer: ${error instanceof Error ? error.message : error}`);
      }
    }
    fail(503, NO_LEADER);
  });
  return { routes, openapi: demoOpenApi() };
}
