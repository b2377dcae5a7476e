// The media aggregate: uploaded images and video creatives, content-addressed (the key is the sha256 of the bytes, so the
// same image uploaded twice is one row and a key never points at other bytes). The bytes are files in the media folder
// (media/content-files.ts); a row keeps the file's type, size and visibility. `bytes` holds a file only in a database of
// an earlier version, until the first start moves it out (MediaStore.moveDatabaseBytesToFiles).
import { countRows, type Executor } from './executor.ts';

/**
 * Stores a file once under its hash. A private upload adds its wallet to the file's readers; a
 * public one makes the file public for good (whoever uploads it holds its bytes already).
 */
export async function putMedia(
  db: Executor,
  media: { sha256: string; contentType: string; size: number; createdAt: number; privateTo?: string },
): Promise<void> {
  const isPrivate = media.privateTo === undefined ? 0 : 1;
  await db
    .insertInto('media')
    .values({ sha256: media.sha256, content_type: media.contentType, bytes: null, size: media.size, created_at: media.createdAt, private: isPrivate })
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

export async function getMedia(db: Executor, sha256: string): Promise<{ contentType: string; isPrivate: boolean } | undefined> {
  const row = await db.selectFrom('media').select(['content_type', 'private']).where('sha256', '=', sha256).executeTakeFirst();
  return row && { contentType: row.content_type, isPrivate: Number(row.private) === 1 };
}

/** A file an earlier version kept in the database, still to be moved to the media folder (one at a time: they are large). */
export async function nextKeptInDatabase(db: Executor): Promise<{ sha256: string; bytes: Buffer } | undefined> {
  const row = await db.selectFrom('media').select(['sha256', 'bytes']).where('bytes', 'is not', null).limit(1).executeTakeFirst();
  return row?.bytes ? { sha256: row.sha256, bytes: Buffer.from(row.bytes) } : undefined;
}

/** Empties the database copy of a file once it is in the media folder. */
export async function forgetDatabaseBytes(db: Executor, sha256: string): Promise<void> {
  await db.updateTable('media').set({ bytes: null }).where('sha256', '=', sha256).execute();
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
