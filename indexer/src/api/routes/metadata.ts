// /api/metadata: a project's off-chain metadata, content-addressed. create_project stores the
// returned sha256 and URI on chain; the indexer joins projects to their metadata by that hash.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, post, get } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { fail } from '../errors.ts';
import { metadataBody, sha256Params } from '../schemas.ts';
import { metadataUri, readMetadata, storeMetadata } from '../../read-models/metadata.ts';

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
        return c.json({ uri: metadataUri(ctx, c.get('publicOrigin'), sha256), sha256 }, 201);
      },
    )
    .endpoint(get('/{sha256}', 'Stored project metadata', { params: sha256Params, response: contract.filmMetadata }), async (c) => {
      const metadata = await readMetadata(c.var.cluster, c.req.valid('param').sha256);
      if (!metadata) fail(404, 'Metadata not found');
      return c.json(metadata);
    });
}
