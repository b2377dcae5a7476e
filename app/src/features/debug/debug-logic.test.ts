import { describe, expect, it } from 'vitest'
import { makeProject } from '@/test/fixtures'
import { canClaimLicense, canInvest, debugFailure, debugSuccess, debugTokenShare, needsFunded, parseDebugAmount, resultTone } from './debug-logic'

describe('debug rules', () => {
  it('words results as the spec does and colours them by the word failed', () => {
    expect(debugSuccess.invest('abc')).toBe('Investment successful! Transaction: abc')
    expect(debugFailure('claimLicense', new Error('403: not yours'))).toBe('License claim failed: 403: not yours')
    expect(debugFailure('trackView', 'nonce expired')).toBe('View tracking failed: nonce expired')
    expect(debugSuccess.trackView('distributed')).toBe('View tracked successfully! Revenue distribution created.')
    // Every outcome of a tracked view is a success, drawn green.
    for (const outcome of ['distributed', 'settling', 'unpaid'] as const) expect(resultTone(debugSuccess.trackView(outcome))).toBe('success')
    expect(resultTone(debugFailure('claimRevenue', new Error('x')))).toBe('error')
  })

  it('enables each action for the right project state', () => {
    const funding = makeProject({ status: 'funding', currentFunding: 10, fundingGoal: 100 })
    const goalMet = makeProject({ status: 'funded', currentFunding: 100, fundingGoal: 100, fundsReleased: false })
    const licensed = makeProject({ status: 'funded', currentFunding: 100, fundingGoal: 100, fundsReleased: true })
    expect([funding, goalMet, licensed].map(canInvest)).toEqual([true, false, false])
    expect([funding, goalMet, licensed].map(canClaimLicense)).toEqual([false, true, false])
    expect([funding, goalMet, licensed].map(needsFunded)).toEqual([false, true, true])
  })

  it('reads the amount in thousandths and estimates amount/1000*10 as the token share', () => {
    expect(parseDebugAmount('')).toBeNull()
    expect(parseDebugAmount('0')).toBeNull()
    expect(parseDebugAmount('1000')).toBe(1000)
    expect(debugTokenShare(1000)).toBe(10)
  })
})
