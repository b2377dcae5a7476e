import { describe, expect, it } from 'vitest'
import { daysLeft, formatCount, formatUsd, fundingBarValue, fundingStatusLabel, shortenAddress, formatSol, formatLamports } from './format'

const NOW = Date.parse('2026-01-01T00:00:00Z')
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString()

describe('formatCount', () => {
  it('abbreviates thousands as K and millions as M', () => {
    expect(formatCount(999)).toBe('999')
    expect(formatCount(1000)).toBe('1K')
    expect(formatCount(1500)).toBe('1.5K')
    expect(formatCount(250_000)).toBe('250K')
    expect(formatCount(1_000_000)).toBe('1M')
    expect(formatCount(2_340_000)).toBe('2.3M')
  })
})

describe('fundingStatusLabel', () => {
  it("is 'Funded' at 100% or more whatever the deadline", () => {
    expect(fundingStatusLabel({ currentFunding: 100, fundingGoal: 100, deadline: inDays(-3) }, NOW)).toBe('Funded')
    expect(fundingStatusLabel({ currentFunding: 150, fundingGoal: 100, deadline: inDays(5) }, NOW)).toBe('Funded')
  })
  it('shows the days left under the goal', () => {
    expect(fundingStatusLabel({ currentFunding: 10, fundingGoal: 100, deadline: inDays(12) }, NOW)).toBe('12 days left')
    expect(fundingStatusLabel({ currentFunding: 10, fundingGoal: 100, deadline: inDays(0.5) }, NOW)).toBe('1 day left')
  })
  it("is 'Funding ended' when no day remains", () => {
    expect(fundingStatusLabel({ currentFunding: 99, fundingGoal: 100, deadline: inDays(-1) }, NOW)).toBe('Funding ended')
  })
})

describe('funding bar and days', () => {
  it('caps the bar at 100%', () => {
    expect(fundingBarValue({ currentFunding: 250, fundingGoal: 100 })).toBe(100)
    expect(fundingBarValue({ currentFunding: 25, fundingGoal: 100 })).toBe(25)
  })
  it('never counts negative days', () => {
    expect(daysLeft(inDays(-10), NOW)).toBe(0)
    expect(daysLeft(inDays(3), NOW)).toBe(3)
  })
})

describe('shortenAddress and USD', () => {
  it('keeps the first 4 and last 4 characters', () => {
    expect(shortenAddress('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')).toBe('7xKX...gAsU')
  })
  it('formats USD without decimals', () => {
    expect(formatUsd(1234.56)).toBe('$1,235')
  })
})

describe('formatSol', () => {
  it('shows the usual decimals for amounts that have them', () => {
    expect(formatSol(1.5)).toBe('1.50 SOL')
    expect(formatSol(0.05)).toBe('0.05 SOL')
    expect(formatSol(0)).toBe('0.00 SOL')
    expect(formatSol(2.5, 3)).toBe('2.500 SOL')
  })

  it('never reads 0.00 for a non-zero amount: small amounts keep the digits they need', () => {
    expect(formatSol(0.000015)).toBe('0.000015 SOL')
    expect(formatSol(0.005)).toBe('0.005 SOL')
    expect(formatSol(0.0000153)).toBe('0.000015 SOL')
    expect(formatSol(0.0005, 3)).toBe('0.0005 SOL')
    expect(formatSol(-0.000015)).toBe('-0.000015 SOL')
    expect(formatSol(0.000000001)).toBe('0.000000001 SOL')
  })

  it('reads lamports through the same formatter', () => {
    expect(formatLamports('15000')).toBe('0.000015 SOL')
    expect(formatLamports(1_998_000_000n)).toBe('1.998 SOL')
    expect(formatLamports(1_500_000_000n, 2)).toBe('1.50 SOL')
    expect(formatLamports(0, 2)).toBe('0.00 SOL')
  })
})
