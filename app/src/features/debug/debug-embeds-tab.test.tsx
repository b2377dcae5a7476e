import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'

const FIRST_SCREEN = { timeout: 60_000 }
const CODE = '<div id="marquee-player-3"></div><script src="https://marquee.example/player/loader.js"></script>'

function clipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
}

async function copyButton() {
  installFakeApi({
    'GET /api/projects': () => [makeProject({ id: 3, title: 'Night Train', status: 'funded', currentFunding: 50_000, fundingGoal: 50_000, embeddableCode: CODE })],
    'GET /api/embeds': () => [],
  })
  renderApp('/debug', { connected: true })
  fireEvent.click(await screen.findByRole('tab', { name: 'Embed Library' }, FIRST_SCREEN))
  return screen.findByRole('button', { name: 'Copy embed code of Night Train' }, FIRST_SCREEN)
}

describe('Debug Embed Library: copying a funded film’s embed code', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard')
  })

  it('copies the code and says so', async () => {
    const writeText = vi.fn(async () => {})
    clipboard(writeText)
    fireEvent.click(await copyButton())
    expect(await screen.findByText('Embed code copied to clipboard!', {}, FIRST_SCREEN)).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(CODE)
  })

  it('says why when the browser refuses the clipboard', async () => {
    clipboard(async () => {
      throw new Error('Write permission denied.')
    })
    fireEvent.click(await copyButton())
    expect(await screen.findByText('Copying the embed code failed', {}, FIRST_SCREEN)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByText('Embed code copied to clipboard!')).not.toBeInTheDocument())
    expect(screen.getByText(/Write permission denied/)).toBeInTheDocument()
  })
})
