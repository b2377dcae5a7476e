// Computes a value only after a delay once its inputs are ready (the spec's 1500 ms recommendations
// and 800 ms achievements), and again whenever the inputs change.
import { useEffect, useState } from 'react'
import { useLatest } from './use-latest'

/**
 * `compute` is null while the inputs are not ready; `inputsKey` names the inputs (`compute` is a new
 * closure each render), so a value computed from other inputs is never returned.
 */
export function useDelayedComputation<T>(compute: (() => T) | null, delayMs: number, inputsKey: string): T | undefined {
  const [result, setResult] = useState<{ inputsKey: string; value: T } | undefined>(undefined)
  const latest = useLatest(compute)
  const ready = compute !== null
  useEffect(() => {
    const run = latest.current
    if (!run) return
    const timer = setTimeout(() => setResult({ inputsKey, value: run() }), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs, ready, inputsKey, latest])
  return ready && result?.inputsKey === inputsKey ? result.value : undefined
}
