// The chain address of the user a route names in its path ({userId}: an id, a wallet or a chain
// address): the investment, revenue and analytics reads answer 404 for a user the index does not know.
import { users } from '../db/index.ts';
import type { Executor } from '../db/index.ts';
import { fail } from './errors.ts';

export async function chainAddressOfUser(db: Executor, userId: string): Promise<string> {
  const { chainAddress } = await users.resolveUser(db, userId);
  if (!chainAddress) fail(404, 'User not found');
  return chainAddress;
}
