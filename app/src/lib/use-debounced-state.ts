// A state and a debounced copy of it. `set` changes the value at once and starts the delay from the
// call itself: called in an event handler, that is the keystroke, not the render that follows it (a
// debounced value fed from render would start its timer only once that render committed). The copy
// takes the value once no `set` has come for `delayMs`; `onSettle` runs with the value just before
// (e.g. to start a request before the render that follows). `setNow` changes both at once, for a
// value that does not come from typing.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLatest } from './use-latest'

export interface DebouncedState<T> {
  value: T
  debounced: T
  set(value: T): void
  setNow(value: T): void
}

export function useDebouncedState<T>(initial: T, delayMs: number, onSettle?: (value: T) => void): DebouncedState<T> {
  const [value, setValue] = useState(initial)
  const [debounced, setDebounced] = useState(initial)
  // The latest callback, read when the delay ends.
  const settle = useLatest(onSettle)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const set = useCallback(
    (next: T) => {
      setValue(next)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        settle.current?.(next)
        setDebounced(next)
      }, delayMs)
    },
    [delayMs, settle],
  )
  const setNow = useCallback((next: T) => {
    clearTimeout(timer.current)
    setValue(next)
    setDebounced(next)
  }, [])
  return { value, debounced, set, setNow }
}
