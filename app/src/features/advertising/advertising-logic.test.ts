import { describe, expect, it } from 'vitest'
import { MONTHLY_VISITOR_RANGES, WEBSITE_CATEGORIES } from '@/constants'
import {
  AD_PLANS,
  campaignDays,
  campaignInput,
  canClose,
  creativeFileError,
  emptyRequest,
  hashVideoUrl,
  parseMonthlyBudget,
  sha256Hex,
  validateApplication,
  validateRequest,
  videoUrlError,
  type AdvertisingRequestForm,
} from './advertising-logic'

const NOW = Date.parse('2026-03-01T12:00:00Z')
const MB = 1024 * 1024
const png = { type: 'image/png', size: 1000 }
const mp4 = { type: 'video/mp4', size: 1000 }

function request(overrides: Partial<AdvertisingRequestForm> = {}): AdvertisingRequestForm {
  return {
    ...emptyRequest(NOW),
    companyName: 'Acme',
    email: 'ads@acme.test',
    website: 'https://acme.test',
    budgetSol: '1',
    maxDailySpendSol: '0.5',
    endDate: '2026-03-10',
    ...overrides,
  }
}

describe('plans', () => {
  it("are the spec's three, with their prices and 'Popular' on video", () => {
    expect(AD_PLANS.map((plan) => [plan.title, plan.price, plan.popular])).toEqual([
      ['Display Ads', '$5 CPM', false],
      ['Video Ads', '$15 CPM', true],
      ['Sponsorship', 'Custom', false],
    ])
    expect(AD_PLANS[1].features).toEqual(['Pre-, mid- and post-roll', 'Lengths of 15, 30 and 60 seconds', 'Skippable after 5 seconds'])
  })
})

describe('validateRequest', () => {
  const withVideo = { file: mp4, problem: null }

  it('accepts a complete video request', () => {
    expect(validateRequest(request(), withVideo, NOW)).toEqual({})
  })

  it('names each missing or malformed field', () => {
    const errors = validateRequest(request({ companyName: ' ', email: 'nope', website: 'acme.test', monthlyBudget: 'lots', endDate: '' }), { file: null, problem: null }, NOW)
    expect(errors).toEqual({
      companyName: 'Company Name is required',
      email: 'Please enter a valid email address',
      website: 'Please enter a valid website URL (http:// or https://)',
      monthlyBudget: 'Monthly Budget must be an amount in USD, like $1,000',
      endDate: 'End date is required',
      creative: 'Choose the ad’s video (MP4 or WebM, max 50MB)',
    })
  })

  it('refuses a budget below one batch of 1,000 impressions: 0.015 SOL video, 0.005 SOL display', () => {
    expect(validateRequest(request({ budgetSol: '0.0149' }), withVideo, NOW).budgetSol).toBe(
      'The budget must pay for at least one batch of 1,000 impressions: 0.015 SOL for video ads',
    )
    expect(validateRequest(request({ budgetSol: '0.015' }), withVideo, NOW).budgetSol).toBeUndefined()
    const display = request({ adType: 'display', budgetSol: '0.004' })
    expect(validateRequest(display, { file: png, problem: null }, NOW).budgetSol).toBe(
      'The budget must pay for at least one batch of 1,000 impressions: 0.005 SOL for display ads',
    )
    expect(validateRequest(request({ budgetSol: '0' }), withVideo, NOW).budgetSol).toBe('The budget must be an amount of SOL above zero')
  })

  it('refuses a maximum spend per day below one batch and its settlement rent (0.0168444 SOL for video), or none', () => {
    expect(validateRequest(request({ maxDailySpendSol: '0.0168443' }), withVideo, NOW).maxDailySpendSol).toBe(
      "The maximum spend per day must pay for at least one batch of 1,000 impressions and its settlement's rent: 0.0168444 SOL",
    )
    expect(validateRequest(request({ maxDailySpendSol: '0.0168444' }), withVideo, NOW).maxDailySpendSol).toBeUndefined()
    for (const empty of ['', '0', 'x']) {
      expect(validateRequest(request({ maxDailySpendSol: empty }), withVideo, NOW).maxDailySpendSol).toBe('The maximum spend per day must be an amount of SOL above zero')
    }
  })

  it('a sponsorship needs its film and a price, and a budget of at least that price', () => {
    const sponsorship = request({ adType: 'sponsorship', budgetSol: '0.01', pricePerMilleSol: '0.02' })
    expect(validateRequest(sponsorship, { file: png, problem: null }, NOW)).toEqual({
      sponsoredProjectId: 'Choose the film to sponsor',
      budgetSol: 'The budget must pay for at least one batch of 1,000 impressions: 0.02 SOL for this sponsorship',
    })
    expect(validateRequest({ ...sponsorship, pricePerMilleSol: '' }, { file: png, problem: null }, NOW).pricePerMilleSol).toBe(
      'The price per 1,000 views must be an amount of SOL above zero',
    )
  })

  it('refuses an end before the start, and an end already past', () => {
    expect(validateRequest(request({ startDate: '2026-03-05', endDate: '2026-03-04' }), withVideo, NOW).endDate).toBe('The end date must not be before the start date')
    expect(validateRequest(request({ startDate: '2026-02-01', endDate: '2026-02-28' }), withVideo, NOW).endDate).toBe('The end date must be today or later')
    // Ending today runs to the end of today.
    expect(validateRequest(request({ startDate: '2026-03-01', endDate: '2026-03-01' }), withVideo, NOW).endDate).toBeUndefined()
  })

  it('shows the problem of the creative picked, and a video URL’s', () => {
    expect(validateRequest(request(), { file: null, problem: 'A video ad needs an MP4 or WebM video' }, NOW).creative).toBe('A video ad needs an MP4 or WebM video')
    expect(validateRequest(request({ videoSource: 'url', videoUrl: 'http://cdn.test/ad.mp4' }), { file: null, problem: null }, NOW).videoUrl).toBe(
      'The video URL must start with https:// (or be a /api/media/ address of this site)',
    )
    expect(validateRequest(request({ videoSource: 'url', videoUrl: 'https://cdn.test/ad.mp4' }), { file: null, problem: null }, NOW)).toEqual({})
  })
})

describe('creatives', () => {
  it('display takes a JPG/PNG of at most 10MB, video an MP4/WebM of at most 50MB, a sponsorship either', () => {
    expect(creativeFileError('display', png)).toBeNull()
    expect(creativeFileError('display', mp4)).toBe('A display ad needs a JPG or PNG image')
    expect(creativeFileError('display', { type: 'image/png', size: 10 * MB + 1 })).toBe('The image must be at most 10MB')
    expect(creativeFileError('video', { type: 'video/webm', size: 50 * MB })).toBeNull()
    expect(creativeFileError('video', png)).toBe('A video ad needs an MP4 or WebM video')
    expect(creativeFileError('video', { type: 'video/mp4', size: 50 * MB + 1 })).toBe('The video must be at most 50MB')
    expect(creativeFileError('sponsorship', png)).toBeNull()
    expect(creativeFileError('sponsorship', mp4)).toBeNull()
    expect(creativeFileError('sponsorship', { type: 'image/gif', size: 1 })).toBe('A sponsorship creative must be a JPG or PNG image or an MP4 or WebM video')
  })

  it('a video URL is https or this site’s media store, within the program’s 200 bytes', () => {
    expect(videoUrlError('/api/media/abc')).toBeNull()
    expect(videoUrlError('')).toBe('Enter the video’s URL, or upload a video file')
    expect(videoUrlError(`https://cdn.test/${'a'.repeat(200)}`)).toBe('The URL must be at most 200 characters')
  })

  it('hashes a video URL’s bytes when they can be read, else the URL itself', async () => {
    const bytes = new TextEncoder().encode('video bytes')
    expect(await hashVideoUrl('https://cdn.test/a.mp4', async () => bytes.buffer as ArrayBuffer)).toEqual({ sha256: await sha256Hex(bytes), source: 'content' })
    const refused = await hashVideoUrl('https://cdn.test/a.mp4', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(refused).toEqual({ sha256: await sha256Hex(new TextEncoder().encode('https://cdn.test/a.mp4')), source: 'address' })
    expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})

describe('campaignInput', () => {
  it('starts today at once, ends at the end of the end day (UTC), and carries the details', () => {
    const input = campaignInput(request({ monthlyBudget: '$1,000', targetGenres: ['Drama'], targetAudience: '25-34' }), { uri: '/api/media/x', sha256: 'ab'.repeat(32) }, null, NOW)
    expect(input).toEqual({
      adType: 'video',
      budgetSol: 1,
      maxDailySpendSol: 0.5,
      creativeUri: '/api/media/x',
      creativeHash: 'ab'.repeat(32),
      targetGenres: ['Drama'],
      endAt: '2026-03-10T23:59:59.000Z',
      details: { companyName: 'Acme', email: 'ads@acme.test', website: 'https://acme.test', targetAudience: '25-34', monthlyBudgetUsd: 1000 },
    })
  })

  it('a later start is sent; a sponsorship carries its film and price', () => {
    const input = campaignInput(
      request({ adType: 'sponsorship', startDate: '2026-03-03', pricePerMilleSol: '0.05', sponsoredProjectId: '7' }),
      { uri: '/api/media/x', sha256: 'ab'.repeat(32) },
      { id: 7, address: 'P' },
      NOW,
    )
    expect(input.startAt).toBe('2026-03-03T00:00:00.000Z')
    expect(input.sponsorship).toEqual({ project: { id: 7, address: 'P' }, pricePerMilleSol: 0.05 })
    expect(input.details.monthlyBudgetUsd).toBeNull()
  })

  it('parses the monthly budget as the spec’s placeholder writes it', () => {
    expect(parseMonthlyBudget('$1,000')).toBe(1000)
    expect(parseMonthlyBudget('')).toBeNull()
    expect(parseMonthlyBudget('-5')).toBeNaN()
  })
})

describe('dashboard', () => {
  it('a campaign closes from closableAt on, once', () => {
    const campaign = { status: 'ended' as const, closableAt: '2026-03-18T00:00:00.000Z' }
    expect(canClose(campaign, Date.parse('2026-03-17T23:59:59Z'))).toBe(false)
    expect(canClose(campaign, Date.parse('2026-03-18T00:00:00Z'))).toBe(true)
    expect(canClose({ ...campaign, status: 'closed' }, Date.parse('2026-04-01T00:00:00Z'))).toBe(false)
  })

  it('days are in date order with spend in SOL', () => {
    expect(
      campaignDays([
        { date: '2026-03-02', impressions: 3, spentLamports: '45000' },
        { date: '2026-03-01', impressions: 1, spentLamports: '15000' },
      ]),
    ).toEqual([
      { date: '2026-03-01', impressions: 1, spentSol: 0.000015 },
      { date: '2026-03-02', impressions: 3, spentSol: 0.000045 },
    ])
  })
})

describe('validateApplication', () => {
  it('needs every field of the spec’s form, a URL, an email and one of the listed options', () => {
    expect(validateApplication({ websiteUrl: 'site', websiteName: '', contactEmail: 'x', monthlyVisitors: '', websiteCategory: 'games' }, MONTHLY_VISITOR_RANGES, WEBSITE_CATEGORIES)).toEqual({
      websiteUrl: 'Please enter a valid website URL',
      websiteName: 'Website Name is required',
      contactEmail: 'Please enter a valid email address',
      monthlyVisitors: 'Choose your monthly visitors',
      websiteCategory: 'Choose your website category',
    })
    expect(
      validateApplication(
        { websiteUrl: 'https://films.test', websiteName: 'Films', contactEmail: 'a@films.test', monthlyVisitors: '5-25k', websiteCategory: 'blog' },
        MONTHLY_VISITOR_RANGES,
        WEBSITE_CATEGORIES,
      ),
    ).toEqual({})
  })
})
