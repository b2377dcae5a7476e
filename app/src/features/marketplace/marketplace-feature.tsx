// Marketplace (/marketplace): search (also fed by the header's box via ?search=), status filter, sort,
// the project grid, an 8-card skeleton while loading and 'No projects found' when empty.
// Search, filter and sort run on the server, a page at a time, and more pages load as the end of the
// grid scrolls near, so a catalogue of thousands renders only what has been scrolled to. Typing
// filters the cards already loaded at once; the server is asked once typing pauses. The route's
// loader (marketplace-prefetch.ts) has asked for the first page before this screen's code arrived;
// each new answer paints its first screen of cards before the rest (useFirstScreenFirst).
import { Box, Heading, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react'
import { LuSearch } from 'react-icons/lu'
import { useSearchParams } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import { OptionSelect } from '@/components/ui/option-select'
import { PageHeading } from '@/components/ui/page-heading'
import {
  MARKETPLACE_FIRST_SCREEN_CARDS,
  MARKETPLACE_PREFETCH_MARGIN_PX,
  MARKETPLACE_SEARCH_DEBOUNCE_MS,
  MARKETPLACE_SKELETON_COUNT,
} from '@/constants'
import { MARKETPLACE_SEARCH_LABEL } from '@/lib/shared-selectors'
import { useDebouncedState } from '@/lib/use-debounced-state'
import { useFirstScreenFirst } from '@/lib/use-first-screen-first'
import { useOnVisible } from '@/lib/use-on-visible'
import { ProjectCard, ProjectCardGrid, ProjectCardSkeleton } from '@/features/projects/projects-ui'
import type { Project } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { filtersFromSearchParams, projectPagesQuery, useProjectPages } from './marketplace-data-access'
import { SORT_OPTIONS, STATUS_FILTERS, filterProjects } from './marketplace-logic'
import { UrlWrites } from './url-writes'

const STATUS_LABELS = { all: 'All projects', funding: 'Funding', funded: 'Funded' } as const
/** Skeleton cards shown under the grid while the next page loads. */
const NEXT_PAGE_SKELETON_COUNT = 4

const skeletons = (count: number) => Array.from({ length: count }, (_, index) => <ProjectCardSkeleton key={`skeleton-${index}`} />)

/** The grid; memoised, so a keystroke that changes only the search box does not render it. */
const ProjectGrid = memo(function ProjectGrid({ cards, busy, loading, loadingMore }: { cards: Project[]; busy: boolean; loading: boolean; loadingMore: boolean }) {
  return (
    <ProjectCardGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} aria-busy={busy}>
      {loading ? skeletons(MARKETPLACE_SKELETON_COUNT) : cards.map((project) => <ProjectCard key={project.id} project={project} />)}
      {loadingMore && skeletons(NEXT_PAGE_SKELETON_COUNT)}
    </ProjectCardGrid>
  )
})

/** The page's title; memoised with the toolbar, so a new answer renders the grid alone. */
const MarketplaceHeading = memo(function MarketplaceHeading() {
  return <PageHeading title="Marketplace">Discover films seeking funding and invest with SOL.</PageHeading>
})

/** The search box and the status and sort filters. */
const MarketplaceToolbar = memo(function MarketplaceToolbar({
  search,
  status,
  sort,
  onSearch,
  onFilter,
}: {
  search: string
  status: string
  sort: string
  onSearch: (value: string) => void
  onFilter: (key: 'status' | 'sort', value: string) => void
}) {
  return (
    <HStack gap="3" wrap="wrap">
      <InputGroup startElement={<LuSearch />} flex="1" minW="60">
        <Input
          placeholder="Search by title, description or director"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          aria-label={MARKETPLACE_SEARCH_LABEL}
        />
      </InputGroup>
      <OptionSelect
        w="44"
        label="Status"
        value={status}
        options={STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        onChange={(value) => onFilter('status', value)}
      />
      <OptionSelect w="52" label="Sort" value={sort} options={SORT_OPTIONS} onChange={(value) => onFilter('sort', value)} />
    </HStack>
  )
})

/** Each filter's value that the URL leaves out (a bare /marketplace's). */
const FILTER_DEFAULTS = filtersFromSearchParams(new URLSearchParams())

export default function MarketplaceFeature() {
  const [params, setParams] = useSearchParams()
  const { search: urlSearch, status, sort } = filtersFromSearchParams(params)
  // The box keeps its own text: the URL follows it once typing pauses (a URL update per keystroke
  // lags behind fast typing and would drop letters), and follows the header's box the other way.
  const queryClient = useQueryClient()
  const cluster = useCluster()
  const {
    value: search,
    debounced: debouncedSearch,
    set: setSearch,
    setNow: setSearchNow,
  } = useDebouncedState(urlSearch, MARKETPLACE_SEARCH_DEBOUNCE_MS, (value) => {
    // The request leaves the moment typing pauses, not after the render that follows it (the grid's
    // query then finds it in flight).
    void queryClient.prefetchInfiniteQuery(projectPagesQuery(queryClient, cluster, { search: value, status, sort }))
  })
  const projects = useProjectPages({ search: debouncedSearch, status, sort })

  // Stable, so the memoised toolbar is not rendered again by a new answer; reads the URL when called.
  const update = useCallback(
    (key: keyof typeof FILTER_DEFAULTS, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (value === FILTER_DEFAULTS[key]) next.delete(key)
          else next.set(key, value)
          return next
        },
        { replace: true },
      ),
    [setParams],
  )
  const searchInUrl = useRef(urlSearch)
  // The searches this screen wrote into the URL, oldest first, until the URL shows them.
  const ownWrites = useRef(new UrlWrites())
  useEffect(() => {
    // One of this screen's own writes arriving, maybe late (the router commits a navigation after
    // the renders of the keys typed since): the box already holds that text or newer, which it keeps.
    if (ownWrites.current.arrived(urlSearch) || urlSearch === searchInUrl.current) return
    searchInUrl.current = urlSearch
    // From the header's box or a link: the route's loader has asked for its answer already.
    setSearchNow(urlSearch)
  }, [urlSearch, setSearchNow])
  // Written once the search's answer is in and painted: the router's navigation (a render of the
  // whole route) then does not compete with drawing the answer. An effect of the answer's commit runs
  // before that commit is painted, so the write waits for the frame after it.
  const searching = projects.isFetching
  useEffect(() => {
    if (debouncedSearch === searchInUrl.current || searching) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        searchInUrl.current = debouncedSearch
        ownWrites.current.wrote(debouncedSearch)
        update('search', debouncedSearch)
      })
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [debouncedSearch, searching, update])

  const loaded = useMemo(() => projects.data?.pages.flatMap((page) => page.items) ?? [], [projects.data])
  // The server already applied these filters to its answer; on the previous search's cards, shown
  // while the new answer is on its way, they narrow the grid as the user types. Deferred: a
  // keystroke updates the box at once, and the grid (however many cards are loaded) after it.
  const gridSearch = useDeferredValue(search)
  const visible = useMemo(() => filterProjects(loaded, gridSearch, status, sort), [loaded, gridSearch, status, sort])
  const settled = projects.isSuccess && !projects.isPlaceholderData && search === debouncedSearch
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projects
  // A new answer paints its first screen of cards first; the cards below the fold follow in the
  // background (and the next page is not asked for before they are in the page).
  const { shown, allShown } = useFirstScreenFirst(visible, projects.data?.pages[0], MARKETPLACE_FIRST_SCREEN_CARDS)
  const sentinelRef = useOnVisible<HTMLDivElement>(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
    },
    { marginPx: MARKETPLACE_PREFETCH_MARGIN_PX, enabled: settled && hasNextPage && allShown, generation: projects.data?.pages.length ?? 0 },
  )

  return (
    <Stack gap="6">
      <MarketplaceHeading />
      <MarketplaceToolbar search={search} status={status} sort={sort} onSearch={setSearch} onFilter={update} />
      {projects.isError && <ErrorAlert error={projects.error} />}
      <ProjectGrid
        cards={shown}
        busy={!settled}
        loading={projects.isPending || (!settled && visible.length === 0 && projects.isFetching)}
        loadingMore={isFetchingNextPage}
      />
      {hasNextPage && <Box ref={sentinelRef} h="px" data-testid="marketplace-more" />}
      {settled && visible.length === 0 && (
        <Box textAlign="center" py="16">
          <Heading size="md">No projects found</Heading>
          <Text color="fg.muted">Try another search or filter.</Text>
        </Box>
      )}
    </Stack>
  )
}
