// The answers of the busiest public reads (the catalogue's lists, a film, an investor's unclaimed
// revenue), kept per cluster and URL and served again while the database has not changed since:
// each request reads the data layer's change stamp (one trivial query) instead of the list's
// queries, and an answer that depends on the clock (a film turns 'failed' at its deadline) says until
// when it holds. A write anywhere, by this process or another, changes the stamp, so an answer is
// never older than the request that reads it.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { READ_CACHE_MAX_BYTES, READ_CACHE_MAX_ENTRIES } from '../constants.ts';
import { changeStamp } from '../db/index.ts';
import type { AppEnv } from './context.ts';

/** What a cached route computes: the JSON body, and until when (ms) it holds if the clock matters. */
export interface FreshAnswer {
  body: unknown;
  validUntilMs?: number;
}

interface Entry {
  stamp: string;
  /** The JSON as UTF-8 bytes: encoded once, not on every answer. */
  json: Uint8Array<ArrayBuffer>;
  etag: string;
  validUntilMs: number;
}

/** Per-entry bookkeeping counted against the byte budget besides the JSON itself. */
const ENTRY_OVERHEAD_BYTES = 256;

export class ReadCache {
  private readonly entries = new LRUCache<string, Entry>({
    max: READ_CACHE_MAX_ENTRIES,
    maxSize: READ_CACHE_MAX_BYTES,
    sizeCalculation: (entry) => entry.json.byteLength + ENTRY_OVERHEAD_BYTES,
  });

  private readonly stamps = new Map<string, StampReadings>();

  constructor(private readonly now: () => number) {}

  /** Answers `c` from the cache while its entry holds, or with `compute()` (an error it throws is never cached). */
  async json(c: Context<AppEnv>, compute: () => Promise<FreshAnswer>): Promise<Response> {
    const cluster = c.var.cluster;
    const key = `${cluster.name} ${c.req.url}`;
    // Read before computing: a write landing in between leaves the entry under the older stamp,
    // which no later request matches.
    let readings = this.stamps.get(cluster.name);
    if (!readings) this.stamps.set(cluster.name, (readings = new StampReadings(() => changeStamp(cluster.db, cluster.store.dialect))));
    const stamp = await readings.read();
    const held = this.entries.get(key);
    if (held && held.stamp === stamp && this.now() <= held.validUntilMs) return answer(c, held);
    const fresh = await compute();
    const json = new TextEncoder().encode(JSON.stringify(fresh.body));
    const entry: Entry = { stamp, json, etag: `"${createHash('sha1').update(json).digest('hex')}"`, validUntilMs: fresh.validUntilMs ?? Number.POSITIVE_INFINITY };
    if (entry.json.byteLength + ENTRY_OVERHEAD_BYTES <= READ_CACHE_MAX_BYTES) this.entries.set(key, entry);
    return answer(c, entry);
  }
}

/**
 * Reads a cluster's change stamp for many requests at once: while a reading is under way, the
 * requests arriving meanwhile share the next one, begun as soon as it ends. Each request still gets a
 * reading begun after it arrived (so it sees every commit before it), and concurrent reads cost
 * the database one query per round instead of one each.
 */
export class StampReadings {
  private inFlight: Promise<string> | null = null;
  private queued: Promise<string> | null = null;

  constructor(private readonly readStamp: () => Promise<string>) {}

  read(): Promise<string> {
    if (!this.inFlight) return this.begin();
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.begin();
      });
    return this.queued;
  }

  private begin(): Promise<string> {
    const reading: Promise<string> = this.readStamp().finally(() => {
      if (this.inFlight === reading) this.inFlight = null;
    });
    this.inFlight = reading;
    return reading;
  }
}

// The ETag is the one the etag middleware would have computed (a SHA-1 of the body): it then skips
// hashing and still answers a matching If-None-Match with 304.
function answer(c: Context<AppEnv>, entry: Entry): Response {
  return c.body(entry.json, 200, { 'content-type': 'application/json', etag: entry.etag });
}
