import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/providers'
import { createQueryClient } from '@/lib/query-client'
import { installFakeApi } from '@/test/fake-api'
import { renderApp } from '@/test/render'
import { RouteErrorScreen, isMissingChunk, routeErrorText } from './route-error-screen'
import { APP_TITLE, RouteTitle } from './route-title'

afterEach(() => vi.restoreAllMocks())

/** A router whose only screen fails to load as `error` says. */
function renderFailingRoute(error: Error) {
  const queryClient = createQueryClient()
  const router = createMemoryRouter(
    [
      {
        element: <RouteTitle />,
        errorElement: <RouteErrorScreen />,
        children: [{ path: '/', lazy: () => Promise.reject(error) }],
      },
    ],
    { initialEntries: ['/'] },
  )
  render(
    <AppProviders queryClient={queryClient} wallets={[]}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
}

describe('route error screen', () => {
  it('recognises a chunk missing after a redeploy', () => {
    expect(isMissingChunk(new TypeError('Failed to fetch dynamically imported module: http://x/assets/page-abc.js'))).toBe(true)
    expect(isMissingChunk(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isMissingChunk(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(routeErrorText(new Error('boom')).description).toBe('This page ran into an error: boom. Reload to try again.')
  })

  it('says Marquee was updated and reloads when a screen’s chunk is gone', async () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    renderFailingRoute(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/studio-123.js'))
    expect(await screen.findByText('Marquee was updated')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(reload).toHaveBeenCalledOnce()
  })

  it('shows a crash with its reason instead of the developer screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderFailingRoute(new Error('The screen broke'))
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument()
    expect(screen.getByText('This page ran into an error: The screen broke. Reload to try again.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
  })
})

describe('page title', () => {
  it('follows the route', async () => {
    installFakeApi({ 'GET /api/projects': () => [] })
    const { router } = renderApp('/embed')
    await waitFor(() => expect(document.title).toBe('Embed Library · Marquee'))
    await router.navigate('/')
    await waitFor(() => expect(document.title).toBe(APP_TITLE))
  })
})
