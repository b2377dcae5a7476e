// The metadata aggregate: off-chain project metadata, content-addressed by its sha256.
import type { Executor } from './executor.ts';
import { searchFields } from './metadata-search.ts';

/** Stores the body under its hash; the same body stored twice stays one row. */
export async function putMetadata(db: Executor, sha256: string, body: string, createdAt: number): Promise<void> {
  await db
    .insertInto('metadata')
    .values({ sha256, body, created_at: createdAt, ...searchFields(body) })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function getMetadata(db: Executor, sha256: string): Promise<string | undefined> {
  return (await db.selectFrom('metadata').select('body').where('sha256', '=', sha256).executeTakeFirst())?.body;
}
