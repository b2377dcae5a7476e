// What the hot paths read of a request straight from Node's request when @hono/node-server serves
// it: a header, and a small body whose length is declared. Hono's `c.req.header()` there first
// builds a web Headers of every header, and `c.req.text()` a web Request (a web stream over Node's
// stream, an abort signal): together more than the rest of a view report's reading. Elsewhere
// (app.request() in tests, another runtime) both read through Hono as usual.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** Node's request behind `c`, when @hono/node-server serves it. */
function incomingOf(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && Array.isArray(incoming.rawHeaders) ? incoming : undefined;
}

/**
 * The request's header `name` (lower case) as `c.req.header(name)` reads it: every occurrence, joined
 * by ", " in the order sent (as a web Headers joins them), or undefined.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i];
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    value = value === undefined ? raw[i + 1] : `${value}, ${raw[i + 1]}`;
  }
  return value;
}

/**
 * The body's length as its Content-Length declares it, when that is the whole of what frames it: a
 * number, and no Transfer-Encoding beside it. Undefined otherwise (no body declared, or a stream).
 */
export function declaredBodyLength(c: Context): number | undefined {
  const declared = requestHeader(c, 'content-length');
  return declared !== undefined && requestHeader(c, 'transfer-encoding') === undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
}

function readAll(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.once('error', reject);
  });
}

/**
 * The request's body as text, for a body whose declared length the caller has checked. It is kept
 * where Hono keeps a body it has read, so a route the request goes on to reads the same text.
 */
export function smallBodyText(c: Context): Promise<string> {
  const incoming = incomingOf(c);
  if (!incoming || incoming.readableEnded || Object.keys(c.req.bodyCache).length > 0) return c.req.text();
  const text = readAll(incoming);
  (c.req.bodyCache as { text?: Promise<string> }).text = text;
  return text;
}
