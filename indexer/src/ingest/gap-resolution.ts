// Gap resolution: a stream whose next event has not arrived (a live transaction came before its
// predecessors) is backfilled from its own account's history, listed only down to that stream's own
// cursor; live notifications coalesce into one resolution at a time. A stream waiting for a
// quarantined transaction is not re-listed: its missing event is known, and only re-projection can
// apply it.
import anchor from '@coral-xyz/anchor';
import { chainLog, type Executor } from '../db/index.ts';
import { marqueePdas, PLATFORM_STREAM } from '@marquee/program-client';
import type { Backfill } from './backfill.ts';

export interface StreamGap {
  stream: string;
  /** null: the stream's first event has not arrived yet. */
  nextSeq: number | null;
  firstPendingSeq: number;
  pending: number;
  /** The stream waits for an event of this quarantined transaction. */
  quarantined?: { signature: string; stage: string; reason: string };
}

/** Streams with events waiting for a missing predecessor. */
export function streamGaps(db: Executor): Promise<StreamGap[]> {
  return chainLog.streamGaps(db);
}

/** The stream's own backfill cursor: the newest signature of its account already listed. */
export function streamCursor(address: string): string {
  return `stream:${address}`;
}

export class GapResolution {
  /** The running resolution, and whether a notification asked for another one meanwhile. */
  private resolving?: Promise<void>;
  private again = false;

  constructor(
    private readonly db: Executor,
    private readonly backfill: Backfill,
    private readonly programId: string,
  ) {}

  /** The account whose signature history holds a stream's transactions. */
  streamAddress(stream: string): string {
    if (stream !== PLATFORM_STREAM) return stream;
    return marqueePdas(new anchor.web3.PublicKey(this.programId)).platform().toBase58();
  }

  /** Backfills each gapped stream from its account's history, newer than the stream's cursor; returns the gaps that remain. */
  async resolve(): Promise<StreamGap[]> {
    for (const gap of await streamGaps(this.db)) {
      if (gap.quarantined) continue;
      const address = this.streamAddress(gap.stream);
      const cursor = streamCursor(address);
      await this.backfill.address(address, (await chainLog.cursorOf(this.db, cursor))?.signature, cursor);
    }
    return streamGaps(this.db);
  }

  /**
   * What a live notification (and each sync) asks for: one resolution at a time. Asked while one
   * runs, it runs once more afterwards (however many asked meanwhile), so a burst of notifications
   * costs two.
   */
  request(): Promise<void> {
    if (this.resolving) {
      this.again = true;
      return this.resolving;
    }
    this.resolving = (async () => {
      try {
        do {
          this.again = false;
          await this.resolve();
        } while (this.again);
      } finally {
        this.resolving = undefined;
      }
    })();
    return this.resolving;
  }
}
