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
import StudioFeature from '@/features/studio/studio-feature'
import VerificationFeature from '@/features/verification/verification-feature'
import { PLACEHOLDERS, PlaceholderFeature } from '@/features/placeholders/placeholder-feature'

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <DashboardFeature /> },
      { path: '/marketplace', element: <MarketplaceFeature /> },
      { path: '/project/:id', element: <ProjectDetailFeature /> },
      { path: '/investments', element: <InvestmentsFeature /> },
      { path: '/embed', element: <PlaceholderFeature screen={PLACEHOLDERS.embed} /> },
      { path: '/revenue', element: <RevenueFeature /> },
      { path: '/analytics', element: <PlaceholderFeature screen={PLACEHOLDERS.analytics} /> },
      { path: '/advertising', element: <PlaceholderFeature screen={PLACEHOLDERS.advertising} /> },
      { path: '/studio', element: <StudioFeature /> },
      { path: '/verification', element: <VerificationFeature /> },
      { path: '/checkout', element: <CheckoutFeature /> },
      { path: '/claim-revenue', element: <ClaimFeature /> },
      { path: '/collaboration/:projectId?', element: <PlaceholderFeature screen={PLACEHOLDERS.collaboration} /> },
      { path: '/debug', element: <PlaceholderFeature screen={PLACEHOLDERS.debug} /> },
      { path: '/login', element: <PlaceholderFeature screen={PLACEHOLDERS.login} /> },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
