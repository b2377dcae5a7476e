// Project detail (/project/{id}): hero, funding, counts, sidebar facts, actions by status, the
// Collaboration Hub link, the embed panel of funded films, three info cards and the invest dialog.
import { Badge, Button, Card, Grid, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { useState } from 'react'
import { LuCalendar, LuClock, LuExternalLink, LuMessagesSquare, LuUsers } from 'react-icons/lu'
import { Link as RouterLink, useParams } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import { SectionCard } from '@/components/ui/section-card'
import { MIN_INVESTMENT_SOL, REVENUE_SPLIT_PERCENT } from '@/constants'
import {
  amountToSol,
  daysLeft,
  formatCount,
  formatDate,
  formatDateTime,
  formatTokenShare,
  formatUsd,
  formatPercentage,
  fundingPercentage,
  shortenAddress,
} from '@/lib/format'
import type { Project } from '@marquee/api-contract'
import { useProject, useProjectInvestments } from '@/features/projects/projects-data-access'
import { FundingProgress, ProjectThumbnail } from '@/features/projects/projects-ui'
import { TransactionLink } from '@/features/chain/chain-ui'
import { ProjectEmbedPanel } from '@/features/publishers/project-embed-panel'
import { InvestDialog } from './invest-dialog'
import { RefundPanel } from './refund-panel'

export function studioLabel(project: Pick<Project, 'studioId' | 'studioName'>): string {
  return project.studioName ? project.studioName : `Studio #${project.studioId}`
}

export default function ProjectDetailFeature() {
  const params = useParams()
  const id = Number(params.id)
  const project = useProject(Number.isFinite(id) ? id : null)
  if (project.isPending) return <Skeleton h="96" borderRadius="lg" />
  if (project.isError || !project.data) return <ErrorAlert error={project.error ?? new Error('Project not found')} />
  return <ProjectDetail project={project.data} />
}

function ProjectDetail({ project }: { project: Project }) {
  const walletAddress = useWalletAddress()
  const [investOpen, setInvestOpen] = useState(false)
  const percentage = fundingPercentage(project)
  const fullyFunded = percentage >= 100
  const days = daysLeft(project.deadline)

  return (
    <Stack gap="6">
      <Card.Root overflow="hidden">
        <Grid templateColumns={{ base: '1fr', md: '2fr 3fr' }}>
          <ProjectThumbnail project={project} height="full" />
          <Card.Body gap="3">
            <HStack gap="2" wrap="wrap">
              {project.genres.map((genre) => (
                <Badge key={genre} variant="outline">
                  {genre}
                </Badge>
              ))}
              <Badge colorPalette={fullyFunded ? 'green' : 'purple'}>{formatPercentage(percentage)}% Funded</Badge>
            </HStack>
            <Heading size="3xl">{project.title}</Heading>
            <Text color="fg.muted">Directed by {project.directorName}</Text>
            <HStack gap="2">
              <Text fontSize="sm">{studioLabel(project)}</Text>
              {project.studioVerified && (
                <Badge colorPalette="blue" size="sm">
                  Verified studio
                </Badge>
              )}
            </HStack>
            <Text>{project.description}</Text>
          </Card.Body>
        </Grid>
      </Card.Root>

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="6" alignItems="start">
        <Stack gap="6">
          <Card.Root>
            <Card.Body gap="4">
              <HStack justify="space-between">
                <Text>
                  <Text as="span" fontWeight="bold" fontSize="xl">
                    {formatUsd(project.currentFunding)}
                  </Text>{' '}
                  <Text as="span" color="fg.muted">
                    raised of {formatUsd(project.fundingGoal)}
                  </Text>
                </Text>
                <Text fontWeight="semibold">{formatPercentage(percentage)}%</Text>
              </HStack>
              <FundingProgress project={project} size="lg" />
              <SimpleGrid columns={3} gap="4">
                <Stat icon={<LuUsers />} label="Investors" value={formatCount(project.investorCount)} testId="investor-count" />
                {project.fundedAt ? (
                  <Stat icon={<LuCalendar />} label="Funded On" value={formatDate(project.fundedAt)} />
                ) : (
                  <Stat icon={<LuCalendar />} label="Deadline" value={formatDate(project.deadline)} />
                )}
                {fullyFunded ? (
                  <Stat icon={<LuClock />} label="Status" value="Status: Complete" />
                ) : (
                  <Stat icon={<LuClock />} label="Time left" value={`${days} days`} />
                )}
              </SimpleGrid>
            </Card.Body>
          </Card.Root>

          {project.status === 'funded' && project.embeddableCode && <ProjectEmbedPanel project={project} />}
          {project.status === 'failed' && walletAddress && <RefundPanel project={project} />}

          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <InfoCard title="About the Project">
              {project.description}
              {project.releaseYear ? ` Release year: ${project.releaseYear}.` : ''}
              {project.licenseType ? ` Licence: ${project.licenseType}.` : ''}
            </InfoCard>
            <InfoCard title="About the Director">
              {project.directorName} directs {project.title} for {studioLabel(project)}.
            </InfoCard>
            <InfoCard title="Investment Benefits">
              Share tokens proportional to your stake of the goal, and {REVENUE_SPLIT_PERCENT.investors}% of the film's
              ad revenue shared among investors, claimable to your wallet at any time.
            </InfoCard>
          </SimpleGrid>

          <RecentInvestments projectId={project.id} />
        </Stack>

        <Stack gap="4">
          <Card.Root>
            <Card.Body gap="3">
              <Fact label="Category" value={project.genres[0] ?? '—'} />
              <Fact label="Created" value={formatDate(project.createdAt)} />
              <Fact label="Minimum investment" value={`${MIN_INVESTMENT_SOL} SOL`} />
              <Fact label="Revenue share" value={`${REVENUE_SPLIT_PERCENT.investors}% to investors`} />
              {project.status === 'funding' ? (
                <Button colorPalette="purple" onClick={() => setInvestOpen(true)}>
                  Invest Now
                </Button>
              ) : project.status === 'funded' ? (
                <Button asChild colorPalette="green">
                  <RouterLink to={`/embed?projectId=${project.id}`}>Get Embed Code</RouterLink>
                </Button>
              ) : (
                <Button disabled>Funding Closed</Button>
              )}
              <Button asChild variant="outline">
                <RouterLink to={`/collaboration/${project.id}`}>
                  <LuMessagesSquare /> Collaboration Hub
                </RouterLink>
              </Button>
              {project.explorerUrl && (
                <Link href={project.explorerUrl} target="_blank" rel="noreferrer" fontSize="sm" color="fg.muted">
                  View project account <LuExternalLink />
                </Link>
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
      <InvestDialog project={project} walletConnected={walletAddress !== null} open={investOpen} onOpenChange={setInvestOpen} />
    </Stack>
  )
}

function Stat({ icon, label, value, testId }: { icon: React.ReactNode; label: string; value: string; testId?: string }) {
  return (
    <Stack gap="1">
      <HStack gap="1" color="fg.muted" fontSize="sm">
        {icon}
        <Text>{label}</Text>
      </HStack>
      <Text fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium">{value}</Text>
    </HStack>
  )
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="sm">{title}</Heading>
      </Card.Header>
      <Card.Body pt="0">
        <Text fontSize="sm" color="fg.muted">
          {children}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

function RecentInvestments({ projectId }: { projectId: number }) {
  const investments = useProjectInvestments(projectId)
  if (!investments.data || investments.data.length === 0) return null
  return (
    <SectionCard title="Recent investments" gap="2">
      {investments.data.slice(0, 10).map((investment) => (
        <HStack key={investment.id} justify="space-between" fontSize="sm" wrap="wrap">
          <Text fontFamily="mono">{investment.investorAddress ? shortenAddress(investment.investorAddress) : `#${investment.userId}`}</Text>
          <Text>{amountToSol(investment.amount)} SOL</Text>
          <Text color="fg.muted">{formatTokenShare(investment.tokenShare)}</Text>
          <Text color="fg.muted">{formatDateTime(investment.createdAt)}</Text>
          <TransactionLink signature={investment.txHash} />
        </HStack>
      ))}
    </SectionCard>
  )
}
