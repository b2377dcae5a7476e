// A page's form on a card: its title (also the form's accessible name), a line saying what it does,
// and the fields stacked in a form the caller validates itself.
import { Card, Heading, Stack, Text } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

export function FormCard({
  id,
  title,
  description,
  onSubmit,
  children,
}: {
  id?: string
  title: string
  description: ReactNode
  onSubmit: (event: FormEvent) => void
  children: ReactNode
}) {
  return (
    <Card.Root id={id}>
      <Card.Header>
        <Heading size="lg">{title}</Heading>
        <Text color="fg.muted" fontSize="sm">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="4">{children}</Stack>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
