// A page's title with the line beneath it that says what the page is for.
import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function PageHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Heading size="2xl">{title}</Heading>
      <Text color="fg.muted">{children}</Text>
    </Stack>
  )
}
