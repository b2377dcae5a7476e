// Who the platform admin is: the wallet whose address (or, on the demo chain, whose demo key) is
// Platform.admin on the request's cluster, or the wallet holding the admin role off chain (on a fresh
// demo, the first wallet signed in: roles/platform-admin.ts). One check for every admin-only door:
// the studio applications, private documents, and the demo chain's clock and settlement.
import type { Context } from 'hono';
import { requireSession } from '../auth/guard.ts';
import { platform, users, type Executor } from '../db/index.ts';
import { isPlatformAdmin as holdsPlatformAdmin } from '../roles/platform-admin.ts';
import type { AppEnv } from './context.ts';
import { fail } from './errors.ts';

/** The address that signs for a wallet on this cluster (its demo key on the demo chain). */
export async function chainAddressOf(db: Executor, walletAddress: string): Promise<string> {
  return (await users.resolveUser(db, walletAddress)).chainAddress ?? walletAddress;
}

/** Whether `walletAddress` is the platform admin on the cluster of `db`. */
export async function isPlatformAdmin(db: Executor, walletAddress: string): Promise<boolean> {
  const rules = await platform.rules(db);
  return holdsPlatformAdmin(db, walletAddress, await chainAddressOf(db, walletAddress), rules?.admin);
}

/** The caller must be signed in (401) as the platform admin (403: `onlyAdmin` says what only the admin may do). */
export async function requireAdmin(c: Context<AppEnv>, onlyAdmin: string): Promise<void> {
  const session = await requireSession(c);
  const db = c.var.cluster.db;
  const rules = await platform.rules(db);
  if (!rules) fail(404, 'The platform is not initialised on this cluster');
  // The rules just read name the on-chain admin: not read a second time through isPlatformAdmin.
  const admin = await holdsPlatformAdmin(db, session.walletAddress, await chainAddressOf(db, session.walletAddress), rules.admin);
  if (!admin) fail(403, `Only the platform admin ${onlyAdmin}: signed in as ${session.walletAddress}`);
}
