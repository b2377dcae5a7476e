import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MODE_STORAGE_KEY } from '@/constants'
import { installFakeApi } from '@/test/fake-api'
import { renderApp } from '@/test/render'
// The route loads the page lazily; importing it here compiles it before the first test's clock starts.
import '@/features/debug/debug-feature'

afterEach(() => vi.restoreAllMocks())

describe('Debug page: the demo chain clock', () => {
  it('advances the demo chain 8 days and says where its clock is', async () => {
    const api = installFakeApi({
      'GET /api/projects': () => [],
      'POST /api/demo/clock/advance': () => ({ now: '2026-03-09T12:00:00.000Z' }),
    })
    renderApp('/debug')
    fireEvent.click(await screen.findByRole('button', { name: 'Advance Chain Clock 8 Days' }, { timeout: 60_000 }))
    expect(await screen.findByText('Chain clock advanced')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/clock/advance')[0]).toMatchObject({ cluster: 'demo', body: { seconds: 8 * 86_400 } })
  })

  it('is not offered on chain', async () => {
    installFakeApi({ 'GET /api/projects': () => [] })
    window.localStorage.setItem(MODE_STORAGE_KEY, 'onchain')
    renderApp('/debug')
    expect(await screen.findByText('Marquee Debug', {}, { timeout: 60_000 })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Advance Chain Clock/ })).toBeNull()
  })
})
