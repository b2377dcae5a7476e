// Analytics (/analytics): funding over time, views and revenue per day and the revenue split, for the
// whole platform or one film, the figures per film, and the connected wallet's own — every chart
// drawn from the indexed chain with its data table behind it.
import { Field, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { useState } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, ComposedChart, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartCard } from '@/components/ui/chart-card'
import { ErrorAlert } from '@/components/ui/error-alert'
import { amountToSol, formatCount, formatSol } from '@/lib/format'
import { SummaryStat } from '@/components/ui/summary-stat'
import { OptionSelect } from '@/components/ui/option-select'
import { usePlatformAnalytics, useProjectAnalytics, useWalletAnalytics } from './analytics-data-access'
import type { DailyPoint, FundingPoint, RevenueSplit } from '@marquee/api-contract'
import { dailyRows, filmRows, fundingRows, splitRows, walletInvestedRows, walletRevenueRows } from './analytics-logic'

const COLORS = { primary: '#805ad5', secondary: '#38b2ac', tertiary: '#ed8936', muted: '#a0aec0' }
const SPLIT_COLORS = [COLORS.secondary, COLORS.primary, COLORS.tertiary]
const sol = (value: unknown) => formatSol(Number(value), 3)
const count = (value: unknown) => formatCount(Number(value))

export default function AnalyticsFeature() {
  const platform = usePlatformAnalytics()
  const [filmId, setFilmId] = useState<number | null>(null)
  const film = useProjectAnalytics(filmId)

  return (
    <Stack gap="8">
      <HStack justify="space-between" align="end" wrap="wrap" gap="4">
        <Stack gap="1">
          <Heading size="2xl">Analytics</Heading>
          <Text color="fg.muted">Funding, views and revenue as the chain recorded them.</Text>
        </Stack>
        <Field.Root w="72">
          <Field.Label>Film</Field.Label>
          <OptionSelect
            value={filmId ?? ''}
            placeholder="All films"
            options={(platform.data?.projects ?? []).map((project) => ({ value: project.projectId, label: project.title }))}
            onChange={(value) => setFilmId(value === '' ? null : Number(value))}
          />
        </Field.Root>
      </HStack>
      {platform.isError && <ErrorAlert error={platform.error} onRetry={platform.refetch} />}
      {filmId === null ? (
        platform.data ? (
          <Stack gap="6">
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              <SummaryStat label="Raised" value={sol(amountToSol(platform.data.totals.raised))} hint={`${platform.data.totals.projects} films, ${platform.data.totals.funded} funded`} />
              <SummaryStat label="Revenue distributed" value={sol(amountToSol(platform.data.totals.revenue))} />
              <SummaryStat label="Views" value={count(platform.data.totals.views)} />
              <SummaryStat label="Investors" value={count(platform.data.totals.investors)} />
            </SimpleGrid>
            <Series funding={platform.data.funding} daily={platform.data.daily} split={platform.data.split} />
            <FilmsChart films={platform.data.projects} />
          </Stack>
        ) : (
          <Skeleton h="96" />
        )
      ) : film.isError ? (
        <ErrorAlert error={film.error} onRetry={film.refetch} />
      ) : film.data ? (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <SummaryStat label="Raised" value={sol(amountToSol(film.data.totals.raised))} hint={film.data.status} />
            <SummaryStat label="Revenue distributed" value={sol(amountToSol(film.data.totals.revenue))} />
            <SummaryStat label="Views" value={count(film.data.totals.views)} />
            <SummaryStat label="Investors" value={count(film.data.totals.investors)} />
          </SimpleGrid>
          <Series funding={film.data.funding} daily={film.data.daily} split={film.data.split} />
        </Stack>
      ) : (
        <Skeleton h="96" />
      )}
      <WalletFigures />
    </Stack>
  )
}

function Series({ funding, daily, split }: { funding: FundingPoint[]; daily: DailyPoint[]; split: RevenueSplit }) {
  const fundingData = fundingRows(funding)
  const dailyData = dailyRows(daily)
  const splitData = splitRows(split)
  return (
    <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
      <ChartCard
        title="Funding over time"
        description="SOL invested per day (less refunds) and raised in total"
        rows={fundingData}
        emptyText="No investments yet."
        columns={[
          { key: 'date', label: 'Date' },
          { key: 'investedSol', label: 'Invested', format: sol, numeric: true },
          { key: 'raisedSol', label: 'Raised in total', format: sol, numeric: true },
        ]}
      >
        <ComposedChart data={fundingData}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" />
          <YAxis />
          <Tooltip />
          <Legend />
          <Bar dataKey="investedSol" name="Invested (SOL)" fill={COLORS.secondary} />
          <Line dataKey="raisedSol" name="Raised (SOL)" stroke={COLORS.primary} dot={false} />
        </ComposedChart>
      </ChartCard>
      <ChartCard
        title="Views and revenue per day"
        description="Settled views and the revenue distributed for them"
        rows={dailyData}
        emptyText="No revenue distributed yet."
        columns={[
          { key: 'date', label: 'Date' },
          { key: 'views', label: 'Views', format: count, numeric: true },
          { key: 'revenueSol', label: 'Revenue', format: sol, numeric: true },
        ]}
      >
        <ComposedChart data={dailyData}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" />
          <YAxis yAxisId="revenue" />
          <YAxis yAxisId="views" orientation="right" />
          <Tooltip />
          <Legend />
          <Bar yAxisId="revenue" dataKey="revenueSol" name="Revenue (SOL)" fill={COLORS.primary} />
          <Line yAxisId="views" dataKey="views" name="Views" stroke={COLORS.tertiary} dot={false} />
        </ComposedChart>
      </ChartCard>
      <ChartCard
        title="Revenue split"
        description="Where the distributed revenue went"
        rows={splitData}
        emptyText="No revenue distributed yet."
        columns={[
          { key: 'name', label: 'Share' },
          { key: 'sol', label: 'Amount', format: sol, numeric: true },
        ]}
      >
        <PieChart>
          <Tooltip />
          <Legend />
          <Pie data={splitData} dataKey="sol" nameKey="name" outerRadius="75%">
            {splitData.map((row, index) => (
              <Cell key={row.name} fill={SPLIT_COLORS[index]} />
            ))}
          </Pie>
        </PieChart>
      </ChartCard>
    </SimpleGrid>
  )
}

function FilmsChart({ films }: { films: Parameters<typeof filmRows>[0] }) {
  const rows = filmRows(films)
  return (
    <ChartCard
      title="Per film"
      description="Raised and revenue distributed per film"
      rows={rows}
      emptyText="No films yet."
      height={320}
      columns={[
        { key: 'title', label: 'Film' },
        { key: 'raisedSol', label: 'Raised', format: sol, numeric: true },
        { key: 'revenueSol', label: 'Revenue', format: sol, numeric: true },
        { key: 'views', label: 'Views', format: count, numeric: true },
      ]}
    >
      <BarChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="title" interval={0} angle={-20} textAnchor="end" height={70} />
        <YAxis />
        <Tooltip />
        <Legend />
        <Bar dataKey="raisedSol" name="Raised (SOL)" fill={COLORS.secondary} />
        <Bar dataKey="revenueSol" name="Revenue (SOL)" fill={COLORS.primary} />
      </BarChart>
    </ChartCard>
  )
}

function WalletFigures() {
  const walletAddress = useWalletAddress()
  const wallet = useWalletAnalytics()
  if (!walletAddress) return <Text color="fg.muted">Connect your wallet to see your own figures here.</Text>
  if (wallet.isError) return <ErrorAlert error={wallet.error} onRetry={wallet.refetch} />
  if (!wallet.data) return <Skeleton h="64" />
  const invested = walletInvestedRows(wallet.data)
  const revenue = walletRevenueRows(wallet.data)
  return (
    <Stack gap="4">
      <Heading size="xl">Your figures</Heading>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <SummaryStat label="Invested" value={sol(amountToSol(wallet.data.totals.invested))} hint={`${wallet.data.totals.projects} films`} />
        <SummaryStat label="Earned" value={sol(amountToSol(wallet.data.totals.earned))} />
        <SummaryStat label="Claimed" value={sol(amountToSol(wallet.data.totals.claimed))} />
        <SummaryStat label="Unclaimed" value={sol(amountToSol(Math.max(0, wallet.data.totals.earned - wallet.data.totals.claimed)))} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <ChartCard
          title="Your investments over time"
          rows={invested}
          emptyText="You have not invested yet."
          columns={[
            { key: 'date', label: 'Date' },
            { key: 'investedSol', label: 'Invested', format: sol, numeric: true },
            { key: 'totalSol', label: 'In total', format: sol, numeric: true },
          ]}
        >
          <LineChart data={invested}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" />
            <YAxis />
            <Tooltip />
            <Line dataKey="totalSol" name="Invested in total (SOL)" stroke={COLORS.primary} />
          </LineChart>
        </ChartCard>
        <ChartCard
          title="Your revenue per day"
          rows={revenue}
          emptyText="No revenue yet."
          columns={[
            { key: 'date', label: 'Date' },
            { key: 'earnedSol', label: 'Earned', format: sol, numeric: true },
            { key: 'claimedSol', label: 'Claimed', format: sol, numeric: true },
          ]}
        >
          <BarChart data={revenue}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="date" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Bar dataKey="earnedSol" name="Earned (SOL)" fill={COLORS.primary} />
            <Bar dataKey="claimedSol" name="Claimed (SOL)" fill={COLORS.secondary} />
          </BarChart>
        </ChartCard>
      </SimpleGrid>
    </Stack>
  )
}
