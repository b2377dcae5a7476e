// Auto-List: a publisher's verified website lists every funded film through the catalogue loader,
// and each listed film earns like a registered embed because it is one. The films the publisher has
// no embed of on that website get one registered (register_embed, signed by the publisher's key),
// under an embed id of their own; the catalogue then hands out their counted player and the
// settlement pays them like any other embed.
import { publishers, type Executor } from '../db/index.ts';
import { originOf } from '../origin.ts';

export const AUTO_LIST_EMBED_PREFIX = 'auto-';

/** The embed id Auto-List registers a film under. */
export const autoListEmbedId = (projectId: number) => `${AUTO_LIST_EMBED_PREFIX}${projectId}`;

/** The funded films `signer` has no embed of on `origin`, oldest first. */
export async function unlistedFilms(db: Executor, signer: string, origin: string): Promise<number[]> {
  const embedded = await db.selectFrom('embeds').select(['project_id', 'website_url']).where('publisher', '=', signer).execute();
  const listed = new Set(embedded.filter((embed) => originOf(embed.website_url) === origin).map((embed) => embed.project_id));
  const funded = await db.selectFrom('projects').select('id').where('status', '=', 'funded').orderBy('id').execute();
  return funded.map((film) => film.id).filter((id) => !listed.has(id));
}

export class AutoListError extends Error {}

/**
 * Registers an embed of every funded film `wallet` has none of on `websiteUrl`'s origin, which it
 * must have verified; `register` sends one register_embed signed by the wallet's key. Returns what
 * it registered (nothing when every film is listed already).
 */
export async function autoList(
  db: Executor,
  input: { wallet: string; websiteUrl: string },
  register: (projectId: number, embedId: string) => Promise<{ signature: string }>,
): Promise<{ projectId: number; embedId: string; signature: string }[]> {
  const origin = originOf(input.websiteUrl);
  if (!origin || !(await publishers.isVerifiedFor(db, input.wallet, origin)))
    throw new AutoListError(`Verify ${origin ?? input.websiteUrl} before listing films on it`);
  const signer = await publishers.signerOfWallet(db, input.wallet);
  const registered = [];
  for (const projectId of await unlistedFilms(db, signer, origin)) {
    const embedId = autoListEmbedId(projectId);
    registered.push({ projectId, embedId, ...(await register(projectId, embedId)) });
  }
  return registered;
}
