// The marketplace's server-side listing: GET /api/projects with q / status / sort, read in pages of
// MARKETPLACE_PAGE_SIZE by cursor (`{ items, nextCursor, total }`) through an infinite query.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { MARKETPLACE_PAGE_SIZE } from '@/constants'
import { apiGet } from '@/lib/api'
import type { Cluster, Project } from '@/lib/types'
import { useCluster } from '@/features/mode/mode-data-access'
import { projectKeys } from '@/features/projects/projects-data-access'
import { filterProjects, type SortOption, type StatusFilter } from './marketplace-logic'

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

export const marketplaceKeys = {
  pages: (cluster: Cluster, filters: MarketplaceFilters) => [...projectKeys.all(cluster), 'marketplace', filters] as const,
}

export function projectPagePath(filters: MarketplaceFilters, cursor: string | null, limit = MARKETPLACE_PAGE_SIZE): string {
  const query = new URLSearchParams({ limit: String(limit), status: filters.status, sort: filters.sort })
  const q = filters.search.trim()
  if (q) query.set('q', q)
  if (cursor) query.set('cursor', cursor)
  return `/api/projects?${query}`
}

/**
 * One page. A server that only speaks the spec's un-paginated call ignores limit/cursor and answers
 * the whole array: then the filters are applied here and that array is the one and only page.
 */
export async function fetchProjectPage(cluster: Cluster, filters: MarketplaceFilters, cursor: string | null): Promise<ProjectPage> {
  const answer = await apiGet<ProjectPage | Project[]>(projectPagePath(filters, cursor), cluster)
  if (!Array.isArray(answer)) return answer
  const items = filterProjects(answer, filters.search, filters.status, filters.sort)
  return { items, nextCursor: null, total: items.length }
}

export function useProjectPages(filters: MarketplaceFilters) {
  const cluster = useCluster()
  return useInfiniteQuery({
    queryKey: marketplaceKeys.pages(cluster, filters),
    queryFn: ({ pageParam }) => fetchProjectPage(cluster, filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // While a new search is on its way the cards already loaded stay (and are filtered locally).
    placeholderData: keepPreviousData,
  })
}
