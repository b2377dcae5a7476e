// Production Portal (/studio): the connected wallet's studio — header, summary cards and the four
// tabs (Projects, Upload Content, Revenue Distribution, Studio Settings), all from the
// indexed chain and the studio's saved settings.
import { Badge, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { ErrorAlert } from '@/components/ui/error-alert'
import { formatUsd, shortenAddress } from '@/lib/format'
import { useMode } from '@/features/mode/mode-data-access'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { SummaryStat } from '@/components/ui/summary-stat'
import { ListingForm } from './listing-form'
import { ProjectsTab } from './projects-tab'
import { RevenueDistributionTab } from './revenue-distribution-tab'
import { StudioSettingsTab } from './studio-settings-tab'
import { changeLabel, formatThousands, studioSummary } from './studio-summary'
import { usePlatformDistributions } from '@/features/revenue/revenue-data-access'
import { usePlatform, useStudioOverview, useStudioProjects } from './studio-data-access'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'

export type StudioTab = 'projects' | 'upload' | 'revenue' | 'settings'

export default function StudioFeature() {
  return (
    <WalletGate explanation="Connect your Solana wallet to list movies for licence funding and follow their funding, views and revenue." preview={<StudioPreview />}>
      <StudioPortal />
    </WalletGate>
  )
}

export function VerifiedBadge() {
  return (
    <Badge colorPalette="blue" size="sm">
      Verified studio
    </Badge>
  )
}

// What the portal offers, step by step, for a visitor without a wallet.
const STUDIO_STEPS = [
  { title: 'List a film', text: 'Title, synopsis, poster, trailer, funding goal and deadline: your wallet signs create_project (and register_studio the first time).' },
  { title: 'Get funded', text: 'Investors buy shares of the film until it reaches its goal; if it misses the deadline they take their money back.' },
  { title: 'Claim the licence', text: 'Once funded you claim the licence and receive what was raised, once, with a licence certificate minted to your wallet.' },
  { title: 'Earn from views', text: 'Publishers embed the film; each paid view sends ad revenue to the investors and the publisher, followed here by film.' },
]

/** The Production Portal's offer, readable before connecting a wallet. */
function StudioPreview() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading size="2xl">Production Portal</Heading>
        <Text color="fg.muted">List movies for licence funding and follow their funding, views and revenue.</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" as="ol" aria-label="How the Production Portal works">
        {STUDIO_STEPS.map((step, index) => (
          <Card.Root as="li" key={step.title}>
            <Card.Body gap="1">
              <Text fontWeight="semibold">
                {index + 1}. {step.title}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {step.text}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

function StudioPortal() {
  const { mode } = useMode()
  const walletAddress = useWalletAddress()!
  const overview = useStudioOverview()
  const platform = usePlatform()
  const chainAddress = overview.data?.chainAddress ?? null
  const projects = useStudioProjects(chainAddress)
  // Every distribution of the cluster; the portal keeps the studio's.
  const distributions = usePlatformDistributions()
  const [tab, setTab] = useState<StudioTab>('projects')

  if (overview.isPending) return <Skeleton h="64" />
  if (overview.isError) return <ErrorAlert error={overview.error} onRetry={overview.refetch} />
  const { studio, profile } = overview.data
  const list = projects.data ?? []
  const summary = studioSummary(list, distributions.data ?? [])
  const studioName = profile?.name || studio?.name || ''

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <HStack gap="2">
            <Heading size="2xl">Production Portal</Heading>
            {studio?.verified && <VerifiedBadge />}
          </HStack>
          <Text color="fg.muted">{studioName || 'List your movies for community licence funding'}</Text>
        </Stack>
        <HStack gap="2">
          <Badge colorPalette={mode === 'demo' ? 'orange' : 'green'} variant="subtle">
            {mode === 'demo' ? 'Demo Chain' : 'Solana Devnet'}
          </Badge>
          <Badge variant="outline" fontFamily="mono" title={walletAddress}>
            {shortenAddress(walletAddress)}
          </Badge>
        </HStack>
      </HStack>

      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SummaryStat label="Projects" value={String(summary.projectCount)} hint={`${summary.fundedCount} funded`} />
        <SummaryStat label="Total Revenue" value={formatUsd(summary.totalRevenue)} hint={changeLabel(summary.revenueChange)} />
        <SummaryStat label="Total Views" value={formatThousands(summary.totalViews)} hint={changeLabel(summary.viewsChange)} />
      </SimpleGrid>

      <Tabs.Root value={tab} onValueChange={({ value }) => setTab(value as StudioTab)} variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="projects">Projects</Tabs.Trigger>
          <Tabs.Trigger value="upload">Upload Content</Tabs.Trigger>
          <Tabs.Trigger value="revenue">Revenue Distribution</Tabs.Trigger>
          <Tabs.Trigger value="settings">Studio Settings</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="projects">
          {projects.isError ? (
            <ErrorAlert error={projects.error} onRetry={projects.refetch} />
          ) : (
            <ProjectsTab projects={list} loading={projects.isPending && chainAddress !== null} onAdd={() => setTab('upload')} />
          )}
        </Tabs.Content>
        <Tabs.Content value="upload">
          <ListingForm platform={platform.data} studio={studio} studioName={studioName} onListed={() => setTab('projects')} />
        </Tabs.Content>
        <Tabs.Content value="revenue">
          <RevenueDistributionTab projects={list} distributions={distributions.data ?? []} loading={distributions.isPending} />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <StudioSettingsTab overview={overview.data} />
        </Tabs.Content>
      </Tabs.Root>
      {!studio && (
        <Card.Root variant="subtle">
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              Your wallet is not a registered studio yet: your first listing registers it on chain. Unverified studios may
              ask up to {platform.data ? formatUsd(platform.data.unverifiedFundingCap) : '…'} per film; verified studios up to{' '}
              {platform.data ? formatUsd(platform.data.verifiedFundingCap) : '…'}.
            </Text>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  )
}
