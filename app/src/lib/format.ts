// Display helpers shared by every screen: addresses, counts, money, funding state.
import { AMOUNT_UNITS_PER_SOL, LAMPORTS_PER_SOL, MS_PER_DAY } from '@/constants'

/** First 4 and last 4 characters, as the sidebar, checkout and claim screens show a wallet or hash. */
export function shortenAddress(address: string, chars = 4): string {
  if (address.length <= chars * 2 + 1) return address
  return `${address.slice(0, chars)}...${address.slice(-chars)}`
}

/** Counts abbreviate thousands as K and millions as M. */
export function formatCount(value: number): string {
  const abs = Math.abs(value)
  if (abs >= 1_000_000) return `${trimDecimal(value / 1_000_000)}M`
  if (abs >= 1_000) return `${trimDecimal(value / 1_000)}K`
  return String(value)
}

function trimDecimal(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '')
}

const usdFormatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

/** Money in USD with no decimals. */
export function formatUsd(value: number): string {
  return usdFormatter.format(value)
}

/** An API amount (thousandths of SOL) as SOL. */
export function amountToSol(amount: number): number {
  return amount / AMOUNT_UNITS_PER_SOL
}

export function solToAmount(sol: number): number {
  return Math.round(sol * AMOUNT_UNITS_PER_SOL)
}

/** The most decimals an amount of SOL has (1 lamport is 0.000000001 SOL). */
const LAMPORT_DECIMALS = 9
/** A small amount shows this many significant digits. */
const SMALL_AMOUNT_SIGNIFICANT_DIGITS = 2

/**
 * SOL as a number text with `decimals` decimals, or as many as an amount too small for them needs:
 * a non-zero amount never reads "0.00" (15,000 lamports is 0.000015, not 0.00).
 */
export function solText(sol: number, decimals = 2): string {
  const abs = Math.abs(sol)
  if (abs === 0 || abs >= 10 ** -decimals) return sol.toFixed(decimals)
  const leadingZeros = -Math.floor(Math.log10(abs)) - 1
  const digits = Math.min(LAMPORT_DECIMALS, leadingZeros + SMALL_AMOUNT_SIGNIFICANT_DIGITS)
  // Trailing zeros go, but never below the usual decimals (0.0050 reads 0.005).
  return sol.toFixed(digits).replace(new RegExp(`(\\.\\d{${decimals}}\\d*?)0+$`), '$1')
}

/** The one SOL formatter of the app: "{amount} SOL", small amounts with the digits they need. */
export function formatSol(sol: number, decimals = 2): string {
  return `${solText(sol, decimals)} SOL`
}

/**
 * Lamports (a string from the API, a bigint or a number) as SOL, exactly: every significant decimal
 * (a view earns 15,000 lamports, 0.000015 SOL) and at least `decimals` of them.
 */
export function formatLamports(lamports: string | bigint | number, decimals = 0): string {
  const value = BigInt(lamports)
  const negative = value < 0n
  const abs = negative ? -value : value
  const whole = abs / BigInt(LAMPORTS_PER_SOL)
  const fraction = (abs % BigInt(LAMPORTS_PER_SOL)).toString().padStart(LAMPORT_DECIMALS, '0').replace(/0+$/, '').padEnd(decimals, '0')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''} SOL`
}

/** A token share fraction shown x100 as a percent. */
export function formatTokenShare(fraction: number, decimals = 2): string {
  return `${(fraction * 100).toFixed(decimals)}%`
}

export function fundingPercentage(project: { currentFunding: number; fundingGoal: number }): number {
  if (project.fundingGoal <= 0) return 0
  return (project.currentFunding / project.fundingGoal) * 100
}

/** Whole percent, rounded down so that 99.6% never reads as 100%. */
export function formatPercentage(percentage: number): string {
  return String(Math.floor(percentage))
}

/** The progress bar never goes past 100%. */
export function fundingBarValue(project: { currentFunding: number; fundingGoal: number }): number {
  return Math.min(100, Math.max(0, fundingPercentage(project)))
}

/** Whole days until the deadline, never negative. */
export function daysLeft(deadline: string, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(deadline).getTime() - now) / MS_PER_DAY))
}

/** 'Funded' at 100% or more, otherwise the days left, or 'Funding ended' when none remain. */
export function fundingStatusLabel(
  project: { currentFunding: number; fundingGoal: number; deadline: string },
  now: number = Date.now(),
): string {
  if (fundingPercentage(project) >= 100) return 'Funded'
  const days = daysLeft(project.deadline, now)
  if (days === 0) return 'Funding ended'
  return `${days} ${days === 1 ? 'day' : 'days'} left`
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
