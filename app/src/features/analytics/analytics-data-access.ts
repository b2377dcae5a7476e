// Analytics reads: platform-wide, one film, and the connected wallet's own figures.
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import { useCluster } from '@/features/mode/mode-data-access'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import type { PlatformAnalytics, ProjectAnalytics, WalletAnalytics } from '@marquee/api-contract'

export const analyticsKeys = {
  all: (cluster: Cluster) => ['analytics', cluster] as const,
  platform: (cluster: Cluster) => [...analyticsKeys.all(cluster), 'platform'] as const,
  project: (cluster: Cluster, projectId: number) => [...analyticsKeys.all(cluster), 'project', projectId] as const,
  wallet: (cluster: Cluster, wallet: string | null) => [...analyticsKeys.all(cluster), 'wallet', wallet] as const,
}

export function usePlatformAnalytics() {
  const cluster = useCluster()
  return useQuery({ queryKey: analyticsKeys.platform(cluster), queryFn: () => apiGet<PlatformAnalytics>('/api/analytics/platform', cluster) })
}

export function useProjectAnalytics(projectId: number | null) {
  const cluster = useCluster()
  return useQuery({
    queryKey: analyticsKeys.project(cluster, projectId ?? -1),
    queryFn: () => apiGet<ProjectAnalytics>(`/api/analytics/projects/${projectId}`, cluster),
    enabled: projectId !== null,
  })
}

export function useWalletAnalytics() {
  const cluster = useCluster()
  const wallet = useWalletAddress()
  return useQuery({
    queryKey: analyticsKeys.wallet(cluster, wallet),
    queryFn: () => apiGet<WalletAnalytics>(`/api/analytics/wallet/${wallet}`, cluster),
    enabled: wallet !== null,
  })
}
