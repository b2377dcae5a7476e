// Files holding secrets (keypairs, the session secret, the demo chain's keys): created 0600 from
// the start (never chmod-ed after a world-readable moment), temporary files created exclusively
// (O_EXCL: never a file someone placed there beforehand, never one another writer is filling), and
// refused on every read when others can read them.
import { closeSync, constants, fstatSync, fsyncSync, linkSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a file readable by its owner only, holding `contents`, if it does not exist yet:
 * atomically (a temporary file hard-linked into place), so two processes creating the same secret
 * agree on one and neither reads a half-written file.
 */
export function createPrivateFile(path: string, contents: string | Uint8Array): void {
  const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : contents;
  const temporary = temporaryPathFor(path);
  writeAndClose(openExclusive(temporary), bytes);
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** A temporary name beside `path` no other writer picks (the process id and random bytes). */
function temporaryPathFor(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** Creates `path` for writing, owner-only; fails (EEXIST) when anything is already there. */
export function openExclusive(path: string): number {
  return openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, PRIVATE_FILE_MODE);
}

/** Writes `bytes` to the file `fd` was created as, fsyncs and closes it. */
function writeAndClose(fd: number, bytes: Uint8Array): void {
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The refusal of a secret file its group or others can read: names the file and the fix. */
function refusal(path: string, what: string, mode: number): Error {
  return new Error(
    `${what} ${path} is readable by other users (mode ${mode.toString(8).padStart(4, '0')}); ` +
      `restrict it with \`chmod 600 ${path}\` and start again`,
  );
}

/** The bytes of a secret file, refused (with the `chmod 600` to run) when others can read it. */
export function readPrivateFile(path: string, what: string): Buffer {
  const fd = openPrivate(path, what);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Opens a secret file for reading and checks the mode of what was opened (not of a path that may change). */
function openPrivate(path: string, what: string): number {
  const fd = openSync(path, constants.O_RDONLY);
  const mode = fstatSync(fd).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    closeSync(fd);
    throw refusal(path, what, mode);
  }
  return fd;
}
