// The portal's Revenue Distribution tab: the studio's films' on-chain distributions (Project,
// Revenue Generated, Distribution Date, Status, Transaction) and the split every distribution
// follows (publishers 40%, investors 57.5%, platform 2.5%, Solana fees 0%).
import { Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { DataTable } from '@/components/ui/data-table'
import { SummaryStat } from '@/components/ui/summary-stat'
import { REVENUE_SPLIT_PERCENT } from '@/constants'
import { formatDate, formatUsd } from '@/lib/format'
import type { PlatformDistribution, Project } from '@marquee/api-contract'
import { TransactionLink } from '@/features/chain/chain-ui'

/** The spec's link text in the Transaction column. */
const VIEW_TRANSACTION_LABEL = 'View on Solana'

const SPLIT_CARDS = [
  { label: 'Website Publishers', percent: REVENUE_SPLIT_PERCENT.publishers },
  { label: 'Content Investors', percent: REVENUE_SPLIT_PERCENT.investors },
  { label: 'Platform', percent: REVENUE_SPLIT_PERCENT.platform },
  { label: 'Solana Fees', percent: REVENUE_SPLIT_PERCENT.chainFees },
]

export function RevenueDistributionTab({
  projects,
  distributions,
  loading,
}: {
  projects: Project[]
  distributions: PlatformDistribution[]
  loading: boolean
}) {
  const titles = new Map(projects.map((project) => [project.id, project.title]))
  const own = distributions.filter((distribution) => titles.has(distribution.projectId))
  return (
    <Stack gap="4" pt="4">
      <Heading size="lg">Revenue distributions</Heading>
      {loading ? (
        <Skeleton h="32" />
      ) : own.length === 0 ? (
        <Text color="fg.muted">No revenue has been distributed for your films yet: it starts once a funded film is embedded and viewed.</Text>
      ) : (
        <DataTable
          rows={own}
          rowKey={(distribution) => distribution.id}
          columns={[
            { header: 'Project', cell: (distribution) => distribution.projectTitle || titles.get(distribution.projectId) },
            // Thousandths of SOL, which is USD at 1 SOL = 1000 USD.
            { header: 'Revenue Generated', end: true, cell: (distribution) => formatUsd(distribution.amount) },
            { header: 'Distribution Date', cell: (distribution) => formatDate(distribution.distributedAt) },
            { header: 'Status', cell: (distribution) => distribution.status },
            { header: 'Transaction', cell: (distribution) => <TransactionLink signature={distribution.txHash} label={VIEW_TRANSACTION_LABEL} /> },
          ]}
        />
      )}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        {SPLIT_CARDS.map((card) => (
          <SummaryStat key={card.label} label={card.label} value={`${card.percent}%`} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
