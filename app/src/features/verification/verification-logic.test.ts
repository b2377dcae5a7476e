import { describe, expect, it } from 'vitest'
import { makeStudioAccount } from '@/test/fixtures'
import type { StudioAccount, VerificationApplication } from '@marquee/api-contract'
import { canApply, reviewProgress, trackerSteps, validateApplication } from './verification-logic'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const application = (overrides: Partial<VerificationApplication> = {}): VerificationApplication => ({
  id: 1,
  walletAddress: 'W',
  chainAddress: 'C',
  studioName: 'Harbour Films',
  contactEmail: 'hello@harbour.example',
  website: 'https://harbour.example',
  description: 'Ferries and films',
  documents: [{ name: 'licence.png', url: '/api/media/x', sha256: 'x' }],
  status: 'submitted',
  rejectionReason: null,
  submittedAt: new Date(NOW - 6 * 3600_000).toISOString(),
  reviewedAt: null,
  approvalTxHash: null,
  studio: null,
  ...overrides,
})
const studio = (verified: boolean): StudioAccount => makeStudioAccount({ verified, fundingCap: 100_000, registeredAt: new Date(NOW).toISOString() })
const states = (steps: ReturnType<typeof trackerSteps>) => steps.map((step) => step.state)

describe('trackerSteps', () => {
  it('starts with the application to fill in', () => {
    expect(states(trackerSteps({ application: null, studio: null }, NOW))).toEqual(['in-progress', 'pending', 'pending', 'pending'])
  })

  it('reviews a submitted application against the 24-hour estimate', () => {
    const steps = trackerSteps({ application: application(), studio: null }, NOW)
    expect(states(steps)).toEqual(['completed', 'in-progress', 'in-progress', 'pending'])
    expect(steps[1].progress).toBe(25)
  })

  it('completes the wallet step once the wallet signed register_studio', () => {
    expect(states(trackerSteps({ application: application(), studio: studio(false) }, NOW))).toEqual([
      'completed',
      'in-progress',
      'completed',
      'pending',
    ])
  })

  it('shows the rejection reason the admin gave', () => {
    const steps = trackerSteps({ application: application({ status: 'rejected', rejectionReason: 'Licence scan unreadable' }), studio: null }, NOW)
    expect(steps[1]).toMatchObject({ state: 'rejected', detail: 'Rejected: Licence scan unreadable' })
  })

  it('is complete once verified on chain', () => {
    expect(states(trackerSteps({ application: application({ status: 'approved' }), studio: studio(true) }, NOW))).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ])
  })
})

describe('reviewProgress', () => {
  it('never reads done before the decision', () => {
    expect(reviewProgress(new Date(NOW).toISOString(), NOW)).toBe(5)
    expect(reviewProgress(new Date(NOW - 48 * 3600_000).toISOString(), NOW)).toBe(95)
  })
})

describe('canApply and validateApplication', () => {
  it('lets a studio apply first and again after a rejection, not while waiting or once verified', () => {
    expect(canApply({ application: null, studio: null })).toBe(true)
    expect(canApply({ application: application(), studio: null })).toBe(false)
    expect(canApply({ application: application({ status: 'rejected' }), studio: null })).toBe(true)
    expect(canApply({ application: null, studio: studio(true) })).toBe(false)
  })

  it('wants every field, a valid email and URL, and a document', () => {
    expect(validateApplication({ studioName: '', contactEmail: 'x', website: 'ftp://a', description: '' }, 0)).toEqual({
      studioName: 'Studio name is required',
      contactEmail: 'Invalid email: Please enter a valid email address',
      website: 'Invalid URL: Please enter a valid website URL',
      description: 'Tell us about your studio',
      documents: 'Attach at least one document (JPG or PNG scan)',
    })
    expect(validateApplication({ studioName: 'A', contactEmail: 'a@b.co', website: 'https://a.example', description: 'd' }, 1)).toEqual({})
  })
})
