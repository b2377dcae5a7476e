// The 2xx answers of the paginated lists, as zod schemas: /api/openapi.json publishes them (so a
// contract fuzz checks every answer against them) and the tests parse real answers with them. Each
// names the fields docs/API.md promises with their types; objects stay open to fields added later.
import { z } from 'zod';

const isoDate = z.string().meta({ description: 'ISO 8601' });
const lamports = z.string().regex(/^\d+$/).meta({ description: 'lamports, decimal text' });
const explorerUrl = z.string().nullable().meta({ description: "the transaction on the cluster's explorer, when it has one" });

/** A plain list, or with `limit`/`cursor` a page of it (docs/API.md "Pagination"). */
function listOrPage(item: z.ZodType) {
  return z.union([
    z.array(item).meta({ description: 'without limit and cursor: every row' }),
    z.looseObject({ items: z.array(item), nextCursor: z.string().nullable() }).meta({ description: 'with limit or cursor: one page' }),
  ]);
}

/** An object holding a list (`field`), and with `limit`/`cursor` its page and nextCursor. */
function objectWithList(fields: Record<string, z.ZodType>, field: string, item: z.ZodType) {
  return z.looseObject({ ...fields, [field]: z.array(item), nextCursor: z.string().nullable().optional().meta({ description: 'with limit or cursor' }) });
}

const project = z.looseObject({ id: z.number().int(), address: z.string(), title: z.string(), status: z.enum(['funding', 'funded', 'failed']) });

const investment = z.looseObject({
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

const embed = z.looseObject({
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

const distribution = z.looseObject({
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

const investorDistribution = z.looseObject({
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

const certificate = z.looseObject({ mint: z.string(), projectId: z.number().int(), owner: z.string(), txHash: z.string(), mintedAt: isoDate.nullable(), explorerUrl });

const application = z.looseObject({
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
  studio: z.looseObject({}).nullable(),
});

const website = z.looseObject({
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
});

const apiKey = z.looseObject({ id: z.number().int(), origin: z.string(), prefix: z.string(), createdAt: isoDate, revokedAt: isoDate.nullable() });

const hub = z.looseObject({ projectId: z.number().int(), title: z.string(), thumbnailUrl: z.string(), status: z.string(), relation: z.enum(['studio', 'investor']) });

const update = z.looseObject({ id: z.number().int(), title: z.string(), description: z.string(), date: isoDate, author: z.string() });

const poll = z.looseObject({
  id: z.number().int(),
  question: z.string(),
  options: z.array(z.looseObject({ id: z.number().int(), text: z.string(), votes: z.number().int() })),
  totalVotes: z.number().int(),
  status: z.enum(['active', 'closed']),
  endDate: isoDate,
  myVote: z.number().int().nullable(),
});

const campaign = z.looseObject({
  address: z.string(),
  advertiser: z.string(),
  adType: z.enum(['display', 'video', 'sponsorship']),
  budgetLamports: lamports,
  spentLamports: lamports,
  remainingLamports: lamports,
  impressions: z.number(),
  creativeUri: z.string(),
  targetGenres: z.array(z.string()),
  startAt: isoDate,
  endAt: isoDate,
  createdAt: isoDate,
  paused: z.boolean(),
  status: z.string(),
});

const revenueEntry = z.looseObject({ projectId: z.number().int(), projectTitle: z.string(), earned: z.number(), claimable: z.number(), claimed: z.number() });
const revenueTransaction = z.looseObject({
  type: z.enum(['distribution', 'claim']),
  amount: z.number(),
  projectId: z.number().int(),
  projectTitle: z.string(),
  date: isoDate,
  txHash: z.string(),
  explorerUrl,
});

const catalogueFilm = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  embedId: z.string().nullable(),
  playerUrl: z.string(),
  embedCode: z.string(),
});

const filmFigures = z.looseObject({ projectId: z.number().int(), title: z.string(), status: z.string(), raised: z.number(), revenue: z.number(), views: z.number() });

const embedFigures = z.looseObject({
  embedId: z.string(),
  projectId: z.number().int(),
  title: z.string(),
  websiteUrl: z.string(),
  views: z.number().int(),
  earnedLamports: lamports,
  claimedLamports: lamports,
  claimableLamports: z.string(),
});

const publisherDay = z.looseObject({ date: z.string(), embedId: z.string(), projectId: z.number().int(), views: z.number().int(), earnedLamports: lamports });

const teamMember = z.looseObject({ id: z.number().int(), name: z.string(), role: z.string(), avatarUrl: z.string().nullable() });

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
  '/api/campaigns': objectWithList({}, 'campaigns', campaign),
  '/api/collaboration/{projectId}': objectWithList(
    { projectId: z.number().int(), topInvestors: z.array(z.unknown()), counts: z.looseObject({ teamMembers: z.number().int() }), viewerIsStudio: z.boolean() },
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
    { totals: z.looseObject({ projects: z.number().int(), funded: z.number().int(), raised: z.number(), revenue: z.number(), views: z.number() }) },
    'projects',
    filmFigures,
  ),
} satisfies Record<string, z.ZodType>;
