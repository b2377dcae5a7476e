// Invest dialog rules: the wallet must be connected, the amount must parse as a number above 0,
// and it must be one the program accepts (at least the 0.05 SOL minimum unless it completes the
// goal, at most what is left), checked before anything is sent; token share
// estimate to 4 decimals, gas 0.002 SOL.
import { ESTIMATED_GAS_FEE_SOL, MIN_INVESTMENT_SOL, USD_PER_SOL } from '@/constants'
import { tokenShareFor } from '@/features/chain/marquee-client'
import { failureToast } from '@/lib/failure-toast'

export const WALLET_NOT_CONNECTED_TOAST = failureToast('Wallet not connected', 'Please connect your wallet to invest in this project.')

export const INVALID_AMOUNT_TOAST = failureToast('Invalid amount', 'Please enter a valid investment amount.')

export const INVESTMENT_FAILED_TOAST = failureToast('Investment failed', 'There was an error processing your investment. Please try again.')

export function investmentSuccessToast(amountSol: number, title: string) {
  return { title: 'Investment successful', description: `You've successfully invested ${amountSol} SOL in ${title}.` }
}

export type InvestValidation =
  | { ok: true; amountSol: number }
  | { ok: false; toast: typeof WALLET_NOT_CONNECTED_TOAST | typeof INVALID_AMOUNT_TOAST }

/** Parses a whole decimal number; "1abc", "" and "0x10" are not amounts. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim()
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return null
  return Number(trimmed)
}

export function validateInvestment(walletConnected: boolean, amountText: string): InvestValidation {
  if (!walletConnected) return { ok: false, toast: WALLET_NOT_CONNECTED_TOAST }
  const amount = parseAmount(amountText)
  if (amount === null || !(amount > 0)) return { ok: false, toast: INVALID_AMOUNT_TOAST }
  return { ok: true, amountSol: amount }
}

/** SOL still needed to reach the goal (USD at 1 SOL = 1000 USD), never negative. */
export function remainingToGoalSol(project: { fundingGoal: number; currentFunding: number }): number {
  return Math.max(0, (project.fundingGoal - project.currentFunding) / USD_PER_SOL)
}

/** Amounts closer than this (SOL) are the same: goals are in USD, so the remaining SOL is a float. */
const SOL_TOLERANCE = 1e-9

/**
 * Why the program would refuse this amount (invest.rs: InvestmentExceedsGoal, InvestmentBelowMinimum),
 * as the dialog says it inline; null when it can be sent. The deadline is the chain's to judge (the
 * demo's clock can be moved), so a late investment is refused by the program and its toast says why.
 */
export function investmentAmountProblem(amountSol: number, project: { fundingGoal: number; currentFunding: number }): string | null {
  const remaining = remainingToGoalSol(project)
  if (remaining <= SOL_TOLERANCE) return 'This film has reached its funding goal and no longer accepts investments.'
  if (amountSol > remaining + SOL_TOLERANCE) return `Only ${remaining} SOL is left to the funding goal: invest at most ${remaining} SOL.`
  const completesGoal = Math.abs(amountSol - remaining) <= SOL_TOLERANCE
  if (amountSol < MIN_INVESTMENT_SOL - SOL_TOLERANCE && !completesGoal) {
    const rest = remaining < MIN_INVESTMENT_SOL ? ` (or exactly the remaining ${remaining} SOL)` : ''
    return `The minimum investment is ${MIN_INVESTMENT_SOL} SOL${rest}.`
  }
  return null
}

/** The estimate panel: token share x100 as a percent to 4 decimals, and the gas fee. */
export function investmentEstimate(amountText: string, fundingGoalUsd: number) {
  const amount = parseAmount(amountText)
  const share = amount === null ? 0 : tokenShareFor(amount, fundingGoalUsd)
  return {
    tokenShareText: `${(share * 100).toFixed(4)}%`,
    gasFeeText: `${ESTIMATED_GAS_FEE_SOL} SOL`,
  }
}
