// What the debug page reads beside the screens' own hooks: every embed registered on the cluster.
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '@/lib/api'
import type { EmbedRecord } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'

export function useEmbeds() {
  const cluster = useCluster()
  return useQuery({ queryKey: ['embeds', cluster, 'all'], queryFn: () => apiGet<EmbedRecord[]>('/api/embeds', cluster) })
}
