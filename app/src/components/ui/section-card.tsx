// A card with a heading: the sections of the revenue, collaboration, publisher, studio and
// verification screens.
import { Card, Heading } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export function SectionCard({ title, gap, children }: { title: ReactNode; gap?: string; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  )
}
