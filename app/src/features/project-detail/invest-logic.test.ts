import { describe, expect, it } from 'vitest'
import { remainingToGoalSol, INVALID_AMOUNT_TOAST, WALLET_NOT_CONNECTED_TOAST, investmentEstimate, investmentSuccessToast, validateInvestment, investmentAmountProblem } from './invest-logic'

describe('validateInvestment', () => {
  it('needs a connected wallet before anything else', () => {
    expect(validateInvestment(false, '1')).toEqual({ ok: false, toast: WALLET_NOT_CONNECTED_TOAST })
    expect(WALLET_NOT_CONNECTED_TOAST.title + ': ' + WALLET_NOT_CONNECTED_TOAST.description).toBe(
      'Wallet not connected: Please connect your wallet to invest in this project.',
    )
  })

  it.each(['', '0', '-1', 'abc', '1abc', '0.0'])('rejects %j as an amount', (text) => {
    expect(validateInvestment(true, text)).toEqual({ ok: false, toast: INVALID_AMOUNT_TOAST })
  })

  it('only checks > 0: the 0.05 minimum is a hint', () => {
    expect(validateInvestment(true, '0.01')).toEqual({ ok: true, amountSol: 0.01 })
    expect(validateInvestment(true, ' 2.5 ')).toEqual({ ok: true, amountSol: 2.5 })
    expect(INVALID_AMOUNT_TOAST.title + ': ' + INVALID_AMOUNT_TOAST.description).toBe(
      'Invalid amount: Please enter a valid investment amount.',
    )
  })
})

describe('investmentEstimate', () => {
  it('computes token share = SOL / (fundingGoal / 1000), x100 to 4 decimals', () => {
    // 0.05 SOL of a $50,000 goal (50 SOL) = 0.001 = 0.1000%
    expect(investmentEstimate('0.05', 50_000).tokenShareText).toBe('0.1000%')
    // 1 SOL of a $30,000 goal = 1/30 = 3.3333%
    expect(investmentEstimate('1', 30_000).tokenShareText).toBe('3.3333%')
    expect(investmentEstimate('x', 30_000).tokenShareText).toBe('0.0000%')
  })
  it('states the 0.002 SOL gas fee', () => {
    expect(investmentEstimate('1', 1000).gasFeeText).toBe('0.002 SOL')
  })
  it('words the success toast as the spec does', () => {
    const toast = investmentSuccessToast(0.05, 'Dune Runner')
    expect(`${toast.title}: ${toast.description}`).toBe("Investment successful: You've successfully invested 0.05 SOL in Dune Runner.")
  })
})

describe('remainingToGoalSol', () => {
  it('is the unfunded part of the goal in SOL, never negative', () => {
    expect(remainingToGoalSol({ fundingGoal: 40_000, currentFunding: 37_600 })).toBe(2.4)
    expect(remainingToGoalSol({ fundingGoal: 40_000, currentFunding: 41_000 })).toBe(0)
  })
})

describe('investmentAmountProblem', () => {
  const project = { fundingGoal: 50_000, currentFunding: 10_000 }

  it('accepts the minimum up to what is left', () => {
    expect(investmentAmountProblem(0.05, project)).toBeNull()
    expect(investmentAmountProblem(40, project)).toBeNull()
  })

  it('names the minimum, what is left and a reached goal', () => {
    expect(investmentAmountProblem(0.01, project)).toBe('The minimum investment is 0.05 SOL.')
    expect(investmentAmountProblem(40.5, project)).toBe('Only 40 SOL is left to the funding goal: invest at most 40 SOL.')
    expect(investmentAmountProblem(1, { ...project, currentFunding: 50_000 })).toMatch(/reached its funding goal/)
  })

  it('lets the last investor complete a goal below the minimum', () => {
    const almost = { ...project, currentFunding: 49_980 }
    expect(investmentAmountProblem(0.02, almost)).toBeNull()
    expect(investmentAmountProblem(0.01, almost)).toBe('The minimum investment is 0.05 SOL (or exactly the remaining 0.02 SOL).')
  })
})
