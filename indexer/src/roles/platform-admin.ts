// Who administers the platform off chain. On a fresh demo the first wallet that signs in (and so
// connects its demo wallet) becomes the admin, so a new install can approve a studio at once; the
// demo then signs that wallet's admin actions with the platform's admin key, which the server holds.
// MARQUEE_DEMO_ADMIN_WALLET names the admin instead (its wallet signs with the admin key itself).
// The holder is kept in the database (platform_roles): every API process on it agrees, a restart keeps it.
import { platformRoles, type Executor } from '../db/index.ts';

export const ADMIN_ROLE = platformRoles.ADMIN_ROLE;

/**
 * Called when a wallet connects its demo wallet for the first time: on a fresh install (no wallet
 * connected before, nobody holding the role) it claims the admin role. Of two wallets connecting at
 * once only one claim wins. Answers whether `walletAddress` now holds the role.
 */
export async function claimDemoAdmin(db: Executor, walletAddress: string, anyWalletConnectedBefore: boolean, nowMs: number): Promise<boolean> {
  const holder = await platformRoles.holderOf(db, ADMIN_ROLE);
  if (holder) return holder.walletAddress === walletAddress;
  // A demo used before this rule existed has no first wallet to name: its admin stays as configured.
  if (anyWalletConnectedBefore) return false;
  const winner = await platformRoles.claim(db, ADMIN_ROLE, walletAddress, 'first-sign-in', nowMs);
  return winner.walletAddress === walletAddress;
}

/** Records the operator's admin wallet (MARQUEE_DEMO_ADMIN_WALLET), replacing a first-sign-in claim. */
export function configureDemoAdmin(db: Executor, walletAddress: string, nowMs: number): Promise<void> {
  return platformRoles.assign(db, ADMIN_ROLE, walletAddress, 'configured', nowMs);
}

/** The wallet holding the admin role off chain, if any. */
export function adminHolder(db: Executor): Promise<platformRoles.RoleHolder | undefined> {
  return platformRoles.holderOf(db, ADMIN_ROLE);
}

/**
 * Whether a wallet is the platform admin: its chain address (its demo key on the demo chain) is the
 * platform's admin, or it holds the admin role.
 */
export async function isPlatformAdmin(db: Executor, walletAddress: string, chainAddress: string, platformAdmin: string | undefined): Promise<boolean> {
  if (platformAdmin !== undefined && chainAddress === platformAdmin) return true;
  return (await adminHolder(db))?.walletAddress === walletAddress;
}
