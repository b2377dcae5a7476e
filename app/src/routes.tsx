// The spec's route table (SPEC.md §2); any other path is the not-found screen.
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { Layout } from '@/features/shell/shell-feature'
import { NotFoundScreen } from '@/features/shell/shell-ui'
import DashboardFeature from '@/features/dashboard/dashboard-feature'
import MarketplaceFeature from '@/features/marketplace/marketplace-feature'
import ProjectDetailFeature from '@/features/project-detail/project-detail-feature'
import InvestmentsFeature from '@/features/investments/investments-feature'
import RevenueFeature from '@/features/revenue/revenue-feature'
import CheckoutFeature from '@/features/checkout/checkout-feature'
import ClaimFeature from '@/features/claim/claim-feature'
import EmbedLibraryFeature from '@/features/publishers/embed-library-feature'
import AnalyticsFeature from '@/features/analytics/analytics-feature'
import CollaborationFeature from '@/features/collaboration/collaboration-feature'
import DebugFeature from '@/features/debug/debug-feature'
import { PLACEHOLDERS, PlaceholderFeature } from '@/features/placeholders/placeholder-feature'

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <DashboardFeature /> },
      { path: '/marketplace', element: <MarketplaceFeature /> },
      { path: '/project/:id', element: <ProjectDetailFeature /> },
      { path: '/investments', element: <InvestmentsFeature /> },
      { path: '/embed', element: <EmbedLibraryFeature /> },
      { path: '/revenue', element: <RevenueFeature /> },
      { path: '/analytics', element: <AnalyticsFeature /> },
      { path: '/advertising', element: <PlaceholderFeature screen={PLACEHOLDERS.advertising} /> },
      { path: '/studio', element: <PlaceholderFeature screen={PLACEHOLDERS.studio} /> },
      { path: '/verification', element: <PlaceholderFeature screen={PLACEHOLDERS.verification} /> },
      { path: '/checkout', element: <CheckoutFeature /> },
      { path: '/claim-revenue', element: <ClaimFeature /> },
      { path: '/collaboration/:projectId?', element: <CollaborationFeature /> },
      { path: '/debug', element: <DebugFeature /> },
      { path: '/login', element: <PlaceholderFeature screen={PLACEHOLDERS.login} /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
