// The frame of a legal document (/terms, /privacy): title, date, and sections each with an anchor
// (the footer links /privacy#cookies).
import { Card, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { PageHeading } from '@/components/ui/page-heading'

export interface LegalSection {
  id: string
  title: string
  body: ReactNode
}

export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: string; sections: LegalSection[] }) {
  return (
    <Stack gap="6" maxW="3xl">
      <PageHeading title={title}>{intro}</PageHeading>
      <Text fontSize="sm" color="fg.subtle">
        Last updated {updated}
      </Text>
      <Card.Root>
        <Card.Body gap="6">
          {sections.map((section) => (
            <Stack key={section.id} id={section.id} gap="2" as="section" aria-labelledby={`${section.id}-title`}>
              <Heading size="md" id={`${section.id}-title`}>
                {section.title}
              </Heading>
              <Stack gap="2" color="fg.muted" fontSize="sm" lineHeight="tall">
                {section.body}
              </Stack>
            </Stack>
          ))}
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}
