import { describe, expect, it } from 'vitest'
import { checkoutPath, isPayDisabled, parseCheckout, payButtonLabel } from './checkout-logic'

const parse = (query: string) => parseCheckout(new URLSearchParams(query))

describe('parseCheckout', () => {
  it('reads amount, projectId and title', () => {
    expect(parse('amount=0.5&projectId=3&title=Night%20Train')).toEqual({ amount: 0.5, projectId: 3, title: 'Night Train' })
  })
  it.each(['projectId=3', 'amount=1', 'amount=0&projectId=3', 'amount=1&projectId=0', 'amount=abc&projectId=3', 'amount=1&projectId=x'])(
    'is invalid for %s',
    (query) => expect(parse(query)).toBeNull(),
  )
  it('round-trips through checkoutPath', () => {
    const path = checkoutPath({ amount: 0.05, projectId: 7, title: 'A & B' })
    expect(parse(path.split('?')[1])).toEqual({ amount: 0.05, projectId: 7, title: 'A & B' })
  })
})

describe('Pay button', () => {
  it("reads 'Pay {amount} SOL'", () => expect(payButtonLabel(0.25)).toBe('Pay 0.25 SOL'))
  it('is enabled only when idle with a wallet', () => {
    expect(isPayDisabled('idle', true)).toBe(false)
    expect(isPayDisabled('idle', false)).toBe(true)
    expect(isPayDisabled('processing', true)).toBe(true)
    expect(isPayDisabled('success', true)).toBe(true)
  })
})
