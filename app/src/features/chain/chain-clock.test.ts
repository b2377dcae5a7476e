import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { advanceDemoClock, chainClockAheadMs, chainNowMs, recordChainNow } from './chain-clock'

afterEach(() => vi.unstubAllGlobals())

describe('chain clock', () => {
  it('follows the wall clock until a demo chain reports a later time, per cluster', () => {
    const wall = Date.parse('2026-03-01T00:00:00Z')
    expect(chainNowMs('demo', window.localStorage, wall)).toBe(wall)
    recordChainNow('demo', '2026-03-09T00:00:00.000Z', window.localStorage, wall)
    expect(chainClockAheadMs('demo')).toBe(8 * 86_400_000)
    expect(chainNowMs('demo', window.localStorage, wall + 1000)).toBe(Date.parse('2026-03-09T00:00:01Z'))
    expect(chainNowMs('devnet', window.localStorage, wall)).toBe(wall)
    // Unix seconds too; a time behind the wall clock is no offset.
    recordChainNow('demo', wall / 1000 - 60, window.localStorage, wall)
    expect(chainClockAheadMs('demo')).toBe(0)
  })

  it('advances the demo clock with POST /api/demo/clock/advance and remembers the answer', async () => {
    const now = new Date(Date.now() + 8 * 86_400_000).toISOString()
    const api = installFakeApi({ 'POST /api/demo/clock/advance': () => ({ now }) })
    await advanceDemoClock('demo', 691_200)
    expect(api.find('POST', '/api/demo/clock/advance')[0]).toMatchObject({ cluster: 'demo', body: { seconds: 691_200 } })
    expect(chainClockAheadMs('demo')).toBeGreaterThan(8 * 86_400_000 - 60_000)
  })
})
