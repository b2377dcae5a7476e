// The route table, one route per screen; any other path is the not-found screen. Each screen is its own
// chunk, loaded when its route is first visited (the router's `lazy`), so the first page downloads
// only the shell and that page's code. The marketplace's loader asks for its data meanwhile. A screen
// that fails (or whose chunk is gone after a redeploy) shows the route error screen; `handle.title`
// is the document title.
import type { QueryClient } from '@tanstack/react-query'
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { Layout } from '@/features/shell/shell-feature'
import { NotFoundScreen } from '@/features/shell/shell-ui'
import { RouteErrorScreen } from '@/features/route-errors/route-error-screen'
import { RouteTitle } from '@/features/route-errors/route-title'
import { marketplaceLoader } from '@/features/marketplace/marketplace-prefetch'
import type { Mode } from '@/features/mode/mode-data-access'

/** A route whose screen is the default export of a module loaded on first visit. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default })

/** The routes, their loaders filling `queryClient` (the one the app's providers hold), in the stored mode or `mode`. */
export const createRoutes = (queryClient: QueryClient, mode?: Mode): RouteObject[] => [
  {
    element: (
      <>
        <RouteTitle />
        <Layout />
      </>
    ),
    // A crash of the shell itself; a screen's crash or missing chunk shows inside the shell (below).
    errorElement: <RouteErrorScreen />,
    // Nothing to show before the first screen's chunk arrives but the empty page.
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteErrorScreen />,
        children: [
          { path: '/', lazy: screen(() => import('@/features/dashboard/dashboard-feature')) },
          {
            path: '/marketplace',
            handle: { title: 'Marketplace' },
            loader: marketplaceLoader(queryClient, mode),
            lazy: screen(() => import('@/features/marketplace/marketplace-feature')),
          },
          { path: '/project/:id', handle: { title: 'Film' }, lazy: screen(() => import('@/features/project-detail/project-detail-feature')) },
          { path: '/investments', handle: { title: 'My Investments' }, lazy: screen(() => import('@/features/investments/investments-feature')) },
          { path: '/embed', handle: { title: 'Embed Library' }, lazy: screen(() => import('@/features/publishers/embed-library-feature')) },
          { path: '/revenue', handle: { title: 'Revenue' }, lazy: screen(() => import('@/features/revenue/revenue-feature')) },
          { path: '/analytics', handle: { title: 'Analytics' }, lazy: screen(() => import('@/features/analytics/analytics-feature')) },
          { path: '/advertising', handle: { title: 'Advertising' }, lazy: screen(() => import('@/features/advertising/advertising-feature')) },
          { path: '/studio', handle: { title: 'Studio' }, lazy: screen(() => import('@/features/studio/studio-feature')) },
          { path: '/verification', handle: { title: 'Verification' }, lazy: screen(() => import('@/features/verification/verification-feature')) },
          { path: '/checkout', handle: { title: 'Checkout' }, lazy: screen(() => import('@/features/checkout/checkout-feature')) },
          { path: '/claim-revenue', handle: { title: 'Claim Revenue' }, lazy: screen(() => import('@/features/claim/claim-feature')) },
          {
            path: '/collaboration/:projectId?',
            handle: { title: 'Collaboration' },
            lazy: screen(() => import('@/features/collaboration/collaboration-feature')),
          },
          { path: '/debug', handle: { title: 'Debug' }, lazy: screen(() => import('@/features/debug/debug-feature')) },
          { path: '/login', handle: { title: 'Sign in' }, lazy: screen(() => import('@/features/login/login-feature')) },
          { path: '/terms', handle: { title: 'Terms of Service' }, lazy: screen(() => import('@/features/legal/terms-feature')) },
          { path: '/privacy', handle: { title: 'Privacy Policy' }, lazy: screen(() => import('@/features/legal/privacy-feature')) },
          { path: '*', handle: { title: 'Page not found' }, element: <NotFoundScreen /> },
        ],
      },
    ],
  },
]

export const createRouter = (queryClient: QueryClient) => createBrowserRouter(createRoutes(queryClient))
