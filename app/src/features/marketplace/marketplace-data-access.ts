// The marketplace's server-side listing: GET /api/projects with q / status / sort, read in pages of
// MARKETPLACE_PAGE_SIZE by cursor (`{ items, nextCursor, total }`) through an infinite query.
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { MARKETPLACE_PAGE_SIZE } from '@/constants'
import { apiGet } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { Project } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { projectKeys } from '@/features/projects/project-keys'
import { asSortOption, asStatusFilter, filterProjects, type SortOption, type StatusFilter } from './marketplace-logic'

export interface ProjectPage {
  items: Project[]
  nextCursor: string | null
  total: number
}

export interface MarketplaceFilters {
  search: string
  status: StatusFilter
  sort: SortOption
}

/** The filters a marketplace URL names (?search=, ?status=, ?sort=); unknown values fall back to the defaults. */
export function filtersFromSearchParams(params: URLSearchParams): MarketplaceFilters {
  return { search: params.get('search') ?? '', status: asStatusFilter(params.get('status')), sort: asSortOption(params.get('sort')) }
}

export const marketplaceKeys = {
  pages: (cluster: Cluster, filters: MarketplaceFilters) => [...projectKeys.all(cluster), 'marketplace', filters] as const,
  /** The whole catalogue, when the server answered the listing un-paginated. */
  unpaginated: (cluster: Cluster) => [...projectKeys.all(cluster), 'marketplace', 'unpaginated'] as const,
}

export function projectPagePath(filters: MarketplaceFilters, cursor: string | null, limit = MARKETPLACE_PAGE_SIZE): string {
  const query = new URLSearchParams({ limit: String(limit), status: filters.status, sort: filters.sort })
  const q = filters.search.trim()
  if (q) query.set('q', q)
  if (cursor) query.set('cursor', cursor)
  return `/api/projects?${query}`
}

/** Cursors of pages cut here from an un-paginated answer (a server cursor never starts so). */
const LOCAL_CURSOR_PREFIX = 'local:'

/** A page of a whole catalogue held here, filtered and sorted as the server would. */
export function localPage(catalogue: Project[], filters: MarketplaceFilters, cursor: string | null, limit = MARKETPLACE_PAGE_SIZE): ProjectPage {
  const matching = filterProjects(catalogue, filters.search, filters.status, filters.sort)
  const start = cursor?.startsWith(LOCAL_CURSOR_PREFIX) ? Number(cursor.slice(LOCAL_CURSOR_PREFIX.length)) : 0
  const end = start + limit
  return { items: matching.slice(start, end), nextCursor: end < matching.length ? `${LOCAL_CURSOR_PREFIX}${end}` : null, total: matching.length }
}

/**
 * One page. A server that only speaks the spec's un-paginated call ignores limit/cursor and answers
 * the whole array: that array is kept, and this and later pages and searches are cut from it here
 * (until the project list is invalidated), so the grid still renders a page at a time.
 */
export async function fetchProjectPage(
  queryClient: QueryClient,
  cluster: Cluster,
  filters: MarketplaceFilters,
  cursor: string | null,
): Promise<ProjectPage> {
  const catalogueKey = marketplaceKeys.unpaginated(cluster)
  const kept = queryClient.getQueryData<Project[]>(catalogueKey)
  if (kept && !queryClient.getQueryState(catalogueKey)?.isInvalidated) return localPage(kept, filters, cursor)
  const answer = await apiGet<ProjectPage | Project[]>(projectPagePath(filters, cursor), cluster)
  if (!Array.isArray(answer)) return answer
  queryClient.setQueryData(catalogueKey, answer)
  return localPage(answer, filters, cursor)
}

/** The listing's infinite query, for the grid's hook and for the route's prefetch (marketplace-prefetch.ts). */
export const projectPagesQuery = (queryClient: QueryClient, cluster: Cluster, filters: MarketplaceFilters) =>
  infiniteQueryOptions({
    queryKey: marketplaceKeys.pages(cluster, filters),
    queryFn: ({ pageParam }) => fetchProjectPage(queryClient, cluster, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page: ProjectPage) => page.nextCursor,
  })

export function useProjectPages(filters: MarketplaceFilters) {
  const cluster = useCluster()
  const queryClient = useQueryClient()
  return useInfiniteQuery({
    ...projectPagesQuery(queryClient, cluster, filters),
    // While a new search is on its way the cards already loaded stay (and are filtered locally).
    placeholderData: keepPreviousData,
  })
}
