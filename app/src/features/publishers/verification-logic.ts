// Website verification on the client: the form rules and their messages, and the states a
// publisher's website goes through — unverified, the verify form (with the token the server issued,
// once asked), verified.
import type { PublisherWebsite } from '@marquee/api-contract'

export interface Toast {
  title: string
  description: string
  variant?: 'default' | 'destructive'
}

export type Validation = { ok: true; websiteUrl: string; contactEmail?: string } | { ok: false; toast: Toast }

const invalid = (title: string, description: string): Validation => ({ ok: false, toast: { title, description, variant: 'destructive' } })

/** A website URL: http or https, no spaces. */
export const isWebsiteUrl = (text: string) => /^https?:\/\/\S+$/i.test(text)
/** An email address: the shape x@y.z. */
export const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)

/** The Embed Library's inline verify: only the URL, required. */
export function validateInlineVerify(urlText: string): Validation {
  const websiteUrl = urlText.trim()
  if (!websiteUrl) return invalid('Missing information', 'Please enter your website URL to verify.')
  if (!isWebsiteUrl(websiteUrl)) return invalid('Invalid URL', 'Please enter a valid website URL')
  return { ok: true, websiteUrl }
}

/** The project page's verification form: URL and contact email both required. */
export function validateProjectVerify(urlText: string, emailText: string): Validation {
  const websiteUrl = urlText.trim()
  const contactEmail = emailText.trim()
  if (!websiteUrl || !contactEmail) return invalid('Missing information', 'Please provide both website URL and contact email')
  if (!isWebsiteUrl(websiteUrl)) return invalid('Invalid URL', 'Please enter a valid website URL')
  if (!isEmail(contactEmail)) return invalid('Invalid email', 'Please enter a valid email address')
  return { ok: true, websiteUrl, contactEmail }
}

export function websiteVerifiedToast(origin: string): Toast {
  return { title: 'Website Verified', description: `${origin} can now use Marquee embed codes.` }
}

export function verificationFailedToast(reason: string): Toast {
  return { title: 'Verification failed', description: reason, variant: 'destructive' }
}

export const COPIED_TOAST: Toast = { title: 'Copied to clipboard', description: 'The embed code only works on approved domains.' }

/** The verified websites of a wallet, newest first. */
export const verifiedWebsites = (websites: PublisherWebsite[] | undefined) => (websites ?? []).filter((site) => site.status === 'verified')

export type VerificationView = 'unverified' | 'form' | 'verified'

export interface VerificationState {
  view: VerificationView
  /** The website whose token is shown in the form, once the server issued it. */
  pending: PublisherWebsite | null
  /** Why the last check failed (the website stays unverified). */
  error: string | null
}

export type VerificationAction =
  | { type: 'openForm' }
  | { type: 'cancel' }
  | { type: 'tokenIssued'; website: PublisherWebsite }
  | { type: 'checkFailed'; reason: string }
  | { type: 'verified' }

export const initialVerification = (verified: boolean): VerificationState => ({ view: verified ? 'verified' : 'unverified', pending: null, error: null })

export function verificationReducer(state: VerificationState, action: VerificationAction): VerificationState {
  switch (action.type) {
    case 'openForm':
      return { view: 'form', pending: null, error: null }
    case 'cancel':
      return state.view === 'form' ? { view: 'unverified', pending: null, error: null } : state
    case 'tokenIssued':
      return state.view === 'form' ? { ...state, pending: action.website, error: action.website.lastError } : state
    case 'checkFailed':
      return state.view === 'form' ? { ...state, error: action.reason } : state
    case 'verified':
      return { view: 'verified', pending: null, error: null }
  }
}

/** Spec: after verification, Use Embed Code or Auto-List All Funded Movies, embed by default. */
export type EmbedChoice = 'embed' | 'autolist'
export const DEFAULT_EMBED_CHOICE: EmbedChoice = 'embed'

/** The project page's embed panel: restricted notice, verification form, code shown (copy only once verified). */
export type EmbedPanelView = 'restricted' | 'form' | 'code'

export function embedPanelView(verified: boolean, formOpen: boolean): EmbedPanelView {
  if (verified) return 'code'
  return formOpen ? 'form' : 'restricted'
}
