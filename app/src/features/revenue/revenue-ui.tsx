// What the revenue screens share: a labelled select of options and the revenue-over-time chart.
import { Stack, Text } from '@chakra-ui/react'
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts'
import { ChartCard } from '@/components/ui/chart-card'
import { OptionSelect } from '@/components/ui/option-select'
import { formatDate, formatSol } from '@/lib/format'
import { bucketDistributions, type DatedAmount } from './revenue-logic'

export function Select<T extends string>({
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
      <OptionSelect size="sm" w="44" label={label} value={value} options={options} onChange={(picked) => onChange(picked as T)} />
    </Stack>
  )
}

export function RevenueOverTime({ title, distributions, emptyText }: { title: string; distributions: DatedAmount[]; emptyText: string }) {
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
