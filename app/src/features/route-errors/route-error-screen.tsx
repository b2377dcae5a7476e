// The router's error element: what a screen that crashed, or whose code could not be loaded, shows
// instead of React Router's developer screen. A chunk missing after a redeploy (the page still names
// the old build's files) says so and offers Reload, which fetches the new build.
import { Button, Card, HStack, Heading, Text } from '@chakra-ui/react'
import { Link as RouterLink, isRouteErrorResponse, useRouteError } from 'react-router-dom'
import { describeError } from '@/lib/describe-error'

/** How each browser says a lazily imported module (a route's chunk) failed to load. */
const MISSING_CHUNK =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css|ChunkLoadError/i

export function isMissingChunk(error: unknown): boolean {
  return error instanceof Error && MISSING_CHUNK.test(`${error.name} ${error.message}`)
}

/** The heading and explanation of a route's error. */
export function routeErrorText(error: unknown): { title: string; description: string } {
  if (isMissingChunk(error)) {
    return {
      title: 'Marquee was updated',
      description: 'This page could not be loaded because a new version of Marquee was released since you opened it. Reload to get the new version.',
    }
  }
  if (isRouteErrorResponse(error)) {
    return { title: error.status === 404 ? 'Page not found' : `Error ${error.status}`, description: error.statusText || 'This page could not be loaded.' }
  }
  return { title: 'Something went wrong', description: `This page ran into an error: ${describeError(error)}. Reload to try again.` }
}

export function RouteErrorScreen() {
  const error = useRouteError()
  const { title, description } = routeErrorText(error)
  return (
    <Card.Root maxW="lg" mx="auto" my="10" role="alert">
      <Card.Body gap="4">
        <Heading size="lg">{title}</Heading>
        <Text color="fg.muted">{description}</Text>
        <HStack>
          <Button colorPalette="purple" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button variant="outline" asChild>
            <RouterLink to="/">Go to the home page</RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}
