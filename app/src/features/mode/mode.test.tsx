import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MODE_STORAGE_KEY } from '@/constants'
import { installFakeApi } from '@/test/fake-api'
import { renderApp } from '@/test/render'
import { clusterForMode, modeFromCookieHeader, readStoredMode, useMode } from './mode-data-access'

describe('mode', () => {
  it('defaults to demo and maps modes to clusters', () => {
    expect(readStoredMode()).toBe('demo')
    window.localStorage.setItem(MODE_STORAGE_KEY, 'onchain')
    expect(readStoredMode()).toBe('onchain')
    window.localStorage.setItem(MODE_STORAGE_KEY, 'garbage')
    expect(readStoredMode()).toBe('demo')
    expect(clusterForMode('demo')).toBe('demo')
    expect(clusterForMode('onchain')).toBe('devnet')
  })

  it('reads the mode a request names in its Cookie header, and the default otherwise', () => {
    expect(modeFromCookieHeader('theme=dark; marquee-mode=onchain; walletName=Phantom')).toBe('onchain')
    expect(modeFromCookieHeader('marquee-mode=demo')).toBe('demo')
    expect(modeFromCookieHeader('marquee-mode=devnet')).toBe('demo')
    expect(modeFromCookieHeader('not-marquee-mode=onchain')).toBe('demo')
    expect(modeFromCookieHeader(undefined)).toBe('demo')
  })

  it('throws outside its provider', () => {
    function Probe() {
      useMode()
      return null
    }
    expect(() => render(<Probe />)).toThrow('useMode must be used within a ModeProvider')
  })

  it('switching to On-Chain persists the mode and reads data from devnet', async () => {
    const api = installFakeApi({ 'GET /api/projects': () => [] })
    // The marketplace asks for pages (/api/projects?limit=…).
    const listRequests = () => api.requests.filter((request) => request.path.startsWith('/api/projects'))
    renderApp('/marketplace')
    expect(await screen.findByText('No projects found')).toBeInTheDocument()
    expect(listRequests().map((request) => request.cluster)).toEqual(['demo'])
    expect(screen.getByText('Demo Mode')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('checkbox', { name: 'On-Chain Mode' }))
    expect(await screen.findByText('On-Chain Mode', { selector: 'span' })).toBeInTheDocument()
    expect(window.localStorage.getItem(MODE_STORAGE_KEY)).toBe('onchain')
    // The server prerenders the marketplace in the mode this cookie names.
    expect(document.cookie).toMatch(/(^|; )marquee-mode=onchain(;|$)/)
    await waitFor(() => expect(listRequests().map((request) => request.cluster)).toEqual(['demo', 'devnet']))
  })
})
