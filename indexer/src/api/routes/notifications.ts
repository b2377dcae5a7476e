// /api/notifications: the signed-in wallet's notifications, computed from this cluster's indexed
// data, and marking them read (per wallet, kept in the database).
import * as contract from '@marquee/api-contract';
import { z } from 'zod';
import { requireSession } from '../../auth/guard.ts';
import { chainSeconds } from '../../cluster.ts';
import { MAX_NOTIFICATIONS_READ_AT_ONCE } from '../../constants.ts';
import { notificationReads, users } from '../../db/index.ts';
import { notificationsOf, type Recipient } from '../../read-models/notifications.ts';
import { fail } from '../errors.ts';
import { ApiRoutes, get, post } from '../openapi.ts';
import type { AppEnv } from '../context.ts';
import type { Context } from 'hono';

const readBody = z.object({
  ids: z
    .array(z.string().min(1).max(200))
    .min(1, 'Name at least one notification to mark read')
    .max(MAX_NOTIFICATIONS_READ_AT_ONCE, `At most ${MAX_NOTIFICATIONS_READ_AT_ONCE} notifications at once`),
});

const SESSION_ONLY = { 401: 'not signed in' };

async function recipientOf(c: Context<AppEnv>): Promise<Recipient> {
  const { walletAddress } = await requireSession(c);
  // The address that signs for the wallet on this cluster (its demo key on the demo chain).
  const chainAddress = (await users.resolveUser(c.var.cluster.db, walletAddress)).chainAddress ?? walletAddress;
  return { walletAddress, chainAddress };
}

export function notificationRoutes(now: () => number) {
  return new ApiRoutes()
    .endpoint(
      get('/', "The signed-in wallet's notifications, newest first, with the unread count", { response: contract.notifications, errors: SESSION_ONLY }),
      async (c) => {
        const ctx = c.var.cluster;
        const list = await notificationsOf(ctx.db, await recipientOf(c), chainSeconds(ctx, now) * 1000);
        return c.json({ notifications: list, unreadCount: list.filter((notice) => !notice.read).length });
      },
    )
    .endpoint(
      post('/read', "Marks notifications of the signed-in wallet read; every id must be one of its current notifications", {
        body: readBody,
        response: contract.notificationsRead,
        errors: { 400: 'bad input', ...SESSION_ONLY, 404: 'not a current notification of this wallet' },
      }),
      async (c) => {
        const ctx = c.var.cluster;
        const recipient = await recipientOf(c);
        const { ids } = c.req.valid('json');
        const list = await notificationsOf(ctx.db, recipient, chainSeconds(ctx, now) * 1000);
        const current = new Set(list.map((notice) => notice.id));
        const unknown = ids.find((id) => !current.has(id));
        if (unknown !== undefined) fail(404, `Notification not found: ${unknown} is not one of this wallet's current notifications`);
        await notificationReads.markRead(ctx.db, recipient.walletAddress, ids, now());
        const marked = new Set(ids);
        return c.json({ marked: marked.size, unreadCount: list.filter((notice) => !notice.read && !marked.has(notice.id)).length });
      },
    );
}
