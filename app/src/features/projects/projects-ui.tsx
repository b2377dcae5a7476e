// Presentational project pieces: funding bar, status label, marketplace card and its skeleton.
import { Badge, Box, Card, Image, Progress, Skeleton, SkeletonText, useRecipe, useSlotRecipe, type SystemStyleObject } from '@chakra-ui/react'
import { LuUsers } from 'react-icons/lu'
import { memo, useMemo } from 'react'
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

/** The palette of a funding status: its badge's here and on the marketplace card. */
const statusPalette = (label: string) => (label === 'Funded' ? 'green' : label === 'Funding ended' ? 'gray' : 'purple')

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
  return (
    <Badge colorPalette={statusPalette(label)} variant="solid">
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

/**
 * The marketplace card's styles, from the theme's own recipes (card, badge, progress) and tokens,
 * as one style object for the card's root, its parts reached by `data-part`: a card is then one
 * styled element and plain ones inside, instead of ~25 styled elements each computing its styles at
 * every render (which made a grid of new cards, after each search, cost ~50 ms more to draw).
 */
function useProjectCardCss(): SystemStyleObject {
  const card = useSlotRecipe({ key: 'card' })
  const badge = useRecipe({ key: 'badge' })
  const progress = useSlotRecipe({ key: 'progress' })
  return useMemo(() => {
    const cardParts = card({ variant: 'outline', size: 'md' })
    const progressParts = progress({ variant: 'outline', size: 'sm', shape: 'rounded' })
    const palettes = Object.fromEntries(['green', 'gray', 'purple'].map((palette) => [`& [data-palette=${palette}]`, { colorPalette: palette }]))
    return {
      ...cardParts.root,
      overflow: 'hidden',
      _hover: { borderColor: 'purple.500' },
      ...palettes,
      '& [data-part=media]': { position: 'relative' },
      '& [data-part=thumbnail]': { height: '44', width: 'full', objectFit: 'cover', bg: 'bg.muted' },
      '& [data-part=status]': { ...badge({ variant: 'solid', size: 'sm' }), position: 'absolute', top: '2', right: '2' },
      '& [data-part=body]': { ...cardParts.body, gap: '3', p: '4' },
      '& [data-part=heading]': { display: 'flex', flexDirection: 'column', gap: '1' },
      '& [data-part=title]': { fontWeight: 'semibold', lineClamp: 1 },
      '& [data-part=director]': { fontSize: 'sm', color: 'fg.muted' },
      '& [data-part=genres]': { display: 'flex', flexWrap: 'wrap', gap: '1' },
      '& [data-part=genre]': { ...badge({ variant: 'outline', size: 'sm' }), colorPalette: 'gray' },
      '& [data-part=progress]': { ...progressParts.root, ...progressParts.track },
      '& [data-part=progress-range]': { ...progressParts.range, '--track-color': 'colors.colorPalette.solid' },
      '& [data-part=row]': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 'sm' },
      '& [data-part=footer]': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted' },
      '& [data-part=investors]': { display: 'flex', alignItems: 'center', gap: '1' },
      '& [data-part=strong]': { fontWeight: 'semibold' },
      '& [data-part=muted]': { color: 'fg.muted' },
    }
  }, [card, badge, progress])
}

/** Memoised: a grid re-rendered as the user types (or a page is added) leaves unchanged cards alone. */
export const ProjectCard = memo(function ProjectCard({ project }: { project: Project }) {
  const css = useProjectCardCss()
  const percentage = fundingPercentage(project)
  const status = fundingStatusLabel(project)
  const barValue = fundingBarValue(project)
  return (
    <Box asChild css={css} data-testid="project-card">
      <RouterLink to={`/project/${project.id}`}>
        <div data-part="media">
          <img
            data-part="thumbnail"
            src={project.thumbnailUrl}
            alt={project.title}
            // Off-screen cards' images wait until scrolled near; the fixed box keeps the layout from jumping.
            loading="lazy"
            decoding="async"
            width={THUMBNAIL_WIDTH_PX}
            height={THUMBNAIL_HEIGHT_PX}
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden'
            }}
          />
          <span data-part="status" data-palette={statusPalette(status)}>
            {status}
          </span>
        </div>
        <div data-part="body">
          <div data-part="heading">
            <p data-part="title">{project.title}</p>
            <p data-part="director">{project.directorName}</p>
          </div>
          <div data-part="genres">
            {project.genres.slice(0, 3).map((genre) => (
              <span key={genre} data-part="genre">
                {genre}
              </span>
            ))}
          </div>
          <div
            data-part="progress"
            data-palette={barValue >= 100 ? 'green' : 'purple'}
            role="progressbar"
            aria-label="Funding progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={barValue}
          >
            <div data-part="progress-range" style={{ width: `${barValue}%` }} />
          </div>
          <div data-part="row">
            <p>
              <span data-part="strong">{formatUsd(project.currentFunding)}</span> <span data-part="muted">of {formatUsd(project.fundingGoal)}</span>
            </p>
            <p data-part="muted">{formatPercentage(percentage)}%</p>
          </div>
          <div data-part="footer">
            <span data-part="investors">
              <LuUsers /> {formatCount(project.investorCount)} investors
            </span>
            <p>{formatCount(project.totalViews ?? 0)} views</p>
          </div>
        </div>
      </RouterLink>
    </Box>
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
