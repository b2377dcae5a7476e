// Presentational project pieces: funding bar, status label, marketplace card and its skeleton.
import {
  Badge,
  Box,
  Card,
  Image,
  Progress,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  useRecipe,
  useSlotRecipe,
  type SimpleGridProps,
  type SystemStyleObject,
} from '@chakra-ui/react'
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
import type { Project } from '@marquee/api-contract'
import { PROJECT_CARD_SKELETON_TEST_ID, PROJECT_CARD_TEST_ID } from '@/lib/shared-selectors'

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

/** A poster's <img> attributes: off-screen cards' images wait until scrolled near; the fixed box keeps the layout from jumping. */
const LAZY_THUMBNAIL = { loading: 'lazy', decoding: 'async', width: THUMBNAIL_WIDTH_PX, height: THUMBNAIL_HEIGHT_PX } as const

export function ProjectThumbnail({ project, height = '44' }: { project: Project; height?: string }) {
  // A film listed without a poster (its metadata has none): the same muted box, named for screen readers.
  // An <img src=""> would make the browser fetch the page itself again.
  if (!project.thumbnailUrl) return <Box role="img" aria-label={project.title} h={height} w="full" bg="bg.muted" />
  return (
    <Image
      src={project.thumbnailUrl}
      alt={project.title}
      {...LAZY_THUMBNAIL}
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
 * The project cards' styles, from the theme's own recipes (card, badge, progress) and tokens, as one
 * style object for the grid that holds them, each card part reached by its `data-card` attribute:
 * the grid computes its styles once per render and every card is plain elements, instead of ~25
 * styled elements per card each computing its styles (which made each search's new cards cost
 * ~50 ms more to draw).
 */
function useProjectCardsCss(): SystemStyleObject {
  const card = useSlotRecipe({ key: 'card' })
  const badge = useRecipe({ key: 'badge' })
  const progress = useSlotRecipe({ key: 'progress' })
  return useMemo(() => {
    const cardParts = card({ variant: 'outline', size: 'md' })
    const progressParts = progress({ variant: 'outline', size: 'sm', shape: 'rounded' })
    const palettes = Object.fromEntries(['green', 'gray', 'purple'].map((palette) => [`& [data-palette=${palette}]`, { colorPalette: palette }]))
    return {
      ...palettes,
      '& [data-card=root]': { ...cardParts.root, overflow: 'hidden', _hover: { borderColor: 'purple.500' } },
      '& [data-card=media]': { position: 'relative' },
      '& [data-card=thumbnail]': { height: '44', width: 'full', objectFit: 'cover', bg: 'bg.muted' },
      '& [data-card=status]': { ...badge({ variant: 'solid', size: 'sm' }), position: 'absolute', top: '2', right: '2' },
      '& [data-card=body]': { ...cardParts.body, gap: '3', p: '4' },
      '& [data-card=heading]': { display: 'flex', flexDirection: 'column', gap: '1' },
      '& [data-card=title]': { fontWeight: 'semibold', lineClamp: 1 },
      '& [data-card=director]': { fontSize: 'sm', color: 'fg.muted' },
      '& [data-card=genres]': { display: 'flex', flexWrap: 'wrap', gap: '1' },
      '& [data-card=genre]': { ...badge({ variant: 'outline', size: 'sm' }), colorPalette: 'gray' },
      '& [data-card=progress]': { ...progressParts.root, ...progressParts.track },
      '& [data-card=progress-range]': { ...progressParts.range, '--track-color': 'colors.colorPalette.solid' },
      '& [data-card=row]': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 'sm' },
      '& [data-card=footer]': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', fontSize: 'xs', color: 'fg.muted' },
      '& [data-card=investors]': { display: 'flex', alignItems: 'center', gap: '1' },
      '& [data-card=strong]': { fontWeight: 'semibold' },
      '& [data-card=muted]': { color: 'fg.muted' },
    }
  }, [card, badge, progress])
}

/** The grid of ProjectCards (and their skeletons), carrying the cards' styles. */
export function ProjectCardGrid(props: SimpleGridProps) {
  const css = useProjectCardsCss()
  return <SimpleGrid gap="4" {...props} css={css} />
}

/**
 * A project's card, in a ProjectCardGrid (which styles it). Memoised: a grid re-rendered as the user
 * types (or a page is added) leaves unchanged cards alone.
 */
export const ProjectCard = memo(function ProjectCard({ project }: { project: Project }) {
  const percentage = fundingPercentage(project)
  const status = fundingStatusLabel(project)
  const barValue = fundingBarValue(project)
  return (
    <RouterLink to={`/project/${project.id}`} data-card="root" data-testid={PROJECT_CARD_TEST_ID}>
      <div data-card="media">
        {project.thumbnailUrl ? (
          <img
            data-card="thumbnail"
            src={project.thumbnailUrl}
            alt={project.title}
            {...LAZY_THUMBNAIL}
            onError={(event) => {
              event.currentTarget.style.visibility = 'hidden'
            }}
          />
        ) : (
          // No poster listed: the same box, empty (see ProjectThumbnail).
          <div data-card="thumbnail" role="img" aria-label={project.title} />
        )}
        <span data-card="status" data-palette={statusPalette(status)}>
          {status}
        </span>
      </div>
      <div data-card="body">
        <div data-card="heading">
          <p data-card="title">{project.title}</p>
          <p data-card="director">{project.directorName}</p>
        </div>
        <div data-card="genres">
          {project.genres.slice(0, 3).map((genre) => (
            <span key={genre} data-card="genre">
              {genre}
            </span>
          ))}
        </div>
        <div
          data-card="progress"
          data-palette={barValue >= 100 ? 'green' : 'purple'}
          role="progressbar"
          aria-label="Funding progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={barValue}
        >
          <div data-card="progress-range" style={{ width: `${barValue}%` }} />
        </div>
        <div data-card="row">
          <p>
            <span data-card="strong">{formatUsd(project.currentFunding)}</span> <span data-card="muted">of {formatUsd(project.fundingGoal)}</span>
          </p>
          <p data-card="muted">{formatPercentage(percentage)}%</p>
        </div>
        <div data-card="footer">
          <span data-card="investors">
            <LuUsers /> {formatCount(project.investorCount)} investors
          </span>
          <p>{formatCount(project.totalViews ?? 0)} views</p>
        </div>
      </div>
    </RouterLink>
  )
})

export function ProjectCardSkeleton() {
  return (
    <Card.Root overflow="hidden" data-testid={PROJECT_CARD_SKELETON_TEST_ID}>
      <Skeleton h="44" />
      <Card.Body gap="3" p="4">
        <SkeletonText noOfLines={2} />
        <Skeleton h="2" />
        <SkeletonText noOfLines={1} />
      </Card.Body>
    </Card.Root>
  )
}
