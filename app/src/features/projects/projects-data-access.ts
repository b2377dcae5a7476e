// Project reads (GET /api/projects, /featured, /:id, investments of a project) and the invest mutation.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { FEATURED_PROJECTS_LIMIT } from '@/constants'
import { apiGet } from '@/lib/api'
import type { Cluster } from '@/lib/api'
import type { Investment, Project } from '@marquee/api-contract'
import { useCluster } from '@/features/mode/mode-data-access'
import { chainKeys } from '@/features/chain/chain-data-access'
import { useClientMutation } from '@/features/chain/client-mutation'
import { useInvalidate } from '@/features/mode/cluster-queries'
import type { ProjectRef } from '@/features/chain/marquee-client'
import { investmentKeys } from '@/features/investments/investments-data-access'
import { projectKeys } from './project-keys'

export { projectKeys }

/** The project list's query, for hooks and for mutations that need the list (ensureQueryData). */
export const projectListQuery = (cluster: Cluster) =>
  queryOptions({ queryKey: projectKeys.list(cluster), queryFn: () => apiGet<Project[]>('/api/projects', cluster) })

export function useProjects() {
  return useQuery(projectListQuery(useCluster()))
}

export function useFeaturedProjects(limit = FEATURED_PROJECTS_LIMIT) {
  const cluster = useCluster()
  return useQuery({
    queryKey: projectKeys.featured(cluster, limit),
    queryFn: () => apiGet<Project[]>(`/api/projects/featured?limit=${limit}`, cluster),
  })
}

export function useProject(id: number | null) {
  const cluster = useCluster()
  return useQuery({
    queryKey: projectKeys.detail(cluster, id ?? -1),
    queryFn: () => apiGet<Project>(`/api/projects/${id}`, cluster),
    enabled: id !== null && Number.isFinite(id),
  })
}

export function useProjectInvestments(id: number | null) {
  const cluster = useCluster()
  return useQuery({
    queryKey: projectKeys.investments(cluster, id ?? -1),
    queryFn: () => apiGet<Investment[]>(`/api/investments/project/${id}`, cluster),
    enabled: id !== null && Number.isFinite(id),
  })
}

/** Invest through the current mode's client, then refresh projects, investments and the balance. */
export function useInvest() {
  const invalidate = useInvalidate((cluster) => [projectKeys.all(cluster), investmentKeys.all(cluster), chainKeys.all(cluster)])
  return useClientMutation((client, { project, amountSol }: { project: ProjectRef; amountSol: number }) => client.invest(project, amountSol), invalidate)
}
