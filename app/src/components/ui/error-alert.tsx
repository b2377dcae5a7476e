// A failed query on screen. The error keeps the spec's "{status}: {body}" message; when the body is
// the API's JSON error, the alert shows its `message` rather than raw JSON.
import { Alert } from '@chakra-ui/react'

export function readableError(error: Error): string {
  const match = /^(\d{3}): (\{.*\})$/s.exec(error.message)
  if (!match) return error.message
  try {
    const body = JSON.parse(match[2]) as { message?: unknown }
    return typeof body.message === 'string' ? `${match[1]}: ${body.message}` : error.message
  } catch {
    return error.message
  }
}

export function ErrorAlert({ error }: { error: Error }) {
  return (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{readableError(error)}</Alert.Title>
    </Alert.Root>
  )
}
