// /api/metadata: a project's off-chain metadata, content-addressed. create_project stores the
// returned sha256 and URI on chain; the indexer joins projects to their metadata by that hash.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, post, get } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { createHash } from 'node:crypto';
import { DEFAULT_CLUSTER, MAX_METADATA_URI_LEN } from '../../constants.ts';
import { metadata as metadataStore } from '../../db/index.ts';
import type { ClusterContext } from '../../cluster.ts';
import { fail } from '../errors.ts';
import { metadataBody, sha256Params } from '../schemas.ts';

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

export function metadataRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      post('/', 'Store project metadata; returns the uri and sha256 for create_project', {
        middleware: [signedWrite('metadata')],
        body: metadataBody,
        response: contract.storedDocument,
        status: 201,
        errors: SIGNED_WRITE,
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const sha256 = await storeMetadata(ctx, c.req.valid('json'), now());
        return c.json({ uri: metadataUri(ctx, new URL(c.req.url).origin, sha256), sha256 }, 201);
      },
    )
    .endpoint(get('/{sha256}', 'Stored project metadata', { params: sha256Params, response: contract.filmMetadata }), async (c) => {
      const metadata = await readMetadata(c.var.cluster, c.req.valid('param').sha256);
      if (!metadata) fail(404, 'Metadata not found');
      return c.json(metadata);
    });
}
