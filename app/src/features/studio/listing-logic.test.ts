import { describe, expect, it } from 'vitest'
import {
  EMPTY_LISTING,
  deadlineBounds,
  hasErrors,
  listingInput,
  parseGenres,
  thumbnailError,
  validateListing,
  type ListingForm,
  type ListingLimits,
} from './listing-logic'

const NOW = Date.parse('2026-11-22T12:00:00Z')
const LIMITS: ListingLimits = { minWindowDays: 1, maxWindowDays: 365, fundingCapUsd: 100_000, verifiedCapUsd: 1_000_000 }
const VALID: ListingForm = {
  title: 'Harbour Lights',
  description: 'A ferry captain’s last winter.',
  directorName: 'Ines Ward',
  releaseYear: '2024',
  licenseType: 'Non-Exclusive Streaming',
  fundingGoal: '2500',
  deadline: '2026-12-20',
  genres: 'Drama,  Romance ,',
}

describe('validateListing', () => {
  it('accepts a complete listing', () => {
    expect(validateListing(VALID, LIMITS, NOW)).toEqual({})
  })

  it('names every required field of an empty form', () => {
    const errors = validateListing({ ...EMPTY_LISTING, licenseType: '' }, LIMITS, NOW)
    expect(Object.keys(errors).sort()).toEqual(
      ['deadline', 'description', 'directorName', 'fundingGoal', 'genres', 'licenseType', 'releaseYear', 'title'].sort(),
    )
    expect(errors.title).toBe('Movie Title is required')
  })

  it('keeps the release year within 1900–2025', () => {
    expect(validateListing({ ...VALID, releaseYear: '1899' }, LIMITS, NOW).releaseYear).toBe('Release Year must be a year from 1900 to 2025')
    expect(validateListing({ ...VALID, releaseYear: '2026' }, LIMITS, NOW).releaseYear).toBeDefined()
    expect(validateListing({ ...VALID, releaseYear: '1900' }, LIMITS, NOW)).toEqual({})
    expect(validateListing({ ...VALID, releaseYear: '2025' }, LIMITS, NOW)).toEqual({})
  })

  it('wants a goal of at least 1 USD and at most the studio cap', () => {
    expect(validateListing({ ...VALID, fundingGoal: '0.5' }, LIMITS, NOW).fundingGoal).toBe('Funding Goal must be a number of at least 1 (USD)')
    expect(validateListing({ ...VALID, fundingGoal: '1' }, LIMITS, NOW)).toEqual({})
    expect(validateListing({ ...VALID, fundingGoal: '100001' }, LIMITS, NOW).fundingGoal).toBe(
      "Funding Goal is above your studio's cap of $100,000; verified studios may ask up to $1,000,000",
    )
  })

  it('keeps the deadline inside the funding window', () => {
    expect(validateListing({ ...VALID, deadline: 'soon' }, LIMITS, NOW).deadline).toBe('Funding Deadline must be a date')
    expect(validateListing({ ...VALID, deadline: '2026-11-22' }, LIMITS, NOW).deadline).toBe(
      'Funding Deadline must be a date from 2026-11-23 to 2027-11-21',
    )
    expect(validateListing({ ...VALID, deadline: '2027-11-23' }, LIMITS, NOW).deadline).toBeDefined()
    expect(validateListing({ ...VALID, deadline: '2026-11-23' }, LIMITS, NOW)).toEqual({})
    expect(deadlineBounds(LIMITS, NOW)).toEqual({ min: '2026-11-23', max: '2027-11-21' })
  })

  it('wants at least one genre and a licence type of the spec', () => {
    expect(validateListing({ ...VALID, genres: ' , ,' }, LIMITS, NOW).genres).toBe('Genres are required')
    expect(validateListing({ ...VALID, licenseType: 'Pirate Copy' }, LIMITS, NOW).licenseType).toMatch(/^License Type must be one of/)
  })

  it('refuses a title longer than the program takes', () => {
    expect(validateListing({ ...VALID, title: 'é'.repeat(33) }, LIMITS, NOW).title).toBe('Movie Title must be at most 64 bytes')
    expect(hasErrors(validateListing({ ...VALID, title: 'a'.repeat(64) }, LIMITS, NOW))).toBe(false)
  })
})

describe('listingInput', () => {
  it('trims, parses genres and sets the deadline at the end of the day (UTC)', () => {
    expect(parseGenres(VALID.genres)).toEqual(['Drama', 'Romance'])
    expect(listingInput(VALID, '/api/media/abc')).toEqual({
      title: 'Harbour Lights',
      description: 'A ferry captain’s last winter.',
      directorName: 'Ines Ward',
      releaseYear: 2024,
      licenseType: 'Non-Exclusive Streaming',
      fundingGoal: 2500,
      deadline: '2026-12-20T23:59:59.000Z',
      genres: ['Drama', 'Romance'],
      thumbnailUrl: '/api/media/abc',
    })
  })
})

describe('thumbnailError', () => {
  it('takes JPG and PNG up to 10 MB and refuses the rest before upload', () => {
    expect(thumbnailError({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull()
    expect(thumbnailError({ type: 'image/jpeg', size: 1 })).toBeNull()
    expect(thumbnailError({ type: 'image/gif', size: 1 })).toBe('The thumbnail must be a JPG or PNG image')
    expect(thumbnailError({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe('The thumbnail must be at most 10MB')
  })
})
