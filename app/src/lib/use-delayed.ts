// Computes a value only after a delay once its inputs are ready (the spec's 1500 ms recommendations
// and 800 ms achievements), and again whenever the inputs change.
import { useEffect, useState } from 'react'

export function useDelayedComputation<T>(compute: (() => T) | null, delayMs: number, deps: unknown[]): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined)
  useEffect(() => {
    setValue(undefined)
    if (!compute) return
    const timer = setTimeout(() => setValue(compute()), delayMs)
    return () => clearTimeout(timer)
    // `compute` is a new closure each render: the caller's deps say when its inputs changed.
  }, [delayMs, compute === null, ...deps])
  return value
}
