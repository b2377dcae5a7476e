// A title over a short muted line: a team member and their role, a verification step, a publisher
// benefit. `heading` makes the title a small heading (a section's point) rather than bold text (an item).
import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function TitledNote({ title, heading = false, children }: { title: ReactNode; heading?: boolean; children: ReactNode }) {
  return (
    <Stack gap={heading ? '1' : '0'}>
      {heading ? <Heading size="sm">{title}</Heading> : <Text fontWeight="medium">{title}</Text>}
      <Text fontSize="sm" color="fg.muted">
        {children}
      </Text>
    </Stack>
  )
}
