// A tooltip for the shell's always-visible controls: its machinery (zag's tooltip, popper and
// floating-ui, in tooltip.tsx) loads after the first paint, and until then the control draws without
// it. A tooltip opens only after a 700 ms hover, so nobody waits for it; the page draws sooner.
import { lazy, Suspense, type ReactNode } from 'react'

const Tooltip = lazy(() => import('./tooltip').then((module) => ({ default: module.Tooltip })))

export function DeferredTooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={children}>
      <Tooltip content={content}>{children}</Tooltip>
    </Suspense>
  )
}
