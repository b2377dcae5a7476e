// The debug page's Revenue tab: the wallet's unclaimed total and its distributions.
import { Stack, Text } from '@chakra-ui/react'
import { DataTable } from '@/components/ui/data-table'
import { amountToSol, formatSol } from '@/lib/format'
import { useUnclaimedRevenue } from '@/features/revenue/revenue-data-access'
import { NeedsWallet } from './debug-ui'

export function RevenueTab() {
  const unclaimed = useUnclaimedRevenue()
  return (
    <NeedsWallet error={unclaimed.error}>
      <Stack gap="3">
        <Text>Unclaimed: {formatSol(amountToSol(unclaimed.data?.total ?? 0), 3)}</Text>
        <DataTable
          scroll={false}
          rows={unclaimed.data?.distributions ?? []}
          rowKey={(distribution) => distribution.id}
          columns={[
            { header: 'Distribution', cell: (distribution) => distribution.id },
            { header: 'Project', cell: (distribution) => distribution.projectTitle ?? `#${distribution.projectId}` },
            { header: 'Amount', end: true, cell: (distribution) => formatSol(amountToSol(distribution.amount), 3) },
          ]}
        />
      </Stack>
    </NeedsWallet>
  )
}
