import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
