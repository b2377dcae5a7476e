// Revenue Dashboard (/revenue): the wallet's earned, claimable and growth figures, revenue by project,
// recent transactions, the test-revenue action, and the platform-wide Overview / Distribution /
// Projects tabs built from indexed distributions.
import {
  Badge,
  Button,
  Card,
  Heading,
  HStack,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react'
import { useState } from 'react'
import { LuCoins, LuFlaskConical, LuListChecks } from 'react-icons/lu'
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartCard } from '@/components/ui/chart-card'
import { useNavigate } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import {
  DEFAULT_DISTRIBUTION_FREQUENCY,
  DEFAULT_REVENUE_PERIOD,
  DISTRIBUTION_FREQUENCIES,
  DISTRIBUTION_MIN_THRESHOLD_SOL,
  PROJECT_FILTERS,
  REVENUE_PERIODS,
  REVENUE_SPLIT_PERCENT,
} from '@/constants'
import { notify } from '@/components/ui/toaster'
import { amountToSol, formatCount, formatDate, formatDateTime, formatSol } from '@/lib/format'
import type { PlatformDistribution, RevenueTransaction } from '@marquee/api-contract'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { TransactionLink } from '@/features/chain/chain-ui'
import { SummaryStat } from '@/features/investments/investments-feature'
import { useProjects } from '@/features/projects/projects-data-access'
import { PublisherEarningsCard } from '@/features/publishers/publisher-analytics'
import { usePublisherAnalytics } from '@/features/publishers/publishers-data-access'
import {
  randomTestRevenueSol,
  useGenerateTestRevenue,
  usePlatformDistributions,
  useUnclaimedRevenue,
  useUserRevenue,
} from './revenue-data-access'
import { ClaimDialog } from './claim-dialog'
import {
  bucketDistributions,
  inPeriod,
  projectRevenueRows,
  revenueGrowthPercent,
  splitTotals,
  type DatedAmount,
  type DistributionFrequency,
  type ProjectFilter,
  type RevenuePeriod,
} from './revenue-logic'

export const TEST_REVENUE_FAILED_TOAST = {
  title: 'Error',
  description: 'Failed to generate test revenue. Please try again.',
  variant: 'destructive',
} as const

export function testRevenueToast(amountSol: number) {
  return { title: 'Test Revenue Generated', description: `${amountSol} SOL has been added to your claimable revenue.` }
}

export default function RevenueFeature() {
  return (
    <WalletGate explanation="Connect your Solana wallet to see the ad revenue your film investments earn and claim it to your wallet.">
      <Stack gap="10">
        <InvestorRevenue />
        <PublisherRevenue />
        <PlatformRevenue />
      </Stack>
    </WalletGate>
  )
}

/** What the wallet earns as a publisher, beside its investor revenue (shown once it has embeds). */
function PublisherRevenue() {
  const analytics = usePublisherAnalytics()
  const projects = useProjects()
  if (!analytics.data || analytics.data.byEmbed.length === 0) return null
  return <PublisherEarningsCard analytics={analytics.data} projects={projects.data ?? []} />
}

function InvestorRevenue() {
  const navigate = useNavigate()
  const revenue = useUserRevenue()
  const unclaimed = useUnclaimedRevenue()
  const generate = useGenerateTestRevenue()
  const [claimDialogOpen, setClaimDialogOpen] = useState(false)

  const generateTestRevenue = () => {
    const amountSol = randomTestRevenueSol()
    generate.mutate(amountSol, {
      onSuccess: () => notify(testRevenueToast(amountSol)),
      onError: (error) => {
        console.error(error)
        notify(TEST_REVENUE_FAILED_TOAST)
      },
    })
  }

  const growth = revenue.data ? revenueGrowthPercent(revenue.data.transactions) : null
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading size="2xl">Revenue Dashboard</Heading>
        <HStack>
          <Button variant="outline" onClick={generateTestRevenue} loading={generate.isPending}>
            <LuFlaskConical /> Generate Test Revenue
          </Button>
          <Button variant="outline" onClick={() => setClaimDialogOpen(true)} disabled={!unclaimed.data}>
            <LuListChecks /> Select Distributions
          </Button>
          <Button colorPalette="purple" onClick={() => navigate('/claim-revenue')}>
            <LuCoins /> Claim Revenue
          </Button>
        </HStack>
      </HStack>
      {unclaimed.data && <ClaimDialog unclaimed={unclaimed.data} open={claimDialogOpen} onOpenChange={setClaimDialogOpen} />}
      {revenue.isPending ? (
        <Skeleton h="32" />
      ) : revenue.isError ? (
        <ErrorAlert error={revenue.error} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <SummaryStat label="Total earned" value={formatSol(amountToSol(revenue.data.earned))} hint={`${formatSol(amountToSol(revenue.data.claimed))} claimed`} />
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
            <Card.Root>
              <Card.Header>
                <Heading size="md">Revenue by project</Heading>
              </Card.Header>
              <Card.Body gap="2">
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
              </Card.Body>
            </Card.Root>
            <Card.Root>
              <Card.Header>
                <Heading size="md">Recent transactions</Heading>
              </Card.Header>
              <Card.Body gap="2">
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
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        </>
      )}
    </Stack>
  )
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <Stack gap="1">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <NativeSelect.Root size="sm" w="44">
        <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  )
}

const FREQUENCY_OPTIONS = DISTRIBUTION_FREQUENCIES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }))

function PlatformRevenue() {
  const distributions = usePlatformDistributions()
  const projects = useProjects()
  const [period, setPeriod] = useState<RevenuePeriod>(DEFAULT_REVENUE_PERIOD)
  const [frequency, setFrequency] = useState<DistributionFrequency>(DEFAULT_DISTRIBUTION_FREQUENCY)
  const [filter, setFilter] = useState<ProjectFilter>('all')
  const visible = inPeriod(distributions.data ?? [], period)

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" align="end">
        <Stack gap="0">
          <Heading size="xl">Platform revenue</Heading>
          <Text color="fg.muted" fontSize="sm">
            Every on-chain revenue distribution across Marquee.
          </Text>
        </Stack>
        <Select label="Period" value={period} options={REVENUE_PERIODS} onChange={setPeriod} />
      </HStack>
      {distributions.isError && (
        <ErrorAlert error={distributions.error} />
      )}
      <Tabs.Root defaultValue="overview" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
          <Tabs.Trigger value="distribution">Distribution</Tabs.Trigger>
          <Tabs.Trigger value="projects">Projects</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <Overview distributions={visible} />
        </Tabs.Content>
        <Tabs.Content value="distribution">
          <Stack gap="4">
            <HStack gap="4" wrap="wrap" align="end">
              <Select label="Distribution frequency" value={frequency} options={FREQUENCY_OPTIONS} onChange={setFrequency} />
              <Stack gap="1">
                <Text fontSize="xs" color="fg.muted">
                  Minimum threshold
                </Text>
                <Text fontWeight="medium">{DISTRIBUTION_MIN_THRESHOLD_SOL} SOL</Text>
              </Stack>
            </HStack>
            <BucketTable distributions={visible} frequency={frequency} />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="projects">
          <Stack gap="4">
            <Select label="Projects" value={filter} options={PROJECT_FILTERS} onChange={setFilter} />
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Project</Table.ColumnHeader>
                    <Table.ColumnHeader>Status</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Revenue ({REVENUE_PERIODS.find((option) => option.value === period)!.label})</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Distributions</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Views</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {projectRevenueRows(projects.data ?? [], visible, filter).map((row) => (
                    <Table.Row key={row.project.id}>
                      <Table.Cell>{row.project.title}</Table.Cell>
                      <Table.Cell>{row.project.status}</Table.Cell>
                      <Table.Cell textAlign="end">{formatSol(row.revenue, 3)}</Table.Cell>
                      <Table.Cell textAlign="end">{row.distributions}</Table.Cell>
                      <Table.Cell textAlign="end">{formatCount(row.project.totalViews ?? 0)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}

function Overview({ distributions }: { distributions: PlatformDistribution[] }) {
  const totals = splitTotals(distributions)
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <SummaryStat label="Total distributed" value={formatSol(totals.total, 3)} hint={`${distributions.length} distributions`} />
        <SummaryStat label={`Investors (${REVENUE_SPLIT_PERCENT.investors}%)`} value={formatSol(totals.investors, 3)} />
        <SummaryStat label={`Publishers (${REVENUE_SPLIT_PERCENT.publishers}%)`} value={formatSol(totals.publishers, 3)} />
        <SummaryStat label={`Platform (${REVENUE_SPLIT_PERCENT.platform}%)`} value={formatSol(totals.platform, 3)} />
      </SimpleGrid>
      <RevenueOverTime title="Revenue over time" distributions={distributions} emptyText="No distributions in this period." />
    </Stack>
  )
}

function BucketTable({ distributions, frequency }: { distributions: PlatformDistribution[]; frequency: DistributionFrequency }) {
  const buckets = bucketDistributions(distributions, frequency)
  if (buckets.length === 0) return <Text color="fg.muted">No distributions in this period.</Text>
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Period starting</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Distributions</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Revenue</Table.ColumnHeader>
            <Table.ColumnHeader>Threshold</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {buckets.map((bucket) => (
            <Table.Row key={bucket.start}>
              <Table.Cell>{formatDate(new Date(bucket.start).toISOString())}</Table.Cell>
              <Table.Cell textAlign="end">{bucket.count}</Table.Cell>
              <Table.Cell textAlign="end">{formatSol(bucket.total, 3)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={bucket.aboveThreshold ? 'green' : 'gray'}>
                  {bucket.aboveThreshold ? 'Above threshold' : 'Below threshold'}
                </Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

/** The wallet's own revenue (its distribution rows, claims left out) as distributions to chart. */
function earnedDistributions(transactions: RevenueTransaction[]): DatedAmount[] {
  return transactions.filter((transaction) => transaction.type !== 'claim').map((transaction) => ({ amount: transaction.amount, distributedAt: transaction.date }))
}

function RevenueOverTime({ title, distributions, emptyText }: { title: string; distributions: DatedAmount[]; emptyText: string }) {
  const rows = bucketDistributions(distributions, 'daily').map((bucket) => ({
    date: formatDate(new Date(bucket.start).toISOString()),
    sol: bucket.total,
    count: bucket.count,
  }))
  return (
    <ChartCard
      title={title}
      description="SOL per day"
      rows={rows}
      emptyText={emptyText}
      height={220}
      columns={[
        { key: 'date', label: 'Day' },
        { key: 'count', label: 'Distributions', numeric: true },
        { key: 'sol', label: 'Revenue', format: (value) => formatSol(Number(value), 3), numeric: true },
      ]}
    >
      <BarChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="date" />
        <YAxis />
        <Tooltip />
        <Bar dataKey="sol" name="Revenue (SOL)" fill="#805ad5" />
      </BarChart>
    </ChartCard>
  )
}
