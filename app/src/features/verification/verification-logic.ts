// The Studio Verification four-step tracker computed from real state: the studio's application
// (persisted, reviewed by the platform admin), its on-chain registration (the wallet signed
// register_studio) and its verified flag (verify_studio by the admin). Pure, tested apart.
import { MS_PER_DAY, VERIFICATION_ESTIMATE_HOURS } from '@/constants'
import type { StudioOverview } from '@marquee/api-contract'

export type StepState = 'completed' | 'in-progress' | 'pending' | 'rejected'

export interface TrackerStep {
  key: 'application' | 'documents' | 'wallet' | 'approval'
  title: string
  state: StepState
  detail: string
  /** Percent, for the step in progress with a time estimate. */
  progress?: number
}

export const STEP_TITLES = {
  application: 'Application Submitted',
  documents: 'Document Verification',
  wallet: 'Wallet Verification',
  approval: 'Final Approval',
} as const

/** How far the review is through its estimate, never shown as done before the admin decides. */
export function reviewProgress(submittedAt: string, now: number): number {
  const elapsedHours = (now - Date.parse(submittedAt)) / (MS_PER_DAY / 24)
  return Math.max(5, Math.min(95, Math.round((elapsedHours / VERIFICATION_ESTIMATE_HOURS) * 100)))
}

export function trackerSteps(overview: Pick<StudioOverview, 'application' | 'studio'>, now: number = Date.now()): TrackerStep[] {
  const { application, studio } = overview
  const verified = studio?.verified === true
  const status = application?.status

  const applicationStep: TrackerStep = {
    key: 'application',
    title: STEP_TITLES.application,
    state: application || verified ? 'completed' : 'in-progress',
    detail: application ? `Submitted ${new Date(application.submittedAt).toLocaleDateString('en-US')}` : verified ? 'Verified on chain' : 'Fill in the application below',
  }

  let documents: TrackerStep
  if (verified || status === 'approved') {
    documents = { key: 'documents', title: STEP_TITLES.documents, state: 'completed', detail: 'Reviewed by the platform' }
  } else if (status === 'rejected') {
    documents = {
      key: 'documents',
      title: STEP_TITLES.documents,
      state: 'rejected',
      detail: `Rejected: ${application?.rejectionReason ?? 'no reason given'}`,
    }
  } else if (status === 'submitted') {
    documents = {
      key: 'documents',
      title: STEP_TITLES.documents,
      state: 'in-progress',
      detail: `Estimated ${VERIFICATION_ESTIMATE_HOURS} hours`,
      progress: reviewProgress(application!.submittedAt, now),
    }
  } else {
    documents = { key: 'documents', title: STEP_TITLES.documents, state: 'pending', detail: 'After your application' }
  }

  const wallet: TrackerStep = studio
    ? { key: 'wallet', title: STEP_TITLES.wallet, state: 'completed', detail: 'Your wallet signed the studio registration' }
    : {
        key: 'wallet',
        title: STEP_TITLES.wallet,
        state: application ? 'in-progress' : 'pending',
        detail: 'Sign the studio registration with your wallet',
      }

  const approval: TrackerStep = verified
    ? { key: 'approval', title: STEP_TITLES.approval, state: 'completed', detail: 'Verified on chain by the platform admin' }
    : { key: 'approval', title: STEP_TITLES.approval, state: 'pending', detail: 'The platform admin signs verify_studio' }

  return [applicationStep, documents, wallet, approval]
}

/** The application may be (re)submitted before any, or after a rejection; never once verified. */
export function canApply(overview: Pick<StudioOverview, 'application' | 'studio'>): boolean {
  if (overview.studio?.verified) return false
  return !overview.application || overview.application.status === 'rejected'
}

export interface ApplicationForm {
  studioName: string
  contactEmail: string
  website: string
  description: string
}

export const EMPTY_APPLICATION: ApplicationForm = { studioName: '', contactEmail: '', website: '', description: '' }

export type ApplicationErrors = Partial<Record<keyof ApplicationForm | 'documents', string>>

/** Required fields, an x@y.z email and an http(s) URL without spaces (the spec's shapes for those). */
export function validateApplication(form: ApplicationForm, documentCount: number): ApplicationErrors {
  const errors: ApplicationErrors = {}
  if (!form.studioName.trim()) errors.studioName = 'Studio name is required'
  if (!form.contactEmail.trim()) errors.contactEmail = 'Contact email is required'
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.contactEmail.trim())) errors.contactEmail = 'Invalid email: Please enter a valid email address'
  if (!form.website.trim()) errors.website = 'Website is required'
  else if (!/^https?:\/\/\S+$/.test(form.website.trim())) errors.website = 'Invalid URL: Please enter a valid website URL'
  if (!form.description.trim()) errors.description = 'Tell us about your studio'
  if (documentCount === 0) errors.documents = 'Attach at least one document (JPG or PNG scan)'
  return errors
}
