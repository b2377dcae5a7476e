// What the failover test and its child process share: the fixture's shape, the published log of a
// run (its chain's sent distributions) and the children's leader poll interval.
import { join } from 'node:path';
import type { ChainTransaction } from '@marquee/program-client';

export interface FailoverFixture {
  /** The chain before settlement. */
  base: { tx: ChainTransaction; addresses: string[] }[];
  /** The distribute_revenue the settlement job is expected to send, prepared with its events. */
  distribution: { tx: ChainTransaction; addresses: string[]; projectId: number; index: number; amountLamports: string };
}

/** Published distributions of a run: one signature per line. */
export const publishedLog = (dataDir: string) => join(dataDir, 'published.log');
/** Leader poll interval of the children: the test's takeover bound (10 s) is far above it. */
export const CHILD_POLL_MS = 500;
