// Test data in the API's shapes (the contract's types, so a fixture lacking a field the server sends fails to compile).
import type { Investment, PlatformDistribution, Project, RevenueTransaction, StudioAccount, UnclaimedDistribution } from '@marquee/api-contract'

export const NOW = Date.parse('2026-03-01T00:00:00Z')
export const daysFromNow = (days: number) => new Date(NOW + days * 86_400_000).toISOString()

let nextId = 1

/** A fixture maker: fresh defaults each call (a new id), with the test's overrides on top. */
function fixture<T>(defaults: () => T): (overrides?: Partial<T>) => T {
  return (overrides = {}) => ({ ...defaults(), ...overrides })
}

/** What a record read from the chain carries: its transaction and (none on the test cluster) its explorer link. */
const RECORDED = { txHash: 'sig', explorerUrl: null }

export function makeProject(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? nextId++
  return {
    id,
    address: 'HT7DYpCtpMVJmhgW53vuAv8tPEvpS8s4yHzyoQ24avyo',
    title: `Film ${id}`,
    description: 'A film',
    thumbnailUrl: '',
    videoUrl: null,
    genres: ['Drama'],
    directorName: 'Director',
    studioId: 1,
    studioAddress: null,
    studioAuthority: null,
    studioName: '',
    studioVerified: false,
    fundingGoal: 50_000,
    currentFunding: 10_000,
    goalLamports: '50000000000',
    raisedLamports: '10000000000',
    investorCount: 3,
    deadline: daysFromNow(30),
    createdAt: daysFromNow(-10),
    fundedAt: null,
    status: 'funding',
    fundsReleased: false,
    embeddableCode: null,
    releaseYear: null,
    licenseType: null,
    shareMint: null,
    vault: null,
    metadataUri: null,
    metadataHash: null,
    totalRevenue: 0,
    totalViews: 0,
    txHash: null,
    explorerUrl: null,
    ...overrides,
  }
}

export const makeInvestment = fixture<Investment>(() => ({
  id: nextId++,
  userId: 1,
  projectId: 1,
  amount: 1000,
  tokenShare: 0.02,
  txHash: 'sig',
  createdAt: daysFromNow(-1),
  investorAddress: 'Investor',
  amountLamports: '1000000000',
  sharesMinted: '1000000000',
  refunded: false,
  explorerUrl: null,
}))

export const makeDistribution = fixture<PlatformDistribution>(() => ({
  id: nextId++,
  projectId: 1,
  projectTitle: 'Film',
  index: 0,
  amount: 1000,
  publisherAmount: 0,
  investorAmount: 0,
  platformAmount: 0,
  totalLamports: '1000000000',
  totalViews: 0,
  distributedAt: daysFromNow(-1),
  status: 'Completed',
  ...RECORDED,
}))

export const makeUnclaimedDistribution = fixture<UnclaimedDistribution>(() => ({
  id: nextId++,
  distributionId: 1,
  investmentId: null,
  amount: 1000,
  amountLamports: '1000000000',
  claimed: false,
  claimTxHash: null,
  projectId: 1,
  projectTitle: 'Film',
  distributedAt: daysFromNow(-1),
  ...RECORDED,
}))

export const makeRevenueTransaction = fixture<RevenueTransaction>(() => ({ type: 'distribution', amount: 1000, projectId: 1, projectTitle: 'Film', date: daysFromNow(-1), ...RECORDED }))

export const makeStudioAccount = fixture<StudioAccount>(() => ({
  address: 'S',
  authority: 'C',
  name: 'Harbour Films',
  verified: false,
  fundingCap: 500_000,
  fundingCapLamports: '500000000000',
  registeredAt: daysFromNow(-30),
  ...RECORDED,
}))
