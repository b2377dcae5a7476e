// The revenue page's claim dialog rules: select all or specific distributions, and the messages
// of an empty list, an empty selection, success and failure. On chain a claim settles a film's
// whole position, so a distribution is selected together with the other unclaimed distributions
// of its film.
import type { UnclaimedDistribution, UnclaimedRevenue } from '@marquee/api-contract'
import { failureToast } from '@/lib/failure-toast'

export const NO_REVENUE_TO_CLAIM = failureToast('No revenue to claim', "You don't have any unclaimed revenue at the moment.")
export const NO_DISTRIBUTIONS_SELECTED = failureToast('No distributions selected', 'Please select at least one distribution to claim.')
export const REVENUE_CLAIMED = { title: 'Revenue claimed successfully', description: 'Your revenue has been sent to your wallet.' } as const
export const REVENUE_CLAIM_FAILED = failureToast('Failed to claim revenue', 'There was an error claiming your revenue. Please try again.')

const filmOf = (distribution: UnclaimedDistribution) => distribution.projectId ?? `distribution-${distribution.id}`

/** Toggles a distribution, and with it every other unclaimed distribution of the same film. */
export function toggleDistribution(selected: ReadonlySet<number>, distribution: UnclaimedDistribution, all: UnclaimedDistribution[]): Set<number> {
  const next = new Set(selected)
  const group = all.filter((other) => filmOf(other) === filmOf(distribution)).map((other) => other.id)
  const on = !selected.has(distribution.id)
  for (const id of group) {
    if (on) next.add(id)
    else next.delete(id)
  }
  return next
}

export function toggleAll(selected: ReadonlySet<number>, all: UnclaimedDistribution[]): Set<number> {
  return selected.size === all.length ? new Set() : new Set(all.map((distribution) => distribution.id))
}

/** The part of the unclaimed revenue a selection claims (total in thousandths of SOL). */
export function selectionOf(unclaimed: UnclaimedRevenue, selected: ReadonlySet<number>): UnclaimedRevenue {
  const distributions = unclaimed.distributions.filter((distribution) => selected.has(distribution.id))
  return {
    total: distributions.reduce((sum, distribution) => sum + distribution.amount, 0),
    totalLamports: distributions.reduce((sum, distribution) => sum + BigInt(distribution.amountLamports), 0n).toString(),
    distributions,
  }
}
