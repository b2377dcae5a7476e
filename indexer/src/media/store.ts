// The content-addressed media store: an upload is checked (a JPG or PNG image of at most 10 MB, or
// an MP4 or WebM video of at most 50 MB, by its magic bytes) and kept once under the sha256 of its
// bytes, which is what lets GET serve it as immutable. putStream reads an upload as it arrives,
// typing it by its first bytes, hashing and counting it, and stops at the first byte past its
// type's limit, so an oversized upload is refused before it is read and nothing is stored. The files live in one database (the
// server's home cluster's), so every API process on a shared PostgreSQL serves every upload,
// whichever process received it.
import { createHash } from 'node:crypto';
import { MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES } from '../constants.ts';
import { media, type Executor } from '../db/index.ts';
import { sniffMediaType, type MediaType } from './sniff.ts';

export const SHA256_HEX = /^[0-9a-f]{64}$/;

const MB = 1024 * 1024;

export class MediaTooLargeError extends Error {
  constructor(size: number, kind: MediaType['kind'], measure: 'more than' | 'exactly' = 'exactly') {
    const limit = kind === 'video' ? MAX_VIDEO_CREATIVE_BYTES : MAX_MEDIA_BYTES;
    super(`File too large: ${measure === 'more than' ? `more than ${limit}` : size} bytes (max ${limit} bytes, ${limit / MB} MB for ${kind === 'video' ? 'a video' : 'an image'})`);
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
  /** Served only to its uploaders and the platform admin. */
  isPrivate: boolean;
}

/** Bytes enough to type any accepted file (WebM's DocType sits within them). */
const SNIFF_BYTES = 64;

/** The most bytes any upload may have (a video's limit): what the route's body limit allows. */
export const MAX_UPLOAD_BYTES = Math.max(MAX_MEDIA_BYTES, MAX_VIDEO_CREATIVE_BYTES);

export class MediaStore {
  constructor(
    private readonly db: Executor,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Reads an upload as it arrives: typed by its first bytes, refused (MediaTooLargeError) at the
   * first chunk past its type's limit, hashed on the way, stored once complete. `privateTo`: the
   * uploading wallet, the only one (with the admin) the file is served to.
   */
  async putStream(chunks: AsyncIterable<Uint8Array>, options: { privateTo?: string } = {}): Promise<StoredMedia> {
    const hash = createHash('sha256');
    const kept: Uint8Array[] = [];
    let size = 0;
    let type: MediaType | null | undefined;
    const limitOf = (known: MediaType | null | undefined) => (known?.kind === 'image' ? MAX_MEDIA_BYTES : MAX_UPLOAD_BYTES);
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (size > limitOf(type)) throw new MediaTooLargeError(size, type?.kind ?? 'video', 'more than');
      hash.update(chunk);
      kept.push(chunk);
      if (type === undefined && size >= SNIFF_BYTES) {
        type = sniffMediaType(Buffer.concat(kept));
        if (!type) throw new UnsupportedMediaTypeError();
        if (size > limitOf(type)) throw new MediaTooLargeError(size, type.kind, 'more than');
      }
    }
    const bytes = Buffer.concat(kept, size);
    type ??= sniffMediaType(bytes);
    if (!type) throw new UnsupportedMediaTypeError();
    const sha256 = hash.digest('hex');
    await media.putMedia(this.db, { sha256, contentType: type.contentType, bytes, createdAt: Math.floor(this.now() / 1000), privateTo: options.privateTo });
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
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await media.putMedia(this.db, { sha256, contentType: type.contentType, bytes, createdAt: Math.floor(this.now() / 1000) });
    return { sha256, size: bytes.byteLength, kind: type.kind, contentType: type.contentType, extension: type.extension };
  }

  /** The stored file of a hash, or null when there is none. */
  async get(sha256: string): Promise<MediaFile | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    const found = await media.getMedia(this.db, sha256);
    return found ? { bytes: found.bytes, contentType: found.contentType as MediaType['contentType'], isPrivate: found.isPrivate } : null;
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
