// Revenue reads (unclaimed, per user, platform-wide distributions) and the claim / test-revenue mutations.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { TEST_REVENUE_MAX_SOL, TEST_REVENUE_MIN_SOL } from '@/constants'
import { apiGet } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { PlatformDistribution, UnclaimedRevenue, UserRevenue } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { useInvalidate, useWalletApiQuery } from '@/features/mode/cluster-queries'
import { chainKeys } from '@/features/chain/chain-data-access'
import { useClientMutation } from '@/features/chain/client-mutation'
import { projectKeys, projectListQuery } from '@/features/projects/projects-data-access'
import { investmentKeys } from '@/features/investments/investments-data-access'

export const revenueKeys = {
  all: (cluster: Cluster) => ['revenue', cluster] as const,
  unclaimed: (cluster: Cluster, walletAddress: string | null) => [...revenueKeys.all(cluster), 'unclaimed', walletAddress] as const,
  user: (cluster: Cluster, walletAddress: string | null) => [...revenueKeys.all(cluster), 'user', walletAddress] as const,
  distributions: (cluster: Cluster) => [...revenueKeys.all(cluster), 'distributions'] as const,
}

export function useUnclaimedRevenue() {
  return useWalletApiQuery<UnclaimedRevenue>(revenueKeys.unclaimed, (walletAddress) => `/api/revenue/unclaimed/${walletAddress}`)
}

export function useUserRevenue() {
  return useWalletApiQuery<UserRevenue>(revenueKeys.user, (walletAddress) => `/api/revenue/user/${walletAddress}`)
}

export function usePlatformDistributions() {
  const cluster = useCluster()
  return useQuery({
    queryKey: revenueKeys.distributions(cluster),
    queryFn: () => apiGet<PlatformDistribution[]>('/api/revenue/distributions', cluster),
  })
}

function useInvalidateAfterRevenueChange() {
  return useInvalidate((cluster) => [revenueKeys.all(cluster), investmentKeys.all(cluster), projectKeys.all(cluster), chainKeys.all(cluster)])
}

/**
 * Claim all unclaimed distributions: a wallet transaction first (one claim_revenue per project on
 * chain), then POST /api/revenue/claim with its hash. The projects' addresses come from the list.
 */
export function useClaimRevenue() {
  const cluster = useCluster()
  const queryClient = useQueryClient()
  return useClientMutation(async (client, unclaimed: UnclaimedRevenue) => {
    const projects = await queryClient.ensureQueryData(projectListQuery(cluster))
    const projectIds = new Set(unclaimed.distributions.map((distribution) => distribution.projectId))
    return client.claimRevenue({
      distributionIds: unclaimed.distributions.map((distribution) => distribution.id),
      projects: projects.filter((project) => projectIds.has(project.id)),
      expectedAmount: unclaimed.total,
    })
  }, useInvalidateAfterRevenueChange())
}

/** A random test-revenue amount from 0.5 to 10 SOL with 2 decimals. */
export function randomTestRevenueSol(random: () => number = Math.random): number {
  const sol = TEST_REVENUE_MIN_SOL + random() * (TEST_REVENUE_MAX_SOL - TEST_REVENUE_MIN_SOL)
  return Math.round(sol * 100) / 100
}

export function useGenerateTestRevenue() {
  return useClientMutation((client, amountSol: number) => client.generateRevenue(amountSol), useInvalidateAfterRevenueChange())
}
