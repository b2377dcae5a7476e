// /api/embeds: registered embeds (verified register_embed transactions) and their listing.
import * as contract from '@marquee/api-contract';
import { CHAIN_LOOKUP, ApiRoutes, post, get } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { embedBody, embedListQuery, publisherClaimBody } from '../schemas.ts';
import { embeds, users } from '../../db/index.ts';
import { listAnswer } from '../page-cursor.ts';
import { listEmbeds, pageEmbeds } from '../shapes.ts';
import { projectOfWrite, verifiedEvents } from '../verify.ts';

export function embedRoutes(now: () => number) {
  return (
    new ApiRoutes()
      .endpoint(
        post('/', 'Record an embed after verifying its register_embed transaction', {
          middleware: [signedWrite('txVerifications')],
          body: embedBody,
          response: contract.embed,
          status: 201,
          errors: { ...CHAIN_LOOKUP, ...SIGNED_WRITE },
        }),
        async (c) => {
          const ctx = c.var.cluster;
          const origin = c.get('publicOrigin');
          const body = c.req.valid('json');
          const project = await projectOfWrite(ctx, origin, now, body.projectId, body.txHash, ['EmbedRegistered']);
          const [event] = await verifiedEvents(
            ctx,
            body.txHash,
            ['EmbedRegistered'],
            (e) => e.data.project === project.address && e.data.embed_id === body.embedId,
          );
          const [embed] = await listEmbeds(ctx, origin, { address: event.data.embed });
          return c.json(embed, 201);
        },
      )
      // A publisher's claim_publisher_revenue, verified on the cluster like every write.
      .endpoint(
        post('/claims', 'Record a claim_publisher_revenue after verifying its transaction', {
          middleware: [signedWrite('txVerifications')],
          body: publisherClaimBody,
          response: contract.publisherClaim,
          errors: { ...CHAIN_LOOKUP, ...SIGNED_WRITE },
        }),
        async (c) => {
          const ctx = c.var.cluster;
          const claims = await verifiedEvents(ctx, c.req.valid('json').txHash, ['PublisherRevenueClaimed']);
          const lamports = claims.reduce((total, event) => total + BigInt(event.data.amount_lamports as string | number | bigint), 0n);
          return c.json({ txHash: c.req.valid('json').txHash, embeds: claims.map((event) => event.data.embed), amountLamports: String(lamports) });
        },
      )
      .endpoint(get('/', 'Registered embeds', { query: embedListQuery, response: contract.LIST_RESPONSES['/api/embeds'] }), async (c) => {
        const ctx = c.var.cluster;
        const query = c.req.valid('query');
        const publisherAddress = query.publisher ? (await users.resolveUser(ctx.db, query.publisher)).chainAddress : undefined;
        const filter = { projectId: query.projectId, publisher: publisherAddress };
        const origin = c.get('publicOrigin');
        const list = () => listEmbeds(ctx, origin, filter);
        return c.json(await listAnswer(query, embeds.EMBED_ORDER, list, (page) => pageEmbeds(ctx, origin, filter, page)));
      })
  );
}
