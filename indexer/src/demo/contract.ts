// The demo's API contract: the request schemas of /api/demo's actions and their OpenAPI description
// (which the app's generated contract and the API fuzz read). Kept apart from the routes, so what
// describes the demo (a forwarding process, the OpenAPI document) imports no route module.
import { z } from 'zod';
import {
  campaignDetailsFields,
  campaignParams,
  creativeUri,
  distributionIds,
  embedBody,
  lamportAmount,
  listingEditBody,
  metadataBody,
  nonBlankText,
  projectIdParams,
  txHash,
  userId,
  walletAddress,
} from '../api/schemas.ts';
import { SOL, USD } from '../lamports.ts';
import { AD_TYPES, MAX_DEMO_CLOCK_ADVANCE_SECONDS, MAX_GENRE_LEN, MAX_SIGNATURES_PER_REQUEST, MAX_STUDIO_NAME_LEN } from '../constants.ts';
import { jsonSchema, media } from '../api/openapi.ts';
import * as contract from '@marquee/api-contract';

/** generate-revenue sends a random 0.5 to 10 SOL. */
const MIN_TEST_REVENUE_SOL = 0.5;
const MAX_TEST_REVENUE_SOL = 10;

const projectId = projectIdParams.shape.projectId;

export const demoSchemas = {
  wallet: z.object({ walletAddress }),
  walletParams: z.object({ walletAddress }),
  invest: z.object({ walletAddress, projectId, amount: lamportAmount(SOL, 'SOL', (amount) => amount.positive()) }),
  claimLicense: z.object({ walletAddress, projectId }),
  registerEmbed: z.object({
    walletAddress,
    projectId,
    websiteUrl: embedBody.shape.websiteUrl,
    embedId: embedBody.shape.embedId,
  }),
  autoList: z.object({ walletAddress, websiteUrl: embedBody.shape.websiteUrl }),
  refund: z.object({ walletAddress, projectId }),
  registerStudio: z.object({ walletAddress, name: nonBlankText(MAX_STUDIO_NAME_LEN) }),
  verifyStudio: z.object({
    walletAddress,
    studio: walletAddress.meta({ description: "the studio's authority (its signing address on the demo chain)" }),
    verified: z.boolean(),
  }),
  transaction: z.object({ signature: txHash }),
  mintCertificate: z.object({ walletAddress, projectId }),
  updateMetadata: listingEditBody.extend({ walletAddress, projectId }),
  claimPublisherRevenue: z.object({ walletAddress, projectId, embedId: embedBody.shape.embedId }),
  claimRevenue: z.object({
    walletAddress,
    distributionIds: distributionIds.min(1, { message: 'No distributions selected: Please select at least one distribution to claim.' }),
  }),
  listing: metadataBody.extend({
    walletAddress,
    studioName: nonBlankText(MAX_STUDIO_NAME_LEN).optional().meta({ description: 'on-chain studio name for a first listing' }),
    fundingGoal: lamportAmount(USD, 'USD (1 SOL = 1000 USD)', (goal) => goal.min(1)),
    deadline: z.string().min(1).meta({ description: 'a date' }),
  }),
  generateRevenue: z.object({
    userId,
    amount: lamportAmount(SOL, 'SOL', (amount) => amount.min(MIN_TEST_REVENUE_SOL).max(MAX_TEST_REVENUE_SOL)),
  }),
  campaign: z.object({
    walletAddress,
    adType: z.enum(AD_TYPES),
    budget: lamportAmount(SOL, 'SOL', (amount) => amount.positive()),
    creativeUri,
    creativeHash: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Expected the sha256 of the creative (64 hex digits)' }),
    // A u64 bitmask: at most 64 genres.
    targetGenres: z.array(z.string().min(1).max(MAX_GENRE_LEN)).max(64),
    maxDailySpend: lamportAmount(SOL, 'SOL settlement may take per UTC day; default: the budget', (amount) => amount.positive()).optional(),
    startAt: z.string().min(1).optional().meta({ description: 'ISO 8601; default: now' }),
    endAt: z.string().min(1).meta({ description: 'ISO 8601' }),
    sponsoredProjectId: projectId.optional(),
    pricePerMille: lamportAmount(SOL, 'SOL per 1,000 impressions (sponsorship only)', (amount) => amount.positive()).optional(),
    ...campaignDetailsFields,
    companyName: campaignDetailsFields.companyName.optional(),
    email: campaignDetailsFields.email.optional(),
    website: campaignDetailsFields.website.optional(),
    targetAudience: campaignDetailsFields.targetAudience.optional(),
  }),
  campaignParams,
  topUp: z.object({ walletAddress, amount: lamportAmount(SOL, 'SOL', (amount) => amount.positive()) }),
  pause: z.object({ walletAddress, paused: z.boolean() }),
  closeCampaign: z.object({ walletAddress }),
  clockAdvance: z.object({ seconds: z.number().int().min(1).max(MAX_DEMO_CLOCK_ADVANCE_SECONDS).meta({ description: '1 second to 30 days' }) }),
  poster: z.object({ file: z.string().regex(/^\d+\.svg$/, { message: 'Expected {projectId}.svg' }) }),
  chainTransaction: z.object({ signature: z.string().min(1) }),
  chainSignatures: z.object({ address: z.string().min(1) }),
  chainSignatureQuery: z.object({
    before: z.string().optional(),
    until: z.string().optional(),
    limit: z.coerce.number().int().positive().max(MAX_SIGNATURES_PER_REQUEST).optional(),
  }),
};

/**
 * `forWallet`: acts for a wallet, so it needs that wallet's session (401 / 403); `adminOnly`: the
 * platform admin's session (401 / 403); `created`: answers 201.
 */
type Answer = z.ZodType | ReturnType<typeof media>;
export const DEMO_ROUTE_DOCS: {
  method: 'get' | 'post';
  path: string;
  summary: string;
  body?: z.ZodType;
  params?: z.ZodObject;
  query?: z.ZodObject;
  forWallet?: boolean;
  adminOnly?: boolean;
  created?: boolean;
  /** The success answer: a JSON schema from @marquee/api-contract, or a page or an image (media()). */
  response: Answer;
}[] = [
  {
    method: 'post',
    path: '/api/demo/wallets',
    summary: 'Map a connected wallet to its demo keypair (15.75 SOL on first connect); a few per client address an hour (429 past them)',
    body: demoSchemas.wallet,
    forWallet: true,
    response: contract.demoWallet,
  },
  {
    method: 'get',
    path: '/api/demo/wallets/{walletAddress}',
    summary: "A demo wallet's address and balance",
    params: demoSchemas.walletParams,
    response: contract.demoWallet,
  },
  {
    method: 'post',
    path: '/api/demo/invest',
    summary: 'invest on the demo chain, signed by the demo keypair',
    body: demoSchemas.invest,
    forWallet: true,
    response: contract.demoInvestment,
  },
  {
    method: 'post',
    path: '/api/demo/claim-license',
    summary: "claim_license on the demo chain, signed by the film's studio",
    body: demoSchemas.claimLicense,
    forWallet: true,
    response: contract.demoTransaction,
  },
  {
    method: 'post',
    path: '/api/demo/register-embed',
    summary: 'register_embed on the demo chain',
    body: demoSchemas.registerEmbed,
    forWallet: true,
    response: contract.demoTransaction,
  },
  {
    method: 'post',
    path: '/api/demo/auto-list',
    summary:
      "Auto-List: register_embed, signed by the wallet's demo key, for each funded film the wallet's verified website does not list yet (403: not verified)",
    body: demoSchemas.autoList,
    forWallet: true,
    response: contract.demoAutoList,
  },
  {
    method: 'post',
    path: '/api/demo/refund',
    summary: 'refund of a film past its deadline unfunded',
    body: demoSchemas.refund,
    forWallet: true,
    response: contract.demoPayout,
  },
  {
    method: 'post',
    path: '/api/demo/register-studio',
    summary: "register_studio signed by the wallet's demo key",
    body: demoSchemas.registerStudio,
    forWallet: true,
    response: contract.demoTransaction,
  },
  {
    method: 'post',
    path: '/api/demo/verify-studio',
    summary: "verify_studio signed by the platform admin's key (the admin wallet only)",
    body: demoSchemas.verifyStudio,
    forWallet: true,
    response: contract.demoTransaction,
  },
  {
    method: 'post',
    path: '/api/demo/mint-certificate',
    summary: "The film's licence certificate: a Token-2022 mint with the metadata extension, signed by its studio",
    body: demoSchemas.mintCertificate,
    forWallet: true,
    response: contract.demoCertificate,
  },
  {
    method: 'post',
    path: '/api/demo/update-metadata',
    summary: "The film's edited metadata stored, then update_project_metadata signed by its studio's demo key: { signature, uri, sha256 }",
    body: demoSchemas.updateMetadata,
    forWallet: true,
    response: contract.demoMetadataUpdate,
  },
  {
    method: 'get',
    path: '/api/demo/transactions/{signature}',
    summary: "The demo chain's view of one of its transactions (HTML)",
    params: demoSchemas.transaction,
    response: media('text/html', "the transaction's page"),
  },
  {
    method: 'post',
    path: '/api/demo/claim-publisher-revenue',
    summary: "claim_publisher_revenue of the wallet's embed",
    body: demoSchemas.claimPublisherRevenue,
    forWallet: true,
    response: contract.demoPayout,
  },
  {
    method: 'post',
    path: '/api/demo/claim-revenue',
    summary: 'claim_revenue for the projects of the selected distributions',
    body: demoSchemas.claimRevenue,
    forWallet: true,
    response: contract.demoPayout,
  },
  {
    method: 'post',
    path: '/api/demo/projects',
    summary: 'List a film: register_studio if needed + create_project',
    body: demoSchemas.listing,
    forWallet: true,
    created: true,
    response: contract.demoListing,
  },
  {
    method: 'post',
    path: '/api/demo/generate-revenue',
    summary: "distribute_revenue of test revenue on one of the user's funded projects",
    body: demoSchemas.generateRevenue,
    forWallet: true,
    response: contract.demoRevenue,
  },
  {
    method: 'post',
    path: '/api/demo/campaigns',
    summary: "create_campaign signed by the wallet's demo key (the next campaign id); 201 { txHash, campaign: CampaignSummary }",
    body: demoSchemas.campaign,
    forWallet: true,
    response: contract.demoCampaignAction,
  },
  {
    method: 'post',
    path: '/api/demo/campaigns/{address}/top-up',
    summary: 'top_up_campaign of the wallet’s campaign; { txHash, campaign }',
    params: demoSchemas.campaignParams,
    body: demoSchemas.topUp,
    forWallet: true,
    response: contract.demoCampaignAction,
  },
  {
    method: 'post',
    path: '/api/demo/campaigns/{address}/pause',
    summary: 'set_campaign_paused (pause or resume); { txHash, campaign }',
    params: demoSchemas.campaignParams,
    body: demoSchemas.pause,
    forWallet: true,
    response: contract.demoCampaignAction,
  },
  {
    method: 'post',
    path: '/api/demo/campaigns/{address}/close',
    summary: 'close_campaign after its end and the settlement grace; { txHash, refundedLamports, campaign }',
    params: demoSchemas.campaignParams,
    body: demoSchemas.closeCampaign,
    forWallet: true,
    response: contract.demoCampaignClosed,
  },
  {
    method: 'post',
    path: '/api/demo/clock/advance',
    summary: "Move the demo chain's clock forward (1 s to 30 days a call, 400 days ahead in all, like a validator's warp); the platform admin only; { now }",
    body: demoSchemas.clockAdvance,
    adminOnly: true,
    response: contract.demoClock,
  },
  {
    method: 'post',
    path: '/api/demo/settle',
    summary:
      'Run the settlement job now (the platform admin only): counted views → settle_campaign; { settled, failed, waiting: [{ projectId, campaign, views, reason }] }',
    adminOnly: true,
    response: contract.demoSettlement,
  },
  {
    method: 'get',
    path: '/api/demo/chain/transactions/{signature}',
    summary: 'A committed demo-chain transaction (ChainTransaction JSON; API processes read the chain through it)',
    params: demoSchemas.chainTransaction,
    response: contract.demoChainTransaction,
  },
  {
    method: 'get',
    path: '/api/demo/chain/signatures/{address}',
    summary: 'Signatures of demo-chain transactions touching an address, newest first (?before, ?until, ?limit)',
    params: demoSchemas.chainSignatures,
    query: demoSchemas.chainSignatureQuery,
    response: contract.demoSignatures,
  },
  {
    method: 'get',
    path: '/api/demo/posters/{file}',
    summary: "A project's generated SVG poster ({projectId}.svg)",
    params: demoSchemas.poster,
    response: media('image/svg+xml', 'the poster'),
  },
];

/** The demo routes for /api/openapi.json. */
export function demoOpenApi(): Record<string, unknown> {
  const schema = (type: z.ZodType, io: 'input' | 'output' = 'input') => jsonSchema(type, io);
  const success = (response: Answer, description: string) =>
    response instanceof z.ZodType
      ? { description, content: { 'application/json': { schema: schema(response, 'output') } } }
      : {
          description: response.description,
          content: Object.fromEntries(Object.entries(response.content).map(([type, body]) => [type, { schema: schema(body.schema, 'output') }])),
        };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of DEMO_ROUTE_DOCS) {
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      parameters: [
        ...Object.entries(route.params?.shape ?? {}).map(([name, field]) => ({ name, in: 'path', required: true, schema: schema(field as z.ZodType) })),
        ...Object.entries(route.query?.shape ?? {}).map(([name, field]) => ({
          name,
          in: 'query',
          required: !(field as z.ZodType).safeParse(undefined).success,
          schema: schema(field as z.ZodType),
        })),
      ],
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(route.body) } } } } : {}),
      responses: {
        [route.created ? 201 : 200]: success(route.response, route.created ? 'Created' : 'OK'),
        ...(route.forWallet ? { 401: { description: 'not signed in' }, 403: { description: 'signed in as another wallet' } } : {}),
        ...(route.adminOnly ? { 401: { description: 'not signed in' }, 403: { description: 'not the platform admin' } } : {}),
        '4XX': { description: 'Bad input, unknown id, or a transaction the program rejected' },
        // roles/demo-forward.ts: an API process forwards /api/demo to the leader running the demo chain.
        503: { description: 'an API process with no demo-chain leader to forward to' },
      },
    };
  }
  return paths;
}
