// Dashboard pieces: hero of the first featured project, studio pitch, recommendations, achievements.
import type { ReactNode } from 'react'
import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { LuCalendar, LuClapperboard, LuSparkles, LuTrophy, LuUsers } from 'react-icons/lu'
import { Link as RouterLink } from 'react-router-dom'
import { DEFAULT_INVESTMENT_SOL, MIN_INVESTMENT_SOL } from '@/constants'
import { daysLeft, formatCount, formatDate, formatPercentage, formatUsd, fundingPercentage } from '@/lib/format'
import type { Project } from '@marquee/api-contract'
import { FundingProgress, ProjectThumbnail } from '@/features/projects/projects-ui'
import { checkoutPath } from '@/features/checkout/checkout-logic'
import type { AchievementStatus } from './achievements'
import type { Recommendation } from './recommendations'

export function Hero({ project }: { project: Project }) {
  const days = daysLeft(project.deadline)
  return (
    <Card.Root overflow="hidden" data-testid="hero">
      <SimpleGrid columns={{ base: 1, md: 2 }}>
        <ProjectThumbnail project={project} height="full" />
        <Card.Body gap="4" p="6">
          <HStack>
            <Badge colorPalette="purple">Featured</Badge>
            <Badge variant="outline">{formatPercentage(fundingPercentage(project))}% funded</Badge>
          </HStack>
          <Heading size="2xl">{project.title}</Heading>
          <Text color="fg.muted" lineClamp={3}>
            {project.description}
          </Text>
          <FundingProgress project={project} size="md" />
          <HStack justify="space-between" fontSize="sm">
            <Text>
              <Text as="span" fontWeight="bold">
                {formatUsd(project.currentFunding)}
              </Text>{' '}
              raised of {formatUsd(project.fundingGoal)}
            </Text>
            <HStack gap="1" color="fg.muted">
              <LuUsers /> {formatCount(project.investorCount)} investors
            </HStack>
          </HStack>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text>Minimum investment: {MIN_INVESTMENT_SOL} SOL</Text>
            <HStack gap="1">
              <LuCalendar /> {days} days remaining · ends {formatDate(project.deadline)}
            </HStack>
          </HStack>
          <HStack>
            {project.status === 'funding' && fundingPercentage(project) < 100 && (
              <Button asChild colorPalette="purple">
                <RouterLink to={checkoutPath({ amount: DEFAULT_INVESTMENT_SOL, projectId: project.id, title: project.title })}>
                  Invest Now
                </RouterLink>
              </Button>
            )}
            <Button asChild variant="outline">
              <RouterLink to={`/project/${project.id}`}>Details</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </SimpleGrid>
    </Card.Root>
  )
}

export function StudioPitch() {
  return (
    <Card.Root bg="purple.subtle" borderColor="purple.muted">
      <Card.Body>
        <Flex gap="6" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
          <Box color="purple.fg">
            <LuClapperboard size="40" />
          </Box>
          <Stack flex="1" gap="1">
            <Heading size="lg">Are you a film studio?</Heading>
            <Text color="fg.muted">
              List your movie for community licence funding. Investors fund it in SOL, publishers embed it, and ad
              revenue flows back on-chain: 40% to publishers, 57.5% to investors, 2.5% to the platform.
            </Text>
          </Stack>
          <Button asChild colorPalette="purple">
            <RouterLink to="/studio">Open the Production Portal</RouterLink>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}

/** A dashboard card: an icon and a title (with an optional figure beside it) over its content. */
function DashboardPanel({ testId, icon, title, aside, children }: { testId: string; icon: ReactNode; title: string; aside?: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <HStack>
          {icon}
          <Heading size="md">{title}</Heading>
          {aside && (
            <Text fontSize="sm" color="fg.muted">
              {aside}
            </Text>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  )
}

export function RecommendationsPanel({ recommendations }: { recommendations: Recommendation[] | undefined }) {
  return (
    <DashboardPanel testId="recommendations" icon={<LuSparkles />} title="Recommended for you">
      {recommendations === undefined ? (
        <Stack>
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} h="14" />
          ))}
        </Stack>
      ) : recommendations.length === 0 ? (
        <Text color="fg.muted">No open projects to recommend right now.</Text>
      ) : (
        <Stack gap="3">
          {recommendations.map(({ project, reasons }) => (
            <Box key={project.id} asChild borderWidth="1px" borderRadius="md" p="3" _hover={{ borderColor: 'purple.500' }}>
              <RouterLink to={`/project/${project.id}`}>
                <HStack justify="space-between">
                  <Text fontWeight="medium">{project.title}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatPercentage(fundingPercentage(project))}% funded
                  </Text>
                </HStack>
                <HStack gap="1" mt="2" wrap="wrap">
                  {reasons.map((reason) => (
                    <Badge key={reason} size="sm" colorPalette="purple" variant="subtle">
                      {reason}
                    </Badge>
                  ))}
                </HStack>
              </RouterLink>
            </Box>
          ))}
        </Stack>
      )}
    </DashboardPanel>
  )
}

const TIER_PALETTE = { bronze: 'orange', silver: 'gray', gold: 'yellow', diamond: 'cyan' } as const

export function AchievementsPanel({ achievements }: { achievements: AchievementStatus[] | undefined }) {
  return (
    <DashboardPanel
      testId="achievements"
      icon={<LuTrophy />}
      title="Achievements"
      aside={achievements && `${achievements.filter((achievement) => achievement.unlocked).length}/${achievements.length}`}
    >
      {achievements === undefined ? (
        <SimpleGrid columns={2} gap="2">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h="12" />
          ))}
        </SimpleGrid>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          {achievements.map((achievement) => {
            const hidden = achievement.secret && !achievement.unlocked
            return (
              <HStack
                key={achievement.id}
                borderWidth="1px"
                borderRadius="md"
                p="2"
                opacity={achievement.unlocked ? 1 : 0.5}
                data-unlocked={achievement.unlocked}
              >
                <Text fontSize="xl">{hidden ? '❔' : achievement.emoji}</Text>
                <Stack gap="0" flex="1">
                  <HStack gap="1">
                    <Text fontSize="sm" fontWeight="medium">
                      {hidden ? 'Secret achievement' : achievement.title}
                    </Text>
                    <Badge size="xs" colorPalette={TIER_PALETTE[achievement.tier]}>
                      {achievement.tier}
                    </Badge>
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {hidden ? 'Keep investing to discover it.' : achievement.description}
                  </Text>
                </Stack>
              </HStack>
            )
          })}
        </SimpleGrid>
      )}
    </DashboardPanel>
  )
}
