// The revenue page's platform screen: every on-chain revenue distribution across Marquee in the
// Overview / Distribution / Projects tabs, for a chosen period.
import { Badge, Heading, HStack, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { DataTable } from '@/components/ui/data-table'
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
import { formatCount, formatDate, formatSol } from '@/lib/format'
import type { PlatformDistribution } from '@marquee/api-contract'
import { SummaryStat } from '@/components/ui/summary-stat'
import { useProjects } from '@/features/projects/projects-data-access'
import { usePlatformDistributions } from './revenue-data-access'
import {
  bucketDistributions,
  inPeriod,
  projectRevenueRows,
  splitTotals,
  type DistributionFrequency,
  type ProjectFilter,
  type RevenuePeriod,
} from './revenue-logic'
import { RevenueOverTime, Select } from './revenue-ui'

const FREQUENCY_OPTIONS = DISTRIBUTION_FREQUENCIES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }))

export function PlatformRevenue() {
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
      {distributions.isError && <ErrorAlert error={distributions.error} onRetry={distributions.refetch} />}
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
            <DataTable
              rows={projectRevenueRows(projects.data ?? [], visible, filter)}
              rowKey={(row) => row.project.id}
              columns={[
                { header: 'Project', cell: (row) => row.project.title },
                { header: 'Status', cell: (row) => row.project.status },
                {
                  header: `Revenue (${REVENUE_PERIODS.find((option) => option.value === period)!.label})`,
                  end: true,
                  cell: (row) => formatSol(row.revenue, 3),
                },
                { header: 'Distributions', end: true, cell: (row) => row.distributions },
                { header: 'Views', end: true, cell: (row) => formatCount(row.project.totalViews ?? 0) },
              ]}
            />
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
    <DataTable
      rows={buckets}
      rowKey={(bucket) => bucket.start}
      columns={[
        { header: 'Period starting', cell: (bucket) => formatDate(new Date(bucket.start).toISOString()) },
        { header: 'Distributions', end: true, cell: (bucket) => bucket.count },
        { header: 'Revenue', end: true, cell: (bucket) => formatSol(bucket.total, 3) },
        {
          header: 'Threshold',
          cell: (bucket) => (
            <Badge colorPalette={bucket.aboveThreshold ? 'green' : 'gray'}>{bucket.aboveThreshold ? 'Above threshold' : 'Below threshold'}</Badge>
          ),
        },
      ]}
    />
  )
}
