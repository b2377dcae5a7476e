// The platform aggregate: the singleton platform account and the registered studios.
import { countRows, type Executor } from './executor.ts';
import type { PlatformTable } from './schema.ts';

/** PlatformInitialized and PlatformUpdated both carry the whole account: the row becomes it. */
export async function upsertPlatform(db: Executor, platform: Omit<PlatformTable, 'id'>): Promise<void> {
  await db
    .insertInto('platform')
    .values({ id: 1, ...platform })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        admin: eb.ref('excluded.admin'),
        treasury: eb.ref('excluded.treasury'),
        settlement_authority: eb.ref('excluded.settlement_authority'),
        publisher_bps: eb.ref('excluded.publisher_bps'),
        investor_bps: eb.ref('excluded.investor_bps'),
        platform_bps: eb.ref('excluded.platform_bps'),
        min_investment_lamports: eb.ref('excluded.min_investment_lamports'),
        unverified_funding_cap_lamports: eb.ref('excluded.unverified_funding_cap_lamports'),
        verified_funding_cap_lamports: eb.ref('excluded.verified_funding_cap_lamports'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function treasury(db: Executor): Promise<string | undefined> {
  return (await db.selectFrom('platform').select('treasury').executeTakeFirst())?.treasury;
}

export async function platformCount(db: Executor): Promise<number> {
  return countRows(db.selectFrom('platform'));
}

export async function insertStudio(
  db: Executor,
  studio: { address: string; authority: string; name: string; registeredAt: number; signature: string },
): Promise<void> {
  await db
    .insertInto('studios')
    .values({ address: studio.address, authority: studio.authority, name: studio.name, registered_at: studio.registeredAt, signature: studio.signature })
    .execute();
}

export async function setStudioVerified(db: Executor, address: string, verified: boolean, fundingCapLamports: number): Promise<void> {
  await db.updateTable('studios').set({ verified: verified ? 1 : 0, funding_cap_lamports: fundingCapLamports }).where('address', '=', address).execute();
}

/** The platform's funding rules: who decides, where fees go, the minimum investment and the caps. */
export function rules(db: Executor) {
  return db
    .selectFrom('platform')
    .select(['admin', 'treasury', 'min_investment_lamports', 'unverified_funding_cap_lamports', 'verified_funding_cap_lamports'])
    .executeTakeFirst();
}
export type PlatformRules = NonNullable<Awaited<ReturnType<typeof rules>>>;

/** The studio whose authority (signing address) is `authority`, if it registered. */
export function studioByAuthority(db: Executor, authority: string) {
  return db.selectFrom('studios').selectAll().where('authority', '=', authority).executeTakeFirst();
}

/**
 * The platform's funding window in days, from its latest PlatformInitialized / PlatformUpdated event
 * (the event log keeps every field of the rules; the platform table has no column for this one).
 */
export async function maxFundingDays(db: Executor): Promise<number | null> {
  const row = await db
    .selectFrom('events')
    .select('data')
    .where('name', 'in', ['PlatformInitialized', 'PlatformUpdated'])
    .where('stream', '=', 'platform')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const days = row ? Number(JSON.parse(row.data).max_funding_days) : NaN;
  return Number.isFinite(days) ? days : null;
}
