// Analytics reads: platform-wide, one film, and the connected wallet's own figures.
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import { useCluster } from '@/features/mode/mode-data-access'
import { useWalletApiQuery } from '@/features/mode/cluster-queries'
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
  return useWalletApiQuery<WalletAnalytics>(analyticsKeys.wallet, (wallet) => `/api/analytics/wallet/${wallet}`)
}
