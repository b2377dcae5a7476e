// Films' off-chain metadata documents, content-addressed: stored under the sha256 of their canonical
// JSON, read back parsed, and addressed by this API's URI of them. The metadata route, the studio's
// listing edit and the demo's listing share them.
import { createHash } from 'node:crypto';
import { DEFAULT_CLUSTER, MAX_METADATA_URI_LEN } from '../constants.ts';
import { metadata as metadataStore } from '../db/index.ts';
import type { ClusterContext } from '../cluster.ts';
import { fail } from '../api/errors.ts';

/** Stores a metadata document under the sha256 of its canonical JSON; returns the hash. */
export async function storeMetadata(ctx: ClusterContext, metadata: Record<string, unknown>, nowMs: number): Promise<string> {
  // Keys in a fixed order so the same metadata always hashes the same.
  const body = JSON.stringify(metadata, Object.keys(metadata).sort());
  const sha256 = createHash('sha256').update(body).digest('hex');
  await metadataStore.putMetadata(ctx.db, sha256, body, Math.floor(nowMs / 1000));
  return sha256;
}

/** A stored metadata document, parsed. */
export async function readMetadata(ctx: ClusterContext, sha256: string): Promise<Record<string, unknown> | undefined> {
  const body = await metadataStore.getMetadata(ctx.db, sha256);
  return body === undefined ? undefined : JSON.parse(body);
}

/** The URI of a stored document: this API's address of it (on its cluster), within the program's limit. */
export function metadataUri(ctx: ClusterContext, origin: string, sha256: string): string {
  const query = ctx.name === DEFAULT_CLUSTER ? '' : `?cluster=${encodeURIComponent(ctx.name)}`;
  const uri = `${origin}/api/metadata/${sha256}${query}`;
  if (uri.length > MAX_METADATA_URI_LEN) fail(400, 'The metadata URI would be too long for the program');
  return uri;
}
