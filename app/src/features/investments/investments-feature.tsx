// My Investments (/investments): totals, portfolio (one position per project, linking to it) and the
// investment history, all from the indexed chain.
import { Badge, Button, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router-dom'
import { DataTable } from '@/components/ui/data-table'
import { ErrorAlert } from '@/components/ui/error-alert'
import { SummaryStat } from '@/components/ui/summary-stat'
import { amountToSol, formatDateTime, formatSol, formatTokenShare, formatUsd } from '@/lib/format'
import { USD_PER_SOL } from '@/constants'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { TransactionLink } from '@/features/chain/chain-ui'
import { FundingProgress } from '@/features/projects/projects-ui'
import { portfolioPositions, totalInvestedSol, useUserInvestments } from './investments-data-access'

export default function InvestmentsFeature() {
  return (
    <WalletGate explanation="Connect your Solana wallet to see the films you have invested in, your token shares and your investment history.">
      <Investments />
    </WalletGate>
  )
}

function Investments() {
  const investments = useUserInvestments()
  if (investments.isPending) return <Skeleton h="64" />
  if (investments.isError)
    return (
      <ErrorAlert error={investments.error} onRetry={investments.refetch} />
    )
  const list = investments.data
  if (list.length === 0)
    return (
      <Card.Root maxW="lg" mx="auto">
        <Card.Body alignItems="center" textAlign="center" gap="3" py="10">
          <Heading size="md">No investments yet</Heading>
          <Text color="fg.muted">Browse the marketplace and back your first film.</Text>
          <Button asChild colorPalette="purple">
            <RouterLink to="/marketplace">Explore Marketplace</RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    )
  const positions = portfolioPositions(list)
  const totalSol = totalInvestedSol(list)
  return (
    <Stack gap="6">
      <Heading size="2xl">My Investments</Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryStat label="Total invested" value={formatSol(totalSol, 3)} hint={formatUsd(totalSol * USD_PER_SOL)} />
        <SummaryStat label="Projects" value={String(positions.length)} />
        <SummaryStat label="Investments" value={String(list.length)} />
      </SimpleGrid>
      <Stack gap="3">
        <Heading size="lg">Portfolio</Heading>
        {positions.map((position) => (
          <Card.Root key={position.projectId} asChild _hover={{ borderColor: 'purple.500' }}>
            <RouterLink to={`/project/${position.projectId}`}>
              <Card.Body gap="2">
                <HStack justify="space-between" wrap="wrap">
                  <Text fontWeight="semibold">{position.project?.title ?? `Project #${position.projectId}`}</Text>
                  <Text>{formatSol(position.amountSol, 3)}</Text>
                </HStack>
                <HStack justify="space-between" fontSize="sm" color="fg.muted" wrap="wrap">
                  <Text>Token share {formatTokenShare(position.tokenShare)}</Text>
                  {position.refunded ? (
                    <Badge colorPalette="orange">Refunded</Badge>
                  ) : (
                    <Text>{position.project?.status === 'funded' ? 'Funded' : position.project?.status ?? ''}</Text>
                  )}
                </HStack>
                {position.project && <FundingProgress project={position.project} size="xs" />}
              </Card.Body>
            </RouterLink>
          </Card.Root>
        ))}
      </Stack>
      <Stack gap="3">
        <Heading size="lg">Investment history</Heading>
        <DataTable
          rows={[...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))}
          rowKey={(investment) => investment.id}
          columns={[
            { header: 'Date', cell: (investment) => formatDateTime(investment.createdAt) },
            { header: 'Project', cell: (investment) => investment.project?.title ?? `Project #${investment.projectId}` },
            {
              header: 'Amount',
              end: true,
              cell: (investment) => (
                <>
                  {amountToSol(investment.amount)} SOL{' '}
                  {investment.refunded && (
                    <Badge colorPalette="orange" size="sm">
                      Refunded
                    </Badge>
                  )}
                </>
              ),
            },
            { header: 'Token share', end: true, cell: (investment) => formatTokenShare(investment.tokenShare) },
            { header: 'Transaction', cell: (investment) => <TransactionLink signature={investment.txHash} /> },
          ]}
        />
      </Stack>
    </Stack>
  )
}
