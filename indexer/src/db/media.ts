// The media aggregate: uploaded images and video creatives, content-addressed (the key is the sha256 of the bytes, so the
// same image uploaded twice is one row and a key never points at other bytes).
import { countRows, type Executor } from './executor.ts';

/**
 * Stores a file once under its hash. A private upload adds its wallet to the file's readers; a
 * public one makes the file public for good (whoever uploads it holds its bytes already).
 */
export async function putMedia(
  db: Executor,
  media: { sha256: string; contentType: string; bytes: Uint8Array; createdAt: number; privateTo?: string },
): Promise<void> {
  const isPrivate = media.privateTo === undefined ? 0 : 1;
  await db
    .insertInto('media')
    .values({ sha256: media.sha256, content_type: media.contentType, bytes: media.bytes, size: media.bytes.byteLength, created_at: media.createdAt, private: isPrivate })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  if (media.privateTo === undefined) {
    await db.updateTable('media').set({ private: 0 }).where('sha256', '=', media.sha256).execute();
    return;
  }
  await db
    .insertInto('media_readers')
    .values({ sha256: media.sha256, wallet_address: media.privateTo })
    .onConflict((oc) => oc.columns(['sha256', 'wallet_address']).doNothing())
    .execute();
}

export async function getMedia(db: Executor, sha256: string): Promise<{ bytes: Buffer; contentType: string; isPrivate: boolean } | undefined> {
  const row = await db.selectFrom('media').select(['bytes', 'content_type', 'private']).where('sha256', '=', sha256).executeTakeFirst();
  return row && { bytes: Buffer.from(row.bytes), contentType: row.content_type, isPrivate: Number(row.private) === 1 };
}

/** Whether `walletAddress` uploaded the private file `sha256`. */
export async function isReader(db: Executor, sha256: string, walletAddress: string): Promise<boolean> {
  const row = await db.selectFrom('media_readers').select('sha256').where('sha256', '=', sha256).where('wallet_address', '=', walletAddress).executeTakeFirst();
  return row !== undefined;
}

export async function mediaCount(db: Executor): Promise<number> {
  return countRows(db.selectFrom('media'));
}

/** The content type of a stored file, without reading its bytes. */
export async function contentTypeOf(db: Executor, sha256: string): Promise<string | undefined> {
  const row = await db.selectFrom('media').select('content_type').where('sha256', '=', sha256).executeTakeFirst();
  return row?.content_type;
}
