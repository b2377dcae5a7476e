// Presentational project pieces: funding bar, status label, marketplace card and its skeleton.
import { Badge, Box, Card, HStack, Image, Progress, Skeleton, SkeletonText, Stack, Text } from '@chakra-ui/react'
import { LuUsers } from 'react-icons/lu'
import { memo } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import {
  formatCount,
  formatPercentage,
  formatUsd,
  fundingBarValue,
  fundingPercentage,
  fundingStatusLabel,
} from '@/lib/format'
import type { Project } from '@/lib/types'

export function FundingProgress({ project, size = 'sm' }: { project: Project; size?: 'xs' | 'sm' | 'md' | 'lg' }) {
  const value = fundingBarValue(project)
  return (
    <Progress.Root value={value} size={size} colorPalette={value >= 100 ? 'green' : 'purple'} aria-label="Funding progress">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  )
}

export function FundingStatusBadge({ project }: { project: Project }) {
  const label = fundingStatusLabel(project)
  const palette = label === 'Funded' ? 'green' : label === 'Funding ended' ? 'gray' : 'purple'
  return (
    <Badge colorPalette={palette} variant="solid">
      {label}
    </Badge>
  )
}

/** The posters' intrinsic size (2:3, as the demo posters), given to the browser before the image arrives; CSS sets the box. */
const THUMBNAIL_WIDTH_PX = 600
const THUMBNAIL_HEIGHT_PX = 900

export function ProjectThumbnail({ project, height = '44' }: { project: Project; height?: string }) {
  return (
    <Image
      src={project.thumbnailUrl}
      alt={project.title}
      // Off-screen cards' images wait until scrolled near; the fixed box keeps the layout from jumping.
      loading="lazy"
      decoding="async"
      width={THUMBNAIL_WIDTH_PX}
      height={THUMBNAIL_HEIGHT_PX}
      h={height}
      w="full"
      objectFit="cover"
      bg="bg.muted"
      onError={(event) => {
        event.currentTarget.style.visibility = 'hidden'
      }}
    />
  )
}

/** Memoised: a grid re-rendered as the user types (or a page is added) leaves unchanged cards alone. */
export const ProjectCard = memo(function ProjectCard({ project }: { project: Project }) {
  const percentage = fundingPercentage(project)
  return (
    <Card.Root asChild overflow="hidden" _hover={{ borderColor: 'purple.500' }} data-testid="project-card">
      <RouterLink to={`/project/${project.id}`}>
        <Box position="relative">
          <ProjectThumbnail project={project} />
          <Box position="absolute" top="2" right="2">
            <FundingStatusBadge project={project} />
          </Box>
        </Box>
        <Card.Body gap="3" p="4">
          <Stack gap="1">
            <Text fontWeight="semibold" lineClamp={1}>
              {project.title}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {project.directorName}
            </Text>
          </Stack>
          <HStack gap="1" wrap="wrap">
            {project.genres.slice(0, 3).map((genre) => (
              <Badge key={genre} variant="outline" size="sm">
                {genre}
              </Badge>
            ))}
          </HStack>
          <FundingProgress project={project} />
          <HStack justify="space-between" fontSize="sm">
            <Text>
              <Text as="span" fontWeight="semibold">
                {formatUsd(project.currentFunding)}
              </Text>{' '}
              <Text as="span" color="fg.muted">
                of {formatUsd(project.fundingGoal)}
              </Text>
            </Text>
            <Text color="fg.muted">{formatPercentage(percentage)}%</Text>
          </HStack>
          <HStack justify="space-between" fontSize="xs" color="fg.muted">
            <HStack gap="1">
              <LuUsers /> {formatCount(project.investorCount)} investors
            </HStack>
            <Text>{formatCount(project.totalViews ?? 0)} views</Text>
          </HStack>
        </Card.Body>
      </RouterLink>
    </Card.Root>
  )
})

export function ProjectCardSkeleton() {
  return (
    <Card.Root overflow="hidden" data-testid="project-card-skeleton">
      <Skeleton h="44" />
      <Card.Body gap="3" p="4">
        <SkeletonText noOfLines={2} />
        <Skeleton h="2" />
        <SkeletonText noOfLines={1} />
      </Card.Body>
    </Card.Root>
  )
}
