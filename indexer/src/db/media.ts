// The media aggregate: uploaded images and video creatives, content-addressed (the key is the sha256 of the bytes, so the
// same image uploaded twice is one row and a key never points at other bytes).
import { countRows, type Executor } from './executor.ts';

export async function putMedia(db: Executor, media: { sha256: string; contentType: string; bytes: Uint8Array; createdAt: number }): Promise<void> {
  await db
    .insertInto('media')
    .values({ sha256: media.sha256, content_type: media.contentType, bytes: media.bytes, size: media.bytes.byteLength, created_at: media.createdAt })
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function getMedia(db: Executor, sha256: string): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const row = await db.selectFrom('media').select(['bytes', 'content_type']).where('sha256', '=', sha256).executeTakeFirst();
  return row && { bytes: Buffer.from(row.bytes), contentType: row.content_type };
}

export async function mediaCount(db: Executor): Promise<number> {
  return countRows(db.selectFrom('media'));
}

/** The content type of a stored file, without reading its bytes. */
export async function contentTypeOf(db: Executor, sha256: string): Promise<string | undefined> {
  const row = await db.selectFrom('media').select('content_type').where('sha256', '=', sha256).executeTakeFirst();
  return row?.content_type;
}
