// A failed load on screen: the reason describeError gives (the API's own `message`, never raw JSON)
// and, for a query, a "Try again" that runs it again.
import { Alert, Button } from '@chakra-ui/react'
import { describeError } from '@/lib/describe-error'

export function readableError(error: Error): string {
  return describeError(error)
}

export function ErrorAlert({ error, onRetry }: { error: Error; onRetry?: () => unknown }) {
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{readableError(error)}</Alert.Title>
      {onRetry && (
        <Button size="xs" variant="outline" onClick={() => void onRetry()}>
          Try again
        </Button>
      )}
    </Alert.Root>
  )
}
