// Files holding secrets (keypairs, the session secret): created 0600 from the start (never chmod-ed
// after a world-readable moment), and refused when others can read them.
import { closeSync, constants, fchmodSync, fsyncSync, linkSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;

/**
 * Writes `contents` to a file readable by its owner only. `exclusive`: only if the file does not
 * exist yet, atomically (a temporary file hard-linked into place), so two processes creating the
 * same secret agree on one and neither reads a half-written file.
 */
export function writePrivateFile(path: string, contents: string | Uint8Array, options: { exclusive?: boolean } = {}): void {
  const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;
  if (!options.exclusive) return writeNew(path, bytes, constants.O_TRUNC);
  const temporary = `${path}.${process.pid}.tmp`;
  writeNew(temporary, bytes, constants.O_TRUNC);
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

function writeNew(path: string, bytes: Uint8Array, extraFlags: number): void {
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | extraFlags, PRIVATE_FILE_MODE);
  try {
    // The mode of open() applies only to a file it creates; an existing one is narrowed here.
    fchmodSync(fd, PRIVATE_FILE_MODE);
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Throws a clear error when a secret file can be read by its group or by others. */
export function assertPrivateFile(path: string, what: string): void {
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new Error(
      `${what} ${path} is readable by other users (mode ${mode.toString(8).padStart(4, '0')}); ` +
        `restrict it with \`chmod 600 ${path}\` and start again`,
    );
  }
}
