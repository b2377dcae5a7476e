// The demo chain's files in MARQUEE_DATA_DIR/demo-chain/, written so that a `kill -9` at any
// moment leaves exactly the last committed transaction:
// - `transactions.jsonl`: the transaction log the indexer reads (one ChainTransaction per line),
//   append-only; bytes past the committed length are a torn or uncommitted tail and are cut off
//   when the chain opens;
// - `state.bin`: the commit record — a JSON header (log length, clock, server-held keys, the
//   wallet → demo key map) followed by LiteSVM's full snapshot. It is written to a temporary file,
//   fsynced and renamed over the old one, so it is always either the previous commit or the new one.
// Order of a commit: append + fsync the log, then write + fsync + rename the state, then fsync the
// folder. The rename is the commit point.
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { openExclusive, readPrivateFile } from '../private-files.ts';
import { FolderLock } from './folder-lock.ts';
import type { ChainTransaction } from '@marquee/program-client';

const MAGIC = Buffer.from('MQDC1\n');
export const CHAIN_FOLDER = 'demo-chain';
const STATE_FILE = 'state.bin';
const LOG_FILE = 'transactions.jsonl';
const STATE_TEMPORARY = `${STATE_FILE}.tmp`;

export interface StateHeader {
  /** Number of commits so far. */
  commit: number;
  /** The log's committed length in bytes and entries. */
  logBytes: number;
  logCount: number;
  slot: number;
  /** Unix seconds of the chain's clock at the last transaction. */
  time: number;
  /** Server-held keypairs by name (admin, treasury, settlement, seeded actors, demo wallets). */
  keys: Record<string, number[]>;
  /** Connected wallet address → name of its demo keypair in `keys`. */
  wallets: Record<string, string>;
  /** The catalogue was seeded (the first commit is the whole seed). */
  seeded: boolean;
  /**
   * Seconds the chain's clock runs ahead of the wall clock (POST /api/demo/clock/advance, like a
   * local validator's warp); absent in folders written before it existed.
   */
  clockOffsetSeconds?: number;
}

export interface StoredState {
  header: StateHeader;
  snapshot: Uint8Array;
  transactions: ChainTransaction[];
}

/** Test hooks: each stage of a commit, where the crash test kills the process. */
export type CommitStage = 'log-written' | 'state-written' | 'committed';

export class ChainStore {
  readonly folder: string;

  private readonly lock: FolderLock;

  constructor(dataDir: string, private readonly onStage?: (stage: CommitStage) => void) {
    this.folder = join(dataDir, CHAIN_FOLDER);
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    // Before anything is read or cut: a second server would truncate the log under the first one.
    this.lock = FolderLock.acquire(this.folder);
  }

  /** Lets another server open the folder (the lock of a killed process is taken over anyway). */
  release(): void {
    this.lock.release();
  }

  private path(file: string) {
    return join(this.folder, file);
  }

  /** The last committed state, or null for a chain never committed. Cuts the log's uncommitted tail. */
  load(): StoredState | null {
    const statePath = this.path(STATE_FILE);
    const logPath = this.path(LOG_FILE);
    // A commit killed before its rename left its temporary file; the lock says nobody else writes one.
    rmSync(this.path(STATE_TEMPORARY), { force: true });
    if (!existsSync(statePath)) {
      if (existsSync(logPath)) truncate(logPath, 0);
      return null;
    }
    const bytes = readPrivateFile(statePath, 'The demo chain state (it holds the server-held demo keys)');
    if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error(`${statePath} is not a Marquee demo chain state`);
    const headerLength = bytes.readUInt32LE(MAGIC.length);
    const headerStart = MAGIC.length + 4;
    const header = JSON.parse(bytes.subarray(headerStart, headerStart + headerLength).toString('utf8')) as StateHeader;
    const snapshot = bytes.subarray(headerStart + headerLength);
    const logSize = existsSync(logPath) ? statSync(logPath).size : 0;
    if (logSize < header.logBytes) throw new Error(`${logPath} is shorter than its committed length (${logSize} < ${header.logBytes})`);
    if (logSize > header.logBytes) truncate(logPath, header.logBytes);
    const text = header.logBytes === 0 ? '' : readFileSync(logPath, 'utf8');
    const transactions = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as ChainTransaction);
    if (transactions.length !== header.logCount) {
      throw new Error(`${logPath} holds ${transactions.length} transactions, its state says ${header.logCount}`);
    }
    return { header, snapshot, transactions };
  }

  /** Appends the new transactions and makes `header` + `snapshot` the committed state. */
  commit(
    header: Omit<StateHeader, 'logBytes' | 'logCount'>,
    snapshot: Uint8Array,
    previous: Pick<StateHeader, 'logBytes' | 'logCount'>,
    added: ChainTransaction[],
  ): StateHeader {
    const logPath = this.path(LOG_FILE);
    const logBytes = previous.logBytes;
    let bytes = logBytes;
    if (added.length > 0) {
      const chunk = Buffer.from(added.map((tx) => `${JSON.stringify(tx)}\n`).join(''), 'utf8');
      const fd = openSync(logPath, 'a');
      try {
        // A torn tail from a killed commit was cut off on load; appending starts at the committed end.
        ftruncateSync(fd, logBytes);
        writeSync(fd, chunk, 0, chunk.length, logBytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      bytes += chunk.length;
    }
    this.onStage?.('log-written');
    const full: StateHeader = { ...header, logBytes: bytes, logCount: previous.logCount + added.length };
    const headerBytes = Buffer.from(JSON.stringify(full), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(headerBytes.length);
    const temporary = this.path(STATE_TEMPORARY);
    // The state holds the server's secret keys: owner-only from its creation, and created by this
    // commit (O_EXCL), never a file planted there or left by a failed commit.
    const fd = openExclusive(temporary);
    try {
      for (const part of [MAGIC, length, headerBytes, snapshot]) writeSync(fd, part);
      fsyncSync(fd);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    } finally {
      closeSync(fd);
    }
    this.onStage?.('state-written');
    renameSync(temporary, this.path(STATE_FILE));
    syncFolder(this.folder);
    this.onStage?.('committed');
    return full;
  }
}

function truncate(path: string, length: number) {
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename in `folder` durable. */
function syncFolder(folder: string) {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
