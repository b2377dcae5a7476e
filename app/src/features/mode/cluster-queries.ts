// The query helpers every feature's data access shares: an API read of the connected wallet (off
// until a wallet is connected) and the invalidation of a list of the cluster's query keys after a
// change.
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { apiGet } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import { useWalletAddress } from '@/features/wallet/wallet-bridge'
import { useCluster } from './mode-data-access'

/** GET `path(wallet)` of the connected wallet on the current cluster, cached under `queryKey(cluster, wallet)`. */
export function useWalletApiQuery<T>(queryKey: (cluster: Cluster, wallet: string | null) => QueryKey, path: (wallet: string) => string) {
  const cluster = useCluster()
  const wallet = useWalletAddress()
  return useQuery({
    queryKey: queryKey(cluster, wallet),
    queryFn: () => apiGet<T>(path(wallet!), cluster),
    enabled: wallet !== null,
  })
}

/** A function that invalidates the queries under each of `keysOf(cluster)`, resolved once all are refetched. */
export function useInvalidate(keysOf: (cluster: Cluster) => readonly QueryKey[]) {
  const cluster = useCluster()
  const queryClient = useQueryClient()
  return () => Promise.all(keysOf(cluster).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
