// A figure on a card: its label, the value large, and an optional hint under it (the summary rows of
// the investments, revenue, studio and analytics screens).
import { Card, Text } from '@chakra-ui/react'

export function SummaryStat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card.Root>
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold">
          {value}
        </Text>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  )
}
