// The five debug actions through the active MarqueeClient (demo chain or devnet wallet) and the
// API's real paths: a view goes through the ad's ticket and the view report like the player's, and in
// demo mode the settlement job is run at once so the view's revenue distribution exists on return.
import { apiGet, apiPost } from '@/lib/api'
import { MIN_VIEW_WATCH_MS } from '@/constants'
import { amountToSol, sleep } from '@/lib/format'
import type { EmbedRecord, Project, UnclaimedRevenue } from '@marquee/api-contract'
import { embedIdFor } from '@marquee/program-client/embed-id'
import type { MarqueeClient } from '@/features/chain/marquee-client'
import type { TrackedView } from './debug-logic'

export class DebugActionError extends Error {}

export function investFromDebug(client: MarqueeClient, project: Project, amount: number) {
  return client.invest(project, amountToSol(amount))
}

export function claimLicenseFromDebug(client: MarqueeClient, project: Project) {
  return client.claimLicense(project)
}

export async function generateEmbedFromDebug(client: MarqueeClient, project: Project, websiteUrl: string): Promise<EmbedRecord | { embedId: string; embedCode: string | null }> {
  const embedId = embedIdFor(project.id)
  const { embed } = await client.registerEmbed(project, websiteUrl, embedId)
  return embed ?? { embedId, embedCode: null }
}

/** The ad a play served and its ticket (GET /player/{projectId}/ads/{slot}). */
interface ServedAd {
  campaign: string | null
  ticket: string | null
}

/**
 * One view of an embed as its player on the embed's registered website would make it: the ad's
 * ticket for that website, the player's minimum watch time, then the report. Views count only there, and
 * only once the publisher verified the website (the server says so otherwise).
 */
export async function trackViewFromDebug(
  client: MarqueeClient,
  projectId: number,
  embed: { embedId: string; websiteUrl: string },
): Promise<TrackedView> {
  const { embedId, websiteUrl: website } = embed
  const onChainFlag = client.mode === 'onchain' ? { onChain: true } : {}
  const distributionsBefore = await distributionCount(client, projectId)
  // The player's pre-roll: a campaign's ad pays for the view, the house ad pays nothing. The view
  // needs the ad's ticket, which the server issues only to a player page a website embedded;
  // on the demo chain the embed's publisher may ask for the one its own website's player would get.
  const { campaign, ticket } =
    client.mode === 'demo'
      ? await apiPost<ServedAd>('/api/views/demo-ticket', client.cluster, { projectId, embedId, slot: 'pre-roll' })
      : await apiGet<ServedAd>(`/player/${projectId}/ads/pre-roll`, client.cluster)
  if (!ticket) throw new DebugActionError(`views count only from the player embedded on ${website}: play it there`)
  await sleep(MIN_VIEW_WATCH_MS)
  const report = await apiPost<{ counted: boolean; reason?: string }>('/api/views', client.cluster, {
    projectId,
    embedId,
    ticket,
    timestamp: Date.now(),
    ...onChainFlag,
  })
  if (!report.counted) throw new DebugActionError(report.reason ?? 'the view was not counted')
  // A house-ad view counts but is never paid (no advertiser's budget behind it): nothing to settle.
  if (!campaign) return 'unpaid'
  // On chain the settlement job batches views on its own timer.
  if (client.mode !== 'demo') return 'settling'
  await settleDemoView(client, projectId, distributionsBefore)
  return 'distributed'
}

const distributionCount = async (client: MarqueeClient, projectId: number) =>
  (await apiGet<unknown[]>(`/api/revenue/distributions?projectId=${projectId}`, client.cluster)).length

interface SettlementRun {
  failed: { projectId: number; error?: string }[]
  /** Views no batch took yet, and why (e.g. they do not pay the distribution account's rent yet). */
  waiting?: { projectId: number; reason: string }[]
}

/** Settlement passes of the demo chain before the view's distribution must exist. */
const DEMO_SETTLEMENT_PASSES = 3

/**
 * Runs the demo chain's settlement job until the project has a new revenue distribution. The job
 * also runs on a timer, and a pass already under way may have batched before this view was
 * counted, so the distribution list (not one pass's answer) says when the view is distributed.
 */
async function settleDemoView(client: MarqueeClient, projectId: number, distributionsBefore: number): Promise<void> {
  let waiting: string | undefined
  for (let pass = 0; pass < DEMO_SETTLEMENT_PASSES; pass++) {
    const run = await apiPost<SettlementRun>('/api/demo/settle', client.cluster, {})
    const failure = run.failed.find((result) => result.projectId === projectId)
    if (failure) throw new DebugActionError(`settlement failed: ${failure.error ?? 'unknown error'}`)
    if ((await distributionCount(client, projectId)) > distributionsBefore) return
    waiting = run.waiting?.find((view) => view.projectId === projectId)?.reason
  }
  // The server says why the view is not paid yet (a batch is sent only once it pays more than the
  // rent of the distribution account it creates), else only that it is not.
  throw new DebugActionError(waiting ? `the view was counted, no revenue distribution yet: ${waiting}` : 'the view was counted but no revenue distribution was created')
}

export const NO_REVENUE = "No revenue to claim: You don't have any unclaimed revenue at the moment."

/** Claims every unclaimed distribution of the wallet. */
export async function claimAllFromDebug(client: MarqueeClient, projects: Project[]) {
  const unclaimed = await apiGet<UnclaimedRevenue>(`/api/revenue/unclaimed/${client.walletAddress}`, client.cluster)
  if (unclaimed.distributions.length === 0) throw new DebugActionError(NO_REVENUE)
  const projectIds = new Set(unclaimed.distributions.map((distribution) => distribution.projectId))
  return client.claimRevenue({
    distributionIds: unclaimed.distributions.map((distribution) => distribution.id),
    projects: projects.filter((project) => projectIds.has(project.id)),
    expectedAmount: unclaimed.total,
  })
}
