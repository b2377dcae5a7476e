// Marketplace filtering and sorting: search is case-insensitive over title, description
// and directorName; status all / funding / funded; sort by funding percentage, newest or endingSoon.
import { fundingPercentage } from '@/lib/format'
import type { Project } from '@marquee/api-contract'

export const STATUS_FILTERS = ['all', 'funding', 'funded'] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]

export const SORT_OPTIONS = [
  { value: 'funding', label: 'Funding percentage' },
  { value: 'newest', label: 'Newest' },
  { value: 'endingSoon', label: 'Ending soon' },
] as const
export type SortOption = (typeof SORT_OPTIONS)[number]['value']

export function matchesSearch(project: Project, search: string): boolean {
  const needle = search.trim().toLowerCase()
  if (!needle) return true
  return [project.title, project.description, project.directorName].some((field) => field.toLowerCase().includes(needle))
}

export function matchesStatus(project: Project, status: StatusFilter): boolean {
  return status === 'all' || project.status === status
}

const comparators: Record<SortOption, (a: Project, b: Project) => number> = {
  funding: (a, b) => fundingPercentage(b) - fundingPercentage(a),
  newest: (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  endingSoon: (a, b) => Date.parse(a.deadline) - Date.parse(b.deadline),
}

export function filterProjects(projects: Project[], search: string, status: StatusFilter, sort: SortOption): Project[] {
  return projects.filter((project) => matchesSearch(project, search) && matchesStatus(project, status)).sort(comparators[sort])
}

export function asStatusFilter(value: string | null): StatusFilter {
  return STATUS_FILTERS.includes(value as StatusFilter) ? (value as StatusFilter) : 'all'
}

export function asSortOption(value: string | null): SortOption {
  return SORT_OPTIONS.some((option) => option.value === value) ? (value as SortOption) : 'funding'
}
