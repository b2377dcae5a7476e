// The answers of the busiest public reads (the catalogue's lists, a film, an investor's unclaimed
// revenue), kept per cluster and URL and served again while the database has not changed since:
// each request reads the data layer's change stamp (one trivial query) instead of the route's
// queries, and an answer that depends on the clock (a film turns 'failed' at its deadline) says until
// when it holds. A write anywhere, by this process or another, changes the stamp, so an answer is
// never older than the request that reads it.
//
// `cachedRead` goes in front of a GET route's validators: a URL answered before is served without
// validating it again (only successful answers are kept), and a new one runs the route, whose
// answer is kept if it is a 200 JSON.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { LRUCache } from 'lru-cache';
import { READ_CACHE_MAX_BYTES, READ_CACHE_MAX_ENTRIES } from '../constants.ts';
import type { ClusterContext } from '../cluster.ts';
import type { AppEnv } from './context.ts';

interface Entry {
  stamp: string;
  /** The JSON as UTF-8 bytes, sent as they are. */
  json: Uint8Array<ArrayBuffer>;
  /** The same bytes gzipped, made for the first client that accepts gzip (every browser does). */
  gzip?: Uint8Array<ArrayBuffer>;
  etag: string;
  validUntilMs: number;
}

/** Below this, an answer is sent as it is (the compress middleware's threshold). */
const COMPRESS_MIN_BYTES = 1024;

/** Per-entry bookkeeping counted against the byte budget besides the JSON itself. */
const ENTRY_OVERHEAD_BYTES = 256;

/** What an entry counts against the byte budget: its bytes, gzipped ones too, and its bookkeeping. */
const sizeOf = (entry: Entry) => entry.json.byteLength + (entry.gzip?.byteLength ?? 0) + ENTRY_OVERHEAD_BYTES;

export class ReadCache {
  private readonly entries = new LRUCache<string, Entry>({
    max: READ_CACHE_MAX_ENTRIES,
    maxSize: READ_CACHE_MAX_BYTES,
    sizeCalculation: sizeOf,
  });
  private readonly stamps = new Map<string, StampReadings>();

  constructor(private readonly now: () => number) {}

  /** The answer kept for `key` if it still holds under `stamp`. */
  held(key: string, stamp: string): Entry | undefined {
    const entry = this.entries.get(key);
    return entry && entry.stamp === stamp && this.now() <= entry.validUntilMs ? entry : undefined;
  }

  keep(key: string, entry: Entry): void {
    if (sizeOf(entry) <= READ_CACHE_MAX_BYTES) this.entries.set(key, entry);
  }

  /** `entry`'s JSON gzipped: made once, and kept with it (counted against the byte budget) while it is kept. */
  gzipped(key: string, entry: Entry): Uint8Array<ArrayBuffer> {
    if (!entry.gzip) {
      entry.gzip = new Uint8Array(gzipSync(entry.json));
      if (this.entries.peek(key) === entry) this.keep(key, entry);
    }
    return entry.gzip;
  }

  /** The cluster's change stamp, read after this call began (see StampReadings). */
  stamp(cluster: ClusterContext): Promise<string> {
    let readings = this.stamps.get(cluster.name);
    if (!readings) this.stamps.set(cluster.name, (readings = new StampReadings(cluster.store.changeStamp)));
    return readings.read();
  }
}

/** The route's answer holds until `ms` (unix ms) even if the database does not change: its clock-bound part. */
export function holdsUntil(c: Context<AppEnv>, ms: number): void {
  c.set('answerHoldsUntil', ms);
}

export const cachedRead: MiddlewareHandler<AppEnv> = async (c, next) => {
  // c.get, not c.var: Hono builds a new object of every variable on each c.var.
  const cache = c.get('readCache');
  const cluster = c.get('cluster');
  const key = `${cluster.name} ${c.req.url}`;
  // Read before the route runs: a write landing in between leaves its answer under the older
  // stamp, which no later request matches.
  const stamp = await cache.stamp(cluster);
  const held = cache.held(key, stamp);
  if (held) return answer(c, cache, key, held);
  await next();
  if (c.res.status !== 200 || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
  const json = new Uint8Array(await c.res.arrayBuffer());
  const entry: Entry = { stamp, json, etag: `"${createHash('sha1').update(json).digest('hex')}"`, validUntilMs: c.get('answerHoldsUntil') ?? Number.POSITIVE_INFINITY };
  cache.keep(key, entry);
  // Dropped first: Hono merges the old response's headers into a new one, and a miss must answer
  // exactly as a later hit of the same entry does.
  c.res = undefined;
  c.res = answer(c, cache, key, entry);
};

// The ETag is the one the etag middleware would have computed (a SHA-1 of the body): it then skips
// hashing and still answers a matching If-None-Match with 304. To a client that accepts gzip, the
// entry's gzipped bytes, with the weak ETag the compress middleware gives a compressed answer: that
// middleware, which leaves an answer with a Content-Encoding alone, compressed the same bytes anew
// for every browser's request (a cached list answered a fifth as many requests a second).
function answer(c: Context<AppEnv>, cache: ReadCache, key: string, entry: Entry): Response {
  if (entry.json.byteLength < COMPRESS_MIN_BYTES) return c.body(entry.json, 200, { 'content-type': 'application/json', etag: entry.etag });
  const headers = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  if (!acceptsGzip(c.req.header('accept-encoding'))) return c.body(entry.json, 200, { ...headers, etag: entry.etag });
  return c.body(cache.gzipped(key, entry), 200, { ...headers, 'content-encoding': 'gzip', etag: `W/${entry.etag}` });
}

/**
 * Whether an Accept-Encoding header accepts gzip: named (or x-gzip), else `*`, with a q above 0
 * (RFC 9110 §12.5.3), read by Hono's parser (the one its compress middleware reads it with).
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const codings = parseAccept(header);
  const named = codings.find(({ type }) => ['gzip', 'x-gzip'].includes(type.toLowerCase())) ?? codings.find(({ type }) => type === '*');
  return named !== undefined && named.q > 0;
}

/**
 * Reads a cluster's change stamp for many requests at once: the requests of one turn of the event
 * loop share one reading, begun when that turn ends. Each request still gets a reading begun after it
 * arrived (so it sees every commit before it) and waits for one query at most, and concurrent reads
 * cost the database one query a turn instead of one each. Queuing behind a reading already under way
 * (as before Round 12 of docs/PERFORMANCE.md) made a request wait for up to two: on a fast machine the
 * cached reads then spent their time waiting.
 */
export class StampReadings {
  private next: Promise<string> | null = null;

  constructor(private readonly readStamp: () => Promise<string>) {}

  read(): Promise<string> {
    this.next ??= new Promise<string>((resolve, reject) => {
      setImmediate(() => {
        this.next = null;
        try {
          this.readStamp().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
    });
    return this.next;
  }
}
