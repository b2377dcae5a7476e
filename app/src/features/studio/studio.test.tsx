import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi, type Handler } from '@/test/fake-api'
import { makeProject, makeStudioAccount } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'
import type { StudioOverview } from '@marquee/api-contract'
// The route loads the portal lazily; importing it here compiles it before the first test's clock starts.
import '@/features/studio/studio-feature'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const CHAIN = 'Dem0Key1111111111111111111111111111111111111'

afterEach(() => vi.restoreAllMocks())

/** The first screen of a test waits for the sign-in and its requests; on a loaded shared machine that can be slow. */
const FIRST_SCREEN = { timeout: 60_000 }

const PLATFORM = {
  admin: 'Adm1n111111111111111111111111111111111111111',
  treasury: 'T',
  minInvestmentLamports: '50000000',
  unverifiedFundingCapLamports: '500000000000',
  verifiedFundingCapLamports: '10000000000000',
  unverifiedFundingCap: 500_000,
  verifiedFundingCap: 10_000_000,
  minFundingWindowDays: 0,
  maxFundingWindowDays: null,
}

/** The browser's answer to a video URL (jsdom loads no media): the element's metadata loads, or it fails. */
function browserLoadsVideos(loads: boolean) {
  const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!
  Object.defineProperty(HTMLMediaElement.prototype, 'src', {
    configurable: true,
    get: original.get,
    set(this: HTMLMediaElement, value: string) {
      original.set!.call(this, value)
      setTimeout(() => this.dispatchEvent(new Event(loads ? 'loadedmetadata' : 'error')))
    },
  })
  return () => Object.defineProperty(HTMLMediaElement.prototype, 'src', original)
}

function overview(overrides: Partial<StudioOverview> = {}): StudioOverview {
  return { walletAddress: ADDRESS, chainAddress: CHAIN, isAdmin: false, studio: null, profile: null, application: null, ...overrides }
}

function fakeApi(projects = [makeProject({ id: 7, title: 'Harbour Lights', status: 'funded', fundsReleased: false, raisedLamports: '2000000000', totalRevenue: 1200, totalViews: 12_345 })], extra: Record<string, Handler> = {}) {
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    [`GET /api/studios/${ADDRESS}`]: () =>
      overview({ studio: makeStudioAccount({ authority: CHAIN, verified: true, fundingCap: 10_000_000, registeredAt: '2026-01-01T00:00:00Z' }) }),
    [`GET /api/projects?studio=${CHAIN}`]: () => projects,
    'GET /api/platform': () => PLATFORM,
    'GET /api/revenue/distributions': () => [{ id: 1, projectId: 7, projectTitle: 'Harbour Lights', amount: 1200, revenueGenerated: 1200, totalViews: 300, distributedAt: new Date().toISOString(), status: 'Completed', txHash: 'distsig' }],
    'GET /api/projects/7/certificates': () => [],
    ...extra,
  })
}

describe('Production Portal', () => {
  it('shows the studio’s summary and its films with their actions', async () => {
    fakeApi()
    renderApp('/studio', { connected: true })
    expect(await screen.findByText('Harbour Films', {}, FIRST_SCREEN)).toBeInTheDocument()
    expect(screen.getByText('Verified studio')).toBeInTheDocument()
    const views = (await screen.findByText('Total Views')).parentElement!
    expect(await within(views).findByText('12.3K')).toBeInTheDocument()
    expect(within((await screen.findByText('Total Revenue')).parentElement!).getByText('$1,200')).toBeInTheDocument()
    // The only distribution is in the last 30 days.
    expect(screen.getAllByText('All in the last 30 days')).toHaveLength(2)
    const row = await screen.findByTestId('studio-project-7')
    expect(within(row).getByText('Fully Funded')).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Mint NFT' })).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Release 2.000 SOL' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Add New Movie License/ })).toBeInTheDocument()
  })

  it('releases a funded film’s SOL through the demo chain', async () => {
    const api = fakeApi(undefined, { 'POST /api/demo/claim-license': () => ({ signature: 'releasesig' }), 'PUT /api/projects/7/status': () => makeProject({ id: 7 }) })
    renderApp('/studio', { connected: true })
    const row = await screen.findByTestId('studio-project-7', {}, FIRST_SCREEN)
    fireEvent.click(within(row).getByRole('button', { name: 'Release 2.000 SOL' }))
    expect(await screen.findByText('2.000 SOL raised for Harbour Lights went to your wallet.')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/claim-license')[0].body).toEqual({ walletAddress: ADDRESS, projectId: 7 })
  })

  it('Edit: sends nothing until valid, then update_project_metadata through the demo chain, links the transaction and closes', async () => {
    const sha256 = 'ef'.repeat(32)
    const api = fakeApi(undefined, { 'POST /api/demo/update-metadata': () => ({ signature: 'editsig', uri: `http://app.test/api/metadata/${sha256}`, sha256 }) })
    renderApp('/studio', { connected: true })
    const row = await screen.findByTestId('studio-project-7', {}, FIRST_SCREEN)
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Harbour Lights' })
    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: ' ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Release Year is required')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/update-metadata')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText(/^Description/), { target: { value: 'Now with a storm. ' } })
    fireEvent.change(within(dialog).getByLabelText(/^Release Year/), { target: { value: '2025' } })
    fireEvent.change(within(dialog).getByLabelText(/^Genres/), { target: { value: 'Drama, Adventure' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Listing updated')).toBeInTheDocument()
    expect(screen.getByText('Harbour Lights shows its new details; their hash is recorded on chain.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View transaction' })).toHaveAttribute('href', '/api/demo/transactions/editsig')
    expect(api.find('POST', '/api/demo/update-metadata')[0].body).toEqual({
      walletAddress: ADDRESS,
      projectId: 7,
      description: 'Now with a storm.',
      directorName: 'Director',
      releaseYear: 2025,
      licenseType: 'Exclusive Streaming',
      genres: ['Drama', 'Adventure'],
    })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Harbour Lights' })).not.toBeInTheDocument())
  })

  it('Edit: a video URL that does not load is said under its field and nothing is sent; one that loads is the new video', async () => {
    const sha256 = 'ef'.repeat(32)
    const api = fakeApi([makeProject({ id: 7, title: 'Harbour Lights', releaseYear: 2024 })], {
      'POST /api/demo/update-metadata': () => ({ signature: 'editsig', uri: `http://app.test/api/metadata/${sha256}`, sha256 }),
    })
    renderApp('/studio', { connected: true })
    const row = await screen.findByTestId('studio-project-7', {}, FIRST_SCREEN)
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Harbour Lights' })
    fireEvent.change(within(dialog).getByLabelText('Video URL (https)'), { target: { value: 'http://cdn.example/cut.webm' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('The video URL must be an https:// address or an upload of this site (/api/media/{sha256})')).toBeInTheDocument()

    let restore = browserLoadsVideos(false)
    fireEvent.change(within(dialog).getByLabelText('Video URL (https)'), { target: { value: 'https://gone.example/cut.webm' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText(/The video could not be loaded from this URL/)).toBeInTheDocument()
    restore()
    expect(api.find('POST', '/api/demo/update-metadata')).toHaveLength(0)

    restore = browserLoadsVideos(true)
    fireEvent.change(within(dialog).getByLabelText('Video URL (https)'), { target: { value: 'https://cdn.example/cut.webm' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Listing updated')).toBeInTheDocument()
    restore()
    expect(api.find('POST', '/api/demo/update-metadata')[0].body).toMatchObject({ projectId: 7, videoUrl: 'https://cdn.example/cut.webm' })
  })

  it('Edit: a refusal is shown and the dialog stays open', async () => {
    fakeApi([makeProject({ id: 7, title: 'Harbour Lights', releaseYear: 2024 })], {
      'POST /api/demo/update-metadata': () => new Response(JSON.stringify({ message: 'Nothing to update: the film already shows these details' }), { status: 400 }),
    })
    renderApp('/studio', { connected: true })
    const row = await screen.findByTestId('studio-project-7', {}, FIRST_SCREEN)
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Harbour Lights' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Update failed')).toBeInTheDocument()
    expect(screen.getByText(/Nothing to update: the film already shows these details/)).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Edit Harbour Lights' })).toBeInTheDocument()
  })

  it('shows the split and the studio’s distributions', async () => {
    fakeApi()
    renderApp('/studio', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Revenue Distribution' }, FIRST_SCREEN))
    const panel = await screen.findByRole('tabpanel', { name: 'Revenue Distribution' })
    for (const label of ['Website Publishers', 'Content Investors', 'Platform', 'Solana Fees']) expect(await within(panel).findByText(label)).toBeInTheDocument()
    for (const percent of ['40%', '57.5%', '2.5%', '0%']) expect(within(panel).getByText(percent)).toBeInTheDocument()
    expect(await within(panel).findByRole('columnheader', { name: 'Revenue Generated' })).toBeInTheDocument()
    expect(within(panel).getByText('Completed')).toBeInTheDocument()
    // The Transaction column links the distribution's transaction as 'View on Solana'.
    expect(within(panel).getByRole('link', { name: 'View on Solana' })).toHaveAttribute('href', expect.stringContaining('distsig'))
  })
})

describe('List Existing Movie for License', () => {
  async function openForm() {
    renderApp('/studio', { connected: true })
    fireEvent.click(await screen.findByRole('tab', { name: 'Upload Content' }, FIRST_SCREEN))
    return screen.findByRole('form', { name: 'List Existing Movie for License' })
  }

  it('sends nothing until the form is valid and refuses a thumbnail that is not a JPG/PNG before upload', async () => {
    const api = fakeApi()
    const form = await openForm()
    fireEvent.click(within(form).getByRole('button', { name: 'List Movie' }))
    expect(await within(form).findByText('Movie Title is required')).toBeInTheDocument()
    expect(within(form).getByText('Genres (comma-separated) is required')).toBeInTheDocument()
    fireEvent.change(within(form).getByLabelText('Thumbnail (JPG/PNG, max 10MB)'), { target: { files: [new File(['gif'], 'poster.gif', { type: 'image/gif' })] } })
    expect(await within(form).findByText('The thumbnail must be a JPG or PNG image')).toBeInTheDocument()
    expect(api.requests.some((request) => request.path.startsWith('/api/media') || request.path.startsWith('/api/demo/projects'))).toBe(false)
  })

  it('uploads the thumbnail and the video, lists the film through the demo chain, links the transaction and resets', async () => {
    const api = fakeApi(undefined, {
      'POST /api/media': () => ({ url: `/api/media/${'a'.repeat(64)}`, sha256: 'a'.repeat(64) }),
      'POST /api/demo/projects': () => ({ signature: 'listsig', projectId: 9 }),
    })
    const form = await openForm()
    const set = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } })
    set('Movie Title', 'Harbour Lights II')
    set('Director Name', 'Ines Ward')
    set('Release Year', '2024')
    set('Funding Goal (USD)', '2500')
    set('Funding Deadline', new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10))
    set('Genres (comma-separated)', 'Drama, Adventure')
    set('Description', 'The storm returns.')
    fireEvent.change(within(form).getByLabelText('Thumbnail (JPG/PNG, max 10MB)'), { target: { files: [new File(['png'], 'poster.png', { type: 'image/png' })] } })
    fireEvent.change(within(form).getByLabelText('Video file (MP4/WebM, max 50MB)'), { target: { files: [new File(['webm'], 'cut.webm', { type: 'video/webm' })] } })
    fireEvent.click(within(form).getByRole('button', { name: 'List Movie' }))
    expect(await screen.findByText('Project created successfully', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View transaction' })).toHaveAttribute('href', '/api/demo/transactions/listsig')
    expect(api.find('POST', '/api/media')).toHaveLength(2)
    expect(api.find('POST', '/api/demo/projects')[0].body).toMatchObject({
      walletAddress: ADDRESS,
      title: 'Harbour Lights II',
      releaseYear: 2024,
      licenseType: 'Exclusive Streaming',
      fundingGoal: 2500,
      genres: ['Drama', 'Adventure'],
      thumbnailUrl: `/api/media/${'a'.repeat(64)}`,
      videoUrl: `/api/media/${'a'.repeat(64)}`,
      studioName: 'Harbour Films',
    })
    fireEvent.click(screen.getByRole('tab', { name: 'Upload Content' }))
    await waitFor(() => expect(screen.getByLabelText('Movie Title')).toHaveValue(''))
  })

  it('refuses a video that is not an MP4/WebM or is over 50MB in the form, before any upload', async () => {
    const api = fakeApi()
    const form = await openForm()
    const videoInput = within(form).getByLabelText('Video file (MP4/WebM, max 50MB)')
    fireEvent.change(videoInput, { target: { files: [new File(['mov'], 'cut.mov', { type: 'video/quicktime' })] } })
    expect(await within(form).findByText('The video must be an MP4 or WebM file')).toBeInTheDocument()
    const huge = new File(['webm'], 'cut.webm', { type: 'video/webm' })
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 })
    fireEvent.change(videoInput, { target: { files: [huge] } })
    expect(await within(form).findByText('The video must be at most 50MB')).toBeInTheDocument()
    fireEvent.click(within(form).getByRole('button', { name: 'List Movie' }))
    expect(api.requests.some((request) => request.path.startsWith('/api/media') || request.path.startsWith('/api/demo/projects'))).toBe(false)
  })

  it('refuses a goal over the studio’s cap before sending', async () => {
    const api = installFakeApi({
      'POST /api/users': () => ({ id: 1 }),
      [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
      [`GET /api/studios/${ADDRESS}`]: () => overview(),
      'GET /api/platform': () => PLATFORM,
      'GET /api/revenue/distributions': () => [],
    })
    const form = await openForm()
    fireEvent.change(within(form).getByLabelText('Funding Goal (USD)'), { target: { value: '600000' } })
    fireEvent.click(within(form).getByRole('button', { name: 'List Movie' }))
    expect(await within(form).findByText("Funding Goal is above your studio's cap of $500,000; verified studios may ask up to $10,000,000")).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/projects')).toHaveLength(0)
  })
})
