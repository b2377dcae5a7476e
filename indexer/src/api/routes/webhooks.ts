// /api/webhooks/helius: Helius "raw" webhook deliveries (arrays of getTransaction results), the push
// path in production. Deliveries must carry the configured Authorization header.
import * as contract from '@marquee/api-contract';
import { ApiRoutes, post } from '../openapi.ts';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAX_TRANSACTION_SIGNATURES, MAX_WEBHOOK_TRANSACTIONS } from '../../constants.ts';
import { toChainTransaction } from '@marquee/program-client';
import { fail } from '../errors.ts';

export const heliusDelivery = z
  .array(
    z.looseObject({
      meta: z.looseObject({}),
      transaction: z.looseObject({ signatures: z.array(z.string()).min(1).max(MAX_TRANSACTION_SIGNATURES) }),
    }),
  )
  .max(MAX_WEBHOOK_TRANSACTIONS);

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function webhookRoutes(authHeader: string | undefined) {
  return new ApiRoutes().endpoint(
    post('/helius', 'Helius raw-transaction webhook (Authorization header checked)', {
      middleware: [
        async (c, next) => {
          if (!authHeader) fail(404, 'The Helius webhook is not configured');
          if (!sameSecret(c.req.header('authorization') ?? '', authHeader)) fail(401, 'Invalid webhook authorization');
          await next();
        },
      ],
      body: heliusDelivery,
      response: contract.webhookDelivery,
      errors: { 401: 'bad authorization', 404: 'webhook not configured' },
    }),
    async (c) => {
      const { indexer } = c.var.cluster;
      let ingested = 0;
      let events = 0;
      for (const raw of c.req.valid('json')) {
        let tx;
        try {
          tx = toChainTransaction(raw);
        } catch {
          fail(400, 'A delivery item is not a transaction');
        }
        const result = await indexer.ingestTransaction(tx);
        if (!result.duplicate && result.events.length > 0) ingested++;
        events += result.events.length;
      }
      // Pushed deliveries may arrive out of order: fetch what a gap misses from the cluster.
      if ((await indexer.gaps()).length > 0) indexer.requestGapResolution().catch((error) => console.error('[indexer]', error));
      return c.json({ ingested, events });
    },
  );
}
