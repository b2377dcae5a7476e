// @vitest-environment node
// DemoClient's calls: the Edit (POST /api/demo/update-metadata: the server stores the edited document
// and signs update_project_metadata with the wallet's demo key) and the campaign calls (the demo routes
// of the campaigns contract, with the wallet, SOL amounts and the request form's details).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installFakeApi } from '@/test/fake-api'
import { DemoClient } from './demo-client'

afterEach(() => vi.unstubAllGlobals())

const edit = { description: 'Now with a storm.', directorName: 'Ines Ward', releaseYear: 2025, licenseType: 'Worldwide Distribution', genres: ['Drama', 'Adventure'] }

describe('DemoClient.updateProjectMetadata', () => {
  it("asks the demo chain for update_project_metadata as the wallet, and answers the transaction and the film's new document", async () => {
    const sha256 = 'ef'.repeat(32)
    const api = installFakeApi({ 'POST /api/demo/update-metadata': () => ({ signature: 'editsig', uri: `http://app.test/api/metadata/${sha256}`, sha256 }) })
    const client = new DemoClient('Wa11et1111111111111111111111111111111111111')
    const updated = await client.updateProjectMetadata({ id: 7, address: 'Pr0ject111111111111111111111111111111111111' }, edit)
    expect(updated).toEqual({ txHash: 'editsig', uri: `http://app.test/api/metadata/${sha256}`, sha256 })
    expect(api.find('POST', '/api/demo/update-metadata')[0].body).toEqual({ walletAddress: 'Wa11et1111111111111111111111111111111111111', projectId: 7, ...edit })
  })

  it("passes the server's refusal on (another wallet's film, nothing changed)", async () => {
    installFakeApi({
      'POST /api/demo/update-metadata': () => new Response(JSON.stringify({ message: 'Only the studio that listed this film can edit it' }), { status: 403 }),
    })
    const client = new DemoClient('Wa11et1111111111111111111111111111111111111')
    await expect(client.updateProjectMetadata({ id: 7, address: 'P' }, edit)).rejects.toThrow('Only the studio that listed this film can edit it')
  })
})

const WALLET = 'GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB'
const CAMPAIGN = { address: 'Camp1111111111111111111111111111111111111111', campaignId: '0' }
const details = { companyName: 'Acme', email: 'ads@acme.test', website: 'https://acme.test', targetAudience: '25-34', monthlyBudgetUsd: null }

describe('DemoClient campaigns', () => {
  it('creates a campaign with POST /api/demo/campaigns: SOL budget, creative, genres, window and details (no unknown monthly budget)', async () => {
    const api = installFakeApi({ 'POST /api/demo/campaigns': () => ({ txHash: 'createsig', campaign: { address: CAMPAIGN.address } }) })
    const result = await new DemoClient(WALLET).createCampaign({
      adType: 'video',
      budgetSol: 1,
      maxDailySpendSol: 0.2,
      creativeUri: '/api/media/abc',
      creativeHash: 'ab'.repeat(32),
      targetGenres: ['Drama'],
      endAt: '2026-03-31T23:59:59.000Z',
      details,
    })
    expect(result.txHash).toBe('createsig')
    const [request] = api.find('POST', '/api/demo/campaigns')
    expect(request.cluster).toBe('demo')
    expect(request.body).toEqual({
      walletAddress: WALLET,
      adType: 'video',
      budget: 1,
      maxDailySpend: 0.2,
      creativeUri: '/api/media/abc',
      creativeHash: 'ab'.repeat(32),
      targetGenres: ['Drama'],
      endAt: '2026-03-31T23:59:59.000Z',
      companyName: 'Acme',
      email: 'ads@acme.test',
      website: 'https://acme.test',
      targetAudience: '25-34',
    })
  })

  it('a sponsorship sends its film and its price per mille in SOL', async () => {
    const api = installFakeApi({ 'POST /api/demo/campaigns': () => ({ txHash: 's', campaign: null }) })
    await new DemoClient(WALLET).createCampaign({
      adType: 'sponsorship',
      budgetSol: 0.5,
      maxDailySpendSol: 0.5,
      creativeUri: '/api/media/abc',
      creativeHash: 'ab'.repeat(32),
      targetGenres: [],
      startAt: '2026-03-02T00:00:00.000Z',
      endAt: '2026-03-31T23:59:59.000Z',
      sponsorship: { project: { id: 7, address: 'P' }, pricePerMilleSol: 0.05 },
      details: { ...details, monthlyBudgetUsd: 1000 },
    })
    expect(api.find('POST', '/api/demo/campaigns')[0].body).toMatchObject({
      startAt: '2026-03-02T00:00:00.000Z',
      sponsoredProjectId: 7,
      pricePerMille: 0.05,
      monthlyBudgetUsd: 1000,
    })
  })

  it('tops up, pauses and closes through the campaign’s demo routes', async () => {
    const api = installFakeApi({
      [`POST /api/demo/campaigns/${CAMPAIGN.address}/top-up`]: () => ({ txHash: 'topsig', campaign: null }),
      [`POST /api/demo/campaigns/${CAMPAIGN.address}/pause`]: () => ({ txHash: 'pausesig', campaign: null }),
      [`POST /api/demo/campaigns/${CAMPAIGN.address}/close`]: () => ({ txHash: 'closesig', refundedLamports: '985000000', campaign: null }),
    })
    const client = new DemoClient(WALLET)
    expect((await client.topUpCampaign(CAMPAIGN, 0.25)).txHash).toBe('topsig')
    expect((await client.setCampaignPaused(CAMPAIGN, true)).txHash).toBe('pausesig')
    expect(await client.closeCampaign(CAMPAIGN)).toEqual({ txHash: 'closesig', refundedLamports: '985000000', campaign: null })
    expect(api.find('POST', `/api/demo/campaigns/${CAMPAIGN.address}/top-up`)[0].body).toEqual({ walletAddress: WALLET, amount: 0.25 })
    expect(api.find('POST', `/api/demo/campaigns/${CAMPAIGN.address}/pause`)[0].body).toEqual({ walletAddress: WALLET, paused: true })
    expect(api.find('POST', `/api/demo/campaigns/${CAMPAIGN.address}/close`)[0].body).toEqual({ walletAddress: WALLET })
  })

  it('a refused transaction rejects with the server’s message', async () => {
    installFakeApi({
      [`POST /api/demo/campaigns/${CAMPAIGN.address}/close`]: () =>
        new Response(JSON.stringify({ message: 'A campaign closes only after its end and the settlement grace period' }), { status: 409 }),
    })
    await expect(new DemoClient(WALLET).closeCampaign(CAMPAIGN)).rejects.toThrow('409: {"message":"A campaign closes only after its end')
  })
})
