// A content-addressed media store on the local disk: each file is stored once under the data folder,
// named by the sha256 of its bytes plus its sniffed extension, so the same image uploaded twice is
// one file, and a name can never point at other bytes (which is what lets GET serve it as immutable).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_MEDIA_BYTES } from '../constants.ts';
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

const TYPES_BY_EXTENSION: Record<ImageType['extension'], ImageType['contentType']> = { jpg: 'image/jpeg', png: 'image/png' };

export class MediaStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
  }

  /** Checks size and type, then writes the file unless the same bytes are already stored. */
  put(bytes: Uint8Array): StoredMedia {
    if (bytes.byteLength > MAX_MEDIA_BYTES) throw new MediaTooLargeError(bytes.byteLength);
    const type = sniffImageType(bytes);
    if (!type) throw new UnsupportedMediaTypeError();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const path = join(this.dir, `${sha256}.${type.extension}`);
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes, { mode: 0o644 });
    renameSync(temporary, path);
    return { sha256, size: bytes.byteLength, ...type };
  }

  /** The stored file of a hash, or null when there is none. */
  async get(sha256: string): Promise<MediaFile | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    for (const extension of Object.keys(TYPES_BY_EXTENSION) as ImageType['extension'][]) {
      try {
        return { bytes: await readFile(join(this.dir, `${sha256}.${extension}`)), contentType: TYPES_BY_EXTENSION[extension] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return null;
  }

  /** How many files are stored (for tests and health checks). */
  count(): number {
    return readdirSync(this.dir).filter((name) => SHA256_HEX.test(name.split('.')[0])).length;
  }
}
