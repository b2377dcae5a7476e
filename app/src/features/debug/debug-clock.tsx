// The debug page's demo clock: moves the demo chain's time forward (a demo chain only).
import { Button, HStack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { readableError } from '@/components/ui/error-alert'
import { notify } from '@/components/ui/toaster'
import { DEBUG_CLOCK_ADVANCE_DAYS, MS_PER_DAY } from '@/constants'
import { advanceDemoClock } from '@/features/chain/chain-clock'
import { useMode } from '@/features/mode/mode-data-access'
import { formatDateTime } from '@/lib/format'

/**
 * The demo chain's clock moved forward (a demo chain only, like a local validator's warp), so a
 * campaign's end and its settlement grace can pass in a demo. Everything the chain dates from now
 * on is that far ahead.
 */
export function DemoClock() {
  const { mode, cluster } = useMode()
  const queryClient = useQueryClient()
  const [advancing, setAdvancing] = useState(false)
  if (mode !== 'demo') return null
  const advance = async () => {
    setAdvancing(true)
    try {
      const { now } = await advanceDemoClock(cluster, (DEBUG_CLOCK_ADVANCE_DAYS * MS_PER_DAY) / 1000)
      notify({ title: 'Chain clock advanced', description: `The demo chain's time is now ${formatDateTime(typeof now === 'number' ? new Date(now * 1000).toISOString() : now)}.` })
      await queryClient.invalidateQueries()
    } catch (error) {
      notify({ title: 'Clock advance failed', description: error instanceof Error ? readableError(error) : String(error), variant: 'destructive' })
    } finally {
      setAdvancing(false)
    }
  }
  return (
    <HStack>
      <Button size="sm" variant="outline" onClick={() => void advance()} loading={advancing}>
        Advance Chain Clock {DEBUG_CLOCK_ADVANCE_DAYS} Days
      </Button>
      <Text fontSize="sm" color="fg.muted">
        Demo chain only: lets a campaign's end and its settlement grace pass. The clock and settlement are everybody's, so only the
        platform admin's wallet may move them (at most 400 days ahead in all).
      </Text>
    </HStack>
  )
}
