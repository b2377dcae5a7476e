// The content-addressed media store: an upload is checked (JPG or PNG by its magic bytes, at most
// 10 MB) and kept once under the sha256 of its bytes, which is what lets GET serve it as immutable.
// The images live in one database (the server's home cluster's), so every API process on a shared
// PostgreSQL serves every upload, whichever process received it.
import { createHash } from 'node:crypto';
import { MAX_MEDIA_BYTES } from '../constants.ts';
import { media, type Executor } from '../db/index.ts';
import { sniffImageType, type ImageType } from './sniff.ts';

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export class MediaTooLargeError extends Error {
  constructor(size: number) {
    super(`File too large: ${size} bytes (max ${MAX_MEDIA_BYTES} bytes, 10 MB)`);
  }
}

export class UnsupportedMediaTypeError extends Error {
  constructor() {
    super('Unsupported file type: only JPG and PNG images are accepted');
  }
}

export interface StoredMedia extends ImageType {
  sha256: string;
  size: number;
}

export interface MediaFile {
  bytes: Buffer;
  contentType: ImageType['contentType'];
}

export class MediaStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks size and type, then stores the bytes unless the same bytes are already stored. */
  async put(bytes: Uint8Array): Promise<StoredMedia> {
    if (bytes.byteLength > MAX_MEDIA_BYTES) throw new MediaTooLargeError(bytes.byteLength);
    const type = sniffImageType(bytes);
    if (!type) throw new UnsupportedMediaTypeError();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await media.putMedia(this.db, { sha256, contentType: type.contentType, bytes, createdAt: Math.floor(this.now() / 1000) });
    return { sha256, size: bytes.byteLength, ...type };
  }

  /** The stored image of a hash, or null when there is none. */
  async get(sha256: string): Promise<MediaFile | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const found = await media.getMedia(this.db, sha256);
    return found ? { bytes: found.bytes, contentType: found.contentType as ImageType['contentType'] } : null;
  }

  /** How many images are stored (tests and health checks). */
  count(): Promise<number> {
    return media.mediaCount(this.db);
  }
}
