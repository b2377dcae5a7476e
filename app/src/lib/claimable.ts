// The one rule of every claim button: a claim is offered only for something (more than 0 lamports),
// and where there is nothing the screen says so in words instead of a button that would send nothing.

/** Said in place of a claim, or beside a disabled one, when nothing is claimable. */
export const NOTHING_TO_CLAIM = 'Nothing to claim yet'

/** Whether an amount (lamports as the API's string, a bigint, or thousandths of SOL as a number) is worth a claim. */
export function isClaimable(amount: string | bigint | number | null | undefined): boolean {
  if (amount === null || amount === undefined) return false
  if (typeof amount === 'number') return Number.isFinite(amount) && amount > 0
  return BigInt(amount) > 0n
}
