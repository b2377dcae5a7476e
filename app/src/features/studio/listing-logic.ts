// The listing form of the Production Portal: its fields, the rules that must hold before anything
// is sent (required fields, release year, goal, deadline inside the platform's funding window, the
// studio's funding cap, genres) and the thumbnail checks (JPG/PNG, at most 10 MB) made before an
// upload. Pure, so the rules are tested apart from the screen.
import {
  DEFAULT_LICENSE_TYPE,
  LICENSE_TYPES,
  MAX_RELEASE_YEAR,
  MAX_TITLE_BYTES,
  MIN_FUNDING_GOAL_USD,
  MIN_RELEASE_YEAR,
  MS_PER_DAY,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_TYPES,
} from '@/constants'
import { formatUsd } from '@/lib/format'
import type { ListingInput } from '@/features/chain/marquee-client'

export interface ListingForm {
  title: string
  description: string
  directorName: string
  releaseYear: string
  licenseType: string
  fundingGoal: string
  /** yyyy-mm-dd, as a date input gives it. */
  deadline: string
  /** Comma-separated, as the spec's form takes them. */
  genres: string
}

export type ListingField = keyof ListingForm

export const EMPTY_LISTING: ListingForm = {
  title: '',
  description: '',
  directorName: '',
  releaseYear: '',
  licenseType: DEFAULT_LICENSE_TYPE,
  fundingGoal: '',
  deadline: '',
  genres: '',
}

export const LISTING_LABELS: Record<ListingField, string> = {
  title: 'Movie Title',
  description: 'Description',
  directorName: 'Director Name',
  releaseYear: 'Release Year',
  licenseType: 'License Type',
  fundingGoal: 'Funding Goal (USD)',
  deadline: 'Funding Deadline',
  genres: 'Genres (comma-separated)',
}

/** What the platform and the studio allow: the funding window (days from now) and the goal cap (USD). */
export interface ListingLimits {
  minWindowDays: number
  maxWindowDays: number
  /** The studio's funding cap in USD (the verified cap once verified); null when unknown. */
  fundingCapUsd: number | null
  verifiedCapUsd?: number | null
}

export type ListingErrors = Partial<Record<ListingField, string>>

export function parseGenres(text: string): string[] {
  return text
    .split(',')
    .map((genre) => genre.trim())
    .filter((genre) => genre.length > 0)
}

/** The deadline of a yyyy-mm-dd date: the end of that day in UTC, so "today + N days" is inside an N-day window. */
export function deadlineOf(date: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const parsed = new Date(`${date}T23:59:59.000Z`)
  return Number.isNaN(parsed.getTime()) ? null : parsed
}

/** yyyy-mm-dd of a moment (UTC), for the date input's min and max. */
export function dateInputValue(moment: number): string {
  return new Date(moment).toISOString().slice(0, 10)
}

/** The first and last deadline dates the window allows, as the date input's bounds. */
export function deadlineBounds(limits: ListingLimits, now: number): { min: string; max: string } {
  return {
    min: dateInputValue(now + limits.minWindowDays * MS_PER_DAY),
    max: dateInputValue(now + limits.maxWindowDays * MS_PER_DAY - MS_PER_DAY),
  }
}

const REQUIRED: ListingField[] = ['title', 'directorName', 'releaseYear', 'licenseType', 'description', 'fundingGoal', 'deadline', 'genres']

/**
 * The form's rules (required fields, release year range, minimum goal, licence type, a date deadline)
 * plus the program's (title length, funding window, cap); empty when valid.
 */
export function validateListing(form: ListingForm, limits: ListingLimits, now: number = Date.now()): ListingErrors {
  const errors: ListingErrors = {}
  for (const field of REQUIRED) {
    if (form[field].trim() === '') errors[field] = `${LISTING_LABELS[field]} is required`
  }
  if (!errors.title && new TextEncoder().encode(form.title.trim()).length > MAX_TITLE_BYTES) {
    errors.title = `Movie Title must be at most ${MAX_TITLE_BYTES} bytes`
  }
  if (!errors.releaseYear) {
    const year = Number(form.releaseYear)
    if (!Number.isInteger(year) || year < MIN_RELEASE_YEAR || year > MAX_RELEASE_YEAR) {
      errors.releaseYear = `Release Year must be a year from ${MIN_RELEASE_YEAR} to ${MAX_RELEASE_YEAR}`
    }
  }
  if (!errors.licenseType && !(LICENSE_TYPES as readonly string[]).includes(form.licenseType)) {
    errors.licenseType = `License Type must be one of ${LICENSE_TYPES.join(', ')}`
  }
  if (!errors.fundingGoal) {
    const goal = Number(form.fundingGoal)
    if (!Number.isFinite(goal) || goal < MIN_FUNDING_GOAL_USD) {
      errors.fundingGoal = `Funding Goal must be a number of at least ${MIN_FUNDING_GOAL_USD} (USD)`
    } else if (limits.fundingCapUsd !== null && goal > limits.fundingCapUsd) {
      const verifiedNote =
        limits.verifiedCapUsd && limits.verifiedCapUsd > limits.fundingCapUsd
          ? `; verified studios may ask up to ${formatUsd(limits.verifiedCapUsd)}`
          : ''
      errors.fundingGoal = `Funding Goal is above your studio's cap of ${formatUsd(limits.fundingCapUsd)}${verifiedNote}`
    }
  }
  if (!errors.deadline) {
    const deadline = deadlineOf(form.deadline)
    if (!deadline) {
      errors.deadline = 'Funding Deadline must be a date'
    } else {
      const days = (deadline.getTime() - now) / MS_PER_DAY
      if (days < limits.minWindowDays || days > limits.maxWindowDays) {
        const { min, max } = deadlineBounds(limits, now)
        errors.deadline = `Funding Deadline must be a date from ${min} to ${max}`
      }
    }
  }
  if (!errors.genres && parseGenres(form.genres).length === 0) errors.genres = 'Genres are required'
  return errors
}

export const hasErrors = (errors: ListingErrors) => Object.keys(errors).length > 0

/** The valid form as the client's listing (call validateListing first). */
export function listingInput(form: ListingForm, thumbnailUrl?: string, videoUrl?: string): ListingInput {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    directorName: form.directorName.trim(),
    releaseYear: Number(form.releaseYear),
    licenseType: form.licenseType,
    fundingGoal: Number(form.fundingGoal),
    deadline: deadlineOf(form.deadline)!.toISOString(),
    genres: parseGenres(form.genres),
    ...(thumbnailUrl ? { thumbnailUrl } : {}),
    ...(videoUrl ? { videoUrl } : {}),
  }
}

/** Refuses a thumbnail before any upload: JPG or PNG, at most 10 MB. Null when acceptable. */
export function thumbnailError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(THUMBNAIL_TYPES as readonly string[]).includes(file.type)) return 'The thumbnail must be a JPG or PNG image'
  if (file.size > THUMBNAIL_MAX_BYTES) return 'The thumbnail must be at most 10MB'
  return null
}
