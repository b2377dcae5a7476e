import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi, type Handler } from '@/test/fake-api'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { makeProject } from '@/test/fixtures'
import { renderApp } from '@/test/render'
import type { CampaignDetail, CampaignSummary } from '@marquee/api-contract'
// The route loads the page lazily; importing it here compiles it before the first test's clock starts.
import '@/features/advertising/advertising-feature'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const CAMPAIGN = 'Camp1111111111111111111111111111111111111111'
const HASH = 'c'.repeat(64)
const FIRST_SCREEN = { timeout: 60_000 }
const DAY = 86_400_000

afterEach(() => vi.restoreAllMocks())

function campaign(overrides: Partial<CampaignSummary> = {}): CampaignSummary {
  return {
    address: CAMPAIGN,
    advertiser: ADDRESS,
    campaignId: '0',
    adType: 'video',
    pricePerMilleLamports: '15000000',
    sponsoredProjectId: null,
    budgetLamports: '1000000000',
    spentLamports: '15000',
    remainingLamports: '999985000',
    impressions: 1,
    creativeUri: `/api/media/${HASH}`,
    creativeHash: HASH,
    creativeKind: 'video',
    targetGenres: ['Drama'],
    startAt: new Date(Date.now() - DAY).toISOString(),
    endAt: new Date(Date.now() + DAY).toISOString(),
    createdAt: new Date(Date.now() - DAY).toISOString(),
    paused: false,
    status: 'active',
    closableAt: new Date(Date.now() + 8 * DAY).toISOString(),
    closedAt: null,
    refundedLamports: null,
    companyName: 'Acme',
    email: 'ads@acme.test',
    website: 'https://acme.test',
    targetAudience: 'all',
    monthlyBudgetUsd: 1000,
    ...overrides,
  }
}

/** The campaign's figures; `rentLamports` of its spend paid settlement rent, the rest its views. */
const detail = (summary: CampaignSummary, rentLamports = 0n): CampaignDetail => {
  const viewsSpent = String(BigInt(summary.spentLamports) - rentLamports)
  return {
    ...summary,
    series: [{ date: '2026-03-01', impressions: summary.impressions, spentLamports: viewsSpent }],
    byFilm: [{ projectId: 7, title: 'Harbour Lights', impressions: summary.impressions, spentLamports: viewsSpent }],
    settlementRentLamports: String(rentLamports),
  }
}

function fakeApi(campaigns: CampaignSummary[] = [], extra: Record<string, Handler> = {}) {
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    'GET /api/projects': () => [makeProject({ id: 7, title: 'Harbour Lights', status: 'funded' })],
    'GET /api/campaigns/genres': () => ({ genres: ['Action', 'Drama', 'Thriller'] }),
    [`GET /api/campaigns?advertiser=${ADDRESS}`]: () => ({ campaigns }),
    ...Object.fromEntries(campaigns.map((summary) => [`GET /api/campaigns/${summary.address}`, () => detail(summary)])),
    ...extra,
  })
}

/** The page with a remembered wallet, once it has signed in (the header's balance is the signed-in wallet's). */
async function renderSignedIn() {
  renderApp('/advertising', { connected: true })
  await screen.findByTestId('header-balance', {}, FIRST_SCREEN)
}

/** The request form, signed in, with the advertiser's contact filled in; `set` fills another field. */
async function requestForm() {
  await renderSignedIn()
  const form = await screen.findByRole('form', { name: 'Request Advertising' }, FIRST_SCREEN)
  const set = (label: string | RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } })
  set(/Company Name/, 'Acme')
  set(/^Email/, 'ads@acme.test')
  set(/^Website/, 'https://acme.test')
  return { form, set }
}

describe('Advertising page', () => {
  it("shows the spec's plans, Select Plan sets the ad type, and How Our Advertising Works", async () => {
    fakeApi()
    renderApp('/advertising')
    expect(await screen.findByRole('tab', { name: 'For Advertisers', selected: true }, FIRST_SCREEN)).toBeInTheDocument()
    const video = screen.getByRole('group', { name: 'Video Ads' })
    expect(within(video).getByText('Popular')).toBeInTheDocument()
    expect(within(video).getByText('$15 CPM')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Display Ads' })).getByText('$5 CPM')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Sponsorship' })).getByText('Custom')).toBeInTheDocument()
    expect(within(screen.getByRole('group', { name: 'Sponsorship' })).queryByText('Popular')).toBeNull()
    expect(screen.getByRole('radio', { name: 'Video' })).toBeChecked()
    fireEvent.click(within(screen.getByRole('group', { name: 'Display Ads' })).getByRole('button', { name: 'Select Plan' }))
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Display' })).toBeChecked())
    expect(screen.getByLabelText('Creative image (JPG/PNG, max 10MB)')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email')
    expect(screen.getByLabelText('Monthly Budget (USD)')).toHaveAttribute('placeholder', '$1,000')
    const audience = screen.getByLabelText(/Target Audience/) as HTMLSelectElement
    expect(Array.from(audience.options, (option) => option.value)).toEqual(['all', '18-24', '25-34', '35-44', '45+', 'custom'])
    expect(await screen.findByRole('checkbox', { name: 'Thriller' })).toBeInTheDocument()
    for (const title of ['Target Your Audience', 'Premium Placement', 'Real-Time Analytics']) expect(screen.getByText(title)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit Advertising Request' })).toBeInTheDocument()
  })

  it('refuses bad input before anything is uploaded or spent', async () => {
    const api = fakeApi()
    const { form, set } = await requestForm()
    set(/Budget to escrow now/, '0.01')
    set(/Maximum spend per day/, '0.01')
    set(/Start date/, new Date(Date.now() + 5 * DAY).toISOString().slice(0, 10))
    set(/End date/, new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10))
    fireEvent.change(within(form).getByLabelText(/Creative video/), { target: { files: [new File(['png'], 'banner.png', { type: 'image/png' })] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Advertising Request' }))
    expect(await within(form).findByText('The budget must pay for at least one batch of 1,000 impressions: 0.015 SOL for video ads')).toBeInTheDocument()
    expect(within(form).getByText("The maximum spend per day must pay for at least one batch of 1,000 impressions and its settlement's rent: 0.0168444 SOL")).toBeInTheDocument()
    expect(within(form).getByText('The end date must not be before the start date')).toBeInTheDocument()
    expect(within(form).getByText('A video ad needs an MP4 or WebM video')).toBeInTheDocument()
    expect(api.requests.some((request) => request.path.startsWith('/api/media') || request.path.startsWith('/api/demo/campaigns'))).toBe(false)
  })

  it('uploads the creative, funds the campaign through the demo chain, and shows it on the dashboard', async () => {
    const created: CampaignSummary[] = []
    const api = fakeApi([], {
      [`GET /api/campaigns?advertiser=${ADDRESS}`]: () => ({ campaigns: created }),
      [`GET /api/campaigns/${CAMPAIGN}`]: () => detail(created[0]),
      'POST /api/media': () => ({ url: `/api/media/${HASH}`, sha256: HASH, contentType: 'video/mp4' }),
      'POST /api/demo/campaigns': () => {
        created.push(campaign({ impressions: 0, spentLamports: '0', remainingLamports: '1000000000' }))
        return new Response(JSON.stringify({ txHash: 'campaignsig', campaign: created[0] }), { status: 201 })
      },
    })
    const { form, set } = await requestForm()
    set(/Monthly Budget/, '$1,000')
    set(/Target Audience/, '25-34')
    set(/Budget to escrow now/, '1')
    set(/Maximum spend per day/, '0.5')
    const end = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10)
    set(/End date/, end)
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Drama' }))
    await waitFor(() => expect(within(form).getByRole('checkbox', { name: 'Drama' })).toBeChecked())
    fireEvent.change(within(form).getByLabelText(/Creative video/), { target: { files: [new File(['mp4'], 'ad.mp4', { type: 'video/mp4' })] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Advertising Request' }))
    expect(await screen.findByText('Campaign created', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View transaction' })).toHaveAttribute('href', '/api/demo/transactions/campaignsig')
    expect(api.find('POST', '/api/media')).toHaveLength(1)
    expect(api.find('POST', '/api/demo/campaigns')[0].body).toEqual({
      walletAddress: ADDRESS,
      adType: 'video',
      budget: 1,
      maxDailySpend: 0.5,
      creativeUri: `/api/media/${HASH}`,
      creativeHash: HASH,
      targetGenres: ['Drama'],
      endAt: `${end}T23:59:59.000Z`,
      companyName: 'Acme',
      email: 'ads@acme.test',
      website: 'https://acme.test',
      targetAudience: '25-34',
      monthlyBudgetUsd: 1000,
    })
    const card = await screen.findByRole('article', { name: 'Acme · Video' })
    expect(within(card).getByLabelText('Remaining budget')).toHaveTextContent('1 SOL')
    await waitFor(() => expect(within(form).getByLabelText(/Company Name/)).toHaveValue(''))
  })
})

describe('Advertiser dashboard', () => {
  it('shows impressions, spend, remaining budget and status with the daily figures, and tops up through a dialog', async () => {
    const api = fakeApi([campaign()], {
      [`POST /api/demo/campaigns/${CAMPAIGN}/top-up`]: () => ({ txHash: 'topsig', campaign: campaign({ budgetLamports: '1500000000' }) }),
    })
    await renderSignedIn()
    const card = await screen.findByRole('article', { name: 'Acme · Video' }, FIRST_SCREEN)
    expect(within(card).getByLabelText('Impressions')).toHaveTextContent('1')
    expect(within(card).getByLabelText('Spent')).toHaveTextContent('0.000015 SOL')
    expect(within(card).getByLabelText('Remaining budget')).toHaveTextContent('0.999985 SOL')
    expect(within(card).getByTestId('campaign-status')).toHaveTextContent('Active')
    expect(await within(card).findByRole('table', { name: 'Impressions per day' })).toBeInTheDocument()
    expect(within(within(card).getByRole('table', { name: 'Impressions by film' })).getByRole('cell', { name: 'Harbour Lights' })).toBeInTheDocument()
    expect(within(card).queryByTestId('settlement-rent')).toBeNull()
    expect(within(card).getByRole('button', { name: 'Close' })).toBeDisabled()

    fireEvent.click(within(card).getByRole('button', { name: 'Top Up' }))
    const dialog = await screen.findByRole('form', { name: 'Top up the campaign' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Budget' }))
    expect(await within(dialog).findByText('The top-up must be an amount of SOL above zero')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(/Amount \(SOL\)/), { target: { value: '0.5' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to Budget' }))
    expect(await screen.findByText('Campaign topped up')).toBeInTheDocument()
    expect(api.find('POST', `/api/demo/campaigns/${CAMPAIGN}/top-up`)[0].body).toEqual({ walletAddress: ADDRESS, amount: 0.5 })
  })

  it('says how much of Spent paid settlement rent rather than views', async () => {
    const settled = campaign({ spentLamports: '3844400', remainingLamports: '996155600' })
    fakeApi([settled], { [`GET /api/campaigns/${CAMPAIGN}`]: () => detail(settled, 1_844_400n) })
    await renderSignedIn()
    const card = await screen.findByRole('article', { name: 'Acme · Video' }, FIRST_SCREEN)
    expect(within(card).getByLabelText('Spent')).toHaveTextContent('0.0038444 SOL')
    expect(await within(card).findByTestId('settlement-rent')).toHaveTextContent(
      "Spent includes 0.0018444 SOL of settlement rent: each settlement creates the account that records the revenue it shares with the film's investors and publishers.",
    )
    expect(within(within(card).getByRole('table', { name: 'Impressions by film' })).getByRole('cell', { name: '0.002 SOL' })).toBeInTheDocument()
  })

  it('pauses an active campaign', async () => {
    const api = fakeApi([campaign()], { [`POST /api/demo/campaigns/${CAMPAIGN}/pause`]: () => ({ txHash: 'pausesig', campaign: campaign({ paused: true, status: 'paused' }) }) })
    await renderSignedIn()
    const card = await screen.findByRole('article', { name: 'Acme · Video' }, FIRST_SCREEN)
    fireEvent.click(within(card).getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('Campaign paused')).toBeInTheDocument()
    expect(api.find('POST', `/api/demo/campaigns/${CAMPAIGN}/pause`)[0].body).toEqual({ walletAddress: ADDRESS, paused: true })
  })

  it('closes a campaign past its grace period and shows the refund', async () => {
    const ended = campaign({ status: 'ended', endAt: new Date(Date.now() - 9 * DAY).toISOString(), closableAt: new Date(Date.now() - 2 * DAY).toISOString() })
    const api = fakeApi([ended], {
      [`POST /api/demo/campaigns/${CAMPAIGN}/close`]: () => ({ txHash: 'closesig', refundedLamports: '999985000', campaign: { ...ended, status: 'closed' } }),
    })
    await renderSignedIn()
    const card = await screen.findByRole('article', { name: 'Acme · Video' }, FIRST_SCREEN)
    expect(within(card).getByText('Closing returns the remaining 0.999985 SOL to your wallet.')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Top Up' })).toBeDisabled()
    fireEvent.click(within(card).getByRole('button', { name: 'Close' }))
    expect(await screen.findByText('0.999985 SOL of unspent budget went back to your wallet.')).toBeInTheDocument()
    expect(api.find('POST', `/api/demo/campaigns/${CAMPAIGN}/close`)).toHaveLength(1)
  })
})

describe('For Publishers', () => {
  const ORIGIN = 'https://films.example'
  const website = { origin: ORIGIN, websiteUrl: `${ORIGIN}/`, status: 'unverified', token: 'marquee-site-verification=0123', wellKnownUrl: `${ORIGIN}/.well-known/marquee-verification.txt`, metaTag: '<meta>', method: null, verifiedAt: null, lastError: null, contactEmail: 'me@films.example', websiteName: 'Films Example', monthlyVisitors: '5-25k', category: 'blog' }

  it('explains the share, the technology and the networks, and the application leads into website verification', async () => {
    const api = fakeApi([], {
      'POST /api/publishers/websites': () => website,
      'POST /api/publishers/websites/verify': () => ({ ...website, status: 'verified' }),
      [`GET /api/publishers/${ADDRESS}/websites`]: () => [],
    })
    await renderSignedIn()
    fireEvent.click(await screen.findByRole('tab', { name: 'For Publishers' }, FIRST_SCREEN))
    expect(await screen.findByText('Earn 40% of the ad revenue')).toBeInTheDocument()
    for (const title of ['Premium Content', 'One-Line Embed Code', 'Real-Time Payment Tracking', 'Easy Integration', 'DRM Content Protection']) expect(screen.getByText(title)).toBeInTheDocument()
    const split = screen.getByRole('group', { name: 'Revenue split' })
    for (const text of ['Publisher', '40%', 'Content Investors', '57.5%', 'Platform', '2.5%']) expect(within(split).getByText(text)).toBeInTheDocument()
    for (const network of ['AdSense', 'Amazon Associates', window.location.host, 'Outbrain', 'Taboola']) expect(screen.getByText(network)).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Apply to Publisher Program' })
    const visitors = within(form).getByLabelText(/Monthly Visitors/) as HTMLSelectElement
    expect(Array.from(visitors.options, (option) => option.value).slice(1)).toEqual(['1-5k', '5-25k', '25-100k', '100k-500k', '500k+'])
    const category = within(form).getByLabelText(/Website Category/) as HTMLSelectElement
    expect(Array.from(category.options, (option) => option.value).slice(1)).toEqual(['entertainment', 'news', 'blog', 'community', 'streaming', 'other'])
    fireEvent.click(within(form).getByRole('button', { name: 'Apply Now' }))
    expect(await within(form).findByText('Website URL is required')).toBeInTheDocument()
    expect(api.find('POST', '/api/publishers/websites')).toHaveLength(0)

    const set = (label: RegExp, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } })
    set(/Website URL/, `${ORIGIN}/`)
    set(/Website Name/, 'Films Example')
    set(/Contact Email/, 'me@films.example')
    set(/Monthly Visitors/, '5-25k')
    set(/Website Category/, 'blog')
    fireEvent.click(within(form).getByRole('button', { name: 'Apply Now' }))
    expect(await screen.findByTestId('verification-token')).toHaveTextContent('marquee-site-verification=0123')
    expect(api.find('POST', '/api/publishers/websites')[0].body).toEqual({
      walletAddress: ADDRESS,
      websiteUrl: `${ORIGIN}/`,
      contactEmail: 'me@films.example',
      websiteName: 'Films Example',
      monthlyVisitors: '5-25k',
      category: 'blog',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Check Website' }))
    expect(await screen.findByText(`${ORIGIN} is verified: choose films to embed in the`, { exact: false })).toBeInTheDocument()
  })
})
