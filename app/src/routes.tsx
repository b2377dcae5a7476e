// The route table, one route per screen; any other path is the not-found screen. Each screen is its own
// chunk, loaded when its route is first visited (the router's `lazy`), so the first page downloads
// only the shell and that page's code. The marketplace's loader asks for its data meanwhile.
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { Layout } from '@/features/shell/shell-feature'
import { NotFoundScreen } from '@/features/shell/shell-ui'
import { marketplaceLoader } from '@/features/marketplace/marketplace-prefetch'
import type { Mode } from '@/features/mode/mode-data-access'

/** A route whose screen is the default export of a module loaded on first visit. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default })

/** The routes, their loaders filling `queryClient` (the one the app's providers hold), in the stored mode or `mode`. */
export const createRoutes = (queryClient: QueryClient, mode?: Mode): RouteObject[] => [
  {
    element: <Layout />,
    // Nothing to show before the first screen's chunk arrives but the empty page.
    HydrateFallback: () => null,
    children: [
      { path: '/', lazy: screen(() => import('@/features/dashboard/dashboard-feature')) },
      { path: '/marketplace', loader: marketplaceLoader(queryClient, mode), lazy: screen(() => import('@/features/marketplace/marketplace-feature')) },
      { path: '/project/:id', lazy: screen(() => import('@/features/project-detail/project-detail-feature')) },
      { path: '/investments', lazy: screen(() => import('@/features/investments/investments-feature')) },
      { path: '/embed', lazy: screen(() => import('@/features/publishers/embed-library-feature')) },
      { path: '/revenue', lazy: screen(() => import('@/features/revenue/revenue-feature')) },
      { path: '/analytics', lazy: screen(() => import('@/features/analytics/analytics-feature')) },
      { path: '/advertising', lazy: screen(() => import('@/features/advertising/advertising-feature')) },
      { path: '/studio', lazy: screen(() => import('@/features/studio/studio-feature')) },
      { path: '/verification', lazy: screen(() => import('@/features/verification/verification-feature')) },
      { path: '/checkout', lazy: screen(() => import('@/features/checkout/checkout-feature')) },
      { path: '/claim-revenue', lazy: screen(() => import('@/features/claim/claim-feature')) },
      { path: '/collaboration/:projectId?', lazy: screen(() => import('@/features/collaboration/collaboration-feature')) },
      { path: '/debug', lazy: screen(() => import('@/features/debug/debug-feature')) },
      { path: '/login', lazy: screen(() => import('@/features/login/login-feature')) },
      { path: '/terms', lazy: screen(() => import('@/features/legal/terms-feature')) },
      { path: '/privacy', lazy: screen(() => import('@/features/legal/privacy-feature')) },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient))
