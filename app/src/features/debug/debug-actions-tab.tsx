// The debug page's Actions tab: the five contract actions run through the active client on a
// chosen project. Results are listed newest first, red when they say 'failed' and green otherwise.
import { Alert, Button, Code, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ErrorAlert } from '@/components/ui/error-alert'
import { OptionSelect } from '@/components/ui/option-select'
import { DEBUG_DEFAULT_INVESTMENT_AMOUNT, DEBUG_DEFAULT_WEBSITE_URL } from '@/constants'
import { amountToSol, formatPercentage, formatSol, formatTokenShare, fundingPercentage } from '@/lib/format'
import type { Project } from '@marquee/api-contract'
import { useReadyMarqueeClient } from '@/features/wallet/wallet-bridge'
import { useProjects } from '@/features/projects/projects-data-access'
import { useWebsites } from '@/features/publishers/publishers-data-access'
import { verifiedWebsites } from '@/features/publishers/verification-logic'
import {
  claimAllFromDebug,
  claimLicenseFromDebug,
  generateEmbedFromDebug,
  investFromDebug,
  trackViewFromDebug,
  DebugActionError,
} from './debug-actions'
import { useEmbeds } from './debug-data-access'
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
import { NeedsWallet } from './debug-ui'

interface ActionResult {
  id: number
  message: string
}

/** Why a simulated view can be refused or unpaid, said before the user tries (the server's rules for every view). */
const DEBUG_WEBSITE_HINT =
  "Views count only on a website you verified in the Embed Library, and are paid when an advertiser's campaign plays its ad."

export function ActionsTab() {
  const readyClient = useReadyMarqueeClient()
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

  // A wallet still reconnecting or signing in (after a page load) is waited for, as every action does.
  const needClient = async () => {
    const client = await readyClient()
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
    void run('invest', async () => debugSuccess.invest((await investFromDebug(await needClient(), project!, amount)).txHash))
  }

  if (projects.isError) return <ErrorAlert error={projects.error} onRetry={projects.refetch} />
  if (!project) return <Text color="fg.muted">No projects on this cluster yet.</Text>
  const amount = parseDebugAmount(amountText)
  return (
    <NeedsWallet>
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root>
            <Field.Label>Project</Field.Label>
            <OptionSelect
              value={project.id}
              options={list.map((candidate) => ({
                value: candidate.id,
                label: `#${candidate.id} ${candidate.title} (${candidate.status}, ${formatPercentage(fundingPercentage(candidate))}%)`,
              }))}
              onChange={(value) => setProjectId(Number(value))}
            />
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
            onClick={() => void run('claimLicense', async () => (await claimLicenseFromDebug(await needClient(), project), debugSuccess.claimLicense()))}
            disabled={!canClaimLicense(project) || running !== null}
            loading={running === 'claimLicense'}
          >
            Claim License
          </Button>
          <Button
            onClick={() =>
              void run('generateEmbed', async () => {
                const embed = await generateEmbedFromDebug(await needClient(), project, websiteUrl)
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
                return debugSuccess.trackView(await trackViewFromDebug(await needClient(), project.id, embed))
              })
            }
            disabled={!needsFunded(project) || running !== null}
            loading={running === 'trackView'}
          >
            Simulate View
          </Button>
          <Button
            onClick={() => void run('claimRevenue', async () => (await claimAllFromDebug(await needClient(), list), debugSuccess.claimRevenue()))}
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
