// Marketplace (/marketplace): search (also fed by the header's box via ?search=), status filter, sort,
// the project grid, an 8-card skeleton while loading and 'No projects found' when empty.
import { Box, Heading, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { LuSearch } from 'react-icons/lu'
import { useSearchParams } from 'react-router-dom'
import { ErrorAlert } from '@/components/ui/error-alert'
import { MARKETPLACE_SKELETON_COUNT } from '@/constants'
import { useProjects } from '@/features/projects/projects-data-access'
import { ProjectCard, ProjectCardSkeleton } from '@/features/projects/projects-ui'
import { SORT_OPTIONS, STATUS_FILTERS, asSortOption, asStatusFilter, filterProjects } from './marketplace-logic'

const STATUS_LABELS = { all: 'All projects', funding: 'Funding', funded: 'Funded' } as const

export default function MarketplaceFeature() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const status = asStatusFilter(params.get('status'))
  const sort = asSortOption(params.get('sort'))
  const projects = useProjects()

  const update = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params)
    if (value === fallback) next.delete(key)
    else next.set(key, value)
    setParams(next, { replace: true })
  }

  const visible = projects.data ? filterProjects(projects.data, search, status, sort) : []

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading size="2xl">Marketplace</Heading>
        <Text color="fg.muted">Discover films seeking funding and invest with SOL.</Text>
      </Stack>
      <HStack gap="3" wrap="wrap">
        <InputGroup startElement={<LuSearch />} flex="1" minW="60">
          <Input
            placeholder="Search by title, description or director"
            value={search}
            onChange={(event) => update('search', event.target.value, '')}
            aria-label="Search"
          />
        </InputGroup>
        <NativeSelect.Root w="44">
          <NativeSelect.Field aria-label="Status" value={status} onChange={(event) => update('status', event.target.value, 'all')}>
            {STATUS_FILTERS.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root w="52">
          <NativeSelect.Field aria-label="Sort" value={sort} onChange={(event) => update('sort', event.target.value, 'funding')}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {projects.isError && (
        <ErrorAlert error={projects.error} />
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
        {projects.isPending
          ? Array.from({ length: MARKETPLACE_SKELETON_COUNT }, (_, index) => <ProjectCardSkeleton key={index} />)
          : visible.map((project) => <ProjectCard key={project.id} project={project} />)}
      </SimpleGrid>
      {projects.isSuccess && visible.length === 0 && (
        <Box textAlign="center" py="16">
          <Heading size="md">No projects found</Heading>
          <Text color="fg.muted">Try another search or filter.</Text>
        </Box>
      )}
    </Stack>
  )
}
