// Debug page (/debug): the current cluster's projects, the wallet's investments and unclaimed
// revenue, the registered embeds, and the five contract actions run through the active client.
// Results are listed newest first, red when they say 'failed' and green otherwise.
import {
  Alert,
  Button,
  Card,
  Code,
  Field,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SegmentGroup,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorAlert } from '@/components/ui/error-alert'
import { DEBUG_CLOCK_ADVANCE_DAYS, DEBUG_DEFAULT_INVESTMENT_AMOUNT, DEBUG_DEFAULT_WEBSITE_URL, MS_PER_DAY } from '@/constants'
import { notify } from '@/components/ui/toaster'
import { readableError } from '@/components/ui/error-alert'
import { advanceDemoClock } from '@/features/chain/chain-clock'
import { apiGet } from '@/lib/api'
import { amountToSol, formatDateTime, formatPercentage, formatSol, formatTokenShare, formatUsd, fundingPercentage } from '@/lib/format'
import type { EmbedRecord, Project } from '@marquee/api-contract'
import { useMarqueeClient } from '@/features/chain/chain-data-access'
import { TransactionLink } from '@/features/chain/chain-ui'
import { useMode, useCluster, type Mode } from '@/features/mode/mode-data-access'
import { useProjects } from '@/features/projects/projects-data-access'
import { useWebsites } from '@/features/publishers/publishers-data-access'
import { verifiedWebsites } from '@/features/publishers/verification-logic'
import { useUserInvestments } from '@/features/investments/investments-data-access'
import { useUnclaimedRevenue } from '@/features/revenue/revenue-data-access'
import { useWalletConnection } from '@/features/wallet/wallet-bridge'
import {
  claimAllFromDebug,
  claimLicenseFromDebug,
  generateEmbedFromDebug,
  investFromDebug,
  trackViewFromDebug,
  DebugActionError,
} from './debug-actions'
import {
  AMOUNT_REQUIRED,
  canClaimLicense,
  canInvest,
  debugFailure,
  debugSuccess,
  debugTokenShare,
  needsFunded,
  parseDebugAmount,
  resultTone,
  type DebugAction,
} from './debug-logic'

function useEmbeds() {
  const cluster = useCluster()
  return useQuery({ queryKey: ['embeds', cluster, 'all'], queryFn: () => apiGet<EmbedRecord[]>('/api/embeds', cluster) })
}

export default function DebugFeature() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading size="2xl">Marquee Debug</Heading>
        <Text color="fg.muted">Inspect the indexed data of the current cluster and run the contract actions directly.</Text>
      </Stack>
      <ModeSegment />
      <DemoClock />
      <Tabs.Root defaultValue="projects" variant="enclosed" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="projects">Projects</Tabs.Trigger>
          <Tabs.Trigger value="investments">Investments</Tabs.Trigger>
          <Tabs.Trigger value="revenue">Revenue</Tabs.Trigger>
          <Tabs.Trigger value="embeds">Embed Library</Tabs.Trigger>
          <Tabs.Trigger value="actions">Actions</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="projects">
          <ProjectsTab />
        </Tabs.Content>
        <Tabs.Content value="investments">
          <InvestmentsTab />
        </Tabs.Content>
        <Tabs.Content value="revenue">
          <RevenueTab />
        </Tabs.Content>
        <Tabs.Content value="embeds">
          <EmbedsTab />
        </Tabs.Content>
        <Tabs.Content value="actions">
          <ActionsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  )
}

function ModeSegment() {
  const { mode, setMode } = useMode()
  return (
    <HStack>
      <Text fontSize="sm" id="debug-mode-label">
        Mode
      </Text>
      <SegmentGroup.Root value={mode} onValueChange={(event) => setMode(event.value as Mode)} aria-labelledby="debug-mode-label">
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={[{ value: 'demo', label: 'demo' }, { value: 'onchain', label: 'onchain' }]} />
      </SegmentGroup.Root>
    </HStack>
  )
}

/**
 * The demo chain's clock moved forward (a demo chain only, like a local validator's warp), so a
 * campaign's end and its settlement grace can pass in a demo. Everything the chain dates from now
 * on is that far ahead.
 */
function DemoClock() {
  const { mode, cluster } = useMode()
  const queryClient = useQueryClient()
  const [advancing, setAdvancing] = useState(false)
  if (mode !== 'demo') return null
  const advance = async () => {
    setAdvancing(true)
    try {
      const { now } = await advanceDemoClock(cluster, (DEBUG_CLOCK_ADVANCE_DAYS * MS_PER_DAY) / 1000)
      notify({ title: 'Chain clock advanced', description: `The demo chain's time is now ${formatDateTime(typeof now === 'number' ? new Date(now * 1000).toISOString() : now)}.` })
      await queryClient.invalidateQueries()
    } catch (error) {
      notify({ title: 'Clock advance failed', description: error instanceof Error ? readableError(error) : String(error), variant: 'destructive' })
    } finally {
      setAdvancing(false)
    }
  }
  return (
    <HStack>
      <Button size="sm" variant="outline" onClick={() => void advance()} loading={advancing}>
        Advance Chain Clock {DEBUG_CLOCK_ADVANCE_DAYS} Days
      </Button>
      <Text fontSize="sm" color="fg.muted">
        Demo chain only: lets a campaign's end and its settlement grace pass.
      </Text>
    </HStack>
  )
}

function ProjectsTab() {
  const projects = useProjects()
  if (projects.isError) return <ErrorAlert error={projects.error} />
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Id</Table.ColumnHeader>
            <Table.ColumnHeader>Title</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Funding</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Goal</Table.ColumnHeader>
            <Table.ColumnHeader>Licence</Table.ColumnHeader>
            <Table.ColumnHeader>Video</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {(projects.data ?? []).map((project) => (
            <Table.Row key={project.id}>
              <Table.Cell>{project.id}</Table.Cell>
              <Table.Cell>{project.title}</Table.Cell>
              <Table.Cell>{project.status}</Table.Cell>
              <Table.Cell textAlign="end">{formatPercentage(fundingPercentage(project))}%</Table.Cell>
              <Table.Cell textAlign="end">{formatUsd(project.fundingGoal)}</Table.Cell>
              <Table.Cell>{project.fundsReleased ? 'claimed' : '—'}</Table.Cell>
              <Table.Cell>{project.videoUrl ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  )
}

function NeedsWallet({ children }: { children: React.ReactNode }) {
  const { address, connect } = useWalletConnection()
  if (address) return <>{children}</>
  return (
    <HStack>
      <Text color="fg.muted">Connect a wallet to see its data and run actions.</Text>
      <Button size="sm" onClick={connect}>
        Connect Wallet
      </Button>
    </HStack>
  )
}

function InvestmentsTab() {
  const investments = useUserInvestments()
  return (
    <NeedsWallet>
      {investments.isError ? (
        <ErrorAlert error={investments.error} />
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Id</Table.ColumnHeader>
              <Table.ColumnHeader>Project</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Token share</Table.ColumnHeader>
              <Table.ColumnHeader>Date</Table.ColumnHeader>
              <Table.ColumnHeader>Transaction</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(investments.data ?? []).map((investment) => (
              <Table.Row key={investment.id}>
                <Table.Cell>{investment.id}</Table.Cell>
                <Table.Cell>{investment.project?.title ?? `#${investment.projectId}`}</Table.Cell>
                <Table.Cell textAlign="end">{formatSol(amountToSol(investment.amount), 3)}</Table.Cell>
                <Table.Cell textAlign="end">{formatTokenShare(investment.tokenShare)}</Table.Cell>
                <Table.Cell>{formatDateTime(investment.createdAt)}</Table.Cell>
                <Table.Cell>
                  <TransactionLink signature={investment.txHash} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </NeedsWallet>
  )
}

function RevenueTab() {
  const unclaimed = useUnclaimedRevenue()
  return (
    <NeedsWallet>
      {unclaimed.isError ? (
        <ErrorAlert error={unclaimed.error} />
      ) : (
        <Stack gap="3">
          <Text>Unclaimed: {formatSol(amountToSol(unclaimed.data?.total ?? 0), 3)}</Text>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Distribution</Table.ColumnHeader>
                <Table.ColumnHeader>Project</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(unclaimed.data?.distributions ?? []).map((distribution) => (
                <Table.Row key={distribution.id}>
                  <Table.Cell>{distribution.id}</Table.Cell>
                  <Table.Cell>{distribution.projectTitle ?? `#${distribution.projectId}`}</Table.Cell>
                  <Table.Cell textAlign="end">{formatSol(amountToSol(distribution.amount), 3)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      )}
    </NeedsWallet>
  )
}

function EmbedsTab() {
  const projects = useProjects()
  const embeds = useEmbeds()
  const funded = (projects.data ?? []).filter((project) => project.embeddableCode)
  return (
    <Stack gap="4">
      {funded.map((project) => (
        <Card.Root key={project.id} size="sm">
          <Card.Body gap="2">
            <Text fontWeight="semibold">{project.title}</Text>
            <Code whiteSpace="pre-wrap" wordBreak="break-all" p="2">
              {project.embeddableCode}
            </Code>
            {(embeds.data ?? [])
              .filter((embed) => embed.projectId === project.id)
              .map((embed) => (
                <Text key={embed.id} fontSize="sm" color="fg.muted">
                  {embed.embedId} · {embed.websiteUrl}
                </Text>
              ))}
          </Card.Body>
        </Card.Root>
      ))}
      {funded.length === 0 && <Text color="fg.muted">No funded project has an embed code yet.</Text>}
    </Stack>
  )
}

interface ActionResult {
  id: number
  message: string
}

/** Why a simulated view can be refused or unpaid, said before the user tries (the server's rules for every view). */
const DEBUG_WEBSITE_HINT =
  "Views count only on a website you verified in the Embed Library, and are paid when an advertiser's campaign plays its ad."

function ActionsTab() {
  const client = useMarqueeClient()
  const queryClient = useQueryClient()
  const projects = useProjects()
  const embeds = useEmbeds()
  const [projectId, setProjectId] = useState<number | null>(null)
  const [amountText, setAmountText] = useState(String(DEBUG_DEFAULT_INVESTMENT_AMOUNT))
  const [amountError, setAmountError] = useState<string | null>(null)
  const websites = useWebsites()
  // Until the user types one: a website the wallet verified (the only kind whose views count), else the spec's default.
  const [typedWebsiteUrl, setWebsiteUrl] = useState<string | null>(null)
  const websiteUrl = typedWebsiteUrl ?? verifiedWebsites(websites.data)[0]?.websiteUrl ?? DEBUG_DEFAULT_WEBSITE_URL
  const [generated, setGenerated] = useState<Record<number, { embedId: string; embedCode: string | null; websiteUrl: string }>>({})
  const [running, setRunning] = useState<DebugAction | null>(null)
  const [results, setResults] = useState<ActionResult[]>([])

  const list = projects.data ?? []
  const project = list.find((candidate) => candidate.id === projectId) ?? list[0]
  /** The embed a view plays: the one generated here, else the wallet's indexed embed of the film. */
  const embedOf = (target: Project): { embedId: string; websiteUrl: string } | undefined =>
    generated[target.id] ?? (embeds.data ?? []).find((embed) => embed.projectId === target.id)

  const run = async (action: DebugAction, work: () => Promise<string>) => {
    setRunning(action)
    let message: string
    try {
      message = await work()
    } catch (error) {
      console.error(error)
      message = debugFailure(action, error)
    }
    setResults((current) => [{ id: Date.now() + Math.random(), message }, ...current])
    setRunning(null)
    await queryClient.invalidateQueries()
  }

  const needClient = () => {
    if (!client) throw new DebugActionError('Connect a wallet first')
    return client
  }

  const invest = () => {
    const amount = parseDebugAmount(amountText)
    if (amount === null) {
      setAmountError(AMOUNT_REQUIRED)
      return
    }
    setAmountError(null)
    void run('invest', async () => debugSuccess.invest((await investFromDebug(needClient(), project!, amount)).txHash))
  }

  if (projects.isError) return <ErrorAlert error={projects.error} />
  if (!project) return <Text color="fg.muted">No projects on this cluster yet.</Text>
  const amount = parseDebugAmount(amountText)
  return (
    <NeedsWallet>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root>
            <Field.Label>Project</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={project.id} onChange={(event) => setProjectId(Number(event.target.value))}>
                {list.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    #{candidate.id} {candidate.title} ({candidate.status}, {formatPercentage(fundingPercentage(candidate))}%)
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={amountError !== null}>
            <Field.Label>Investment amount (thousandths of SOL)</Field.Label>
            <Input type="number" min="0" value={amountText} onChange={(event) => setAmountText(event.target.value)} />
            <Field.HelperText>
              {amount !== null ? `${formatSol(amountToSol(amount), 3)} · token share ${formatTokenShare(debugTokenShare(amount))}` : ' '}
            </Field.HelperText>
            {amountError && <Field.ErrorText>{amountError}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>Website URL</Field.Label>
            <Input value={websiteUrl} onChange={(event) => setWebsiteUrl(event.target.value)} />
            <Field.HelperText>{DEBUG_WEBSITE_HINT}</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <HStack wrap="wrap" gap="3">
          <Button colorPalette="purple" onClick={invest} disabled={!canInvest(project) || running !== null} loading={running === 'invest'}>
            Invest
          </Button>
          <Button
            onClick={() => void run('claimLicense', async () => (await claimLicenseFromDebug(needClient(), project), debugSuccess.claimLicense()))}
            disabled={!canClaimLicense(project) || running !== null}
            loading={running === 'claimLicense'}
          >
            Claim License
          </Button>
          <Button
            onClick={() =>
              void run('generateEmbed', async () => {
                const embed = await generateEmbedFromDebug(needClient(), project, websiteUrl)
                setGenerated((current) => ({ ...current, [project.id]: { embedId: embed.embedId, embedCode: embed.embedCode, websiteUrl } }))
                return debugSuccess.generateEmbed()
              })
            }
            disabled={!needsFunded(project) || running !== null}
            loading={running === 'generateEmbed'}
          >
            Generate Embed Code
          </Button>
          <Button
            onClick={() =>
              void run('trackView', async () => {
                const embed = embedOf(project)
                if (!embed) throw new DebugActionError('Generate an embed code for this project first')
                return debugSuccess.trackView(await trackViewFromDebug(needClient(), project.id, embed))
              })
            }
            disabled={!needsFunded(project) || running !== null}
            loading={running === 'trackView'}
          >
            Simulate View
          </Button>
          <Button
            onClick={() => void run('claimRevenue', async () => (await claimAllFromDebug(needClient(), list), debugSuccess.claimRevenue()))}
            disabled={running !== null}
            loading={running === 'claimRevenue'}
          >
            Claim All Revenue
          </Button>
        </HStack>
        {generated[project.id]?.embedCode && (
          <Code whiteSpace="pre-wrap" wordBreak="break-all" p="2" data-testid="debug-embed-code">
            {generated[project.id]!.embedCode}
          </Code>
        )}
        <Stack gap="2" aria-label="Action results" role="log">
          {results.map((result) => {
            const tone = resultTone(result.message)
            return (
              <Alert.Root key={result.id} status={tone} data-testid="debug-result" data-tone={tone}>
                <Alert.Indicator />
                <Alert.Title color={tone === 'error' ? 'red.fg' : 'green.fg'} wordBreak="break-all" data-testid="debug-result-text">
                  {result.message}
                </Alert.Title>
              </Alert.Root>
            )
          })}
        </Stack>
      </Stack>
    </NeedsWallet>
  )
}
