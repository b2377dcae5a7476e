// Tooltip: opens after 700 ms; within 300 ms of another tooltip closing it opens at once.
import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_WINDOW_MS } from '@/constants'

let lastClosedAt = Number.NEGATIVE_INFINITY

/** The open delay for a tooltip about to open: none inside the skip window. */
export function tooltipOpenDelay(now: number = Date.now()): number {
  return now - lastClosedAt < TOOLTIP_SKIP_WINDOW_MS ? 0 : TOOLTIP_OPEN_DELAY_MS
}

export function markTooltipClosed(now: number = Date.now()): void {
  lastClosedAt = now
}

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  const [openDelay, setOpenDelay] = useState(TOOLTIP_OPEN_DELAY_MS)
  return (
    <ChakraTooltip.Root
      openDelay={openDelay}
      closeDelay={0}
      onOpenChange={({ open }) => {
        if (!open) markTooltipClosed()
      }}
    >
      <ChakraTooltip.Trigger asChild onPointerEnter={() => setOpenDelay(tooltipOpenDelay())}>
        {children}
      </ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  )
}
