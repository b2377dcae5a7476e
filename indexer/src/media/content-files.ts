// The folder of uploaded files, each named by the sha256 of its bytes. A file is written to a
// temporary name created exclusively (O_EXCL, owner-only: never a file someone placed there, never
// one another writer is filling), hashed while it is written, and renamed to its hash once complete
// (rename is atomic: a reader sees a whole file or none); an existing hash keeps its file. The
// folder is the owner's only (0700) and every file 0600: a studio's verification documents are
// never readable by another account on the machine, whatever the API decides to serve. API
// processes of one deployment share this folder (MARQUEE_MEDIA_DIR).
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;
const TEMPORARY_PREFIX = '.incoming-';
/** A served file is read this much at a time. */
const READ_CHUNK_BYTES = 256 * 1024;

/** Called with each chunk (and the bytes counted so far) before it is written: throws to refuse the upload. */
export type ChunkCheck = (chunk: Uint8Array, sizeSoFar: number) => void;

export interface WrittenFile {
  sha256: string;
  size: number;
}

export class ContentFiles {
  constructor(readonly folder: string) {
    mkdirSync(folder, { recursive: true, mode: FOLDER_MODE });
    const mode = statSync(folder).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new Error(
        `The media folder ${folder} is open to other users (mode ${mode.toString(8).padStart(4, '0')}); ` +
          `restrict it with \`chmod 700 ${folder}\` and start again`,
      );
    }
  }

  /**
   * Writes `chunks` as they arrive to an exclusive temporary file, calling `check` on each chunk
   * before it is written (it throws to refuse the upload: the temporary file is removed), then
   * names the file by its hash. Holds one chunk at a time, never the whole file. `complete` runs
   * once every chunk is in, before the file is named: it too may throw to refuse it.
   */
  async write(chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>, check: ChunkCheck = () => {}, complete: () => void = () => {}): Promise<WrittenFile> {
    const temporary = join(this.folder, `${TEMPORARY_PREFIX}${process.pid}-${randomBytes(8).toString('hex')}`);
    const handle = await open(temporary, 'wx', FILE_MODE);
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const chunk of chunks) {
        size += chunk.byteLength;
        check(chunk, size);
        hash.update(chunk);
        await handle.write(chunk);
      }
      complete();
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(temporary);
      throw error;
    }
    await handle.close();
    const sha256 = hash.digest('hex');
    if (await this.has(sha256)) await unlink(temporary);
    else await rename(temporary, this.pathOf(sha256));
    return { sha256, size };
  }

  /** The size of the stored file `sha256`, or null when it is not in the folder. */
  async sizeOf(sha256: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(sha256))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.sizeOf(sha256)) !== null;
  }

  /**
   * The bytes `start`..`end` (inclusive) of a stored file, read from disk as the response is sent.
   * The file is opened on the first read only, so an answer never sent (a 304, a HEAD) holds no
   * descriptor; it is closed at the end or when the client goes away.
   */
  read(sha256: string, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
    const path = this.pathOf(sha256);
    let handle: FileHandle | undefined;
    let position = range?.start ?? 0;
    const end = range ? range.end + 1 : Infinity;
    const close = async () => {
      const open = handle;
      handle = undefined;
      await open?.close();
    };
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        handle ??= await open(path, 'r');
        const buffer = Buffer.alloc(Math.min(READ_CHUNK_BYTES, end - position));
        const { bytesRead } = buffer.length > 0 ? await handle.read(buffer, 0, buffer.length, position) : { bytesRead: 0 };
        if (bytesRead === 0) {
          await close();
          controller.close();
          return;
        }
        position += bytesRead;
        controller.enqueue(buffer.subarray(0, bytesRead));
      },
      cancel: close,
    });
  }

  /** Where the file of `sha256` lives (callers check the hash's shape first: it is a file name). */
  pathOf(sha256: string): string {
    return join(this.folder, sha256);
  }
}
