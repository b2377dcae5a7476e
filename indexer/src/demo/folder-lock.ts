// One server per demo chain folder: a lock file holding the owner's PID, created exclusively. A
// lock whose process is gone (a crash, kill -9) is stale and taken over; a live owner makes the
// second server refuse to start, instead of cutting the transaction log from under the first.
import { closeSync, constants, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class FolderLockedError extends Error {}

export class FolderLock {
  private constructor(
    private readonly path: string,
    private held: boolean,
  ) {}

  static acquire(folder: string): FolderLock {
    const path = join(folder, LOCK_FILE);
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
        try {
          writeSync(fd, `${process.pid}\n`);
        } finally {
          closeSync(fd);
        }
        return new FolderLock(path, true);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      // The same process opening its folder again (tests restart a chain in-process) shares the lock.
      if (owner === process.pid) return new FolderLock(path, false);
      if (Number.isSafeInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new FolderLockedError(
          `The demo chain in ${folder} is in use by another Marquee server (PID ${owner}). ` +
            `Stop that server or start this one with another MARQUEE_DATA_DIR; if no server runs, delete ${path}.`,
        );
      }
      rmSync(path, { force: true });
    }
    throw new FolderLockedError(`Could not lock ${folder}: another server keeps taking ${path}`);
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    rmSync(this.path, { force: true });
  }
}
