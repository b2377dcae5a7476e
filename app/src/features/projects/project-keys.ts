// The project queries' cache keys, on their own so a module on the first page's path (the
// marketplace's route loader) can name them without loading the project mutations' chain code.
import type { Cluster } from '@/lib/api'

export const projectKeys = {
  all: (cluster: Cluster) => ['projects', cluster] as const,
  list: (cluster: Cluster) => [...projectKeys.all(cluster), 'list'] as const,
  featured: (cluster: Cluster, limit: number) => [...projectKeys.all(cluster), 'featured', limit] as const,
  detail: (cluster: Cluster, id: number) => [...projectKeys.all(cluster), 'detail', id] as const,
  investments: (cluster: Cluster, id: number) => [...projectKeys.all(cluster), 'investments', id] as const,
}
