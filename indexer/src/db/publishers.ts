// The publishers aggregate: websites a wallet verifies, its auto-list API keys, and the analytics of
// its embeds (views and earnings per day and per embed). A wallet acts off chain as itself; its
// embeds are registered on chain by its signer (the demo key on the demo chain), found via users.
import { sql, type Selectable } from 'kysely';
import { compiledOnce } from './compiled-once.ts';
import type { Executor, QueryRow } from './executor.ts';
import { keyColumn, keysetReads, newestFirst, ordered, readPage, type KeysetOrder, type KeysetPage, type Paged } from './keyset.ts';
import type { PublisherWebsitesTable } from './schema.ts';

export type WebsiteRow = Selectable<PublisherWebsitesTable>;

const MS_PER_DAY = 86_400_000;
const SECONDS_PER_DAY = 86_400;

/** Newest first; the id breaks ties. */
export const WEBSITE_ORDER = newestFirst<WebsiteRow>('websites', 'created_at', 'id');

export const { list: listWebsites, page: pageWebsites } = keysetReads(websiteQuery, WEBSITE_ORDER);

function websiteQuery(db: Executor, wallet: string) {
  return db.selectFrom('publisher_websites').selectAll().where('wallet', '=', wallet);
}

export function findWebsite(db: Executor, wallet: string, origin: string): Promise<WebsiteRow | undefined> {
  return db.selectFrom('publisher_websites').selectAll().where('wallet', '=', wallet).where('origin', '=', origin).executeTakeFirst();
}

/** What the Apply to Publisher Program form adds to a website request. */
export interface PublisherApplication {
  websiteName: string;
  monthlyVisitors: string;
  category: string;
}

/**
 * The wallet's website of this origin with its token: created with `token` the first time, kept as
 * it is afterwards (the token a site already serves stays valid); the page URL and contact email
 * follow the latest request.
 */
export async function requestWebsite(
  db: Executor,
  request: { wallet: string; origin: string; websiteUrl: string; token: string; contactEmail: string | null; now: number; application?: PublisherApplication },
): Promise<WebsiteRow> {
  const application = {
    website_name: request.application?.websiteName ?? null,
    monthly_visitors: request.application?.monthlyVisitors ?? null,
    category: request.application?.category ?? null,
  };
  await db
    .insertInto('publisher_websites')
    .values({
      wallet: request.wallet,
      origin: request.origin,
      website_url: request.websiteUrl,
      token: request.token,
      contact_email: request.contactEmail,
      ...application,
      created_at: request.now,
    })
    .onConflict((oc) => oc.columns(['wallet', 'origin']).doNothing())
    .execute();
  const existing = (await findWebsite(db, request.wallet, request.origin))!;
  if (existing.status === 'unverified') {
    await db
      .updateTable('publisher_websites')
      .set({ website_url: request.websiteUrl, contact_email: request.contactEmail ?? existing.contact_email })
      .where('id', '=', existing.id)
      .execute();
  }
  // An application describes the website whatever its state; a later request without one (the
  // Embed Library's form) keeps what the application said.
  if (request.application) await db.updateTable('publisher_websites').set(application).where('id', '=', existing.id).execute();
  return (await findWebsite(db, request.wallet, request.origin))!;
}

/** The outcome of a check: verified stays verified; a failure on an unverified site keeps its reason. */
export async function recordCheck(
  db: Executor,
  id: number,
  outcome: { verified: true; method: 'well-known' | 'meta'; now: number } | { verified: false; reason: string; now: number },
): Promise<void> {
  if (outcome.verified) {
    await db
      .updateTable('publisher_websites')
      .set({ status: 'verified', method: outcome.method, verified_at: outcome.now, checked_at: outcome.now, last_error: null })
      .where('id', '=', id)
      .execute();
  } else {
    await db.updateTable('publisher_websites').set({ checked_at: outcome.now, last_error: outcome.reason }).where('id', '=', id).execute();
  }
}

/** The wallet a chain signer acts for: the demo key's wallet, or the signer itself on a real cluster. */
export async function walletsOfSigner(db: Executor, signer: string): Promise<string[]> {
  const { rows } = await walletsOfSignerQuery(db, signer);
  return [...new Set([signer, ...rows.map((row) => row.wallet_address)])];
}

/** The signer that registers a wallet's embeds on this cluster (its demo key on the demo chain). */
export async function signerOfWallet(db: Executor, wallet: string): Promise<string> {
  const row = await db.selectFrom('users').select('chain_address').where('wallet_address', '=', wallet).executeTakeFirst();
  return row?.chain_address ?? wallet;
}

const walletsOfSignerQuery = compiledOnce((db: Executor, signer: string) => db.selectFrom('users').select('wallet_address').where('chain_address', '=', signer));

// The signer's own wallet or a wallet whose demo key it is (walletsOfSigner), in one statement:
// Auto-List asks for each film it lists.
const verifiedForQuery = compiledOnce((db: Executor, signer: string, origin: string) =>
  db
    .selectFrom('publisher_websites')
    .select('id')
    .where((eb) => eb.or([eb('wallet', '=', signer), eb('wallet', 'in', eb.selectFrom('users').select('wallet_address').where('chain_address', '=', signer))]))
    .where('origin', '=', origin)
    .where('status', '=', 'verified')
    .limit(1),
);

/** Whether the publisher behind an embed's signer verified this origin. */
export async function isVerifiedFor(db: Executor, signer: string, origin: string): Promise<boolean> {
  return (await verifiedForQuery(db, signer, origin)).rows.length > 0;
}

/** The origins the publisher behind a signer verified (where its Auto-List players may play). */
export async function verifiedOriginsOf(db: Executor, signer: string): Promise<string[]> {
  const rows = await db
    .selectFrom('publisher_websites')
    .select('origin')
    .distinct()
    .where('wallet', 'in', await walletsOfSigner(db, signer))
    .where('status', '=', 'verified')
    .orderBy('origin')
    .execute();
  return rows.map((row) => row.origin);
}

// --- API keys -------------------------------------------------------------------------------------

export async function insertApiKey(db: Executor, key: { wallet: string; origin: string; keyHash: string; prefix: string; now: number }): Promise<number> {
  const row = await db
    .insertInto('publisher_api_keys')
    .values({ wallet: key.wallet, origin: key.origin, key_hash: key.keyHash, prefix: key.prefix, created_at: key.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export type ApiKeyRow = QueryRow<typeof apiKeyQuery>;

/** Newest first (ids grow with time). */
export const API_KEY_ORDER: KeysetOrder<ApiKeyRow> = {
  name: 'api-keys',
  columns: [keyColumn('id', 'integer')],
  descending: true,
  keyOf: (row) => [Number(row.id)],
};

export const { list: listApiKeys, page: pageApiKeys } = keysetReads(apiKeyQuery, API_KEY_ORDER);

function apiKeyQuery(db: Executor, wallet: string) {
  return db.selectFrom('publisher_api_keys').select(['id', 'origin', 'prefix', 'created_at', 'revoked_at']).where('wallet', '=', wallet);
}

export function findApiKey(db: Executor, id: number) {
  return db.selectFrom('publisher_api_keys').select(['id', 'wallet', 'origin', 'prefix', 'created_at', 'revoked_at']).where('id', '=', id).executeTakeFirst();
}

/** Revokes a key of the wallet; false when it has no such active key. */
export async function revokeApiKey(db: Executor, wallet: string, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('publisher_api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('wallet', '=', wallet)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findKeyByHash(db: Executor, keyHash: string) {
  return db.selectFrom('publisher_api_keys').select(['id', 'wallet', 'origin', 'revoked_at']).where('key_hash', '=', keyHash).executeTakeFirst();
}

// --- analytics ------------------------------------------------------------------------------------

export interface EmbedTotals {
  id: number;
  registered_at: number;
  embed_id: string;
  project_id: number;
  title: string;
  website_url: string;
  views: number;
  earned_lamports: number;
  claimed_lamports: number;
}

/** A signer's embeds in the analytics' `byEmbed` order: newest registered first, then by id. */
export const EMBED_TOTALS_ORDER = newestFirst<EmbedTotals>('publisher-embeds', 'e.registered_at', 'e.id');

function embedTotalsQuery(db: Executor, signer: string) {
  return db
    .selectFrom('embeds as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .select(['e.id', 'e.registered_at', 'e.embed_id', 'e.project_id', 'p.title', 'e.website_url', 'e.total_views as views', 'e.earned_lamports', 'e.claimed_lamports'])
    .where('e.publisher', '=', signer);
}

/** Every embed of a signer with its film, credited views and earnings. */
export function embedTotals(db: Executor, signer: string): Promise<EmbedTotals[]> {
  return ordered(embedTotalsQuery(db, signer), EMBED_TOTALS_ORDER).execute() as Promise<EmbedTotals[]>;
}

/** One page of embedTotals. */
export function pageEmbedTotals(db: Executor, signer: string, page: KeysetPage): Promise<Paged<EmbedTotals>> {
  return readPage(embedTotalsQuery(db, signer), EMBED_TOTALS_ORDER, page) as Promise<Paged<EmbedTotals>>;
}

/** The sums of every embed of a signer (the totals of a page of embedTotals). */
export async function embedSums(db: Executor, signer: string): Promise<{ views: number; earned: number; claimed: number }> {
  const row = await db
    .selectFrom('embeds as e')
    .select([
      sql<string>`COALESCE(SUM(e.total_views), 0)`.as('views'),
      sql<string>`COALESCE(SUM(e.earned_lamports), 0)`.as('earned'),
      sql<string>`COALESCE(SUM(e.claimed_lamports), 0)`.as('claimed'),
    ])
    .where('e.publisher', '=', signer)
    .executeTakeFirstOrThrow();
  return { views: Number(row.views), earned: Number(row.earned), claimed: Number(row.claimed) };
}

/** UTC day numbers (days since 1970-01-01), both ends included. */
export interface DayWindow {
  fromDay: number;
  toDay: number;
}

export interface DayRow {
  day: number;
  embed_id: string;
  project_id: number;
  views: number;
  earned_lamports: number;
}

/**
 * Views counted (when the player reported them) and earnings credited (when their distribution
 * settled), per UTC day number and embed.
 */
export async function dailyActivity(db: Executor, signer: string, window?: DayWindow): Promise<DayRow[]> {
  let viewsQuery = db
    .selectFrom('views as v')
    .innerJoin('embeds as e', 'e.address', 'v.embed')
    .select([sql<number>`v.counted_at / ${sql.lit(MS_PER_DAY)}`.as('day'), 'e.embed_id', 'e.project_id', sql<number>`COUNT(*)`.as('views')])
    .where('e.publisher', '=', signer);
  let earningsQuery = db
    .selectFrom('distribution_embeds as de')
    .innerJoin('distributions as d', 'd.id', 'de.distribution_id')
    .innerJoin('embeds as e', 'e.address', 'de.embed')
    .select([sql<number>`d.distributed_at / ${sql.lit(SECONDS_PER_DAY)}`.as('day'), 'e.embed_id', 'e.project_id', sql<number>`SUM(de.amount_lamports)`.as('earned')])
    .where('e.publisher', '=', signer);
  if (window) {
    // Whole days: from the first millisecond (views) or second (distributions) of fromDay to the end of toDay.
    viewsQuery = viewsQuery.where('v.counted_at', '>=', window.fromDay * MS_PER_DAY).where('v.counted_at', '<', (window.toDay + 1) * MS_PER_DAY);
    earningsQuery = earningsQuery
      .where('d.distributed_at', '>=', window.fromDay * SECONDS_PER_DAY)
      .where('d.distributed_at', '<', (window.toDay + 1) * SECONDS_PER_DAY);
  }
  const views = await viewsQuery
    .groupBy([sql`v.counted_at / ${sql.lit(MS_PER_DAY)}`, 'e.embed_id', 'e.project_id'])
    .execute();
  const earnings = await earningsQuery
    .groupBy([sql`d.distributed_at / ${sql.lit(SECONDS_PER_DAY)}`, 'e.embed_id', 'e.project_id'])
    .execute();
  const rows = new Map<string, DayRow>();
  const row = (day: number, embedId: string, projectId: number) => {
    const key = `${day}:${embedId}`;
    let found = rows.get(key);
    if (!found) rows.set(key, (found = { day: Number(day), embed_id: embedId, project_id: Number(projectId), views: 0, earned_lamports: 0 }));
    return found;
  };
  for (const view of views) row(view.day, view.embed_id, view.project_id).views += Number(view.views);
  for (const earning of earnings) row(earning.day, earning.embed_id, earning.project_id).earned_lamports += Number(earning.earned);
  return [...rows.values()].sort((a, b) => a.day - b.day || a.embed_id.localeCompare(b.embed_id));
}
