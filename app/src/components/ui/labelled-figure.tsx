// A figure inside a card, without a card of its own: its label small and muted, the value under it
// (the campaign dashboard's and the publisher's totals). The value is named by its label for screen readers.
import { Stack, Text } from '@chakra-ui/react'

export function LabelledFigure({ label, value, size = 'lg', testId }: { label: string; value: string; size?: 'lg' | 'xl'; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize={size} fontWeight="semibold" aria-label={label} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  )
}
