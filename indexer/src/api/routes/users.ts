// /api/users: a user is a wallet. Registration is idempotent per wallet, needs that wallet's
// session, and never takes an address that already signs for another user (a demo key); ids are
// per cluster.
import * as contract from '@marquee/api-contract';
import { WALLET_SESSION, ApiRoutes, post, get } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { requireWallet } from '../../auth/guard.ts';
import { users } from '../../db/index.ts';
import { fail } from '../errors.ts';
import { userBody, userIdParams } from '../schemas.ts';
import { userShape } from '../shapes.ts';

export function userRoutes(now: () => number, isServerKey: (address: string) => boolean = () => false) {
  return new ApiRoutes()
    .endpoint(
      post('/', "Register a wallet (idempotent); needs that wallet's session", {
        middleware: [signedWrite()],
        body: userBody,
        response: contract.user,
        errors: { ...SIGNED_WRITE, ...WALLET_SESSION, 409: 'the address is a demo key, not a wallet' },
      }),
      async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        if (isServerKey(body.walletAddress)) fail(409, `${body.walletAddress} is a key held by the demo chain, not a wallet: it cannot be registered`);
        try {
          return c.json(userShape(await users.registerUser(c.var.cluster.db, body.walletAddress, body, now())));
        } catch (error) {
          if (error instanceof users.UserLinkError) fail(error.status, error.message);
          throw error;
        }
      },
    )
    .endpoint(get('/{userId}', 'A user by id or wallet', { params: userIdParams, response: contract.user }), async (c) => {
      const { user } = await users.resolveUser(c.var.cluster.db, c.req.valid('param').userId);
      if (!user) fail(404, 'User not found');
      return c.json(userShape(user));
    });
}
