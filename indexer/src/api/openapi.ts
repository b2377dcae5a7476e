// /api/openapi.json: every route of the API with its request schemas (the same zod schemas the
// validators use, converted with z.toJSONSchema).
import { z } from 'zod';
import { CLUSTER_HEADER } from '../constants.ts';
import { LIST_RESPONSES } from './response-schemas.ts';
import * as schemas from './schemas.ts';
import { heliusDelivery } from './routes/webhooks.ts';

interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body that is not JSON (an upload), as its OpenAPI requestBody. */
  upload?: Record<string, unknown>;
  responses?: Record<number, string>;
  /**
   * Where the route reads its cluster: `query and header` (every route under /api's cluster
   * middleware, the default), `query` (the player page), `none` (sign-in, the player's scripts).
   */
  cluster?: 'query and header' | 'query' | 'none';
}

/** The answer of a route that looks the reported transaction up on its cluster (api/verify.ts) when the cluster's RPC fails. */
const CHAIN_LOOKUP = { 502: "the cluster's RPC could not be asked for the transaction" };

/** The answers of a route acting for a wallet without that wallet's session (auth/guard.ts). */
const WALLET_SESSION = { 401: 'not signed in', 403: 'signed in as another wallet' };

const hub = '/api/collaboration/{projectId}';
const SIGNED_IN = { 401: 'no session', 403: 'not the studio of this film' };
const COLLABORATION_ROUTES: RouteDoc[] = [
  { method: 'get', path: '/api/collaboration', summary: 'The hubs of the films a wallet lists or holds shares of', query: schemas.hubListQuery },
  { method: 'get', path: hub, summary: 'A hub: team (paginated), top investors, counts; viewerIsStudio for ?wallet=', params: schemas.projectIdParams, query: schemas.hubQuery },
  { method: 'get', path: `${hub}/messages`, summary: 'Chat history, oldest first', params: schemas.projectIdParams, query: schemas.messagesQuery },
  { method: 'get', path: `${hub}/stream`, summary: 'New chat messages as server-sent events (event "message", id = message id)', params: schemas.projectIdParams, query: schemas.messagesQuery },
  { method: 'post', path: `${hub}/messages`, summary: 'Post a chat message as the signed-in wallet', params: schemas.projectIdParams, body: schemas.messageBody, responses: { 201: 'ChatMessage', 401: 'no session' } },
  { method: 'get', path: `${hub}/updates`, summary: "The studio's updates, newest first", params: schemas.projectIdParams, query: schemas.pageQuery },
  { method: 'post', path: `${hub}/updates`, summary: 'Post an update (the studio only)', params: schemas.projectIdParams, body: schemas.updateBody, responses: { 201: 'Update', ...SIGNED_IN } },
  { method: 'get', path: `${hub}/polls`, summary: 'Polls with tallies, newest first; myVote for ?wallet=', params: schemas.projectIdParams, query: schemas.pollListQuery },
  { method: 'post', path: `${hub}/polls`, summary: 'Open a poll (the studio only)', params: schemas.projectIdParams, body: schemas.pollBody, responses: { 201: 'Poll', ...SIGNED_IN } },
  { method: 'post', path: `${hub}/polls/{pollId}/votes`, summary: 'Vote once per wallet while the poll is active', params: schemas.pollParams, body: schemas.voteBody, responses: { 201: 'Poll', 401: 'no session', 409: 'Already Voted' } },
  { method: 'post', path: `${hub}/team`, summary: 'Add a team member (the studio only)', params: schemas.projectIdParams, body: schemas.teamMemberBody, responses: { 201: 'TeamMember', ...SIGNED_IN } },
  {
    method: 'delete',
    path: `${hub}/team/{memberId}`,
    summary: 'Remove a team member (the studio only)',
    params: schemas.teamMemberParams,
    body: schemas.actorBody,
    responses: { 204: 'removed', ...SIGNED_IN },
  },
];

const CAMPAIGN_ROUTES: RouteDoc[] = [
  { method: 'get', path: '/api/campaigns', summary: "An advertiser's campaigns, newest first: { campaigns: CampaignSummary[] }", query: schemas.campaignListQuery },
  { method: 'get', path: '/api/campaigns/genres', summary: "The genre list of a campaign's target_genres bitmask (bit i = genres[i]): { genres }" },
  {
    method: 'get',
    path: '/api/campaigns/{address}',
    summary: 'One campaign: CampaignSummary with series (per UTC day) and byFilm (impressions and spend)',
    params: schemas.campaignParams,
    responses: { 404: 'Campaign not found' },
  },
  {
    method: 'put',
    path: '/api/campaigns/{address}/details',
    summary: "The advertising request's off-chain details of a campaign (its advertiser's session only); answers CampaignSummary",
    params: schemas.campaignParams,
    body: schemas.campaignDetailsBody,
    responses: { ...WALLET_SESSION, 403: 'signed in as another wallet, or not the campaign’s advertiser', 404: 'campaign not indexed yet' },
  },
];

const ANALYTICS_ROUTES: RouteDoc[] = [
  { method: 'get', path: '/api/analytics/platform', summary: 'Funding over time, views and revenue per day, the split, per film (the per-film list paginated)', query: schemas.pageQuery },
  { method: 'get', path: '/api/analytics/projects/{projectId}', summary: "One film's funding over time, views and revenue per day, split", params: schemas.projectIdParams },
  { method: 'get', path: '/api/analytics/wallet/{userId}', summary: "A wallet's invested, earned and claimed amounts over time", params: schemas.userIdParams },
];

export const ROUTES: RouteDoc[] = [
  { method: 'get', path: '/api/health', summary: 'Liveness and per-cluster indexer state: cursor, gaps (with the quarantined transaction a stream waits for), transactions, settlement, quarantine { count, newest } and unavailableSignatures { count, newest }' },
  {
    method: 'get',
    path: '/api/auth/nonce',
    cluster: 'none',
    summary: 'A Sign-In With Solana request: { input } for solana:signIn and the same request as SIWS text { message } for signMessage',
    query: schemas.signInRequestQuery,
    responses: { 503: 'no cluster database to keep sign-in nonces in' },
  },
  {
    method: 'post',
    path: '/api/auth/sign-in',
    cluster: 'none',
    summary: 'Verify a signed SIWS message and set the HttpOnly session cookie; answers { walletAddress, expiresAt }',
    body: schemas.signInBody,
    responses: { 400: 'not a SIWS message', 401: 'bad signature, other domain, unknown/used/expired nonce, or expired message', 503: 'no cluster database to keep sign-in nonces in' },
  },
  { method: 'post', path: '/api/auth/sign-out', summary: 'Clear the session cookie', cluster: 'none' },
  { method: 'get', path: '/api/auth/session', summary: 'The current session { walletAddress, expiresAt }', responses: { 401: 'not signed in' }, cluster: 'none' },
  { method: 'get', path: '/api/openapi.json', summary: 'This document' },
  { method: 'get', path: '/api/projects', summary: 'Projects (spec Project shape): every match as Project[]; with limit or cursor one page { items: Project[], nextCursor: string or null, total: number }', query: schemas.projectListQuery },
  { method: 'get', path: '/api/projects/featured', summary: 'Featured projects, funding first', query: schemas.featuredQuery },
  { method: 'get', path: '/api/projects/{id}', summary: 'One project', params: schemas.idParams, responses: { 404: 'Project not found' } },
  {
    method: 'put',
    path: '/api/projects/{id}/status',
    summary: 'Mark funded after verifying the claim_license (or goal-reaching invest) transaction',
    params: schemas.idParams,
    body: schemas.projectStatusBody,
    responses: { ...CHAIN_LOOKUP, 400: 'transaction does not match', 404: 'project or transaction not found' },
  },
  { method: 'get', path: '/api/projects/{id}/certificates', summary: "A film's licence certificates (Token-2022 mints), newest first", params: schemas.idParams, query: schemas.pageQuery },
  {
    method: 'post',
    path: '/api/projects/{id}/metadata',
    summary: "The film's studio stores its edited metadata document: { uri, sha256 } for update_project_metadata; needs the studio's session",
    params: schemas.idParams,
    body: schemas.listingEditBody,
    responses: { 201: '{ uri, sha256 }', 400: 'nothing changed', 401: 'not signed in', 403: 'not the film’s studio', 404: 'Project not found' },
  },
  { method: 'get', path: '/api/platform', summary: "The platform's admin, caps and funding window", responses: { 404: 'not initialised' } },
  { method: 'get', path: '/api/studios/{walletAddress}', summary: "A wallet's studio: on chain, settings, verification application, isAdmin", params: schemas.walletParams },
  {
    method: 'put',
    path: '/api/studios/{walletAddress}/profile',
    summary: "Save the studio's settings; needs that wallet's session",
    params: schemas.walletParams,
    body: schemas.studioProfileBody,
    responses: { 401: 'not signed in', 403: 'another wallet' },
  },
  {
    method: 'get',
    path: '/api/verification/applications',
    summary: "Every studio's latest application, open ones first, then newest (the platform admin's session)",
    query: schemas.pageQuery,
    responses: { 401: 'not signed in', 403: 'not the platform admin' },
  },
  {
    method: 'post',
    path: '/api/verification/applications',
    summary: "Apply for studio verification; needs that wallet's session",
    body: schemas.applicationBody,
    responses: { 201: 'Application', 401: 'not signed in', 403: 'another wallet', 409: 'an application waits for review' },
  },
  {
    method: 'post',
    path: '/api/verification/applications/{id}/reject',
    summary: 'The admin rejects an application with a reason the studio reads',
    params: schemas.applicationIdParams,
    body: schemas.rejectionBody,
    responses: { 403: 'not the platform admin', 404: 'Application not found', 409: 'already decided' },
  },
  {
    method: 'post',
    path: '/api/verification/applications/{id}/approve',
    summary: "The admin approves an application with the verify_studio transaction that verified the studio",
    params: schemas.applicationIdParams,
    body: schemas.approvalBody,
    responses: { ...CHAIN_LOOKUP, 400: 'transaction does not verify this studio', 403: 'not the platform admin', 404: 'Application not found', 409: 'already decided' },
  },
  {
    method: 'post',
    path: '/api/transactions',
    summary: 'Verify and ingest any program transaction the app sent (listing, studio, metadata edit, refund)',
    body: schemas.transactionBody,
    responses: { ...CHAIN_LOOKUP, 400: 'not a Marquee transaction', 404: 'transaction not found' },
  },
  { method: 'get', path: '/api/investments/user/{userId}', summary: "A user's investments with their project, newest first", params: schemas.userIdParams, query: schemas.pageQuery },
  { method: 'get', path: '/api/investments/project/{projectId}', summary: "A project's investments, newest first", params: schemas.projectIdParams, query: schemas.pageQuery },
  {
    method: 'post',
    path: '/api/investments',
    summary: 'Record an investment after verifying its invest transaction',
    body: schemas.investmentBody,
    responses: { ...CHAIN_LOOKUP, 201: 'Investment', 400: 'transaction does not match', 404: 'project or transaction not found' },
  },
  {
    method: 'post',
    path: '/api/users',
    summary: "Register a wallet (idempotent); needs that wallet's session",
    body: schemas.userBody,
    responses: { ...WALLET_SESSION, 409: 'the address is a demo key, not a wallet' },
  },
  { method: 'get', path: '/api/users/{userId}', summary: 'A user by id or wallet', params: schemas.userIdParams },
  {
    method: 'post',
    path: '/api/embeds',
    summary: 'Record an embed after verifying its register_embed transaction',
    body: schemas.embedBody,
    responses: { ...CHAIN_LOOKUP, 201: 'Embed' },
  },
  { method: 'get', path: '/api/embeds', summary: 'Registered embeds', query: schemas.embedListQuery },
  {
    method: 'post',
    path: '/api/embeds/claims',
    summary: 'Record a claim_publisher_revenue after verifying its transaction',
    body: schemas.publisherClaimBody,
    responses: { ...CHAIN_LOOKUP },
  },
  {
    method: 'get',
    path: '/api/publishers/{walletAddress}/websites',
    summary: "A wallet's websites and their verification, newest first; needs that wallet's session",
    params: schemas.publisherParams,
    query: schemas.pageQuery,
    responses: { ...WALLET_SESSION },
  },
  {
    method: 'post',
    path: '/api/publishers/websites',
    summary: "A website's verification token (the same until verified); needs that wallet's session",
    body: schemas.websiteRequestBody,
    responses: { 201: 'Website', ...WALLET_SESSION },
  },
  {
    method: 'post',
    path: '/api/publishers/websites/verify',
    summary: "Check that the site serves its token (/.well-known/marquee-verification.txt or a <meta> tag); needs that wallet's session",
    body: schemas.websiteVerifyBody,
    responses: { ...WALLET_SESSION, 404: 'no token issued', 422: 'not verified: the reason' },
  },
  {
    method: 'get',
    path: '/api/publishers/{walletAddress}/keys',
    summary: "A wallet's auto-list API keys (never the keys themselves), newest first; needs that wallet's session",
    params: schemas.publisherParams,
    query: schemas.pageQuery,
    responses: { ...WALLET_SESSION },
  },
  {
    method: 'post',
    path: '/api/publishers/keys',
    summary: "A new API key for a verified website, shown once; needs that wallet's session",
    body: schemas.apiKeyBody,
    responses: { 201: 'ApiKey with key', 401: 'not signed in', 403: 'signed in as another wallet, or website not verified' },
  },
  {
    method: 'post',
    path: '/api/publishers/keys/{id}/revoke',
    summary: "Revoke an API key; needs that wallet's session",
    params: schemas.apiKeyIdParams,
    body: schemas.revokeKeyBody,
    responses: { ...WALLET_SESSION, 404: 'unknown or already revoked' },
  },
  {
    method: 'get',
    path: '/api/publishers/{walletAddress}/analytics',
    summary: "Views and earnings of a wallet's embeds, per day (in a from..to window) and per embed (paginated)",
    params: schemas.publisherParams,
    query: schemas.publisherAnalyticsQuery,
  },
  { method: 'get', path: '/api/catalogue', summary: 'The funded catalogue for an API key, from its verified origin', query: schemas.catalogueQuery, responses: { 401: 'missing or unknown key', 403: 'revoked key or another origin' } },
  { method: 'get', path: '/api/revenue/unclaimed/{userId}', summary: "A user's unclaimed distributions, newest first (totals over all of them)", params: schemas.userIdParams, query: schemas.pageQuery },
  { method: 'get', path: '/api/revenue/user/{userId}', summary: "A user's revenue totals, per project, and transactions (newest first)", params: schemas.userIdParams, query: schemas.pageQuery },
  { method: 'get', path: '/api/revenue/distributions', summary: 'Platform-wide revenue distributions', query: schemas.distributionsQuery },
  {
    method: 'post',
    path: '/api/revenue/claim',
    summary: 'Mark distributions claimed after verifying the claim_revenue transaction',
    body: schemas.claimBody,
    responses: { ...CHAIN_LOOKUP },
  },
  { method: 'post', path: '/api/views/nonce', summary: 'A play nonce for one view of a registered embed', body: schemas.nonceBody, responses: { 201: '{ nonce, issuedAt, minWatchMs }', 429: 'rate limited: 60 play nonces per client address, or 900 per embed, a minute' } },
  { method: 'post', path: '/api/views', summary: 'Report a view (one per play nonce)', body: schemas.viewBody, responses: { 404: 'unregistered embed or unknown play nonce', 429: 'rate limited: 20 counted views per client address, or 300 per embed, a minute' } },
  { method: 'post', path: '/api/metadata', summary: 'Store project metadata; returns the uri and sha256 for create_project', body: schemas.metadataBody, responses: { 201: '{ uri, sha256 }' } },
  { method: 'get', path: '/api/metadata/{sha256}', summary: 'Stored project metadata', params: schemas.sha256Params },
  ...COLLABORATION_ROUTES,
  ...ANALYTICS_ROUTES,
  ...CAMPAIGN_ROUTES,
  {
    method: 'post',
    path: '/api/media',
    summary:
      'Upload a file (multipart field "file"): a JPG or PNG image of at most 10 MB, or an MP4 or WebM video creative of at most 50 MB, typed by its bytes; returns { url, sha256, contentType }',
    upload: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'a JPG or PNG image, or an MP4 or WebM video creative' } } },
          encoding: { file: { contentType: 'image/jpeg, image/png, video/mp4, video/webm' } },
        },
      },
    },
    responses: { 400: 'no file', 413: 'an image over 10 MB or a video over 50 MB', 415: 'not a JPG, PNG, MP4 or WebM, or not multipart' },
  },
  { method: 'get', path: '/api/media/{sha256}', summary: 'A stored image or video (immutable)', params: schemas.sha256Params, responses: { 404: 'no such file' } },
  {
    method: 'get',
    path: '/player/{projectId}',
    summary: 'The embed player page (HTML): pre-roll ad, film, view reporting under the visibility rule',
    params: schemas.projectIdParams,
    query: schemas.playerQuery,
    responses: { 404: 'unknown project or cluster (HTML)' },
    cluster: 'query',
  },
  {
    method: 'get',
    path: '/player/{projectId}/ads/{slot}',
    summary: "One slot's ad for the player: a campaign's (video for pre-roll and mid-roll, display for the overlay) or the house ad (campaign null)",
    params: schemas.playerAdParams,
    responses: { 400: 'unknown slot', 404: 'Project not found' },
    cluster: 'query',
  },
  { method: 'get', path: '/player/player.js', summary: "The player page's script (the state machine of pre-roll, film, mid-roll and overlay)", cluster: 'none' },
  { method: 'get', path: '/player/catalogue.js', summary: 'The Auto-List loader: lists the funded catalogue of its data-key on the page', cluster: 'none' },
  { method: 'get', path: '/player/loader.js', summary: "The embed snippet's loader: initialises each queued player (container, projectId, adUnit, website)", cluster: 'none' },
  {
    method: 'post',
    path: '/api/webhooks/helius',
    summary: 'Helius raw-transaction webhook (Authorization header checked)',
    body: heliusDelivery,
    responses: { 401: 'bad authorization', 404: 'webhook not configured' },
  },
];

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

function parameters(where: 'path' | 'query', schema?: z.ZodObject) {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !(field as z.ZodType).safeParse(undefined).success,
    schema: jsonSchema(field as z.ZodType),
  }));
}

function clusterParameters(from: NonNullable<RouteDoc['cluster']>, schema: Record<string, unknown>) {
  const query = { name: 'cluster', in: 'query', required: false, description: 'the cluster to read (default: the default cluster)', schema };
  const header = { name: CLUSTER_HEADER, in: 'header', required: false, description: 'the cluster, when there is no ?cluster=', schema };
  return { 'query and header': [query, header], query: [query], none: [] }[from];
}

export interface OpenApiOptions {
  /** The clusters this server serves (the `cluster` query parameter and header take one of them). */
  clusters: string[];
  defaultCluster?: string;
  /** Paths documented elsewhere (the demo chain's /api/demo routes). */
  extraPaths?: Record<string, unknown>;
}

export function openApiDocument({ clusters, defaultCluster, extraPaths = {} }: OpenApiOptions) {
  const cluster = { type: 'string', enum: clusters, ...(defaultCluster ? { default: defaultCluster } : {}) };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const listResponse = route.method === 'get' ? LIST_RESPONSES[route.path as keyof typeof LIST_RESPONSES] : undefined;
    const responses: Record<string, unknown> = {
      200: listResponse
        ? { description: 'OK', content: { 'application/json': { schema: z.toJSONSchema(listResponse, { io: 'output', unrepresentable: 'any' }) } } }
        : { description: 'OK' },
    };
    for (const [status, description] of Object.entries(route.responses ?? {})) responses[status] = { description };
    responses['4XX'] = {
      description: 'Bad input or unknown id',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      summary: route.summary,
      parameters: [
        ...parameters('path', route.params),
        ...parameters('query', route.query),
        ...clusterParameters(route.cluster ?? 'query and header', cluster),
      ],
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } }
        : {}),
      ...(route.upload ? { requestBody: route.upload } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Marquee API', version: '0.1.0', description: 'See docs/API.md for the response shapes.' },
    paths: { ...paths, ...extraPaths },
    components: {
      schemas: { Error: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
    },
  };
}
