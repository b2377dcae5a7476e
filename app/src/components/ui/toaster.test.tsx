import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Provider } from './provider'
import { Toaster, notify } from './toaster'
import { markTooltipClosed, tooltipOpenDelay } from './tooltip'

afterEach(() => vi.useRealTimers())

/** The app's toaster inside its theme provider, as the shell mounts it. */
function renderToaster() {
  render(
    <Provider>
      <Toaster />
    </Provider>,
  )
}

describe('toasts', () => {
  it('shows one toast at a time, the newest', async () => {
    renderToaster()
    act(() => notify({ title: 'First toast' }))
    expect(await screen.findByText('First toast')).toBeInTheDocument()
    act(() => notify({ title: 'Second toast', variant: 'destructive' }))
    expect(await screen.findByText('Second toast')).toBeInTheDocument()
    expect(screen.queryByText('First toast')).toBeNull()
  })

  it('dismisses on a 50 px swipe right, not on a shorter one', async () => {
    renderToaster()
    act(() => notify({ title: 'Swipe me' }))
    const toast = (await screen.findByText('Swipe me')).closest('[data-scope="toast"][data-part="root"]')!
    fireEvent.pointerDown(toast, { clientX: 100 })
    fireEvent.pointerUp(toast, { clientX: 140 })
    expect(toast).toHaveAttribute('data-state', 'open')
    fireEvent.pointerDown(toast, { clientX: 100 })
    fireEvent.pointerUp(toast, { clientX: 150 })
    await waitFor(() => expect(toast).toHaveAttribute('data-state', 'closed'))
  })
})

describe('toast region', () => {
  it('takes the focus on F8', async () => {
    renderToaster()
    act(() => notify({ title: 'Focus me' }))
    await screen.findByText('Focus me')
    const region = document.querySelector('[data-scope="toast"][data-part="group"]') as HTMLElement
    expect(region).not.toBeNull()
    expect(document.activeElement).not.toBe(region)
    fireEvent.keyDown(document, { code: 'F8', key: 'F8' })
    await waitFor(() => expect(document.activeElement).toBe(region))
  })
})

describe('tooltip delays', () => {
  it('opens after 700 ms, at once within 300 ms of another closing', () => {
    const now = 1_000_000
    markTooltipClosed(now)
    expect(tooltipOpenDelay(now + 299)).toBe(0)
    expect(tooltipOpenDelay(now + 300)).toBe(700)
  })
})
