// Dashboard (/): featured hero, the next four featured cards, studio pitch, and with a wallet the
// recommendations (after 1500 ms) and achievements (after 800 ms) panels.
import { Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { ErrorAlert } from '@/components/ui/error-alert'
import { ACHIEVEMENTS_DELAY_MS, DASHBOARD_CARD_COUNT, RECOMMENDATIONS_DELAY_MS } from '@/constants'
import { useDelayedComputation } from '@/lib/use-delayed'
import { useFeaturedProjects, useProjects } from '@/features/projects/projects-data-access'
import { ProjectCard, ProjectCardGrid } from '@/features/projects/projects-ui'
import { useUserInvestments } from '@/features/investments/investments-data-access'
import { computeAchievements } from './achievements'
import { recommendProjects } from './recommendations'
import { AchievementsPanel, Hero, RecommendationsPanel, StudioPitch } from './dashboard-ui'

export default function DashboardFeature() {
  const featured = useFeaturedProjects()
  const walletAddress = useWalletAddress()
  const [hero, ...rest] = featured.data ?? []
  return (
    <Stack gap="8">
      {featured.isPending ? (
        <Skeleton h="80" borderRadius="lg" />
      ) : featured.isError ? (
        <ErrorAlert error={featured.error} onRetry={featured.refetch} />
      ) : (
        hero && <Hero project={hero} />
      )}
      {rest.length > 0 && (
        <Stack gap="4">
          <Heading size="lg">Featured projects</Heading>
          <ProjectCardGrid columns={{ base: 1, sm: 2, xl: 4 }}>
            {rest.slice(0, DASHBOARD_CARD_COUNT).map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ProjectCardGrid>
        </Stack>
      )}
      {walletAddress && <PersonalPanels />}
      <StudioPitch />
    </Stack>
  )
}

function PersonalPanels() {
  const projects = useProjects()
  const investments = useUserInvestments()
  const ready = projects.data && investments.data
  const recommendations = useDelayedComputation(
    ready ? () => recommendProjects(projects.data!, investments.data!) : null,
    RECOMMENDATIONS_DELAY_MS,
    `${projects.dataUpdatedAt}:${investments.dataUpdatedAt}`,
  )
  const achievements = useDelayedComputation(
    ready ? () => computeAchievements(investments.data!, projects.data!) : null,
    ACHIEVEMENTS_DELAY_MS,
    `${projects.dataUpdatedAt}:${investments.dataUpdatedAt}`,
  )
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <RecommendationsPanel recommendations={recommendations} />
      <AchievementsPanel achievements={achievements} />
    </SimpleGrid>
  )
}
