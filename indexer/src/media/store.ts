// The content-addressed media store: an upload is checked (a JPG or PNG image of at most 10 MB, or
// an MP4 or WebM video of at most 50 MB, by its magic bytes) and kept once under the sha256 of its
// bytes, which is what lets GET serve it as immutable. The files live in one database (the
// server's home cluster's), so every API process on a shared PostgreSQL serves every upload,
// whichever process received it.
import { createHash } from 'node:crypto';
import { MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES } from '../constants.ts';
import { media, type Executor } from '../db/index.ts';
import { sniffMediaType, type MediaType } from './sniff.ts';

export const SHA256_HEX = /^[0-9a-f]{64}$/;

const MB = 1024 * 1024;

export class MediaTooLargeError extends Error {
  constructor(size: number, kind: MediaType['kind']) {
    const limit = kind === 'video' ? MAX_VIDEO_CREATIVE_BYTES : MAX_MEDIA_BYTES;
    super(`File too large: ${size} bytes (max ${limit} bytes, ${limit / MB} MB for ${kind === 'video' ? 'a video' : 'an image'})`);
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
  bytes: Buffer;
  contentType: MediaType['contentType'];
}

/** The most bytes any upload may have (a video's limit): what the route's body limit allows. */
export const MAX_UPLOAD_BYTES = Math.max(MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES);

export class MediaStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

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
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await media.putMedia(this.db, { sha256, contentType: type.contentType, bytes, createdAt: Math.floor(this.now() / 1000) });
    return { sha256, size: bytes.byteLength, kind: type.kind, contentType: type.contentType, extension: type.extension };
  }

  /** The stored file of a hash, or null when there is none. */
  async get(sha256: string): Promise<MediaFile | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const found = await media.getMedia(this.db, sha256);
    return found ? { bytes: found.bytes, contentType: found.contentType as MediaType['contentType'] } : null;
  }

  /** Whether a stored file is an image or a video, or null when nothing is stored under the hash. */
  async kind(sha256: string): Promise<MediaType['kind'] | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const contentType = await media.contentTypeOf(this.db, sha256);
    if (!contentType) return null;
    return contentType.startsWith('video/') ? 'video' : 'image';
  }

  /** How many files are stored (tests and health checks). */
  count(): Promise<number> {
    return media.mediaCount(this.db);
  }
}
