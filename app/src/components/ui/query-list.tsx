// A query's list where it stands: a skeleton while it loads, the error if it failed, the `empty`
// line when it holds nothing, else each item as `children` renders it.
import { Skeleton, Text } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorAlert } from './error-alert'

export function QueryList<Item>({
  query,
  empty,
  skeletonHeight = '32',
  children,
}: {
  query: UseQueryResult<Item[]>
  empty: ReactNode
  skeletonHeight?: string
  children: (item: Item) => ReactNode
}) {
  if (query.isPending) return <Skeleton h={skeletonHeight} />
  if (query.isError) return <ErrorAlert error={query.error} onRetry={query.refetch} />
  if (query.data.length === 0) return <Text color="fg.muted">{empty}</Text>
  return <>{query.data.map(children)}</>
}
