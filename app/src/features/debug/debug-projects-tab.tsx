// The debug page's Projects tab: every indexed project of the cluster.
import { ErrorAlert } from '@/components/ui/error-alert'
import { DataTable } from '@/components/ui/data-table'
import { formatPercentage, formatUsd, fundingPercentage } from '@/lib/format'
import { useProjects } from '@/features/projects/projects-data-access'

export function ProjectsTab() {
  const projects = useProjects()
  if (projects.isError) return <ErrorAlert error={projects.error} onRetry={projects.refetch} />
  return (
    <DataTable
      rows={projects.data ?? []}
      rowKey={(project) => project.id}
      columns={[
        { header: 'Id', cell: (project) => project.id },
        { header: 'Title', cell: (project) => project.title },
        { header: 'Status', cell: (project) => project.status },
        { header: 'Funding', end: true, cell: (project) => `${formatPercentage(fundingPercentage(project))}%` },
        { header: 'Goal', end: true, cell: (project) => formatUsd(project.fundingGoal) },
        { header: 'Licence', cell: (project) => (project.fundsReleased ? 'claimed' : '—') },
        { header: 'Video', cell: (project) => project.videoUrl ?? '—' },
      ]}
    />
  )
}
