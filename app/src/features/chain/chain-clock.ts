// The chain's "now" as the app knows it. Devnet's clock follows the wall clock; the demo chain's
// can be moved forward (POST /api/demo/clock/advance, the debug page), and then runs ahead of this
// browser's: the answer's `now` is remembered, per cluster, as how far ahead it is, so screens that
// compare with chain time (a campaign's close) use the chain's.
import { apiPost } from '@/lib/api'
import type { Cluster } from '@/lib/api'

const storageKey = (cluster: Cluster) => `marqueeChainClockAheadMs:${cluster}`

export function chainClockAheadMs(cluster: Cluster, storage: Storage = window.localStorage): number {
  const ahead = Number(storage.getItem(storageKey(cluster)))
  return Number.isFinite(ahead) && ahead > 0 ? ahead : 0
}

export function chainNowMs(cluster: Cluster, storage: Storage = window.localStorage, wallNow: number = Date.now()): number {
  return wallNow + chainClockAheadMs(cluster, storage)
}

/** Remembers the chain's time an answer reported (ISO 8601 or unix seconds). */
export function recordChainNow(cluster: Cluster, now: string | number, storage: Storage = window.localStorage, wallNow: number = Date.now()) {
  const chainMs = typeof now === 'number' ? now * 1000 : Date.parse(now)
  if (Number.isFinite(chainMs)) storage.setItem(storageKey(cluster), String(Math.max(0, chainMs - wallNow)))
}

/** Moves the demo chain's clock forward (a demo chain only) and remembers where it is now. */
export async function advanceDemoClock(cluster: Cluster, seconds: number): Promise<{ now: string | number }> {
  const answer = await apiPost<{ now: string | number }>('/api/demo/clock/advance', cluster, { seconds })
  recordChainNow(cluster, answer.now)
  return answer
}
