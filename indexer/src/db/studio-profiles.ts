// The studio-profiles aggregate: the name and description a studio saves in its portal settings.
import type { Executor } from './executor.ts';

export interface StudioProfile {
  name: string;
  description: string;
  updatedAt: number;
}

export async function getProfile(db: Executor, walletAddress: string): Promise<StudioProfile | undefined> {
  const row = await db.selectFrom('studio_profiles').selectAll().where('wallet_address', '=', walletAddress).executeTakeFirst();
  return row && { name: row.name, description: row.description, updatedAt: row.updated_at };
}

/** Saves the wallet's profile, replacing the previous one. */
export async function saveProfile(db: Executor, walletAddress: string, profile: { name: string; description: string }, now: number): Promise<StudioProfile> {
  await db
    .insertInto('studio_profiles')
    .values({ wallet_address: walletAddress, name: profile.name, description: profile.description, updated_at: now })
    .onConflict((oc) => oc.column('wallet_address').doUpdateSet({ name: profile.name, description: profile.description, updated_at: now }))
    .execute();
  return { ...profile, updatedAt: now };
}
