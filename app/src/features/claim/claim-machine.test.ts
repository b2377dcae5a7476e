import { describe, expect, it } from 'vitest'
import { claimAmountText, claimProgressText, claimReducer, initialClaimState, isClaimDisabled, type ClaimState } from './claim-machine'

const ticks = (state: ClaimState, count: number) => Array.from({ length: count }).reduce<ClaimState>((s) => claimReducer(s, { type: 'tick' }), state)

describe('claim state machine', () => {
  it('rises 5 points per tick and holds at 95 until the transaction is confirmed', () => {
    const started = claimReducer(initialClaimState, { type: 'start' })
    expect(started).toMatchObject({ phase: 'inProgress', progress: 0 })
    expect(ticks(started, 1).progress).toBe(5)
    const waiting = ticks(started, 40)
    expect(waiting).toMatchObject({ phase: 'inProgress', progress: 95 })
    const confirmed = claimReducer(waiting, { type: 'confirmed', txHash: 'sig', amount: 1250 })
    const done = ticks(confirmed, 1)
    expect(done).toMatchObject({ phase: 'success', progress: 100, txHash: 'sig', claimedAmount: 1250 })
  })

  it('reaches success at 100 after 20 ticks when confirmed early', () => {
    let state = claimReducer(initialClaimState, { type: 'start' })
    state = claimReducer(state, { type: 'confirmed', txHash: 'sig', amount: 50 })
    expect(ticks(state, 19)).toMatchObject({ phase: 'inProgress', progress: 95 })
    expect(ticks(state, 20)).toMatchObject({ phase: 'success', progress: 100 })
  })

  it('resets progress to 0 on failure', () => {
    const state = ticks(claimReducer(initialClaimState, { type: 'start' }), 7)
    expect(state.progress).toBe(35)
    expect(claimReducer(state, { type: 'failed' })).toEqual(initialClaimState)
  })

  it('ignores ticks and confirmations outside a claim', () => {
    expect(claimReducer(initialClaimState, { type: 'tick' })).toBe(initialClaimState)
    expect(claimReducer(initialClaimState, { type: 'confirmed', txHash: 'x', amount: 1 })).toBe(initialClaimState)
  })

  it("says 'Preparing transaction...' below 50 and 'Confirming on blockchain...' from 50", () => {
    expect(claimProgressText(0)).toBe('Preparing transaction...')
    expect(claimProgressText(45)).toBe('Preparing transaction...')
    expect(claimProgressText(50)).toBe('Confirming on blockchain...')
    expect(claimProgressText(95)).toBe('Confirming on blockchain...')
  })

  it('disables the claim without wallet, data or a positive total', () => {
    expect(isClaimDisabled(true, 1500, 'idle')).toBe(false)
    expect(isClaimDisabled(false, 1500, 'idle')).toBe(true)
    expect(isClaimDisabled(true, undefined, 'idle')).toBe(true)
    expect(isClaimDisabled(true, 0, 'idle')).toBe(true)
    expect(isClaimDisabled(true, 1500, 'inProgress')).toBe(true)
  })

  it('shows total/1000 with 2 decimals', () => {
    expect(claimAmountText(1234)).toBe('1.23')
    expect(claimAmountText(50)).toBe('0.05')
    // One view's 15,000 lamports never reads as 0.00.
    expect(claimAmountText(0.015)).toBe('0.000015')
  })
})
