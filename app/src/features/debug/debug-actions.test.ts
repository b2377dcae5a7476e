import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MarqueeClient } from '@/features/chain/marquee-client'
import { installFakeApi } from '@/test/fake-api'
import { MIN_VIEW_WATCH_MS } from '@/constants'

// The player's minimum watch is waited out without the tests waiting it.
vi.mock('@/lib/format', async (original) => ({ ...(await original<typeof import('@/lib/format')>()), sleep: vi.fn(async () => {}) }))
// The suite's files share a worker's modules (vite.config.ts, isolate: false): a file run before this
// one (any that renders /debug) may have loaded debug-actions with the real sleep, which the mock
// then never reached (each test waited the 2 s, and one failed). So it is loaded afresh, under the mock.
vi.resetModules()
const { sleep } = await import('@/lib/format')
const { trackViewFromDebug } = await import('./debug-actions')

afterEach(() => vi.restoreAllMocks())

const RENT_REASON = "Waits until its views pay more than the distribution account's rent (1844400 lamports)"

/** The API of a demo chain on which the simulated view is counted; `settle` answers POST /api/demo/settle. */
function demoApi(settle: () => unknown, distributions: () => unknown[] = () => []) {
  return installFakeApi({
    'POST /api/views/demo-ticket': () => ({ campaign: 'Campaign1111', ticket: 'ticket' }),
    'POST /api/views': () => ({ counted: true }),
    'GET /api/revenue/distributions': distributions,
    'POST /api/demo/settle': settle,
  })
}

const client = { mode: 'demo', cluster: 'demo' } as unknown as MarqueeClient
const embed = { embedId: 'embed-7-1', websiteUrl: 'https://films.example' }

describe('Simulate View in demo mode', () => {
  it("says why the view's revenue is not distributed yet: the server's reason for the waiting views", async () => {
    const api = demoApi(() => ({ settled: [], failed: [], waiting: [{ projectId: 7, campaign: 'Campaign1111', views: 1, reason: RENT_REASON }] }))
    await expect(trackViewFromDebug(client, 7, embed)).rejects.toThrow(`the view was counted, no revenue distribution yet: ${RENT_REASON}`)
    expect(api.find('POST', '/api/demo/settle').length).toBe(3)
  })

  it('returns once the settlement created the distribution', async () => {
    let settled = false
    demoApi(
      () => {
        settled = true
        return { settled: [{ batchId: 1, projectId: 7, signature: 'sig' }], failed: [], waiting: [] }
      },
      () => (settled ? [{ id: 1 }] : []),
    )
    await expect(trackViewFromDebug(client, 7, embed)).resolves.toBe('distributed')
  })

  it('says the view is unpaid when the house ad played (no campaign), without settling', async () => {
    const api = installFakeApi({
      'POST /api/views/demo-ticket': () => ({ campaign: null, ticket: 'ticket' }),
        'POST /api/views': () => ({ counted: true }),
      'GET /api/revenue/distributions': () => [],
      'POST /api/demo/settle': () => ({ settled: [], failed: [], waiting: [] }),
    })
    await expect(trackViewFromDebug(client, 7, embed)).resolves.toBe('unpaid')
    expect(api.find('POST', '/api/demo/settle')).toHaveLength(0)
  })

  it("reports the view with the ad's ticket once the player's minimum watch has passed", async () => {
    const api = demoApi(() => ({ settled: [], failed: [], waiting: [] }))
    await trackViewFromDebug(client, 7, embed).catch(() => undefined)
    expect(sleep).toHaveBeenCalledWith(MIN_VIEW_WATCH_MS)
    expect(api.find('POST', '/api/views')[0].body).toMatchObject({ projectId: 7, embedId: 'embed-7-1', ticket: 'ticket' })
  })

  it('on a cluster, says where views count when the server issued no ad ticket (no embedding page), and reports no view', async () => {
    const api = installFakeApi({ 'GET /player/7/ads/pre-roll': () => ({ campaign: 'Campaign1111', ticket: null }), 'GET /api/revenue/distributions': () => [] })
    const onChain = { mode: 'onchain', cluster: 'devnet' } as unknown as MarqueeClient
    await expect(trackViewFromDebug(onChain, 7, embed)).rejects.toThrow('views count only from the player embedded on https://films.example: play it there')
    expect(api.find('POST', '/api/views')).toHaveLength(0)
  })
})
