// A value that follows its input once the input has stopped changing for `delayMs`. `onSettle` runs
// with the new value just before it is taken (e.g. to start a request before the render that follows).
import { useEffect, useRef, useState } from 'react'

export function useDebouncedValue<T>(value: T, delayMs: number, onSettle?: (value: T) => void): T {
  const [debounced, setDebounced] = useState(value)
  // The latest callback, without restarting the delay when the caller passes a new function.
  const settle = useRef(onSettle)
  settle.current = onSettle
  useEffect(() => {
    const timer = setTimeout(() => {
      settle.current?.(value)
      setDebounced(value)
    }, delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}
