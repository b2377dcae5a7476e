// A claim is offered only for a positive amount, whatever unit the figure comes in.
import { describe, expect, it } from 'vitest'
import { isClaimable } from './claimable'

describe('isClaimable', () => {
  it('is true only for more than nothing', () => {
    expect(isClaimable('15000')).toBe(true)
    expect(isClaimable(1n)).toBe(true)
    expect(isClaimable(0.015)).toBe(true)
    for (const nothing of ['0', 0n, 0, -1, Number.NaN, null, undefined]) expect(isClaimable(nothing)).toBe(false)
  })
})
