// The advertiser dashboard: the wallet's campaigns with impressions, spend, remaining budget and
// status, each campaign's impressions and spend per day (recharts, with the figures as a table),
// and its actions — Top Up (an amount dialog), Pause/Resume, and Close once its end and the
// settlement grace have passed (showing what comes back).
import { Badge, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { DataTable } from '@/components/ui/data-table'
import { ChartCard } from '@/components/ui/chart-card'
import { LabelledFigure } from '@/components/ui/labelled-figure'
import { ErrorAlert, readableError } from '@/components/ui/error-alert'
import { FormDialog } from '@/components/ui/form-dialog'
import { notify } from '@/components/ui/toaster'
import { FormField } from '@/components/ui/form-field'
import { formatDate } from '@/lib/format'
import type { CampaignDetail, CampaignSummary } from '@marquee/api-contract'
import { useMode } from '@/features/mode/mode-data-access'
import { useTransactionLink } from '@/features/chain/chain-ui'
import { chainNowMs } from '@/features/chain/chain-clock'
import { lamportsToSolText } from '@/features/publishers/analytics-logic'
import {
  AD_TYPE_LABELS,
  CAMPAIGN_STATUS_LABELS,
  campaignDays,
  canClose,
  canPause,
  canResume,
  canTopUp,
  topUpError,
  type CampaignDay,
} from './advertising-logic'
import { useCampaign, useCloseCampaign, useSetCampaignPaused, useTopUpCampaign } from './advertising-data-access'

const CHART_HEIGHT = 200
/** Room for SOL amounts of a few impressions (0.000015) beside the axis. */
const SOL_AXIS_WIDTH = 80

function failed(title: string, error: unknown) {
  console.error(error)
  notify({ title, description: error instanceof Error ? readableError(error) : String(error), variant: 'destructive' })
}

export function CampaignDashboard({ campaigns }: { campaigns: CampaignSummary[] }) {
  return (
    <Stack gap="4" id="your-campaigns" aria-label="Your Campaigns" role="region">
      <Heading size="xl">Your Campaigns</Heading>
      {campaigns.map((campaign) => (
        <CampaignCard key={campaign.address} summary={campaign} />
      ))}
    </Stack>
  )
}

function CampaignCard({ summary }: { summary: CampaignSummary }) {
  const { cluster } = useMode()
  const link = useTransactionLink()
  const detail = useCampaign(summary.address)
  const campaign = detail.data ?? summary
  const setPaused = useSetCampaignPaused()
  const close = useCloseCampaign()
  const [topUpOpen, setTopUpOpen] = useState(false)
  const closable = canClose(campaign, chainNowMs(cluster))
  const title = campaign.companyName ? `${campaign.companyName} · ${AD_TYPE_LABELS[campaign.adType]}` : `${AD_TYPE_LABELS[campaign.adType]} campaign #${campaign.campaignId}`

  const togglePaused = () =>
    setPaused.mutate(
      { campaign, paused: !campaign.paused },
      {
        onSuccess: ({ txHash }) => notify({ title: campaign.paused ? 'Campaign resumed' : 'Campaign paused', description: campaign.paused ? 'Your ads are served again.' : 'No ads of this campaign are served until you resume it.', link: link(txHash) }),
        onError: (error) => failed(campaign.paused ? 'Resume failed' : 'Pause failed', error),
      },
    )

  const closeCampaign = () =>
    close.mutate(campaign, {
      onSuccess: ({ txHash, refundedLamports }) =>
        notify({
          title: 'Campaign closed',
          description: refundedLamports !== null ? `${lamportsToSolText(refundedLamports)} of unspent budget went back to your wallet.` : 'The unspent budget went back to your wallet.',
          link: link(txHash),
        }),
      onError: (error) => failed('Close failed', error),
    })

  const days = detail.data ? campaignDays(detail.data.series) : []
  return (
    <Card.Root data-testid={`campaign-${campaign.address}`} aria-label={title} role="article">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Stack gap="0">
            <Heading size="md">{title}</Heading>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(campaign.startAt)} – {formatDate(campaign.endAt)} · {campaign.targetGenres.length ? campaign.targetGenres.join(', ') : 'All films'}
            </Text>
          </Stack>
          <Badge colorPalette={campaign.status === 'active' ? 'green' : campaign.status === 'closed' ? 'gray' : 'orange'} data-testid="campaign-status">
            {CAMPAIGN_STATUS_LABELS[campaign.status]}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <LabelledFigure label="Impressions" value={campaign.impressions.toLocaleString('en-US')} />
          <LabelledFigure label="Spent" value={lamportsToSolText(campaign.spentLamports)} />
          {campaign.status === 'closed' ? (
            <LabelledFigure label="Refunded" value={campaign.refundedLamports !== null ? lamportsToSolText(campaign.refundedLamports) : '—'} />
          ) : (
            <LabelledFigure label="Remaining budget" value={lamportsToSolText(campaign.remainingLamports)} />
          )}
          <LabelledFigure label="Budget" value={lamportsToSolText(campaign.budgetLamports)} />
        </SimpleGrid>
        {detail.isError && <ErrorAlert error={detail.error} onRetry={detail.refetch} />}
        {detail.data && <CampaignCharts days={days} />}
        {detail.data && detail.data.byFilm.length > 0 && <ByFilm rows={detail.data.byFilm} />}
        {detail.data && <SettlementRent lamports={detail.data.settlementRentLamports} />}
        {campaign.status === 'closed' ? (
          <Text fontSize="sm" color="fg.muted">
            Closed{campaign.closedAt ? ` on ${formatDate(campaign.closedAt)}` : ''}
            {campaign.refundedLamports !== null ? `: ${lamportsToSolText(campaign.refundedLamports)} returned to your wallet.` : '.'}
          </Text>
        ) : (
          <Stack gap="2">
            <HStack wrap="wrap" gap="3">
              <Button size="sm" colorPalette="purple" onClick={() => setTopUpOpen(true)} disabled={!canTopUp(campaign)}>
                Top Up
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={togglePaused}
                loading={setPaused.isPending}
                disabled={campaign.paused ? !canResume(campaign) : !canPause(campaign)}
              >
                {campaign.paused ? 'Resume' : 'Pause'}
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={closeCampaign} loading={close.isPending} disabled={!closable}>
                Close
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {closable
                ? `Closing returns the remaining ${lamportsToSolText(campaign.remainingLamports)} to your wallet.`
                : `Can be closed from ${formatDate(campaign.closableAt)}, after its end and the settlement grace period; then the remaining budget returns to your wallet.`}
            </Text>
          </Stack>
        )}
      </Card.Body>
      <TopUpDialog campaign={campaign} open={topUpOpen} onOpenChange={setTopUpOpen} />
    </Card.Root>
  )
}

function CampaignCharts({ days }: { days: CampaignDay[] }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <ChartCard
        title="Impressions per day"
        rows={days}
        columns={[
          { key: 'date', label: 'Day' },
          { key: 'impressions', label: 'Impressions', numeric: true },
        ]}
        emptyText="No impressions settled yet."
        height={CHART_HEIGHT}
      >
        <BarChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Bar dataKey="impressions" name="Impressions" fill="#805ad5" />
        </BarChart>
      </ChartCard>
      <ChartCard
        title="Spend per day (SOL)"
        rows={days}
        columns={[
          { key: 'date', label: 'Day' },
          { key: 'spentSol', label: 'Spent (SOL)', numeric: true, format: (value) => String(value) },
        ]}
        emptyText="Nothing spent yet."
        height={CHART_HEIGHT}
      >
        <LineChart data={days}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="date" fontSize={11} />
          <YAxis fontSize={11} width={SOL_AXIS_WIDTH} />
          <Tooltip />
          <Line dataKey="spentSol" name="Spent (SOL)" stroke="#38a169" />
        </LineChart>
      </ChartCard>
    </SimpleGrid>
  )
}

/** Where the impressions were served: impressions and spend per film. */
function ByFilm({ rows }: { rows: CampaignDetail['byFilm'] }) {
  return (
    <DataTable
      scroll={false}
      label="Impressions by film"
      rows={rows}
      rowKey={(row) => row.projectId}
      columns={[
        { header: 'Film', cell: (row) => row.title },
        { header: 'Impressions', end: true, cell: (row) => row.impressions.toLocaleString('en-US') },
        { header: 'Spent', end: true, cell: (row) => lamportsToSolText(row.spentLamports) },
      ]}
    />
  )
}

/**
 * The part of Spent that paid rent, not views: each settlement creates the account that records the
 * revenue it shares, and the campaign pays for it (the daily figures and the films' show the views' spend).
 */
function SettlementRent({ lamports }: { lamports: string }) {
  if (BigInt(lamports) === 0n) return null
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="settlement-rent">
      Spent includes {lamportsToSolText(lamports)} of settlement rent: each settlement creates the account that records the revenue it shares with
      the film&apos;s investors and publishers.
    </Text>
  )
}

function TopUpDialog({ campaign, open, onOpenChange }: { campaign: CampaignSummary; open: boolean; onOpenChange: (open: boolean) => void }) {
  const link = useTransactionLink()
  const topUp = useTopUpCampaign()
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = () => {
    const problem = topUpError(amount)
    setError(problem)
    if (problem) return
    topUp.mutate(
      { campaign, amountSol: Number(amount) },
      {
        onSuccess: ({ txHash }) => {
          notify({ title: 'Campaign topped up', description: `${amount} SOL was added to the campaign's budget.`, link: link(txHash) })
          setAmount('')
          onOpenChange(false)
        },
        onError: (failure) => failed('Top-up failed', failure),
      },
    )
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Top up the campaign"
      formLabel="Top up the campaign"
      confirm={{ label: 'Add to Budget', onConfirm: submit, busy: topUp.isPending, busyText: 'Topping up...' }}
    >
      <FormField label="Amount (SOL)" error={error} helper="Paid from your wallet into the campaign's budget.">
        <Input type="number" min="0" step="0.001" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </FormField>
      
    </FormDialog>
  )
}
