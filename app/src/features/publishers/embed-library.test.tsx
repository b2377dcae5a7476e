import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeInvestment, makeProject } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'
import { MODE_STORAGE_KEY } from '@/constants'
import { AnchorClient } from '@/features/chain/anchor-client'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const ORIGIN = 'https://films.example'

afterEach(() => vi.restoreAllMocks())

function fakePublisherApi() {
  let status: 'unverified' | 'verified' = 'unverified'
  let checks = 0
  const website = () => ({
    origin: ORIGIN,
    websiteUrl: `${ORIGIN}/`,
    status,
    token: 'marquee-site-verification=0123',
    wellKnownUrl: `${ORIGIN}/.well-known/marquee-verification.txt`,
    metaTag: '<meta name="marquee-verification" content="marquee-site-verification=0123">',
    method: status === 'verified' ? 'well-known' : null,
    verifiedAt: null,
    lastError: null,
    contactEmail: null,
  })
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    'GET /api/projects': () => [],
    [`GET /api/investments/user/${ADDRESS}`]: () => [],
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    [`GET /api/publishers/${ADDRESS}/websites`]: () => (checks > 0 || status === 'verified' ? [website()] : []),
    [`GET /api/publishers/${ADDRESS}/analytics`]: () => ({
      totals: { views: 0, earnedLamports: '0', claimedLamports: '0', claimableLamports: '0' },
      byDay: [],
      byEmbed: [],
    }),
    [`GET /api/embeds?publisher=${ADDRESS}`]: () => [],
    'POST /api/publishers/websites': () => website(),
    'POST /api/publishers/websites/verify': () => {
      checks++
      if (checks === 1) return new Response(JSON.stringify({ message: 'The verification token was not found: serve it at …' }), { status: 422 })
      status = 'verified'
      return website()
    },
  })
}

describe('Embed Library: website verification', () => {
  it('is wallet-gated', async () => {
    fakePublisherApi()
    renderApp('/embed')
    expect(await screen.findByText('Connect Your Wallet')).toBeInTheDocument()
    expect(screen.getByText(/see the funded films you invested in/)).toBeInTheDocument()
  })

  it('unverified → form (missing URL refused) → token → failed check stays in the form → Website Verified', async () => {
    const api = fakePublisherApi()
    renderApp('/embed', { connected: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Verify Website' }))
    const form = await screen.findByRole('form', { name: 'Verify your website' })
    fireEvent.submit(form)
    expect(await screen.findByText('Please enter your website URL to verify.')).toBeInTheDocument()
    expect(api.find('POST', '/api/publishers/websites')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: `${ORIGIN}/` } })
    fireEvent.submit(form)
    expect(await screen.findByTestId('verification-token')).toHaveTextContent('marquee-site-verification=0123')
    expect(api.find('POST', '/api/publishers/websites')[0].body).toEqual({ walletAddress: ADDRESS, websiteUrl: `${ORIGIN}/` })

    fireEvent.click(screen.getByRole('button', { name: 'Check Website' }))
    expect((await screen.findAllByText('The verification token was not found: serve it at …')).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Check Website' })).toBeInTheDocument()

    fireEvent.click(screen.getByRole('button', { name: 'Check Website' }))
    expect(await screen.findByText('Website Verified')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByText(`Website Verified: ${ORIGIN}`)).toBeInTheDocument())
  })
})

describe('Embed Library: film selection', () => {
  it('selects no film until one is chosen, not the film of id 0 (?projectId is absent)', async () => {
    const film = makeProject({ id: 0, title: 'Film Zero', status: 'funded' })
    installFakeApi({
      'POST /api/users': () => ({ id: 1 }),
      'GET /api/projects': () => [film],
      [`GET /api/investments/user/${ADDRESS}`]: () => [makeInvestment({ projectId: 0 })],
      [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
      [`GET /api/publishers/${ADDRESS}/websites`]: () => [],
      [`GET /api/publishers/${ADDRESS}/analytics`]: () => ({
        totals: { views: 0, earnedLamports: '0', claimedLamports: '0', claimableLamports: '0' },
        byDay: [],
        byEmbed: [],
      }),
      [`GET /api/embeds?publisher=${ADDRESS}`]: () => [],
    })
    const { router } = renderApp('/embed', { connected: true })
    const button = await screen.findByRole('button', { name: /Film Zero/ })
    expect(button).toHaveAttribute('aria-pressed', 'false')
    expect(screen.getByText(/Select a film to preview its player/)).toBeInTheDocument()
    fireEvent.click(button)
    await waitFor(() => expect(router.state.location.search).toBe('?projectId=0'))
    await waitFor(() => expect(screen.getByRole('button', { name: /Film Zero/ })).toHaveAttribute('aria-pressed', 'true'))
  })
})

describe('Embed Library: Auto-List', () => {
  it('registers the funded films of a verified website on the demo, so they earn like registered embeds', async () => {
    const film = makeProject({ id: 0, title: 'Film Zero', status: 'funded' })
    const verified = {
      origin: ORIGIN,
      websiteUrl: `${ORIGIN}/`,
      status: 'verified',
      token: 't',
      wellKnownUrl: '',
      metaTag: '',
      method: 'well-known',
      verifiedAt: null,
      lastError: null,
      contactEmail: null,
    }
    const api = installFakeApi({
      'POST /api/users': () => ({ id: 1 }),
      'GET /api/projects': () => [film],
      [`GET /api/investments/user/${ADDRESS}`]: () => [],
      [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
      [`GET /api/publishers/${ADDRESS}/websites`]: () => [verified],
      [`GET /api/publishers/${ADDRESS}/keys`]: () => [],
      [`GET /api/publishers/${ADDRESS}/analytics`]: () => ({
        totals: { views: 0, earnedLamports: '0', claimedLamports: '0', claimableLamports: '0' },
        byDay: [],
        byEmbed: [],
      }),
      [`GET /api/embeds?publisher=${ADDRESS}`]: () => [],
      'POST /api/demo/auto-list': () => ({ registered: [{ projectId: 0, embedId: 'auto-0', signature: 'sig' }] }),
    })
    renderApp('/embed?projectId=0', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Embed Code' }, { timeout: 60_000 }))
    fireEvent.click(await screen.findByText('Auto-List All Funded Movies'))
    fireEvent.click(await screen.findByRole('button', { name: 'Register Funded Films for Earnings' }))
    expect(await screen.findByText(`1 funded films listed on ${ORIGIN}`)).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/auto-list')[0].body).toEqual({ walletAddress: ADDRESS, websiteUrl: ORIGIN })
  })
})

describe('Embed Library: Auto-List on a real cluster', () => {
  it('has the wallet sign register_embed for the funded films the website does not list yet, then says how many', async () => {
    window.localStorage.setItem(MODE_STORAGE_KEY, 'onchain')
    const listed = makeProject({ id: 1, title: 'Film One', status: 'funded' })
    const unlisted = makeProject({ id: 2, title: 'Film Two', status: 'funded' })
    const verified = {
      origin: ORIGIN,
      websiteUrl: `${ORIGIN}/`,
      status: 'verified',
      token: 't',
      wellKnownUrl: '',
      metaTag: '',
      method: 'well-known',
      verifiedAt: null,
      lastError: null,
      contactEmail: null,
    }
    const api = installFakeApi({
      'POST /api/users': () => ({ id: 1 }),
      'GET /api/projects': () => [listed, unlisted, makeProject({ id: 3, title: 'Film Three', status: 'funding' })],
      'GET /api/projects?status=funded': () => [listed, unlisted],
      [`GET /api/investments/user/${ADDRESS}`]: () => [],
      [`GET /api/publishers/${ADDRESS}/websites`]: () => [verified],
      [`GET /api/publishers/${ADDRESS}/keys`]: () => [],
      [`GET /api/publishers/${ADDRESS}/analytics`]: () => ({
        totals: { views: 0, earnedLamports: '0', claimedLamports: '0', claimableLamports: '0' },
        byDay: [],
        byEmbed: [],
      }),
      [`GET /api/embeds?publisher=${ADDRESS}`]: () => [{ projectId: 1, websiteUrl: `${ORIGIN}/films.html`, embedId: 'embed-1' }],
    })
    // The wallet's signature and the cluster are the boundary: the client's batch registration is observed, not sent.
    const registerEmbeds = vi
      .spyOn(AnchorClient.prototype, 'registerEmbeds')
      .mockImplementation(async (projects) => projects.map((project) => ({ projectId: project.id, embedId: `embed-${project.id}`, txHash: 'sig' })))
    renderApp('/embed?projectId=1', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Embed Code' }, { timeout: 60_000 }))
    fireEvent.click(await screen.findByText('Auto-List All Funded Movies'))
    fireEvent.click(await screen.findByRole('button', { name: 'Register Funded Films for Earnings' }))
    expect(await screen.findByText(`1 funded films listed on ${ORIGIN}`)).toBeInTheDocument()
    expect(registerEmbeds).toHaveBeenCalledTimes(1)
    expect(registerEmbeds.mock.calls[0][0].map((project) => project.id)).toEqual([2])
    expect(registerEmbeds.mock.calls[0][1]).toBe(ORIGIN)
    expect(api.find('POST', '/api/demo/auto-list')).toHaveLength(0)
  })
})

describe('Embed Library: earnings per embed', () => {
  const row = (embedId: string, claimableLamports: string) => ({
    embedId,
    projectId: 0,
    title: `Film ${embedId}`,
    websiteUrl: ORIGIN,
    views: 1,
    earnedLamports: claimableLamports,
    claimedLamports: '0',
    claimableLamports,
  })

  it('offers a claim only for something, and shows a few thousand lamports with their digits', async () => {
    installFakeApi({
      'POST /api/users': () => ({ id: 1 }),
      'GET /api/projects': () => [makeProject({ id: 0, title: 'Film Zero', status: 'funded' })],
      [`GET /api/investments/user/${ADDRESS}`]: () => [],
      [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
      [`GET /api/publishers/${ADDRESS}/websites`]: () => [],
      [`GET /api/publishers/${ADDRESS}/analytics`]: () => ({
        totals: { views: 2, earnedLamports: '6000', claimedLamports: '0', claimableLamports: '6000' },
        byDay: [],
        byEmbed: [row('paid', '6000'), row('unpaid', '0')],
      }),
      [`GET /api/embeds?publisher=${ADDRESS}`]: () => [],
    })
    renderApp('/embed', { connected: true })
    const paid = await screen.findByTestId('embed-earnings-paid', {}, { timeout: 60_000 })
    const unpaid = screen.getByTestId('embed-earnings-unpaid')
    expect(paid).toHaveTextContent('0.000006 SOL')
    expect(paid).not.toHaveTextContent('0.00 SOL')
    expect(within(paid).getByRole('button', { name: 'Claim' })).toBeEnabled()
    expect(within(unpaid).queryByRole('button', { name: 'Claim' })).toBeNull()
    expect(within(unpaid).getByText('Nothing to claim yet')).toBeInTheDocument()
  })
})
