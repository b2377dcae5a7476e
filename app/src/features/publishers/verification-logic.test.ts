import { describe, expect, it } from 'vitest'
import type { PublisherWebsite } from '@marquee/api-contract'
import {
  embedPanelView,
  initialVerification,
  validateInlineVerify,
  validateProjectVerify,
  verificationReducer,
  verifiedWebsites,
} from './verification-logic'
import { dailySeries, lamportsToSolText, unpaidViewsLines } from './analytics-logic'

const website = (overrides: Partial<PublisherWebsite> = {}): PublisherWebsite => ({
  origin: 'https://films.example',
  websiteUrl: 'https://films.example/',
  status: 'unverified',
  token: 'marquee-site-verification=abc',
  wellKnownUrl: 'https://films.example/.well-known/marquee-verification.txt',
  metaTag: '<meta name="marquee-verification" content="marquee-site-verification=abc">',
  method: null,
  verifiedAt: null,
  lastError: null,
  contactEmail: null,
  websiteName: null,
  monthlyVisitors: null,
  category: null,
  ...overrides,
})

describe('verification form rules: required fields, http(s) URL without spaces, x@y.z email', () => {
  it('inline verify: the URL is required, then must be http(s) without spaces', () => {
    expect(validateInlineVerify('  ')).toEqual({
      ok: false,
      toast: { title: 'Missing information', description: 'Please enter your website URL to verify.', variant: 'destructive' },
    })
    expect(validateInlineVerify('ftp://x.example')).toMatchObject({ ok: false, toast: { title: 'Invalid URL', description: 'Please enter a valid website URL' } })
    expect(validateInlineVerify('https://my site.example')).toMatchObject({ ok: false, toast: { title: 'Invalid URL' } })
    expect(validateInlineVerify(' https://films.example ')).toEqual({ ok: true, websiteUrl: 'https://films.example' })
  })

  it('project dialog: URL and email both required, each checked', () => {
    expect(validateProjectVerify('https://films.example', '')).toMatchObject({
      ok: false,
      toast: { title: 'Missing information', description: 'Please provide both website URL and contact email' },
    })
    expect(validateProjectVerify('films.example', 'a@b.c')).toMatchObject({ ok: false, toast: { title: 'Invalid URL', description: 'Please enter a valid website URL' } })
    expect(validateProjectVerify('https://films.example', 'a@b')).toMatchObject({
      ok: false,
      toast: { title: 'Invalid email', description: 'Please enter a valid email address' },
    })
    expect(validateProjectVerify('https://films.example', 'a@b.c')).toEqual({ ok: true, websiteUrl: 'https://films.example', contactEmail: 'a@b.c' })
  })
})

describe('verification states: unverified → verify form → verified', () => {
  it('opens the form, shows the issued token, keeps a failed check in the form, ends verified', () => {
    let state = initialVerification(false)
    expect(state.view).toBe('unverified')
    state = verificationReducer(state, { type: 'openForm' })
    expect(state).toEqual({ view: 'form', pending: null, error: null })
    state = verificationReducer(state, { type: 'tokenIssued', website: website() })
    expect(state.pending?.token).toBe('marquee-site-verification=abc')
    state = verificationReducer(state, { type: 'checkFailed', reason: 'The verification token was not found' })
    expect(state).toMatchObject({ view: 'form', error: 'The verification token was not found' })
    state = verificationReducer(state, { type: 'verified' })
    expect(state).toEqual({ view: 'verified', pending: null, error: null })
  })

  it('a token issued earlier shows its last failure; cancel goes back to unverified', () => {
    let state = verificationReducer(initialVerification(false), { type: 'openForm' })
    state = verificationReducer(state, { type: 'tokenIssued', website: website({ lastError: 'timed out' }) })
    expect(state.error).toBe('timed out')
    expect(verificationReducer(state, { type: 'cancel' }).view).toBe('unverified')
    expect(verificationReducer(initialVerification(true), { type: 'checkFailed', reason: 'x' }).view).toBe('verified')
  })

  it('the embed panel: restricted notice, form, code only once verified', () => {
    expect(embedPanelView(false, false)).toBe('restricted')
    expect(embedPanelView(false, true)).toBe('form')
    expect(embedPanelView(true, false)).toBe('code')
    expect(verifiedWebsites([website(), website({ origin: 'https://b.example', status: 'verified' })]).map((site) => site.origin)).toEqual([
      'https://b.example',
    ])
  })
})

describe('analytics shaping', () => {
  it('sums views and lamports per day, optionally for one film', () => {
    const analytics = {
      totals: { views: 3, earnedLamports: '18000', claimedLamports: '0', claimableLamports: '18000' },
      byDay: [
        { date: '2026-11-22', embedId: 'a', projectId: 1, views: 1, earnedLamports: '6000' },
        { date: '2026-11-21', embedId: 'b', projectId: 2, views: 2, earnedLamports: '12000' },
        { date: '2026-11-22', embedId: 'b', projectId: 2, views: 0, earnedLamports: '0' },
      ],
      byEmbed: [],
    }
    expect(dailySeries(analytics).map((day) => [day.date, day.views, day.earnedLamports])).toEqual([
      ['2026-11-21', 2, 12000n],
      ['2026-11-22', 1, 6000n],
    ])
    expect(dailySeries(analytics, 1).map((day) => day.date)).toEqual(['2026-11-22'])
    expect(lamportsToSolText('6000')).toBe('0.000006 SOL')
    expect(lamportsToSolText(1_500_000_000n)).toBe('1.5 SOL')
    expect(lamportsToSolText(0)).toBe('0 SOL')
  })
})

describe('unpaidViewsLines', () => {
  it('says why an embed has not earned: each reason with its views, or that no view was counted', () => {
    const reason = "Waits until its views pay more than the distribution account's rent (1844400 lamports)"
    expect(
      unpaidViewsLines({
        views: 0,
        earnedLamports: '0',
        unsettled: [
          { views: 2, reason: 'House ad: it pays nothing, so the view is never settled' },
          { views: 1, reason },
        ],
      }),
    ).toEqual(['2 views not paid yet: House ad: it pays nothing, so the view is never settled', `1 view not paid yet: ${reason}`])
    expect(unpaidViewsLines({ views: 0, earnedLamports: '0', unsettled: [] })).toEqual(['No view counted yet: a view counts once the player plays on your verified website'])
    expect(unpaidViewsLines({ views: 3, earnedLamports: '45000', unsettled: [] })).toEqual([])
  })
})
