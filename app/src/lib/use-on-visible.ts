// Calls `onVisible` when the element comes within `marginPx` of the viewport (infinite scrolling).
// `generation` re-arms the observer: a fresh observe() reports the current state, so a sentinel that
// is still on screen after a page arrived asks for the next one too.
import { useEffect, useRef } from 'react'
import { useLatest } from './use-latest'

export function useOnVisible<T extends Element>(onVisible: () => void, options: { marginPx: number; enabled: boolean; generation: number }) {
  const ref = useRef<T>(null)
  const callback = useLatest(onVisible)
  const { marginPx, enabled, generation } = options
  useEffect(() => {
    const element = ref.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current()
    }, { rootMargin: `${marginPx}px 0px` })
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled, marginPx, generation, callback])
  return ref
}
