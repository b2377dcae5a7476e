import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { renderApp } from '@/test/render'

describe('shell', () => {
  it('shows the 404 screen on an unknown path', async () => {
    installFakeApi({})
    renderApp('/no-such-page')
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument()
  })

  it('lists the sidebar groups and the disconnected wallet card', async () => {
    installFakeApi({})
    renderApp('/no-such-page')
    for (const label of ['Main', 'Finance', 'Studio', 'Dashboard', 'Marketplace', 'My Investments', 'Embed Library', 'Revenue', 'Analytics', 'Advertising', 'Production Portal', 'Verification'])
      expect(screen.getAllByText(label).length).toBeGreaterThan(0)
    expect(screen.getByText('Disconnected')).toBeInTheDocument()
    expect(screen.getByText('Solana Network')).toBeInTheDocument()
  })
})

describe('sidebar drawer', () => {
  const originalMatchMedia = window.matchMedia
  afterEach(() => {
    window.matchMedia = originalMatchMedia
  })

  function viewport(width: number) {
    window.matchMedia = vi.fn((query: string) => {
      const maxWidth = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity)
      return { ...originalMatchMedia(query), matches: width <= maxWidth }
    }) as typeof window.matchMedia
  }

  /** Renders a page at the given viewport width, once the shell around it has drawn. */
  async function renderShellAt(width: number) {
    installFakeApi({})
    viewport(width)
    renderApp('/no-such-page')
    await screen.findByText('404 Page Not Found')
  }

  it('is a fixed sidebar above 1024px', async () => {
    await renderShellAt(1025)
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull()
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument()
  })

  it('is a slide-in drawer with a backdrop at 1024px', async () => {
    await renderShellAt(1024)
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument()
    expect(document.querySelector('[data-scope="dialog"][data-part="backdrop"], [data-part="backdrop"]')).not.toBeNull()
  })
})
