// A ref that always holds the latest committed value: for callbacks that timers, observers and
// promises call later, which must see the newest props without re-arming on every render.
import { useLayoutEffect, useRef } from 'react'

export function useLatest<T>(value: T) {
  const ref = useRef(value)
  useLayoutEffect(() => {
    ref.current = value
  })
  return ref
}
