import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { makeStudioAccount } from '@/test/fixtures'
import { FAKE_WALLET_KEY } from '@/test/fake-wallet'
import { renderApp } from '@/test/render'
import type { StudioOverview, VerificationApplication } from '@marquee/api-contract'
// The route loads the screen lazily; importing it here compiles it before the first test's clock starts.
import '@/features/verification/verification-feature'

const ADDRESS = FAKE_WALLET_KEY.toBase58()
const CHAIN = 'Dem0Key1111111111111111111111111111111111111'
const FIRST_SCREEN = { timeout: 60_000 }

afterEach(() => vi.restoreAllMocks())

const application = (overrides: Partial<VerificationApplication> = {}): VerificationApplication => ({
  id: 4,
  walletAddress: 'Stud1o11111111111111111111111111111111111111',
  chainAddress: 'StudioKey1111111111111111111111111111111111',
  studioName: 'Harbour Films',
  contactEmail: 'hello@harbour.example',
  website: 'https://harbour.example',
  description: 'Island stories.',
  documents: [{ name: 'registration.png', url: `/api/media/${'b'.repeat(64)}`, sha256: 'b'.repeat(64) }],
  status: 'submitted',
  rejectionReason: null,
  submittedAt: new Date().toISOString(),
  reviewedAt: null,
  approvalTxHash: null,
  studio: makeStudioAccount({ authority: 'StudioKey1111111111111111111111111111111111', registeredAt: new Date().toISOString() }),
  ...overrides,
})

function fakeApi(overview: Partial<StudioOverview>, extra = {}) {
  return installFakeApi({
    'POST /api/users': () => ({ id: 1 }),
    [`GET /api/demo/wallets/${ADDRESS}`]: () => ({ balance: 15.75 }),
    [`GET /api/studios/${ADDRESS}`]: () => ({ walletAddress: ADDRESS, chainAddress: CHAIN, isAdmin: false, studio: null, profile: null, application: null, ...overview }),
    'GET /api/platform': () => ({ unverifiedFundingCap: 500_000, verifiedFundingCap: 10_000_000 }),
    ...extra,
  })
}

describe('Studio Verification', () => {
  it('is readable without a wallet, with the configured support address, and asks to connect for its actions', async () => {
    fakeApi({}, { 'GET /api/platform': () => ({ unverifiedFundingCap: 500_000, verifiedFundingCap: 10_000_000, supportEmail: 'help@films.example' }) })
    renderApp('/verification')
    const link = await screen.findByRole('link', { name: 'help@films.example' }, FIRST_SCREEN)
    expect(link).toHaveAttribute('href', 'mailto:help@films.example')
    expect(screen.getByRole('list', { name: 'How verification works' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: /Connect Wallet/ }).length).toBeGreaterThan(0)
  })

  it('says no support address is configured rather than showing one', async () => {
    fakeApi({}, { 'GET /api/platform': () => ({ unverifiedFundingCap: 500_000, verifiedFundingCap: 10_000_000, supportEmail: null }) })
    renderApp('/verification')
    expect(await screen.findByText(/no verification support address configured/, {}, FIRST_SCREEN)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument()
  })

  it('promises an email where a mail transport is configured, and says the bell is the notice where none is', async () => {
    for (const emailNotices of [true, false]) {
      fakeApi({}, { 'GET /api/platform': () => ({ unverifiedFundingCap: 500_000, verifiedFundingCap: 10_000_000, supportEmail: null, emailNotices }) })
      const { unmount } = renderApp('/verification', { connected: true })
      const promise = await screen.findByText(/You will receive an email notice at your contact address/, {}, FIRST_SCREEN)
      await screen.findByText(/no verification support address configured/)
      if (emailNotices) expect(promise).not.toHaveTextContent('This server sends no email')
      else {
        const caveat = 'This server sends no email (no mail transport is configured): the decision arrives in the bell only.'
        await waitFor(() => expect(promise).toHaveTextContent(caveat))
      }
      unmount()
    }
  })

  it('shows the rejection reason and lets the studio apply again', async () => {
    fakeApi({ application: application({ walletAddress: ADDRESS, status: 'rejected', rejectionReason: 'Unreadable scan', studio: null }) })
    renderApp('/verification', { connected: true })
    expect(await screen.findByText('Rejected: Unreadable scan', {}, FIRST_SCREEN)).toBeInTheDocument()
    expect(screen.getByTestId('step-documents')).toHaveAttribute('data-state', 'rejected')
    expect(screen.getByText(/review takes 1-2 business days/)).toBeInTheDocument()
    expect(screen.getByText('Higher funding limits')).toBeInTheDocument()
    expect(await screen.findByText('Ask up to $10,000,000 per film instead of $500,000.')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Verification application' })
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }))
    expect(await within(form).findByText('Attach at least one document (JPG or PNG scan)')).toBeInTheDocument()
    // Only the admin's wallet sees the review screen.
    expect(screen.queryByRole('heading', { name: 'Studio applications' })).not.toBeInTheDocument()
  })

  it('asks the registered-nowhere wallet to sign its studio registration', async () => {
    const api = fakeApi({ application: application({ walletAddress: ADDRESS, studio: null }) }, {
      'POST /api/demo/register-studio': () => ({ signature: 'regsig' }),
    })
    renderApp('/verification', { connected: true })
    expect(await screen.findByTestId('step-wallet', {}, FIRST_SCREEN)).toHaveAttribute('data-state', 'in-progress')
    fireEvent.click(screen.getByRole('button', { name: 'Sign with wallet' }))
    expect(await screen.findByText('Your studio is registered on chain.')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/register-studio')[0].body).toEqual({ walletAddress: ADDRESS, name: 'Harbour Films' })
  })

  it('lets the platform admin approve with verify_studio, then reports the transaction', async () => {
    const open = application()
    const api = fakeApi({ isAdmin: true, chainAddress: CHAIN }, {
      'GET /api/verification/applications': () => [open],
      'POST /api/demo/verify-studio': () => ({ signature: 'verifysig' }),
      'POST /api/verification/applications/4/approve': () => ({ ...open, status: 'approved', approvalTxHash: 'verifysig' }),
      'POST /api/verification/applications/4/reject': () => ({ ...open, status: 'rejected' }),
    })
    renderApp('/verification', { connected: true })
    const card = await screen.findByTestId('application-4', {}, FIRST_SCREEN)
    expect(within(card).getByRole('link', { name: 'registration.png' })).toHaveAttribute('href', `/api/media/${'b'.repeat(64)}`)
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }))
    expect(await within(card).findByText('Give the studio a reason')).toBeInTheDocument()
    expect(api.find('POST', '/api/verification/applications/4/reject')).toHaveLength(0)
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByText('Harbour Films is verified on chain.')).toBeInTheDocument()
    expect(api.find('POST', '/api/demo/verify-studio')[0].body).toEqual({ walletAddress: ADDRESS, studio: open.chainAddress, verified: true })
    expect(api.find('POST', '/api/verification/applications/4/approve')[0].body).toEqual({ txHash: 'verifysig' })
  })
})
