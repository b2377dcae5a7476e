// The revenue page's investor screen: the wallet's earned, claimable and growth figures, its revenue
// over time and by project, recent transactions, the test-revenue action and the claim dialog.
import { Badge, Button, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { LuCoins, LuFlaskConical, LuListChecks } from 'react-icons/lu'
import { useNavigate } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import { notify, notifyFailure } from '@/components/ui/toaster'
import { amountToSol, formatDateTime, formatSol } from '@/lib/format'
import type { RevenueTransaction } from '@marquee/api-contract'
import { TransactionLink } from '@/features/chain/chain-ui'
import { SummaryStat } from '@/components/ui/summary-stat'
import { SectionCard } from '@/components/ui/section-card'
import { ClaimDialog } from './claim-dialog'
import { randomTestRevenueSol, useGenerateTestRevenue, useUnclaimedRevenue, useUserRevenue } from './revenue-data-access'
import { revenueGrowthPercent, type DatedAmount } from './revenue-logic'
import { RevenueOverTime } from './revenue-ui'
import { failureToast } from '@/lib/failure-toast'
import { NOTHING_TO_CLAIM, isClaimable } from '@/lib/claimable'
import { useMode } from '@/features/mode/mode-data-access'
import { useTransactionLink } from '@/features/chain/chain-ui'

export const TEST_REVENUE_FAILED_TOAST = failureToast('Error', 'Failed to generate test revenue. Please try again.')

export function testRevenueToast(amountSol: number) {
  return { title: 'Test Revenue Generated', description: `${amountSol} SOL has been added to your claimable revenue.` }
}

export function InvestorRevenue() {
  const navigate = useNavigate()
  const revenue = useUserRevenue()
  const unclaimed = useUnclaimedRevenue()
  const generate = useGenerateTestRevenue()
  const { mode } = useMode()
  const link = useTransactionLink()
  const [claimDialogOpen, setClaimDialogOpen] = useState(false)

  const generateTestRevenue = () => {
    const amountSol = randomTestRevenueSol()
    generate.mutate(amountSol, {
      onSuccess: (result) => notify({ ...testRevenueToast(amountSol), link: link(result.signature) }),
      onError: notifyFailure(TEST_REVENUE_FAILED_TOAST),
    })
  }

  // Never a claim for nothing: Select Distributions waits for an unclaimed total above 0. Claim Revenue
  // stays the spec's way to the claim screen, whose own Claim button is disabled at 0 and says why.
  const somethingToClaim = isClaimable(unclaimed.data?.totalLamports ?? unclaimed.data?.total)
  const growth = revenue.data ? revenueGrowthPercent(revenue.data.transactions) : null
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading size="2xl">Revenue Dashboard</Heading>
        <HStack>
          {/* Test revenue is paid by the demo chain's house campaign: on chain there is none to pay it. */}
          {mode === 'demo' && (
            <Button variant="outline" onClick={generateTestRevenue} loading={generate.isPending}>
              <LuFlaskConical /> Generate Test Revenue
            </Button>
          )}
          <Button variant="outline" onClick={() => setClaimDialogOpen(true)} disabled={!somethingToClaim}>
            <LuListChecks /> Select Distributions
          </Button>
          <Button colorPalette="purple" onClick={() => navigate('/claim-revenue')}>
            <LuCoins /> Claim Revenue
          </Button>
          {unclaimed.data && !somethingToClaim && (
            <Text fontSize="sm" color="fg.muted" data-testid="revenue-nothing-to-claim">
              {NOTHING_TO_CLAIM}
            </Text>
          )}
        </HStack>
      </HStack>
      {unclaimed.data && <ClaimDialog unclaimed={unclaimed.data} open={claimDialogOpen} onOpenChange={setClaimDialogOpen} />}
      {revenue.isPending ? (
        <Skeleton h="32" />
      ) : revenue.isError ? (
        <ErrorAlert error={revenue.error} onRetry={revenue.refetch} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SummaryStat
              label="Total earned"
              value={formatSol(amountToSol(revenue.data.earned))}
              hint={`${formatSol(amountToSol(revenue.data.claimed))} claimed`}
            />
            <SummaryStat label="Claimable" value={formatSol(amountToSol(revenue.data.claimable))} />
            <SummaryStat
              label="Growth (30 days)"
              value={growth === null ? '—' : `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%`}
              hint="versus the previous 30 days"
            />
          </SimpleGrid>
          <RevenueOverTime
            title="Your revenue over time"
            distributions={earnedDistributions(revenue.data.transactions)}
            emptyText="No revenue yet. Revenue arrives when publishers' embeds of your funded films are watched."
          />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            <SectionCard title="Revenue by project" gap="2">
              {revenue.data.byProject.length === 0 ? (
                <Text color="fg.muted">No revenue yet. Revenue arrives when publishers' embeds of your funded films are watched.</Text>
              ) : (
                revenue.data.byProject.map((row) => (
                  <HStack key={row.projectId} justify="space-between" fontSize="sm">
                    <Text>{row.projectTitle}</Text>
                    <Text fontWeight="medium">{formatSol(amountToSol(row.earned), 3)}</Text>
                  </HStack>
                ))
              )}
            </SectionCard>
            <SectionCard title="Recent transactions" gap="2">
              {revenue.data.transactions.length === 0 ? (
                <Text color="fg.muted">No transactions yet.</Text>
              ) : (
                revenue.data.transactions.slice(0, 10).map((transaction, index) => (
                  <HStack key={`${transaction.txHash}-${index}`} justify="space-between" fontSize="sm" wrap="wrap">
                    <Badge colorPalette={transaction.type === 'claim' ? 'green' : 'purple'}>{transaction.type}</Badge>
                    <Text>{transaction.projectTitle}</Text>
                    <Text fontWeight="medium">{formatSol(amountToSol(transaction.amount), 3)}</Text>
                    <Text color="fg.muted">{formatDateTime(transaction.date)}</Text>
                    <TransactionLink signature={transaction.txHash} />
                  </HStack>
                ))
              )}
            </SectionCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}

/** The wallet's own revenue (its distribution rows, claims left out) as distributions to chart. */
function earnedDistributions(transactions: RevenueTransaction[]): DatedAmount[] {
  return transactions
    .filter((transaction) => transaction.type !== 'claim')
    .map((transaction) => ({ amount: transaction.amount, distributedAt: transaction.date }))
}
