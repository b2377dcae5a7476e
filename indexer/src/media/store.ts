// The content-addressed media store: an upload is checked (a JPG or PNG image of at most 10 MB, or
// an MP4 or WebM video of at most 50 MB, by its magic bytes) and kept once under the sha256 of its
// bytes, which is what lets GET serve it as immutable. putStream writes an upload to disk as it
// arrives (content-files.ts), typing it by its first bytes, hashing and counting it, and stops at
// the first byte past its type's limit, so an oversized upload is refused before it is read and
// nothing is kept. The bytes live in the media folder, their metadata row (hash, type, size,
// private, readers) in the server's home cluster's database: every API process on a shared
// PostgreSQL and a shared media folder serves every upload, whichever process received it.
import { join } from 'node:path';
import { MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES } from '../constants.ts';
import { media, oneTimeTasks, type Executor } from '../db/index.ts';
import { sniffMediaType, type MediaType } from './sniff.ts';
import { ContentFiles } from './content-files.ts';

export const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The one-time task (db/one-time-tasks.ts) of moving an earlier version's media bytes to files. */
const MOVE_DATABASE_BYTES = 'move-media-bytes-to-files';

const MB = 1024 * 1024;

export class MediaTooLargeError extends Error {
  constructor(size: number, kind: MediaType['kind'], measure: 'more than' | 'exactly' = 'exactly') {
    const limit = kind === 'video' ? MAX_VIDEO_CREATIVE_BYTES : MAX_MEDIA_BYTES;
    super(
      `File too large: ${measure === 'more than' ? `more than ${limit}` : size} bytes (max ${limit} bytes, ${limit / MB} MB for ${kind === 'video' ? 'a video' : 'an image'})`,
    );
  }
}

export class UnsupportedMediaTypeError extends Error {
  constructor() {
    super('Unsupported file type: only JPG and PNG images and MP4 and WebM videos are accepted');
  }
}

export interface StoredMedia {
  sha256: string;
  size: number;
  kind: MediaType['kind'];
  contentType: MediaType['contentType'];
  extension: MediaType['extension'];
}

export interface MediaFile {
  size: number;
  contentType: MediaType['contentType'];
  /** Served only to its uploaders and the platform admin. */
  isPrivate: boolean;
}

/** Bytes enough to type any accepted file (WebM's DocType sits within them). */
const SNIFF_BYTES = 64;

/** The most bytes any upload may have (a video's limit): what the route's body limit allows. */
export const MAX_UPLOAD_BYTES = Math.max(MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES);

/** Where a stored file is served: its address is its hash. */
export const mediaPath = (sha256: string) => `/api/media/${sha256}`;

/** The media folder of a deployment: MARQUEE_MEDIA_DIR, else `media` in the data folder. */
export function mediaFolder(settings: { mediaDir?: string; dataDir: string }): string {
  return settings.mediaDir ?? join(settings.dataDir, 'media');
}

export class MediaStore {
  private readonly files: ContentFiles;

  /** `folder`: where the bytes are kept (created 0700 when missing). */
  constructor(
    private readonly db: Executor,
    folder: string,
    private readonly now: () => number = Date.now,
  ) {
    this.files = new ContentFiles(folder);
  }

  /**
   * Reads an upload as it arrives: typed by its first bytes, refused (MediaTooLargeError) at the
   * first chunk past its type's limit, hashed on the way, stored once complete. `privateTo`: the
   * uploading wallet, the only one (with the admin) the file is served to.
   */
  async putStream(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, options: { privateTo?: string } = {}): Promise<StoredMedia> {
    let head = Buffer.alloc(0);
    let type: MediaType | null | undefined;
    const limitOf = (known: MediaType | null | undefined) => (known?.kind === 'image' ? MAX_MEDIA_BYTES : MAX_UPLOAD_BYTES);
    const written = await this.files.write(
      chunks,
      (chunk, size) => {
        if (size > limitOf(type)) throw new MediaTooLargeError(size, type?.kind ?? 'video', 'more than');
        if (type !== undefined) return;
        // Only the first bytes are kept in memory, to type the file.
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length < SNIFF_BYTES) return;
        type = sniffMediaType(head);
        if (!type) throw new UnsupportedMediaTypeError();
        if (size > limitOf(type)) throw new MediaTooLargeError(size, type.kind, 'more than');
      },
      () => {
        // A file shorter than SNIFF_BYTES is typed once complete.
        type ??= sniffMediaType(head);
        if (!type) throw new UnsupportedMediaTypeError();
      },
    );
    if (!type) throw new UnsupportedMediaTypeError();
    const { sha256, size } = written;
    await media.putMedia(this.db, { sha256, contentType: type.contentType, size, createdAt: Math.floor(this.now() / 1000), privateTo: options.privateTo });
    return { sha256, size, kind: type.kind, contentType: type.contentType, extension: type.extension };
  }

  /** Checks type, then the size limit of that type, then stores the bytes unless already stored. */
  async put(bytes: Uint8Array): Promise<StoredMedia> {
    const type = sniffMediaType(bytes);
    if (!type) {
      // An oversized file of no known type is refused for its size: the client learns the limit first.
      if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new MediaTooLargeError(bytes.byteLength, 'video');
      throw new UnsupportedMediaTypeError();
    }
    const limit = type.kind === 'video' ? MAX_VIDEO_CREATIVE_BYTES : MAX_MEDIA_BYTES;
    if (bytes.byteLength > limit) throw new MediaTooLargeError(bytes.byteLength, type.kind);
    return this.putStream([bytes]);
  }

  /** The stored file of a hash (its size on disk, its type and visibility), or null when there is none. */
  async get(sha256: string): Promise<MediaFile | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const found = await media.getMedia(this.db, sha256);
    const size = found && (await this.files.sizeOf(sha256));
    if (!found || size === null || size === undefined) return null;
    return { size, contentType: found.contentType as MediaType['contentType'], isPrivate: found.isPrivate };
  }

  /** The bytes of a stored file, or of the inclusive range `start`..`end` of it, streamed from disk. */
  read(sha256: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
    if (!SHA256_HEX.test(sha256)) throw new Error(`Not a sha256: ${sha256}`);
    return this.files.read(sha256, range);
  }

  /**
   * Moves the bytes an earlier version kept in the database (the media table's BLOBs) into the
   * media folder, one file at a time, and empties their column: the first start after the
   * upgrade loses no upload. Safe when several processes do it at once (a file is named by its
   * hash, an emptied row is not read again). Done once per database: since this version stores no
   * bytes there, a later start reads only its one-time task's row, not the media table; a start cut
   * short before the end moves the rest next time. Returns how many files were moved.
   */
  async moveDatabaseBytesToFiles(): Promise<number> {
    if (await oneTimeTasks.isDone(this.db, MOVE_DATABASE_BYTES)) return 0;
    let moved = 0;
    for (let row = await media.nextKeptInDatabase(this.db); row; row = await media.nextKeptInDatabase(this.db)) {
      const written = await this.files.write([row.bytes]);
      if (written.sha256 !== row.sha256) throw new Error(`The stored media ${row.sha256} does not hash to its name (${written.sha256}): left in the database`);
      await media.forgetDatabaseBytes(this.db, row.sha256);
      moved++;
    }
    await oneTimeTasks.markDone(this.db, MOVE_DATABASE_BYTES, this.now());
    return moved;
  }

  /** Whether a stored file is an image or a video, or null when nothing is stored under the hash. */
  async kind(sha256: string): Promise<MediaType['kind'] | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const contentType = await media.contentTypeOf(this.db, sha256);
    if (!contentType) return null;
    return contentType.startsWith('video/') ? 'video' : 'image';
  }

  /** Whether `walletAddress` uploaded the private file `sha256`. */
  isReader(sha256: string, walletAddress: string): Promise<boolean> {
    return media.isReader(this.db, sha256, walletAddress);
  }

  /** How many files are stored (tests and health checks). */
  count(): Promise<number> {
    return media.mediaCount(this.db);
  }
}
