// Write endpoints never trust the client: the reported transaction is looked up on the request's
// cluster through its source, decoded and ingested, and the events the endpoint expects must be in
// it. `matches` runs once those events are projected, so it may read the tables they fill.
import type { StoredEvent } from '../ingest/projector.ts';
import type { ClusterContext } from '../cluster.ts';
import { fail } from './errors.ts';
import { UNKNOWN_SIGNATURE_CACHE_MS } from './quotas.ts';
import { getProject, type Project } from '../read-models/projects.ts';

/**
 * Signatures a cluster did not know, remembered briefly per cluster: a client repeating an unknown
 * signature is answered 404 without another RPC request (ingestion's quota pays for each).
 */
const unknownSignatures = new WeakMap<ClusterContext, Map<string, number>>();

function recentlyUnknown(ctx: ClusterContext, txHash: string, nowMs: number): boolean {
  const until = unknownSignatures.get(ctx)?.get(txHash);
  return until !== undefined && until > nowMs;
}

function rememberUnknown(ctx: ClusterContext, txHash: string, nowMs: number): void {
  let known = unknownSignatures.get(ctx);
  if (!known) unknownSignatures.set(ctx, (known = new Map()));
  if (known.size >= MAX_REMEMBERED_UNKNOWN) for (const [signature, until] of known) if (until <= nowMs) known.delete(signature);
  if (known.size < MAX_REMEMBERED_UNKNOWN) known.set(txHash, nowMs + UNKNOWN_SIGNATURE_CACHE_MS);
}

/** Past this many remembered signatures new ones are not remembered (the per-wallet quota still holds). */
const MAX_REMEMBERED_UNKNOWN = 10_000;

export async function verifiedEvents(
  ctx: ClusterContext,
  txHash: string,
  expected: readonly string[],
  matches: (event: StoredEvent) => boolean = () => true,
): Promise<StoredEvent[]> {
  const nowMs = Date.now();
  if (recentlyUnknown(ctx, txHash, nowMs)) fail(404, `Transaction ${txHash} was not found on ${ctx.name} (asked moments ago; try again shortly)`);
  let result;
  try {
    result = await ctx.indexer.ingestSignature(txHash);
  } catch (error) {
    fail(502, `Could not look up transaction ${txHash} on ${ctx.name}: ${error instanceof Error ? error.message : error}`);
  }
  if (!result) {
    rememberUnknown(ctx, txHash, nowMs);
    fail(404, `Transaction ${txHash} was not found on ${ctx.name}`);
  }
  if (result.quarantined) {
    fail(409, `Transaction ${txHash} is quarantined by the indexer (${result.quarantined.reason}); it is applied once the indexer is fixed and re-projects it`);
  }
  const failed = result.failed || (await ctx.indexer.isFailed(txHash));
  if (failed) fail(400, `Transaction ${txHash} failed on ${ctx.name}`);
  if (result.events.length === 0) fail(400, `Transaction ${txHash} is not a Marquee program transaction`);
  const candidates = result.events.filter((event) => expected.includes(event.name));
  if (candidates.length === 0) fail(400, `Transaction ${txHash} has no ${expected.join(' or ')} event`);
  // Projected only once its project's earlier events are in: a project this indexer has not seen
  // yet is backfilled from its account's history here.
  const allApplied = async () => (await Promise.all(candidates.map((event) => ctx.indexer.isApplied(event)))).every(Boolean);
  if (!(await allApplied())) {
    await ctx.indexer.requestGapResolution();
    if (!(await allApplied())) {
      fail(409, `Transaction ${txHash} is stored but waits for earlier events of its project; try again shortly`);
    }
  }
  const found = candidates.filter(matches);
  if (found.length === 0) fail(400, `Transaction ${txHash} has no matching ${expected.join(' or ')} event`);
  return found;
}

/**
 * The project a write names. One this indexer has not seen yet (created moments ago, the live
 * subscription behind) is brought in by verifying the reported transaction first.
 */
export async function projectOfWrite(
  ctx: ClusterContext,
  origin: string,
  nowMs: () => number,
  projectId: number,
  txHash: string,
  expected: string[],
): Promise<Project> {
  let project = await getProject(ctx, origin, nowMs(), projectId);
  if (!project && !(await ctx.indexer.isIngested(txHash))) {
    await verifiedEvents(ctx, txHash, expected);
    project = await getProject(ctx, origin, nowMs(), projectId);
  }
  if (!project) fail(404, 'Project not found');
  return project;
}
