// Invest dialog rules: the wallet must be connected, the amount must parse as a number
// above 0 (the 0.05 SOL minimum is a hint only), token share estimate to 4 decimals, gas 0.002 SOL.
import { ESTIMATED_GAS_FEE_SOL, USD_PER_SOL } from '@/constants'
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

/** The estimate panel: token share x100 as a percent to 4 decimals, and the gas fee. */
export function investmentEstimate(amountText: string, fundingGoalUsd: number) {
  const amount = parseAmount(amountText)
  const share = amount === null ? 0 : tokenShareFor(amount, fundingGoalUsd)
  return {
    tokenShareText: `${(share * 100).toFixed(4)}%`,
    gasFeeText: `${ESTIMATED_GAS_FEE_SOL} SOL`,
  }
}
