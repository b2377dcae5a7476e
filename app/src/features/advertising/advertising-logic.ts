// The advertising page's rules, apart from its screens: the three plans with their CPM prices, the
// request form's fields with what makes it a real campaign
// (the SOL budget escrowed now, genres, window, creative, a sponsorship's film and price) and every
// check made before anything is uploaded or spent, then the campaign input the client sends.
import {
  AD_PRICE_PER_MILLE_LAMPORTS,
  AD_PRICE_PER_MILLE_USD,
  AD_SKIP_AFTER_SECONDS,
  CREATIVE_IMAGE_MAX_BYTES,
  CREATIVE_IMAGE_TYPES,
  CREATIVE_VIDEO_MAX_BYTES,
  CREATIVE_VIDEO_TYPES,
  DEFAULT_TARGET_AUDIENCE,
  IMPRESSIONS_PER_MILLE,
  LAMPORTS_PER_SOL,
  MAX_CREATIVE_URI_BYTES,
  MIN_CAMPAIGN_BATCH_IMPRESSIONS,
  MS_PER_DAY,
  REVENUE_DISTRIBUTION_RENT_LAMPORTS,
  TARGET_AUDIENCES,
  VIDEO_AD_LENGTHS_SECONDS,
} from '@/constants'
import type { AdType, CampaignSummary } from '@marquee/api-contract'
import type { CampaignDetails, CampaignInput } from '@/features/chain/marquee-client'
import { isEmail, isWebsiteUrl } from '@/features/publishers/verification-logic'

export interface AdPlan {
  adType: AdType
  title: string
  /** '$5 CPM', or 'Custom' for a sponsorship. */
  price: string
  features: string[]
  popular: boolean
}

export const AD_PLANS: AdPlan[] = [
  {
    adType: 'display',
    title: 'Display Ads',
    price: `$${AD_PRICE_PER_MILLE_USD.display} CPM`,
    features: ['Banner and sidebar placements', 'Multiple sizes', 'Genre and audience targeting'],
    popular: false,
  },
  {
    adType: 'video',
    title: 'Video Ads',
    price: `$${AD_PRICE_PER_MILLE_USD.video} CPM`,
    features: [
      'Pre-, mid- and post-roll',
      `Lengths of ${VIDEO_AD_LENGTHS_SECONDS.join(', ').replace(/, (\d+)$/, ' and $1')} seconds`,
      `Skippable after ${AD_SKIP_AFTER_SECONDS} seconds`,
    ],
    popular: true,
  },
  {
    adType: 'sponsorship',
    title: 'Sponsorship',
    price: 'Custom',
    features: ['Category exclusivity', 'Product placement', 'Custom integration'],
    popular: false,
  },
]

export const AD_TYPE_LABELS: Record<AdType, string> = { display: 'Display', video: 'Video', sponsorship: 'Sponsorship' }
export const TARGET_AUDIENCE_LABELS: Record<(typeof TARGET_AUDIENCES)[number], string> = {
  all: 'All audiences',
  '18-24': '18-24',
  '25-34': '25-34',
  '35-44': '35-44',
  '45+': '45+',
  custom: 'Custom',
}

/** A video creative is a file uploaded to the media store or the address of one. */
export type VideoSource = 'file' | 'url'

export interface AdvertisingRequestForm {
  companyName: string
  email: string
  website: string
  /** The spec's monthly budget (USD), as typed: '$1,000', '1000'… Optional. */
  monthlyBudget: string
  adType: AdType
  targetAudience: string
  /** SOL escrowed now. */
  budgetSol: string
  /** The most settlement may take per UTC day (SOL): the program enforces it on every batch. */
  maxDailySpendSol: string
  targetGenres: string[]
  /** yyyy-mm-dd (UTC days). */
  startDate: string
  endDate: string
  videoSource: VideoSource
  videoUrl: string
  /** A sponsorship's film and its price per 1,000 impressions (SOL). */
  sponsoredProjectId: string
  pricePerMilleSol: string
}

export type RequestField = keyof AdvertisingRequestForm | 'creative'
export type RequestErrors = Partial<Record<RequestField, string>>

export const REQUEST_LABELS: Record<RequestField, string> = {
  companyName: 'Company Name',
  email: 'Email',
  website: 'Website',
  monthlyBudget: 'Monthly Budget (USD)',
  adType: 'Ad Type',
  targetAudience: 'Target Audience',
  budgetSol: 'Budget to escrow now (SOL)',
  maxDailySpendSol: 'Maximum spend per day (SOL)',
  targetGenres: 'Target genres',
  startDate: 'Start date',
  endDate: 'End date',
  videoSource: 'Video creative',
  videoUrl: 'Video URL',
  sponsoredProjectId: 'Sponsored film',
  pricePerMilleSol: 'Price per 1,000 views (SOL)',
  creative: 'Creative',
}

/** yyyy-mm-dd of a moment (UTC), as a date input gives and takes it. */
export const utcDate = (moment: number) => new Date(moment).toISOString().slice(0, 10)

export function emptyRequest(now: number = Date.now()): AdvertisingRequestForm {
  return {
    companyName: '',
    email: '',
    website: '',
    monthlyBudget: '',
    adType: 'video',
    targetAudience: DEFAULT_TARGET_AUDIENCE,
    budgetSol: '',
    maxDailySpendSol: '',
    targetGenres: [],
    startDate: utcDate(now),
    endDate: '',
    videoSource: 'file',
    videoUrl: '',
    sponsoredProjectId: '',
    pricePerMilleSol: '',
  }
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/** A campaign starts at the start of its first day and ends at the end of its last (UTC). */
export function campaignWindow(startDate: string, endDate: string): { startMs: number; endMs: number } | null {
  if (!DATE_PATTERN.test(startDate) || !DATE_PATTERN.test(endDate)) return null
  const startMs = Date.parse(`${startDate}T00:00:00.000Z`)
  const endMs = Date.parse(`${endDate}T23:59:59.000Z`)
  return Number.isNaN(startMs) || Number.isNaN(endMs) ? null : { startMs, endMs }
}

/** The price per 1,000 impressions in lamports: the plan's, or the sponsorship's own (null when unreadable). */
export function pricePerMilleLamports(form: Pick<AdvertisingRequestForm, 'adType' | 'pricePerMilleSol'>): number | null {
  if (form.adType !== 'sponsorship') return AD_PRICE_PER_MILLE_LAMPORTS[form.adType]
  const price = Number(form.pricePerMilleSol)
  return form.pricePerMilleSol.trim() !== '' && Number.isFinite(price) && price > 0 ? Math.round(price * LAMPORTS_PER_SOL) : null
}

/** The smallest budget the program takes: one settlement batch of 1,000 impressions at the price. */
export function minimumBudgetLamports(pricePerMille: number): number {
  return Math.floor((MIN_CAMPAIGN_BATCH_IMPRESSIONS * pricePerMille) / IMPRESSIONS_PER_MILLE)
}

/**
 * The smallest maximum spend per day the program takes: one batch of 1,000 impressions and the rent
 * of the distribution settling it creates, which the campaign pays.
 */
export function minimumDailySpendLamports(pricePerMille: number): number {
  return minimumBudgetLamports(pricePerMille) + REVENUE_DISTRIBUTION_RENT_LAMPORTS
}

export const lamportsAsSol = (lamports: number) => String(lamports / LAMPORTS_PER_SOL)

/** The spec's monthly budget typed as '$1,000' or '1000': USD, or null when left empty. NaN when unreadable. */
export function parseMonthlyBudget(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '')
  if (cleaned === '') return null
  const value = Number(cleaned)
  return Number.isFinite(value) && value >= 0 ? value : Number.NaN
}

/** What a creative must be for an ad type: display an image, video a video, a sponsorship either. */
export function acceptedCreativeKinds(adType: AdType): ('image' | 'video')[] {
  if (adType === 'display') return ['image']
  if (adType === 'video') return ['video']
  return ['image', 'video']
}

export function creativeAccept(adType: AdType): string {
  return acceptedCreativeKinds(adType)
    .flatMap((kind) => (kind === 'image' ? CREATIVE_IMAGE_TYPES : CREATIVE_VIDEO_TYPES))
    .join(',')
}

/** Refuses a creative file before any upload: the kind its ad type needs, within its size. Null when acceptable. */
export function creativeFileError(adType: AdType, file: Pick<File, 'type' | 'size'>): string | null {
  const kinds = acceptedCreativeKinds(adType)
  const isImage = (CREATIVE_IMAGE_TYPES as readonly string[]).includes(file.type)
  const isVideo = (CREATIVE_VIDEO_TYPES as readonly string[]).includes(file.type)
  if (isImage && kinds.includes('image')) return file.size > CREATIVE_IMAGE_MAX_BYTES ? 'The image must be at most 10MB' : null
  if (isVideo && kinds.includes('video')) return file.size > CREATIVE_VIDEO_MAX_BYTES ? 'The video must be at most 50MB' : null
  if (adType === 'display') return 'A display ad needs a JPG or PNG image'
  if (adType === 'video') return 'A video ad needs an MP4 or WebM video'
  return 'A sponsorship creative must be a JPG or PNG image or an MP4 or WebM video'
}

/** A video given by address: https, or this server's own media store. */
export function videoUrlError(text: string): string | null {
  const url = text.trim()
  if (!url) return 'Enter the video’s URL, or upload a video file'
  if (new TextEncoder().encode(url).length > MAX_CREATIVE_URI_BYTES) return `The URL must be at most ${MAX_CREATIVE_URI_BYTES} characters`
  if (/^\/api\/media\/\S+$/.test(url) || /^https:\/\/\S+$/i.test(url)) return null
  return 'The video URL must start with https:// (or be a /api/media/ address of this site)'
}

/** Whether the form's creative comes from a URL rather than a file. */
export const usesVideoUrl = (form: Pick<AdvertisingRequestForm, 'adType' | 'videoSource'>) => form.adType === 'video' && form.videoSource === 'url'

/**
 * Every rule, checked before anything is uploaded or spent; empty when the request can go.
 * `creative` is the chosen file (null when none); `creativeProblem` what was wrong with the last one picked.
 */
export function validateRequest(
  form: AdvertisingRequestForm,
  creative: { file: Pick<File, 'type' | 'size'> | null; problem: string | null },
  now: number = Date.now(),
): RequestErrors {
  const errors: RequestErrors = {}
  if (!form.companyName.trim()) errors.companyName = 'Company Name is required'
  if (!form.email.trim()) errors.email = 'Email is required'
  else if (!isEmail(form.email.trim())) errors.email = 'Please enter a valid email address'
  if (!form.website.trim()) errors.website = 'Website is required'
  else if (!isWebsiteUrl(form.website.trim())) errors.website = 'Please enter a valid website URL (http:// or https://)'
  if (Number.isNaN(parseMonthlyBudget(form.monthlyBudget))) errors.monthlyBudget = 'Monthly Budget must be an amount in USD, like $1,000'
  if (!(TARGET_AUDIENCES as readonly string[]).includes(form.targetAudience)) errors.targetAudience = 'Choose a target audience'

  const price = pricePerMilleLamports(form)
  if (form.adType === 'sponsorship') {
    if (!form.sponsoredProjectId) errors.sponsoredProjectId = 'Choose the film to sponsor'
    if (price === null) errors.pricePerMilleSol = 'The price per 1,000 views must be an amount of SOL above zero'
  }
  const budget = Number(form.budgetSol)
  if (form.budgetSol.trim() === '' || !Number.isFinite(budget) || budget <= 0) {
    errors.budgetSol = 'The budget must be an amount of SOL above zero'
  } else if (price !== null) {
    const minimum = minimumBudgetLamports(price)
    if (Math.round(budget * LAMPORTS_PER_SOL) < minimum) {
      errors.budgetSol = `The budget must pay for at least one batch of 1,000 impressions: ${lamportsAsSol(minimum)} SOL for ${form.adType === 'sponsorship' ? 'this sponsorship' : `${AD_TYPE_LABELS[form.adType].toLowerCase()} ads`}`
    }
  }

  const dailyCap = Number(form.maxDailySpendSol)
  if (form.maxDailySpendSol.trim() === '' || !Number.isFinite(dailyCap) || dailyCap <= 0) {
    errors.maxDailySpendSol = 'The maximum spend per day must be an amount of SOL above zero'
  } else if (price !== null && Math.round(dailyCap * LAMPORTS_PER_SOL) < minimumDailySpendLamports(price)) {
    errors.maxDailySpendSol = `The maximum spend per day must pay for at least one batch of 1,000 impressions and its settlement's rent: ${lamportsAsSol(minimumDailySpendLamports(price))} SOL`
  }

  const span = campaignWindow(form.startDate, form.endDate)
  if (!DATE_PATTERN.test(form.startDate)) errors.startDate = 'Start date is required'
  if (!DATE_PATTERN.test(form.endDate)) errors.endDate = 'End date is required'
  else if (span && span.endMs < span.startMs) errors.endDate = 'The end date must not be before the start date'
  else if (span && span.endMs <= now) errors.endDate = 'The end date must be today or later'

  if (usesVideoUrl(form)) {
    const problem = videoUrlError(form.videoUrl)
    if (problem) errors.videoUrl = problem
  } else if (creative.problem) {
    errors.creative = creative.problem
  } else if (!creative.file) {
    errors.creative =
      form.adType === 'display' ? 'Choose the ad’s image (JPG or PNG, max 10MB)' : form.adType === 'video' ? 'Choose the ad’s video (MP4 or WebM, max 50MB)' : 'Choose the sponsorship’s creative'
  }
  return errors
}

export const hasErrors = (errors: RequestErrors) => Object.keys(errors).length > 0

/** The valid form (validateRequest first) as the client's campaign, with its stored creative. */
export function campaignInput(
  form: AdvertisingRequestForm,
  creative: { uri: string; sha256: string },
  sponsoredProject: { id: number; address: string } | null,
  now: number = Date.now(),
): CampaignInput {
  const span = campaignWindow(form.startDate, form.endDate)!
  const details: CampaignDetails = {
    companyName: form.companyName.trim(),
    email: form.email.trim(),
    website: form.website.trim(),
    targetAudience: form.targetAudience,
    monthlyBudgetUsd: parseMonthlyBudget(form.monthlyBudget),
  }
  return {
    adType: form.adType,
    budgetSol: Number(form.budgetSol),
    maxDailySpendSol: Number(form.maxDailySpendSol),
    creativeUri: creative.uri,
    creativeHash: creative.sha256,
    targetGenres: form.targetGenres,
    // A start today or earlier is a start now (the chain's clock decides "now").
    ...(span.startMs > now ? { startAt: new Date(span.startMs).toISOString() } : {}),
    endAt: new Date(span.endMs).toISOString(),
    ...(form.adType === 'sponsorship' && sponsoredProject ? { sponsorship: { project: sponsoredProject, pricePerMilleSol: Number(form.pricePerMilleSol) } } : {}),
    details,
  }
}

/** sha256 (hex) of bytes, with WebCrypto. */
export async function sha256Hex(bytes: BufferSource): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export type CreativeHashSource = 'content' | 'address'

/**
 * A video given by URL: its hash is the sha256 of the bytes at that address when the browser may
 * fetch them, else of the URL itself (a cross-origin host that does not allow it); the form says which.
 */
export async function hashVideoUrl(url: string, fetchBytes: (url: string) => Promise<ArrayBuffer>): Promise<{ sha256: string; source: CreativeHashSource }> {
  try {
    return { sha256: await sha256Hex(await fetchBytes(url)), source: 'content' }
  } catch {
    return { sha256: await sha256Hex(new TextEncoder().encode(url)), source: 'address' }
  }
}

// ---- The advertiser dashboard ----

export const CAMPAIGN_STATUS_LABELS: Record<CampaignSummary['status'], string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  paused: 'Paused',
  exhausted: 'Budget spent',
  ended: 'Ended',
  closed: 'Closed',
}

/** A campaign can be closed from its end plus the settlement grace, once, by its advertiser. */
export function canClose(campaign: Pick<CampaignSummary, 'status' | 'closableAt'>, chainNowMs: number): boolean {
  return campaign.status !== 'closed' && chainNowMs >= Date.parse(campaign.closableAt)
}

/** Pausing is for a campaign that may still serve: not ended, closed or spent. */
export const canPause = (campaign: Pick<CampaignSummary, 'status'>) => ['scheduled', 'active', 'exhausted'].includes(campaign.status)
export const canResume = (campaign: Pick<CampaignSummary, 'status' | 'paused'>) => campaign.paused && campaign.status !== 'closed' && campaign.status !== 'ended'
/** The program takes top-ups until the campaign ends. */
export const canTopUp = (campaign: Pick<CampaignSummary, 'status'>) => campaign.status !== 'ended' && campaign.status !== 'closed'

export function topUpError(text: string): string | null {
  const amount = Number(text)
  return text.trim() !== '' && Number.isFinite(amount) && amount > 0 ? null : 'The top-up must be an amount of SOL above zero'
}

export interface CampaignDay {
  date: string
  impressions: number
  spentSol: number
}

export function campaignDays(series: { date: string; impressions: number; spentLamports: string }[]): CampaignDay[] {
  return [...series]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((day) => ({ date: day.date, impressions: day.impressions, spentSol: Number(day.spentLamports) / LAMPORTS_PER_SOL }))
}

/** Whole days from a moment to another, at least zero (for "closes in N days"). */
export const daysUntil = (fromMs: number, toMs: number) => Math.max(0, Math.ceil((toMs - fromMs) / MS_PER_DAY))

// ---- For Publishers: the publisher programme application ----

export interface PublisherApplicationForm {
  websiteUrl: string
  websiteName: string
  contactEmail: string
  monthlyVisitors: string
  websiteCategory: string
}

export type ApplicationErrors = Partial<Record<keyof PublisherApplicationForm, string>>

export const EMPTY_APPLICATION: PublisherApplicationForm = { websiteUrl: '', websiteName: '', contactEmail: '', monthlyVisitors: '', websiteCategory: '' }

export function validateApplication(form: PublisherApplicationForm, visitorRanges: readonly string[], categories: readonly string[]): ApplicationErrors {
  const errors: ApplicationErrors = {}
  if (!form.websiteUrl.trim()) errors.websiteUrl = 'Website URL is required'
  else if (!isWebsiteUrl(form.websiteUrl.trim())) errors.websiteUrl = 'Please enter a valid website URL'
  if (!form.websiteName.trim()) errors.websiteName = 'Website Name is required'
  if (!form.contactEmail.trim()) errors.contactEmail = 'Contact Email is required'
  else if (!isEmail(form.contactEmail.trim())) errors.contactEmail = 'Please enter a valid email address'
  if (!visitorRanges.includes(form.monthlyVisitors)) errors.monthlyVisitors = 'Choose your monthly visitors'
  if (!categories.includes(form.websiteCategory)) errors.websiteCategory = 'Choose your website category'
  return errors
}
