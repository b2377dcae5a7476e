// The marketplace's first screen rendered on the server (built with `vite build --ssr` into
// dist-server/, loaded by the indexer's static server). A visitor opening /marketplace sees the
// first cards as soon as the HTML arrives, instead of after the dApp's JavaScript has loaded, run
// and rendered (~1 s on a 2-core machine). The HTML is a preview: main.tsx renders the live app in
// its place, from the same data (the dehydrated query cache of prerenderData), in one commit.
//
// Only /marketplace, in the visitor's mode (the cookie the app writes beside localStorage; see
// features/mode/mode-data-access.tsx): a page drawn for another mode is dropped by the browser.
import { dehydrate, hydrate, type DehydratedState } from '@tanstack/react-query'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import createEmotionServer from '@emotion/server/create-instance'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { createQueryClient } from '@/lib/query-client'
import { AppProviders } from '@/providers'
import { createRoutes } from '@/routes'
import { clusterForMode, DEFAULT_MODE, modeFromCookieHeader, type Mode } from '@/features/mode/mode-data-access'
import { PRERENDERED_ATTRIBUTE, PRERENDERED_MODE_ATTRIBUTE, PRERENDERED_STATE_ID } from '@/lib/prerendered'
import {
  filtersFromSearchParams,
  projectPagePath,
  projectPagesQuery,
  type MarketplaceFilters,
  type ProjectPage,
} from '@/features/marketplace/marketplace-data-access'
import type { Cluster } from '@/lib/api'

/** The paths rendered here; any other gets the plain dApp shell. */
export const PRERENDERED_PATHS = ['/marketplace'] as const

/** The listing a bare /marketplace shows. */
const DEFAULT_FILTERS = filtersFromSearchParams(new URLSearchParams())
/** URLs are read relative to this (only their path and query matter). */
const ORIGIN = 'http://marquee.invalid'

/** The mode a request asks the page in, from its Cookie header; the server keeps one page per mode. */
export const prerenderMode = modeFromCookieHeader

/** Answers an API GET in-process (the indexer passes its own Hono app). */
export type ApiGet = (path: string, cluster: Cluster) => Promise<unknown>

/**
 * Only the listings the app's own links and filters write (a status and a sort, each named only when
 * not the default): a finite set of pages, each rendered once and kept by the server. A search, or
 * any other parameter or value, gets the plain dApp, so that no stream of made-up URLs can make the
 * server render page after page.
 */
function isCanonicalListing(params: URLSearchParams, filters: MarketplaceFilters): boolean {
  const canonical = new URLSearchParams()
  if (filters.status !== DEFAULT_FILTERS.status) canonical.set('status', filters.status)
  if (filters.sort !== DEFAULT_FILTERS.sort) canonical.set('sort', filters.sort)
  return filters.search === '' && params.toString() === canonical.toString()
}

/**
 * The query cache `url` (a path with its query) is rendered from in `mode`, its answers asked of
 * `apiGet`; null when the path is not prerendered. Throws when the API fails.
 */
export async function prerenderData(url: string, apiGet: ApiGet, mode: Mode = DEFAULT_MODE): Promise<DehydratedState | null> {
  const { pathname, searchParams } = new URL(url, ORIGIN)
  if (!(PRERENDERED_PATHS as readonly string[]).includes(pathname)) return null
  const filters = filtersFromSearchParams(searchParams)
  if (!isCanonicalListing(searchParams, filters)) return null
  const cluster = clusterForMode(mode)
  const queryClient = createQueryClient()
  await queryClient.prefetchInfiniteQuery({
    ...projectPagesQuery(queryClient, cluster, filters),
    queryFn: async ({ pageParam }) => (await apiGet(projectPagePath(filters, pageParam), cluster)) as ProjectPage,
  })
  const failed = queryClient.getQueryCache().getAll().find((query) => query.state.status === 'error')
  if (failed) throw failed.state.error
  return dehydrate(queryClient)
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** What goes into index.html for a prerendered page. */
export interface PrerenderedPage {
  /** Into <head>: the page's styles, in one element per kind (the browser restyles the page once, not per card). */
  head: string
  /** In place of the empty `<div id="root"></div>`. */
  root: string
}

/**
 * The prerendered page for `url`: the page rendered from `state`
 * (prerenderData's; the route's loader finds its page there and asks nothing), inert and with every
 * control disabled until main.tsx renders the live app in its place (a click or keystroke before
 * would be lost), and beside it the state for main.tsx to start from. Null when not prerendered.
 */
export async function renderPrerendered(url: string, state: DehydratedState, mode: Mode = DEFAULT_MODE): Promise<PrerenderedPage | null> {
  const queryClient = createQueryClient()
  hydrate(queryClient, state)
  const handler = createStaticHandler(createRoutes(queryClient, mode))
  const context = await handler.query(new Request(new URL(url, ORIGIN)))
  if (context instanceof Response) return null
  const router = createStaticRouter(handler.dataRoutes, context)
  // Emotion's styles collected here instead of written before each element (a <style> element per
  // styled element in the body, each restyling the page as the parser meets it); the app's cache
  // (same key) adopts them.
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient} mode={mode}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </CacheProvider>,
  )
  return {
    head: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)),
    root:
      `<div id="root"><fieldset ${PRERENDERED_ATTRIBUTE} ${PRERENDERED_MODE_ATTRIBUTE}="${mode}" disabled inert style="border:0;margin:0;padding:0;min-width:0">${html}</fieldset></div>` +
      `<script type="application/json" id="${PRERENDERED_STATE_ID}">${scriptSafeJson(state)}</script>`,
  }
}
