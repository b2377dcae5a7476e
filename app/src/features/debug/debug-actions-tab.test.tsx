import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const FIRST_SCREEN = { timeout: 60_000 }

const website = (websiteUrl: string, status: 'verified' | 'unverified') => ({
  origin: websiteUrl,
  websiteUrl,
  status,
  token: 't'.repeat(32),
  wellKnownUrl: `${websiteUrl}/.well-known/marquee-verification.txt`,
  metaTag: '',
  method: status === 'verified' ? 'well-known' : null,
  verifiedAt: status === 'verified' ? new Date().toISOString() : null,
})

async function websiteField(websites: ReturnType<typeof website>[]) {
  installFakeApi({
    'GET /api/projects': () => [makeProject({ id: 3, title: 'Night Train', status: 'funded', currentFunding: 50_000, fundingGoal: 50_000 })],
    'GET /api/embeds': () => [],
    [`GET /api/publishers/${ADDRESS}/websites`]: () => websites,
  })
  renderApp('/debug', { connected: true })
  fireEvent.click(await screen.findByRole('tab', { name: 'Actions' }, FIRST_SCREEN))
  return screen.findByLabelText('Website URL', {}, FIRST_SCREEN)
}

describe('Debug actions: the website a view plays on', () => {
  it("starts from a website the wallet verified, the only kind whose views count", async () => {
    const field = await websiteField([website('https://unverified.example', 'unverified'), website('https://films.example', 'verified')])
    await screen.findByDisplayValue('https://films.example', {}, FIRST_SCREEN)
    // What the user types wins.
    fireEvent.change(field, { target: { value: 'https://other.example' } })
    expect(field).toHaveValue('https://other.example')
  })

  it('starts from the default website when the wallet verified none', async () => {
    const field = await websiteField([website('https://unverified.example', 'unverified')])
    expect(field).toHaveValue('https://example.com')
  })
})
