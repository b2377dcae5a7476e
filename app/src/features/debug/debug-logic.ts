// The debug page's rules and messages (each action's success and failure), apart from its screen:
// which action a project allows, the token share estimate and the colour of a result.
import { AMOUNT_UNITS_PER_SOL } from '@/constants'
import { fundingPercentage } from '@/lib/format'
import { describeError } from '@/lib/describe-error'
import type { Project } from '@marquee/api-contract'

export type DebugAction = 'invest' | 'claimLicense' | 'generateEmbed' | 'trackView' | 'claimRevenue'

export const DEBUG_FAILURE_PREFIX: Record<DebugAction, string> = {
  invest: 'Investment failed',
  claimLicense: 'License claim failed',
  generateEmbed: 'Embed code generation failed',
  trackView: 'View tracking failed',
  claimRevenue: 'Revenue claim failed',
}

/**
 * What became of a tracked view's revenue: distributed (the demo chain settled it at once), to be
 * distributed by the next settlement (on chain, the settlement job's timer), or unpaid (the house ad
 * played: no advertiser's campaign pays for the view).
 */
export type TrackedView = 'distributed' | 'settling' | 'unpaid'

const TRACKED_VIEW: Record<TrackedView, string> = {
  distributed: 'View tracked successfully! Revenue distribution created.',
  settling: "View tracked successfully! Its revenue is distributed at the next settlement.",
  unpaid: "View tracked successfully! No revenue distribution: no advertiser's campaign paid for this view.",
}

export const debugSuccess = {
  invest: (txHash: string) => `Investment successful! Transaction: ${txHash}`,
  claimLicense: () => 'License claimed successfully!',
  generateEmbed: () => 'Embed code generated successfully!',
  trackView: (outcome: TrackedView) => TRACKED_VIEW[outcome],
  claimRevenue: () => 'Revenue claimed successfully: Your revenue has been sent to your wallet.',
} satisfies Record<DebugAction, (detail: never) => string>

export const AMOUNT_REQUIRED = 'Please enter an investment amount'

/** The Embed Library tab's copy button: the code copied, or why the browser refused it. */
export const EMBED_CODE_COPIED = { title: 'Embed code copied to clipboard!' }
export const embedCodeCopyFailed = (error: unknown) => ({ title: 'Copying the embed code failed', description: describeError(error), variant: 'destructive' as const })

export function debugFailure(action: DebugAction, error: unknown): string {
  return `${DEBUG_FAILURE_PREFIX[action]}: ${describeError(error)}`
}

/** Results that say 'failed' are red, every other one green. */
export function resultTone(message: string): 'error' | 'success' {
  return /failed/i.test(message) ? 'error' : 'success'
}

const goalReached = (project: Project) => fundingPercentage(project) >= 100

/** Investing is disabled once the project is funded. */
export const canInvest = (project: Project) => project.status === 'funding' && !goalReached(project)

/**
 * Claiming the licence needs the goal met and the licence not claimed yet. On chain a project turns
 * funded the moment its goal is reached, so "not yet funded" of the spec is "funds not released".
 */
export const canClaimLicense = (project: Project) => goalReached(project) && project.fundsReleased !== true

/** Embed codes and views need a funded project. */
export const needsFunded = (project: Project) => project.status === 'funded'

/** Debug token share: amount / 1000 * 10, a fraction shown x100 as a percent. */
export function debugTokenShare(amount: number): number {
  return (amount / AMOUNT_UNITS_PER_SOL) * 10
}

/** The amount field's value as thousandths of SOL, or null when it is empty or not above 0. */
export function parseDebugAmount(text: string): number | null {
  if (text.trim() === '') return null
  const amount = Number(text)
  return Number.isFinite(amount) && amount > 0 ? amount : null
}
