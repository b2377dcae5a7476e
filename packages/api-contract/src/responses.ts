// The Marquee API's answers as zod schemas, one per shape: the indexer's routes declare them as
// their responses (so /api/openapi.json publishes them and a contract fuzz checks real answers
// against them), and the app takes its types from them (type-only imports, nothing of zod in its
// bundle). Objects stay open to fields added later. Amounts are thousandths of SOL; USD at
// 1 SOL = 1000 USD; lamports as decimal text.
import { z } from 'zod';

export const isoDate = z.string().meta({ description: 'ISO 8601' });
export const lamports = z.string().regex(/^\d+$/).meta({ description: 'lamports, decimal text' });
export const explorerUrl = z.string().nullable().meta({ description: "the transaction on the cluster's explorer, when it has one" });

/** A plain list, or with `limit`/`cursor` a page of it (docs/API.md "Pagination"). */
export function listOrPage<Item extends z.ZodType>(item: Item) {
  return z.union([
    z.array(item).meta({ description: 'without limit and cursor: every row' }),
    z.looseObject({ items: z.array(item), nextCursor: z.string().nullable() }).meta({ description: 'with limit or cursor: one page' }),
  ]);
}

/** An object holding a list (`field`), and with `limit`/`cursor` its page and nextCursor. */
export function objectWithList<Fields extends z.ZodRawShape, Field extends string, Item extends z.ZodType>(fields: Fields, field: Field, item: Item) {
  const list = { [field]: z.array(item) } as { [Name in Field]: z.ZodArray<Item> };
  return z.looseObject({ ...fields, ...list, nextCursor: z.string().nullable().optional().meta({ description: 'with limit or cursor' }) });
}

/** A film (the public Project shape; every reader sees the same fields). */
export const project = z.looseObject({
  id: z.number().int(),
  address: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string(),
  videoUrl: z.string().nullable(),
  genres: z.array(z.string()),
  directorName: z.string(),
  studioId: z.number().int().nullable(),
  studioAddress: z.string().nullable(),
  studioAuthority: z.string().nullable(),
  studioName: z.string(),
  studioVerified: z.boolean(),
  fundingGoal: z.number(),
  currentFunding: z.number(),
  goalLamports: lamports,
  raisedLamports: lamports,
  investorCount: z.number().int(),
  deadline: isoDate,
  createdAt: isoDate,
  fundedAt: isoDate.nullable(),
  status: z.enum(['funding', 'funded', 'failed']),
  fundsReleased: z.boolean(),
  embeddableCode: z.string().nullable(),
  releaseYear: z.number().int().nullable(),
  licenseType: z.string().nullable(),
  shareMint: z.string().nullable(),
  vault: z.string().nullable(),
  metadataUri: z.string().nullable(),
  metadataHash: z.string().nullable().meta({ description: 'sha256 (hex) of the metadata document, as the chain records it' }),
  totalRevenue: z.number(),
  totalViews: z.number(),
  txHash: z.string().nullable(),
  explorerUrl,
});

export const investment = z.looseObject({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  projectId: z.number().int(),
  amount: z.number(),
  tokenShare: z.number(),
  txHash: z.string(),
  createdAt: isoDate,
  investorAddress: z.string(),
  amountLamports: lamports,
  sharesMinted: lamports,
  refunded: z.boolean(),
  explorerUrl,
});

export const embed = z.looseObject({
  id: z.number().int(),
  projectId: z.number().int(),
  embedId: z.string(),
  websiteUrl: z.string(),
  publisher: z.string(),
  address: z.string(),
  embedCode: z.string(),
  totalViews: z.number(),
  earned: z.number(),
  claimed: z.number(),
  earnedLamports: lamports,
  claimedLamports: lamports,
  registeredAt: isoDate,
  txHash: z.string(),
  explorerUrl,
});

export const distribution = z.looseObject({
  id: z.number().int(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  index: z.number().int(),
  amount: z.number(),
  publisherAmount: z.number(),
  investorAmount: z.number(),
  platformAmount: z.number(),
  totalLamports: lamports,
  totalViews: z.number(),
  distributedAt: isoDate,
  status: z.string(),
  txHash: z.string(),
  explorerUrl,
});

export const investorDistribution = z.looseObject({
  id: z.number().int(),
  distributionId: z.number().int(),
  investmentId: z.number().int().nullable(),
  amount: z.number(),
  amountLamports: lamports,
  claimed: z.boolean(),
  claimTxHash: z.string().nullable(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  distributedAt: isoDate,
  txHash: z.string(),
  explorerUrl,
});

export const certificate = z.looseObject({
  mint: z.string(),
  projectId: z.number().int(),
  owner: z.string(),
  txHash: z.string(),
  mintedAt: isoDate.nullable(),
  explorerUrl,
});

/** A studio as the chain has it. */
export const studioAccount = z.looseObject({
  address: z.string(),
  authority: z.string(),
  name: z.string(),
  verified: z.boolean(),
  fundingCap: z.number().meta({ description: 'USD' }),
  fundingCapLamports: lamports,
  registeredAt: isoDate,
  txHash: z.string(),
  explorerUrl,
});

/**
 * A studio's verification application, with the studio's contact e-mail, website and documents:
 * private, answered only to that studio's session and the platform admin's.
 */
export const application = z.looseObject({
  id: z.number().int(),
  walletAddress: z.string(),
  chainAddress: z.string(),
  studioName: z.string(),
  contactEmail: z.string(),
  website: z.string(),
  description: z.string(),
  documents: z.array(z.looseObject({ name: z.string(), url: z.string(), sha256: z.string() })),
  status: z.enum(['submitted', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  submittedAt: isoDate,
  reviewedAt: isoDate.nullable(),
  approvalTxHash: z.string().nullable(),
  studio: studioAccount.nullable().meta({ description: 'the studio as the chain has it (null until register_studio is indexed)' }),
});

/** What anyone may read of a studio's application: who applied, when, and where it stands (no contact e-mail, website nor documents). */
export const applicationPublic = application
  .pick({ id: true, walletAddress: true, chainAddress: true, studioName: true, status: true, submittedAt: true, reviewedAt: true, studio: true })
  .meta({ title: 'ApplicationPublic' });

/** A publisher's website and its verification. Private: the token and contact e-mail are its owner's (a session of that wallet). */
export const website = z.looseObject({
  origin: z.string(),
  websiteUrl: z.string(),
  status: z.enum(['unverified', 'verified']),
  token: z.string(),
  wellKnownUrl: z.string(),
  metaTag: z.string(),
  method: z.string().nullable(),
  verifiedAt: isoDate.nullable(),
  lastError: z.string().nullable(),
  contactEmail: z.string().nullable(),
  websiteName: z.string().nullable().meta({ description: "the Apply to Publisher Program form's fields, null when the website was asked for elsewhere" }),
  monthlyVisitors: z.string().nullable(),
  category: z.string().nullable(),
});

/** An auto-list API key as its owner lists it (the key itself is never shown again). */
export const apiKey = z.looseObject({ id: z.number().int(), origin: z.string(), prefix: z.string(), createdAt: isoDate, revokedAt: isoDate.nullable() });

/** The answer that created a key: the only one that carries the key (private: shown once) and its catalogue snippet. */
export const newApiKey = apiKey.extend({ key: z.string(), catalogueSnippet: z.string() });

export const hub = z.looseObject({
  projectId: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string(),
  status: z.string(),
  relation: z.enum(['studio', 'investor']),
});

export const update = z.looseObject({ id: z.number().int(), title: z.string(), description: z.string(), date: isoDate, author: z.string() });

export const poll = z.looseObject({
  id: z.number().int(),
  question: z.string(),
  options: z.array(z.looseObject({ id: z.number().int(), text: z.string(), votes: z.number().int() })),
  totalVotes: z.number().int(),
  status: z.enum(['active', 'closed']),
  endDate: isoDate,
  myVote: z.number().int().nullable(),
});

/** An ad campaign as anyone may read it: the chain's figures and the creative, not the advertiser's request details. */
export const campaignPublic = z.looseObject({
  address: z.string(),
  advertiser: z.string(),
  campaignId: z.string(),
  adType: z.enum(['display', 'video', 'sponsorship']),
  pricePerMilleLamports: lamports,
  sponsoredProjectId: z.number().int().nullable(),
  budgetLamports: lamports,
  spentLamports: lamports,
  remainingLamports: lamports,
  impressions: z.number(),
  creativeUri: z.string(),
  creativeHash: z.string().meta({ description: 'hex sha256 of the creative' }),
  creativeKind: z.enum(['image', 'video']).nullable(),
  targetGenres: z.array(z.string()).meta({ description: 'genre names; [] targets every film' }),
  startAt: isoDate,
  endAt: isoDate,
  createdAt: isoDate,
  paused: z.boolean(),
  status: z.enum(['scheduled', 'active', 'paused', 'exhausted', 'ended', 'closed']),
  closableAt: isoDate.meta({ description: 'endAt plus the settlement grace period: the advertiser may close the campaign from then on' }),
  closedAt: isoDate.nullable(),
  refundedLamports: lamports.nullable(),
}).meta({ title: 'CampaignPublic' });

/**
 * An ad campaign as its advertiser reads it (the advertiser's session only): with the off-chain
 * request details (null when none were recorded).
 */
export const campaign = campaignPublic.extend({
  companyName: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  targetAudience: z.string().nullable(),
  monthlyBudgetUsd: z.number().nullable(),
}).meta({ title: 'CampaignPrivate' });

const campaignFigures = {
  series: z.array(z.looseObject({ date: z.string(), impressions: z.number(), spentLamports: lamports })),
  byFilm: z.array(z.looseObject({ projectId: z.number().int(), title: z.string(), impressions: z.number(), spentLamports: lamports })),
  settlementRentLamports: lamports.meta({
    description:
      "the rent the campaign paid for the revenue accounts its settlements created: part of spentLamports, not of series' or byFilm's spend",
  }),
};

/** GET /api/campaigns/{address} to its advertiser: the campaign with its impressions and spend per UTC day and per film. */
export const campaignDetail = campaign.extend(campaignFigures).meta({ title: 'CampaignDetailPrivate' });

/** GET /api/campaigns/{address} to anyone else: the same figures without the request details. */
export const campaignDetailPublic = campaignPublic.extend(campaignFigures).meta({ title: 'CampaignDetailPublic' });

/** The answer of GET /api/campaigns/{address}: the private shape to the advertiser's session, the public one otherwise. */
export const campaignDetailAnswer = z.union([campaignDetail, campaignDetailPublic]);

/** A campaign in a list: private to its advertiser's session, public otherwise. */
export const campaignAnswer = z.union([campaign, campaignPublic]);

export const revenueEntry = z.looseObject({
  projectId: z.number().int(),
  projectTitle: z.string(),
  earned: z.number(),
  claimable: z.number(),
  claimed: z.number(),
});
export const revenueTransaction = z.looseObject({
  type: z.enum(['distribution', 'claim']),
  amount: z.number(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  date: isoDate,
  txHash: z.string(),
  explorerUrl,
});

export const catalogueFilm = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  embedId: z.string().nullable(),
  playerUrl: z.string(),
  embedCode: z.string(),
});

export const filmFigures = z.looseObject({
  projectId: z.number().int(),
  title: z.string(),
  status: z.string(),
  raised: z.number(),
  revenue: z.number(),
  views: z.number(),
});

export const embedFigures = z.looseObject({
  embedId: z.string(),
  projectId: z.number().int(),
  title: z.string(),
  websiteUrl: z.string(),
  views: z.number().int(),
  earnedLamports: lamports,
  claimedLamports: lamports,
  claimableLamports: z.string(),
  /** Counted views not paid yet, per reason (house ad, the settlement batch threshold with its figure, the budget…). */
  unsettled: z.array(z.looseObject({ views: z.number().int(), reason: z.string() })).optional(),
});

export const publisherDay = z.looseObject({
  date: z.string(),
  embedId: z.string(),
  projectId: z.number().int(),
  views: z.number().int(),
  earnedLamports: lamports,
});

export const teamMember = z.looseObject({ id: z.number().int(), name: z.string(), role: z.string(), avatarUrl: z.string().nullable() });

/** A film's or the platform's funding on one UTC day (thousandths of SOL). */
export const fundingPoint = z.looseObject({ date: z.string(), invested: z.number(), raised: z.number() });

/** Views and revenue on one UTC day. */
export const dailyPoint = z.looseObject({ date: z.string(), views: z.number(), revenue: z.number() });

/** How the distributed revenue was split. */
export const revenueSplit = z.looseObject({ publishers: z.number(), investors: z.number(), platform: z.number() });

/** One of a film's largest investors. */
export const topInvestor = z.looseObject({
  id: z.string().meta({ description: "the investor's wallet (or its demo keypair's address when it has no registered wallet)" }),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  stake: z.number().meta({ description: "fraction of the project's shares held" }),
});

/** The 2xx body of each paginated list, by its OpenAPI path (GET). */
export const LIST_RESPONSES = {
  '/api/investments/user/{userId}': listOrPage(investment.extend({ project: project.optional() })),
  '/api/investments/project/{projectId}': listOrPage(investment),
  '/api/embeds': listOrPage(embed),
  '/api/revenue/distributions': listOrPage(distribution),
  '/api/revenue/user/{userId}': objectWithList(
    { earned: z.number(), claimable: z.number(), claimed: z.number(), byProject: z.array(revenueEntry) },
    'transactions',
    revenueTransaction,
  ),
  '/api/revenue/unclaimed/{userId}': objectWithList({ total: z.number(), totalLamports: lamports }, 'distributions', investorDistribution),
  '/api/projects/{id}/certificates': listOrPage(certificate),
  '/api/verification/applications': listOrPage(application),
  '/api/publishers/{walletAddress}/websites': listOrPage(website),
  '/api/publishers/{walletAddress}/keys': listOrPage(apiKey),
  '/api/collaboration': listOrPage(hub),
  '/api/collaboration/{projectId}/updates': listOrPage(update),
  '/api/collaboration/{projectId}/polls': listOrPage(poll),
  '/api/campaigns': objectWithList({}, 'campaigns', campaignAnswer),
  '/api/collaboration/{projectId}': objectWithList(
    {
      projectId: z.number().int(),
      topInvestors: z.array(topInvestor),
      counts: z.looseObject({
        teamMembers: z.number().int(),
        investors: z.number().int(),
        updates: z.number().int(),
        polls: z.number().int(),
        messages: z.number().int(),
      }),
      viewerIsStudio: z.boolean().meta({ description: "whether the asking wallet (?wallet=) is the film's studio" }),
    },
    'team',
    teamMember,
  ),
  '/api/catalogue': objectWithList({ origin: z.string(), publisherId: z.string() }, 'films', catalogueFilm),
  '/api/publishers/{walletAddress}/analytics': objectWithList(
    {
      totals: z.looseObject({ views: z.number().int(), earnedLamports: lamports, claimedLamports: lamports, claimableLamports: z.string() }),
      byDay: z.array(publisherDay),
    },
    'byEmbed',
    embedFigures,
  ),
  '/api/analytics/platform': objectWithList(
    {
      totals: z.looseObject({ projects: z.number().int(), funded: z.number().int(), investors: z.number().int(), raised: z.number(), revenue: z.number(), views: z.number() }),
      funding: z.array(fundingPoint),
      daily: z.array(dailyPoint),
      split: revenueSplit,
    },
    'projects',
    filmFigures,
  ),
} satisfies Record<string, z.ZodType>;

/** An investment with its film (POST /api/investments answers it). */
export const investmentWithProject = investment.extend({ project: project.optional() });

/** GET /api/projects: every match, or with limit or cursor one page with the total. */
export const projectList = z.union([
  z.array(project).meta({ description: 'without limit and cursor: every match' }),
  z
    .looseObject({ items: z.array(project), nextCursor: z.string().nullable(), total: z.number().int() })
    .meta({ description: 'with limit or cursor: one page' }),
]);

export const user = z.looseObject({
  id: z.number().int(),
  username: z.string().nullable(),
  walletAddress: z.string(),
  chainAddress: z.string().nullable(),
  isStudio: z.boolean(),
});

/** A stored metadata document: the URI and sha256 create_project and update_project_metadata record. */
export const storedDocument = z.looseObject({ uri: z.string(), sha256: z.string() });

export const session = z.looseObject({ walletAddress: z.string(), expiresAt: z.union([isoDate, z.number()]) });

export const storedMedia = z.looseObject({ url: z.string(), sha256: z.string(), contentType: z.string() });

export const genreList = z.looseObject({ genres: z.array(z.string()) });

/** GET /api/revenue/unclaimed/{userId}: every field the server sends for one unclaimed distribution. */
export const unclaimedRevenue = LIST_RESPONSES['/api/revenue/unclaimed/{userId}'];

/** GET /api/projects/featured: funding films first, verified studios first among equals. */
export const featuredProjects = z.array(project);

/** GET /api/health: the API's liveness and each cluster's indexer state. */
export const health = z.looseObject({
  ok: z.boolean(),
  defaultCluster: z.string().optional(),
  clusters: z.array(
    z.looseObject({
      name: z.string(),
      database: z.enum(['sqlite', 'postgres']),
      cursor: z.looseObject({ signature: z.string(), slot: z.number().int() }).nullable().meta({ description: 'the newest transaction ingested' }),
      gaps: z.array(z.looseObject({})),
      transactions: z.number().int(),
      settlement: z.looseObject({}),
      quarantine: z.looseObject({ count: z.number().int() }),
      unavailableSignatures: z.looseObject({ count: z.number().int() }),
    }),
  ),
});

/** GET /api/openapi.json: an OpenAPI 3.1 document. */
export const openApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

/** GET /api/auth/nonce: one Sign-In With Solana request, as solana:signIn input and as SIWS text. */
export const signInRequest = z.looseObject({
  input: z.looseObject({
    domain: z.string(),
    address: z.string(),
    statement: z.string().optional(),
    uri: z.string().optional(),
    version: z.string().optional(),
    chainId: z.string().optional(),
    nonce: z.string().optional(),
    issuedAt: isoDate.optional(),
    expirationTime: isoDate.optional(),
  }),
  message: z.string(),
});

export const signedOut = z.looseObject({ signedOut: z.boolean() });

/** GET /api/platform: the platform's rules as the index has them (USD at 1 SOL = 1000 USD). */
export const platform = z.looseObject({
  admin: z.string(),
  treasury: z.string(),
  minInvestmentLamports: lamports,
  unverifiedFundingCapLamports: lamports,
  verifiedFundingCapLamports: lamports,
  unverifiedFundingCap: z.number(),
  verifiedFundingCap: z.number(),
  minFundingWindowDays: z.number().int(),
  maxFundingWindowDays: z.number().int().nullable().meta({ description: 'null: the platform states no window (only a future deadline)' }),
  adminWallet: z.string().nullable().meta({ description: 'The wallet holding the admin role off chain (the demo: the first wallet signed in, or the configured one)' }),
  adminSource: z.enum(['configured', 'first-sign-in']).nullable(),
  chainNow: z.string().meta({ description: "The cluster's clock now (ISO 8601): the demo chain's runs ahead of the wall clock once its admin moves it" }),
  supportEmail: z.string().nullable().meta({ description: 'The support address (MARQUEE_SUPPORT_EMAIL); null: none configured' }),
  emailNotices: z
    .boolean()
    .optional()
    .meta({ description: 'Whether verification decisions are also emailed (MARQUEE_SMTP_URL is configured); false: in-app notifications only' }),
});

/** What a notification is about (GET /api/notifications). */
export const NOTIFICATION_KINDS = [
  'revenue-claimable',
  'film-funded',
  'refund-available',
  'verification-decided',
  'campaign-ending',
  'campaign-out-of-budget',
  'embed-earnings',
] as const;

/** One notification of the signed-in wallet, computed from indexed data; `href` is the app screen it opens. */
export const notification = z.looseObject({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  href: z.string(),
  createdAt: isoDate,
  read: z.boolean(),
});

/** GET /api/notifications: newest first, with how many are unread. */
export const notifications = z.looseObject({ notifications: z.array(notification), unreadCount: z.number().int() });

/** POST /api/notifications/read: how many of the wallet's notifications stay unread. */
export const notificationsRead = z.looseObject({ marked: z.number().int(), unreadCount: z.number().int() });

/** A studio's settings (PUT /api/studios/{walletAddress}/profile answers it). */
export const studioProfile = z.looseObject({ name: z.string(), description: z.string(), updatedAt: isoDate });

/**
 * GET /api/studios/{walletAddress} to that studio's session or the platform admin's: the wallet's
 * studio on chain, its settings and its latest verification application (private: contact e-mail,
 * website, documents).
 */
export const studioOverview = z
  .looseObject({
    walletAddress: z.string(),
    chainAddress: z.string(),
    isAdmin: z.boolean(),
    studio: studioAccount.nullable(),
    profile: studioProfile.nullable(),
    application: application.nullable(),
  })
  .meta({ title: 'StudioOverviewPrivate' });

/** GET /api/studios/{walletAddress} to anyone else: the application's public part only. */
export const studioOverviewPublic = studioOverview.extend({ application: applicationPublic.nullable() }).meta({ title: 'StudioOverviewPublic' });

/** The answer of GET /api/studios/{walletAddress}: private to the studio and the admin, public otherwise. */
export const studioOverviewAnswer = z.union([studioOverview, studioOverviewPublic]);

/** POST /api/transactions: the verified transaction's program events, as ingested. */
export const ingestedTransaction = z.looseObject({ signature: z.string(), events: z.array(z.looseObject({ name: z.string(), data: z.unknown() })) });

/** POST /api/embeds/claims: a verified claim_publisher_revenue. */
export const publisherClaim = z.looseObject({ txHash: z.string(), embeds: z.array(z.string()), amountLamports: lamports });

/** POST /api/revenue/claim: the distributions a verified claim_revenue marked claimed. */
export const revenueClaim = z.looseObject({ claimed: z.array(z.number().int()), amount: z.number(), amountLamports: lamports, txHash: z.string() });

/** POST /api/views: whether the view counted, and why not. */
export const viewReport = z.looseObject({ counted: z.boolean(), reason: z.string().optional() });

/** GET /api/metadata/{sha256}: a stored metadata document (the fields POST /api/metadata took). */
export const filmMetadata = z.looseObject({
  title: z.string().optional(),
  description: z.string().optional(),
  directorName: z.string().optional(),
  genres: z.array(z.string()).optional(),
  thumbnailUrl: z.string().optional(),
  videoUrl: z.string().optional(),
  releaseYear: z.number().int().optional(),
  licenseType: z.string().optional(),
});

/** A film's chat message. */
export const chatMessage = z.looseObject({
  id: z.number().int(),
  projectId: z.number().int(),
  sender: z.string(),
  senderId: z.string(),
  text: z.string(),
  timestamp: isoDate,
  attachment: z.looseObject({ type: z.literal('link'), url: z.string(), title: z.string() }).nullable(),
});

export const chatHistory = z.array(chatMessage);


/** GET /api/analytics/projects/{projectId}: one film's funding over time, views and revenue per day, split. */
export const projectAnalytics = z.looseObject({
  projectId: z.number().int(),
  title: z.string(),
  status: z.string(),
  totals: z.looseObject({ investors: z.number().int(), raised: z.number(), revenue: z.number(), views: z.number() }),
  funding: z.array(fundingPoint),
  daily: z.array(dailyPoint),
  split: revenueSplit,
});

/** GET /api/analytics/wallet/{userId}: a wallet's invested, earned and claimed amounts over time. */
export const walletAnalytics = z.looseObject({
  totals: z.looseObject({ invested: z.number(), projects: z.number().int(), earned: z.number(), claimed: z.number() }),
  invested: z.array(z.looseObject({ date: z.string(), invested: z.number(), total: z.number() })),
  revenue: z.array(z.looseObject({ date: z.string(), earned: z.number(), claimed: z.number() })),
});

/** GET /player/{projectId}/ads/{slot}: one slot's ad (campaign null: the house ad). */
export const ad = z.looseObject({
  slot: z.enum(['pre-roll', 'mid-roll', 'overlay']),
  advertiser: z.string(),
  headline: z.string(),
  body: z.string(),
  campaign: z.string().nullable(),
  creative: z.looseObject({ kind: z.enum(['image', 'video']), url: z.string() }).nullable(),
  /**
   * The signed, short-lived ticket of this ad (campaign, film, embed, slot, origin, expiry) that a
   * play nonce requires; null when the request named no player page of a registered embed.
   */
  ticket: z.string().nullable(),
});

/**
 * GET /player/{projectId}/ads: the ads of a player's slots, asked once when the viewer presses Play.
 * Only the ad the play pays for (the first slot a campaign filled, else the first slot) carries a
 * ticket: the play's one ticket, which its view report presents.
 */
export const playAds = z.looseObject({
  ads: z.looseObject({ 'pre-roll': ad.optional(), 'mid-roll': ad.optional(), overlay: ad.optional() }),
});

/** POST /api/webhooks/helius: what one delivery added. */
export const webhookDelivery = z.looseObject({ ingested: z.number().int(), events: z.number().int() });

/** A demo wallet (the demo chain's /api/demo answers): its custodial key and balance. */
export const demoWallet = z.looseObject({ walletAddress: z.string(), demoAddress: z.string(), balanceLamports: lamports, balance: z.number() });
