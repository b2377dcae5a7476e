// Off-chain platform roles held by wallets (the demo's admin wallet). One row per role: claiming is
// an insert that only the first caller wins, on one process or several on the same database.
import type { Executor } from './executor.ts';

export type RoleSource = 'configured' | 'first-sign-in';

export interface RoleHolder {
  walletAddress: string;
  source: RoleSource;
  assignedAt: number;
}

export const ADMIN_ROLE = 'admin';

/** Who holds `role`, or undefined. */
export async function holderOf(db: Executor, role: string): Promise<RoleHolder | undefined> {
  const row = await db.selectFrom('platform_roles').selectAll().where('role', '=', role).executeTakeFirst();
  return row ? { walletAddress: row.wallet_address, source: row.source as RoleSource, assignedAt: row.assigned_at } : undefined;
}

/** Gives `role` to `walletAddress` unless someone holds it already; answers the holder either way. */
export async function claim(db: Executor, role: string, walletAddress: string, source: RoleSource, nowMs: number): Promise<RoleHolder> {
  await db
    .insertInto('platform_roles')
    .values({ role, wallet_address: walletAddress, source, assigned_at: nowMs })
    .onConflict((oc) => oc.column('role').doNothing())
    .execute();
  return (await holderOf(db, role))!;
}

/** Gives `role` to `walletAddress` whoever held it (the operator's setting overrides a claim). */
export async function assign(db: Executor, role: string, walletAddress: string, source: RoleSource, nowMs: number): Promise<void> {
  await db
    .insertInto('platform_roles')
    .values({ role, wallet_address: walletAddress, source, assigned_at: nowMs })
    .onConflict((oc) => oc.column('role').doUpdateSet({ wallet_address: walletAddress, source, assigned_at: nowMs }))
    .execute();
}
