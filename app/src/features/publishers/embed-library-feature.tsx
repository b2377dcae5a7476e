// Embed Library (/embed): wallet-gated; the funded films the wallet invested in, plus the
// whole funded catalogue once it has a verified website. Selecting a film opens Preview Player,
// Embed Code (verification, Use Embed Code or Auto-List, a real register_embed) and Analytics.
// The publisher's totals and per-embed earnings sit above the list.
import { Badge, Box, Button, Card, Field, Grid, Heading, HStack, RadioGroup, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import { notify } from '@/components/ui/toaster'
import { OptionSelect } from '@/components/ui/option-select'
import { SectionCard } from '@/components/ui/section-card'
import { PageHeading } from '@/components/ui/page-heading'
import { REVENUE_SPLIT_PERCENT } from '@/constants'
import { errorMessage, withCluster } from '@/lib/api'
import type { Project, PublisherWebsite } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { useProjects } from '@/features/projects/projects-data-access'
import { ProjectThumbnail } from '@/features/projects/projects-ui'
import { useUserInvestments } from '@/features/investments/investments-data-access'
import { WalletGate } from '@/features/wallet/wallet-gate'
import { ApiKeys } from './api-keys'
import { EmbedCode } from './embed-code'
import { DailyCharts, EmbedEarnings, PublisherTotals } from './publisher-analytics'
import { usePublisherAnalytics, usePublisherEmbeds, useRegisterEmbed, useWebsites } from './publishers-data-access'
import { DEFAULT_EMBED_CHOICE, verifiedWebsites, type EmbedChoice } from './verification-logic'
import { VerifiedWebsites, WebsiteVerification } from './website-verification'

export const EMBED_LIBRARY_GATE = 'Connect your Solana wallet to see the funded films you invested in and get their embed codes.'

export default function EmbedLibraryFeature() {
  return (
    <WalletGate explanation={EMBED_LIBRARY_GATE}>
      <EmbedLibrary />
    </WalletGate>
  )
}

/** Funded films the wallet invested in, then (for verified publishers) the rest of the funded catalogue. */
export function libraryFilms(projects: Project[], investedProjectIds: Set<number>, verified: boolean): Project[] {
  const funded = projects.filter((project) => project.status === 'funded')
  const invested = funded.filter((project) => investedProjectIds.has(project.id))
  return verified ? [...invested, ...funded.filter((project) => !investedProjectIds.has(project.id))] : invested
}

function EmbedLibrary() {
  const projects = useProjects()
  const investments = useUserInvestments()
  const websites = useWebsites()
  const analytics = usePublisherAnalytics()
  const [searchParams, setSearchParams] = useSearchParams()
  const verified = verifiedWebsites(websites.data)
  const investedIds = useMemo(() => new Set((investments.data ?? []).map((investment) => investment.projectId)), [investments.data])
  const films = libraryFilms(projects.data ?? [], investedIds, verified.length > 0)
  // No film is selected without ?projectId (Number(null) would be 0, the first film's id).
  const selectedParam = searchParams.get('projectId')
  const selectedId = selectedParam === null ? null : Number(selectedParam)
  const selected = (projects.data ?? []).find((project) => project.id === selectedId && project.status === 'funded')

  if (projects.isError) return <ErrorAlert error={projects.error} onRetry={projects.refetch} />
  return (
    <Stack gap="6">
      <PageHeading title="Embed Library">
        Embed funded films on your website and earn {REVENUE_SPLIT_PERCENT.publishers}% of the ad revenue they bring.
      </PageHeading>

      <SectionCard title="Your publisher account" gap="4">
        {websites.isPending ? (
          <Skeleton h="10" />
        ) : (
          <>
            {verified.length > 0 && <VerifiedWebsites websites={verified} />}
            <WebsiteVerification key={verified.length} verified={verified.length > 0} />
          </>
        )}
        {analytics.data && <PublisherTotals analytics={analytics.data} />}
        {analytics.data && analytics.data.byEmbed.length > 0 && (
          <EmbedEarnings analytics={analytics.data} projects={projects.data ?? []} />
        )}
      </SectionCard>

      <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap="6" alignItems="start">
        <Stack gap="3" as="section" aria-label="Films to embed">
          <Heading size="md">{verified.length > 0 ? 'Funded films' : 'Funded films you invested in'}</Heading>
          {projects.isPending || investments.isPending ? (
            <Skeleton h="32" />
          ) : films.length === 0 ? (
            <Text color="fg.muted">No funded films yet. Invest in a film, or verify your website to embed the funded catalogue.</Text>
          ) : (
            films.map((film) => (
              <Button
                key={film.id}
                variant={film.id === selected?.id ? 'subtle' : 'outline'}
                justifyContent="start"
                h="auto"
                py="2"
                onClick={() => setSearchParams({ projectId: String(film.id) })}
                aria-pressed={film.id === selected?.id}
              >
                <HStack gap="3" w="full">
                  <Box w="16" flexShrink={0}>
                    <ProjectThumbnail project={film} height="10" />
                  </Box>
                  <Text truncate>{film.title}</Text>
                  {investedIds.has(film.id) && (
                    <Badge ms="auto" colorPalette="purple">
                      Invested
                    </Badge>
                  )}
                </HStack>
              </Button>
            ))
          )}
        </Stack>
        {selected ? (
          <FilmTabs project={selected} verified={verified} />
        ) : (
          <Text color="fg.muted">Select a film to preview its player, get its embed code and see its analytics.</Text>
        )}
      </Grid>
    </Stack>
  )
}

function FilmTabs({ project, verified }: { project: Project; verified: PublisherWebsite[] }) {
  const cluster = useCluster()
  const analytics = usePublisherAnalytics()
  const projects = useProjects()
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="lg">{project.title}</Heading>
      </Card.Header>
      <Card.Body>
        <Tabs.Root defaultValue="preview" variant="line" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="preview">Preview Player</Tabs.Trigger>
            <Tabs.Trigger value="code">Embed Code</Tabs.Trigger>
            <Tabs.Trigger value="analytics">Analytics</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="preview">
            <Box aspectRatio={16 / 9} w="full" bg="black" borderRadius="md" overflow="hidden">
              <iframe
                title={`${project.title} preview player`}
                src={withCluster(`/player/${project.id}`, cluster)}
                width="100%"
                height="100%"
                style={{ border: 0 }}
                allow="autoplay; fullscreen"
              />
            </Box>
          </Tabs.Content>
          <Tabs.Content value="code">
            <EmbedCodeTab project={project} verified={verified} />
          </Tabs.Content>
          <Tabs.Content value="analytics">
            {analytics.data ? (
              <Stack gap="4">
                <DailyCharts analytics={analytics.data} projectId={project.id} />
                <EmbedEarnings analytics={analytics.data} projects={projects.data ?? []} projectId={project.id} />
              </Stack>
            ) : (
              <Skeleton h="40" />
            )}
          </Tabs.Content>
        </Tabs.Root>
      </Card.Body>
    </Card.Root>
  )
}

function EmbedCodeTab({ project, verified }: { project: Project; verified: PublisherWebsite[] }) {
  const [choice, setChoice] = useState<EmbedChoice>(DEFAULT_EMBED_CHOICE)
  if (verified.length === 0) {
    return (
      <Stack gap="3">
        <Text color="fg.muted">Embed codes are restricted to verified websites.</Text>
        <EmbedCode code={project.embeddableCode ?? ''} verified={false} />
      </Stack>
    )
  }
  return (
    <Stack gap="4">
      <RadioGroup.Root value={choice} onValueChange={({ value }) => setChoice(value as EmbedChoice)} aria-label="How to embed">
        <HStack gap="6">
          <RadioGroup.Item value="embed">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Use Embed Code</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="autolist">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Auto-List All Funded Movies</RadioGroup.ItemText>
          </RadioGroup.Item>
        </HStack>
      </RadioGroup.Root>
      {choice === 'embed' ? <RegisteredEmbeds project={project} verified={verified} /> : <ApiKeys websites={verified} />}
    </Stack>
  )
}

/** The wallet's embeds of this film, and registering one per verified website (never twice). */
function RegisteredEmbeds({ project, verified }: { project: Project; verified: PublisherWebsite[] }) {
  const embeds = usePublisherEmbeds()
  const register = useRegisterEmbed()
  const mine = (embeds.data ?? []).filter((embed) => embed.projectId === project.id)
  const registeredOrigins = new Set(mine.map((embed) => new URL(embed.websiteUrl).origin))
  const available = verified.filter((site) => !registeredOrigins.has(site.origin))
  const [origin, setOrigin] = useState('')
  const target = available.find((site) => site.origin === origin) ?? available[0]

  const submit = () => {
    if (!target) return
    register.mutate(
      { project, websiteUrl: target.origin },
      {
        onSuccess: () => notify({ title: 'Embed code generated successfully!', description: `${project.title} on ${target.origin}` }),
        onError: (error) => notify({ title: 'Embed code generation failed', description: errorMessage(error), variant: 'destructive' }),
      },
    )
  }

  return (
    <Stack gap="4">
      {mine.map((embed) => (
        <Stack key={embed.embedId} gap="2" data-testid="registered-embed">
          <Text fontSize="sm" fontWeight="medium">
            {embed.websiteUrl} · {embed.embedId}
          </Text>
          <EmbedCode code={embed.embedCode} verified />
        </Stack>
      ))}
      {available.length > 0 ? (
        <HStack align="end" wrap="wrap">
          <Field.Root w="auto">
            <Field.Label>Website to embed on</Field.Label>
            <OptionSelect
              size="sm"
              w="72"
              value={target?.origin ?? ''}
              options={available.map((site) => ({ value: site.origin, label: site.origin }))}
              onChange={setOrigin}
            />
          </Field.Root>
          <Button size="sm" colorPalette="green" onClick={submit} loading={register.isPending} loadingText="Registering...">
            Register Embed
          </Button>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          This film is embedded on every website you verified.
        </Text>
      )}
    </Stack>
  )
}
