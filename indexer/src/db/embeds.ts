// The embeds aggregate: registered embeds of funded films, their credited views and earnings.
import type { Selectable } from 'kysely';
import { originOf } from '../origin.ts';
import { compiledOnce } from './compiled-once.ts';
import type { Executor } from './executor.ts';
import type { EmbedsTable } from './schema.ts';
import { keysetReads, newestFirst } from './keyset.ts';

export type EmbedRow = Selectable<EmbedsTable>;

/** Newest first; the id breaks ties. */
export const EMBED_ORDER = newestFirst<EmbedRow>('embeds', 'registered_at', 'id');

export type EmbedFilter = { projectId?: number; publisher?: string; address?: string };

export const { list: listEmbeds, page: pageEmbeds } = keysetReads(embedQuery, EMBED_ORDER);

function embedQuery(db: Executor, filter: EmbedFilter) {
  let query = db.selectFrom('embeds').selectAll();
  if (filter.projectId !== undefined) query = query.where('project_id', '=', filter.projectId);
  if (filter.publisher !== undefined) query = query.where('publisher', '=', filter.publisher);
  if (filter.address !== undefined) query = query.where('address', '=', filter.address);
  return query;
}

export type PlayedEmbed = { address: string; project_id: number; publisher: string; embed_id: string; website_url: string };

/** The embeds of one (film, embed id), columns qualified so that a join can be added. */
const embedsOfId = (db: Executor, projectId: number, embedId: string) =>
  db
    .selectFrom('embeds')
    .select(['embeds.address', 'embeds.project_id', 'embeds.publisher', 'embeds.embed_id', 'embeds.website_url'])
    .where('embeds.project_id', '=', projectId)
    .where('embeds.embed_id', '=', embedId);

/**
 * The embeds a player's (film, embed id, publisher) may name — one, or several when no publisher is
 * named — each with the websites its publisher verified (publishers.verifiedOriginsOf: those of the
 * signer's wallets), one row per website.
 */
function embedsWithVerifiedOrigins(db: Executor, projectId: number, embedId: string, publisher?: string) {
  const named = publisher === undefined ? embedsOfId(db, projectId, embedId) : embedsOfId(db, projectId, embedId).where('embeds.publisher', '=', publisher);
  return named
    .leftJoin('publisher_websites', (join) =>
      join
        .on('publisher_websites.status', '=', 'verified')
        .on((eb) =>
          eb.or([
            eb('publisher_websites.wallet', '=', eb.ref('embeds.publisher')),
            eb(
              'publisher_websites.wallet',
              'in',
              eb.selectFrom('users').select('users.wallet_address').whereRef('users.chain_address', '=', 'embeds.publisher'),
            ),
          ]),
        ),
    )
    .select('publisher_websites.origin');
}
// Compiled once each: the player page and every counted view read them.
const embedOfAnyPublisherWithOrigins = compiledOnce((db: Executor, projectId: number, embedId: string) => embedsWithVerifiedOrigins(db, projectId, embedId));
const embedOfPublisherWithOrigins = compiledOnce((db: Executor, projectId: number, embedId: string, publisher: string) =>
  embedsWithVerifiedOrigins(db, projectId, embedId, publisher),
);

export type EmbedWithVerifiedOrigins = PlayedEmbed & { verifiedOrigins: string[] };

/**
 * The embed a player plays, with the websites its publisher verified, in one query (the page's
 * framing and the counting of its views read both): by project, the publisher's embed id and its
 * publisher, the key the chain has. Without a publisher (a snippet made before it carried one) only
 * an embed id no other publisher registered for the film names an embed: two publishers' embeds
 * never mix.
 */
export async function findEmbedWithVerifiedOrigins(
  db: Executor,
  projectId: number,
  embedId: string,
  publisher?: string | null,
): Promise<EmbedWithVerifiedOrigins | undefined> {
  const { rows } = publisher
    ? await embedOfPublisherWithOrigins(db, projectId, embedId, publisher)
    : await embedOfAnyPublisherWithOrigins(db, projectId, embedId);
  if (rows.length === 0 || rows.some((row) => row.address !== rows[0].address)) return undefined;
  const { address, project_id, publisher: signer, embed_id, website_url } = rows[0];
  const verifiedOrigins = [...new Set(rows.flatMap((row) => (row.origin === null ? [] : [row.origin])))].sort();
  return { address, project_id, publisher: signer, embed_id, website_url, verifiedOrigins };
}

export async function insertEmbed(
  db: Executor,
  embed: { address: string; projectId: number; publisher: string; embedId: string; websiteUrl: string; registeredAt: number; signature: string },
): Promise<void> {
  await db
    .insertInto('embeds')
    .values({
      address: embed.address,
      project_id: embed.projectId,
      publisher: embed.publisher,
      embed_id: embed.embedId,
      website_url: embed.websiteUrl,
      website_origin: originOf(embed.websiteUrl),
      registered_at: embed.registeredAt,
      signature: embed.signature,
    })
    .onConflict((conflict) => conflict.columns(['project_id', 'publisher', 'embed_id']).doNothing())
    .execute();
}

export async function creditEmbed(db: Executor, address: string, views: number, lamports: number): Promise<void> {
  await db
    .updateTable('embeds')
    .set((eb) => ({ total_views: eb('total_views', '+', views), earned_lamports: eb('earned_lamports', '+', lamports) }))
    .where('address', '=', address)
    .execute();
}

export async function setEmbedClaimed(db: Executor, address: string, claimedTotalLamports: number): Promise<void> {
  await db.updateTable('embeds').set({ claimed_lamports: claimedTotalLamports }).where('address', '=', address).execute();
}
