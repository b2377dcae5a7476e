// Write endpoints never trust the client: the reported transaction is looked up on the request's
// cluster through its source, decoded and ingested, and the events the endpoint expects must be in it.
import type { StoredEvent } from '../ingest/projector.ts';
import type { ClusterContext } from './context.ts';
import { fail } from './errors.ts';

export async function verifiedEvents(
  ctx: ClusterContext,
  txHash: string,
  expected: string[],
  matches: (event: StoredEvent) => boolean = () => true,
): Promise<StoredEvent[]> {
  let result;
  try {
    result = await ctx.indexer.ingestSignature(txHash);
  } catch (error) {
    fail(502, `Could not look up transaction ${txHash} on ${ctx.name}: ${error instanceof Error ? error.message : error}`);
  }
  if (!result) fail(404, `Transaction ${txHash} was not found on ${ctx.name}`);
  const failed =
    result.failed ||
    (ctx.db.prepare('SELECT failed FROM transactions WHERE signature = ?').get(txHash) as { failed: number } | undefined)
      ?.failed === 1;
  if (failed) fail(400, `Transaction ${txHash} failed on ${ctx.name}`);
  if (result.events.length === 0) fail(400, `Transaction ${txHash} is not a Marquee program transaction`);
  const found = result.events.filter((event) => expected.includes(event.name) && matches(event));
  if (found.length === 0) {
    fail(400, `Transaction ${txHash} has no matching ${expected.join(' or ')} event`);
  }
  if (found.some((event) => !ctx.indexer.isApplied(event))) {
    await ctx.indexer.resolveGaps();
    if (found.some((event) => !ctx.indexer.isApplied(event))) {
      fail(409, `Transaction ${txHash} is stored but waits for earlier events of its project; try again shortly`);
    }
  }
  return found;
}
