// The claim screen's state machine: idle → in progress → success, or back to idle with
// progress 0 on failure. Progress rises 5 points per 150 ms tick; since the claim is a real
// transaction, it holds below 100 until the transaction is confirmed, and success comes at 100.
import { CLAIM_PROGRESS_CONFIRMING_FROM, CLAIM_PROGRESS_STEP } from '@/constants'
import { failureToast } from '@/lib/failure-toast'
import { amountToSol, solText } from '@/lib/format'

export type ClaimPhase = 'idle' | 'inProgress' | 'success'

export interface ClaimState {
  phase: ClaimPhase
  progress: number
  txHash: string | null
  /** Thousandths of SOL actually claimed. */
  claimedAmount: number | null
}

export type ClaimAction = { type: 'start' } | { type: 'tick' } | { type: 'confirmed'; txHash: string; amount: number } | { type: 'failed' }

/** The highest progress shown while the transaction is not confirmed yet. */
export const UNCONFIRMED_PROGRESS_CAP = 100 - CLAIM_PROGRESS_STEP

export const initialClaimState: ClaimState = { phase: 'idle', progress: 0, txHash: null, claimedAmount: null }

export function claimReducer(state: ClaimState, action: ClaimAction): ClaimState {
  switch (action.type) {
    case 'start':
      return state.phase === 'idle' ? { ...initialClaimState, phase: 'inProgress' } : state
    case 'tick': {
      if (state.phase !== 'inProgress') return state
      const cap = state.txHash ? 100 : UNCONFIRMED_PROGRESS_CAP
      const progress = Math.min(cap, state.progress + CLAIM_PROGRESS_STEP)
      return { ...state, progress, phase: progress >= 100 ? 'success' : 'inProgress' }
    }
    case 'confirmed':
      return state.phase === 'inProgress' ? { ...state, txHash: action.txHash, claimedAmount: action.amount } : state
    case 'failed':
      return initialClaimState
  }
}

export function claimProgressText(progress: number): string {
  return progress < CLAIM_PROGRESS_CONFIRMING_FROM ? 'Preparing transaction...' : 'Confirming on blockchain...'
}

/** 'Claim {x} SOL' is disabled without a wallet, without data, or when the total is 0 or less. */
export function isClaimDisabled(walletConnected: boolean, total: number | undefined, phase: ClaimPhase): boolean {
  return !walletConnected || total === undefined || total <= 0 || phase !== 'idle'
}

/** total is in thousandths of SOL; the screen shows it as SOL with 2 decimals, or the digits a smaller amount needs. */
export function claimAmountText(total: number): string {
  return solText(amountToSol(total))
}

export const NO_REVENUE_TOAST = failureToast('No revenue to claim', "You don't have any unclaimed revenue at this time.")

export const CLAIM_FAILED_TOAST = failureToast('Claim Failed', 'There was an error processing your claim. Please try again.')

export function revenueClaimedToast(amountText: string) {
  return { title: 'Revenue Claimed!', description: `${amountText} SOL has been sent to your wallet` }
}
