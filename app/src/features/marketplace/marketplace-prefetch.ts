// The marketplace route's loader: asks for the grid's first page as soon as the router starts a
// navigation to /marketplace, while the screen's code is still downloading, instead of after the
// screen has loaded and rendered its skeleton (a serial waterfall of bundle → screen chunk → first
// render → request). It does not wait for the answer: the screen renders at once and its query
// picks up the request in flight (same key, react-query shares it).
import type { QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router-dom'
import { clusterForMode, readStoredMode, type Mode } from '@/features/mode/mode-data-access'
import { filtersFromSearchParams, projectPagesQuery } from './marketplace-data-access'

/** `mode`: the mode to list, when not the one this browser stored (the server's prerender has no storage). */
export function marketplaceLoader(queryClient: QueryClient, mode?: Mode) {
  return ({ request }: LoaderFunctionArgs) => {
    const cluster = clusterForMode(mode ?? readStoredMode())
    const filters = filtersFromSearchParams(new URL(request.url).searchParams)
    // A failed prefetch is the screen's query's error to show (it retries on mount); never the route's.
    void queryClient.prefetchInfiniteQuery(projectPagesQuery(queryClient, cluster, filters))
    return null
  }
}
