// The publisher's analytics and earnings from the index: views and earnings per day (recharts, with
// the same figures as a table for screen readers and copy), and per embed earned / claimable /
// claimed with a real claim_publisher_revenue per embed.
import { Button, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { DataTable } from '@/components/ui/data-table'
import { LabelledFigure } from '@/components/ui/labelled-figure'
import { notify } from '@/components/ui/toaster'
import { SectionCard } from '@/components/ui/section-card'
import { errorMessage } from '@/lib/api'
import { NOTHING_TO_CLAIM, isClaimable } from '@/lib/claimable'
import type { Project, PublisherAnalytics } from '@marquee/api-contract'
import { dailySeries, lamportsToSolText, unpaidViewsLines } from './analytics-logic'
import { useClaimPublisherRevenue } from './publishers-data-access'
import { useTransactionLink } from '@/features/chain/chain-ui'

const CHART_HEIGHT = 220

export function PublisherTotals({ analytics }: { analytics: PublisherAnalytics }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      <LabelledFigure label="Views settled" value={analytics.totals.views.toLocaleString('en-US')} size="xl" testId="publisher-views" />
      <LabelledFigure label="Earned" value={lamportsToSolText(analytics.totals.earnedLamports)} size="xl" testId="publisher-earned" />
      <LabelledFigure label="Claimable" value={lamportsToSolText(analytics.totals.claimableLamports)} size="xl" testId="publisher-claimable" />
      <LabelledFigure label="Claimed" value={lamportsToSolText(analytics.totals.claimedLamports)} size="xl" testId="publisher-claimed" />
    </SimpleGrid>
  )
}

/** Views and earnings per day; `projectId` narrows them to one film's embeds. */
export function DailyCharts({ analytics, projectId }: { analytics: PublisherAnalytics; projectId?: number }) {
  const series = dailySeries(analytics, projectId)
  if (series.length === 0) return <Text color="fg.muted">No views counted yet.</Text>
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="1" aria-hidden="true">
          <Text fontSize="sm" fontWeight="medium">
            Views counted per day
          </Text>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart data={series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Bar dataKey="views" name="Views" fill="#805ad5" />
            </BarChart>
          </ResponsiveContainer>
        </Stack>
        <Stack gap="1" aria-hidden="true">
          <Text fontSize="sm" fontWeight="medium">
            Earnings per day (SOL)
          </Text>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <LineChart data={series}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="date" fontSize={11} />
              <YAxis fontSize={11} />
              <Tooltip />
              <Line dataKey="earnedSol" name="Earned (SOL)" stroke="#38a169" />
            </LineChart>
          </ResponsiveContainer>
        </Stack>
      </SimpleGrid>
      <DataTable
        scroll={false}
        label="Views and earnings per day"
        rows={series}
        rowKey={(day) => day.date}
        columns={[
          { header: 'Day', cell: (day) => day.date },
          { header: 'Views counted', end: true, cell: (day) => day.views },
          { header: 'Earned', end: true, cell: (day) => lamportsToSolText(day.earnedLamports) },
        ]}
      />
    </Stack>
  )
}

/** Earned, claimable and claimed per embed, each with its Claim button. */
export function EmbedEarnings({ analytics, projects, projectId }: { analytics: PublisherAnalytics; projects: Project[]; projectId?: number }) {
  const claim = useClaimPublisherRevenue()
  const link = useTransactionLink()
  const rows = analytics.byEmbed.filter((row) => projectId === undefined || row.projectId === projectId)
  if (rows.length === 0) return <Text color="fg.muted">No registered embeds yet.</Text>
  return (
    <Table.Root size="sm" aria-label="Earnings per embed">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Film</Table.ColumnHeader>
          <Table.ColumnHeader>Website</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Views settled</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Earned</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Claimable</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Claimed</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => {
          const project = projects.find((candidate) => candidate.id === row.projectId)
          const claimable = isClaimable(row.claimableLamports)
          return (
            <Table.Row key={row.embedId} data-testid={`embed-earnings-${row.embedId}`}>
              <Table.Cell>
                {row.title}
                {unpaidViewsLines(row).map((line) => (
                  <Text key={line} fontSize="xs" color="fg.muted" data-testid="embed-unpaid-reason">
                    {line}
                  </Text>
                ))}
              </Table.Cell>
              <Table.Cell>{row.websiteUrl}</Table.Cell>
              <Table.Cell textAlign="end">{row.views}</Table.Cell>
              <Table.Cell textAlign="end">{lamportsToSolText(row.earnedLamports)}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="embed-claimable">
                {lamportsToSolText(row.claimableLamports)}
              </Table.Cell>
              <Table.Cell textAlign="end">{lamportsToSolText(row.claimedLamports)}</Table.Cell>
              <Table.Cell textAlign="end">
                {/* Never a claim button for nothing: a row with 0 claimable says so instead. */}
                {!claimable ? (
                  <Text fontSize="xs" color="fg.muted" data-testid="embed-nothing-to-claim">
                    {NOTHING_TO_CLAIM}
                  </Text>
                ) : (
                  <Button
                    size="xs"
                    colorPalette="green"
                    disabled={!project}
                    loading={claim.isPending && claim.variables?.embedId === row.embedId}
                    onClick={() =>
                      project &&
                      claim.mutate(
                        { project, embedId: row.embedId },
                        {
                          onSuccess: (result) =>
                            notify({
                              title: 'Revenue claimed successfully',
                              description: `${result.amountLamports ? lamportsToSolText(result.amountLamports) : 'Your earnings'} sent to your wallet.`,
                              link: link(result.txHash),
                            }),
                          onError: (error) => notify({ title: 'Failed to claim revenue', description: errorMessage(error), variant: 'destructive' }),
                        },
                      )
                    }
                  >
                    Claim
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          )
        })}
      </Table.Body>
    </Table.Root>
  )
}

export function PublisherEarningsCard({ analytics, projects }: { analytics: PublisherAnalytics; projects: Project[] }) {
  return (
    <SectionCard title="Publisher earnings" gap="4">
      <PublisherTotals analytics={analytics} />
      <EmbedEarnings analytics={analytics} projects={projects} />
    </SectionCard>
  )
}
