// /api/publishers: a wallet's websites and their verification (the server issues a token, then
// checks that the site serves it), its auto-list API keys (shown once, stored hashed, revocable,
// scoped to one verified origin) and the analytics of its embeds. Everything but the analytics (the
// chain's figures, public anyway) is the wallet's own: its session is required (auth/guard.ts).
import * as contract from '@marquee/api-contract';
import { WALLET_SESSION, ApiRoutes, get, post } from '../openapi.ts';
import { SIGNED_WRITE, signedWrite } from '../quotas.ts';
import { createHash, randomBytes } from 'node:crypto';
import { requireWallet } from '../../auth/guard.ts';
import { fail } from '../errors.ts';
import { listAnswer, nextCursor, requestedPage } from '../page-cursor.ts';
import {
  apiKeyBody,
  apiKeyIdParams,
  dayNumber,
  pageQuery,
  publisherAnalyticsQuery,
  publisherParams,
  revokeKeyBody,
  websiteRequestBody,
  websiteVerifyBody,
} from '../schemas.ts';
import { isoDate } from '../../read-models/units.ts';
import { API_KEY_PREFIX, API_KEY_SHOWN_PREFIX_LENGTH, MAX_ANALYTICS_WINDOW_DAYS } from '../../constants.ts';
import { publishers, settlement, type Executor } from '../../db/index.ts';
import type { WebsiteRow } from '../../db/publishers.ts';
import { catalogueSnippet } from '../../player/snippet.ts';
import { originOf } from '../../origin.ts';
import type { SiteFetchOptions } from '../../publishers/site-fetch.ts';
import { WELL_KNOWN_PATH, issueToken, metaTag, verifySite } from '../../publishers/site-verification.ts';

const isoMs = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function websiteShape(row: WebsiteRow) {
  return {
    origin: row.origin,
    websiteUrl: row.website_url,
    status: row.status,
    token: row.token,
    wellKnownUrl: `${row.origin}${WELL_KNOWN_PATH}`,
    metaTag: metaTag(row.token),
    method: row.method,
    verifiedAt: isoMs(row.verified_at),
    lastError: row.last_error,
    contactEmail: row.contact_email,
    websiteName: row.website_name,
    monthlyVisitors: row.monthly_visitors,
    category: row.category,
  };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

async function requireVerified(db: Executor, wallet: string, origin: string) {
  const website = await publishers.findWebsite(db, wallet, origin);
  if (website?.status !== 'verified') fail(403, `Verify ${origin} first: API keys are only issued for verified websites`);
}

export function publisherRoutes(now: () => number, siteFetch: SiteFetchOptions) {
  return new ApiRoutes()
    .endpoint(
      get('/{walletAddress}/websites', "A wallet's websites and their verification, newest first; needs that wallet's session", {
        params: publisherParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/publishers/{walletAddress}/websites'],
        errors: WALLET_SESSION,
      }),
      async (c) => {
        const { walletAddress } = c.req.valid('param');
        await requireWallet(c, walletAddress);
        const { db } = c.var.cluster;
        const list = () => publishers.listWebsites(db, walletAddress);
        return c.json(
          await listAnswer(c.req.valid('query'), publishers.WEBSITE_ORDER, list, (page) => publishers.pageWebsites(db, walletAddress, page), websiteShape),
        );
      },
    )
    .endpoint(
      post('/websites', "A website's verification token (the same until verified); needs that wallet's session", {
        middleware: [signedWrite()],
        body: websiteRequestBody,
        response: contract.website,
        status: 201,
        errors: { ...WALLET_SESSION, ...SIGNED_WRITE },
      }),
      async (c) => {
        const { walletAddress, websiteUrl, contactEmail, websiteName, monthlyVisitors, category } = c.req.valid('json');
        await requireWallet(c, walletAddress);
        const given = [websiteName, monthlyVisitors, category].filter((field) => field !== undefined).length;
        if (given !== 0 && given !== 3) fail(400, 'A publisher application needs its Website Name, Monthly Visitors and Website Category');
        const row = await publishers.requestWebsite(c.var.cluster.db, {
          wallet: walletAddress,
          origin: originOf(websiteUrl)!,
          websiteUrl,
          token: issueToken(),
          contactEmail: contactEmail ?? null,
          now: now(),
          application: given === 3 ? { websiteName: websiteName!, monthlyVisitors: monthlyVisitors!, category: category! } : undefined,
        });
        return c.json(websiteShape(row), 201);
      },
    )
    .endpoint(
      post('/websites/verify', "Check that the site serves its token (/.well-known/marquee-verification.txt or a <meta> tag); needs that wallet's session", {
        middleware: [signedWrite('verificationFetches')],
        body: websiteVerifyBody,
        response: contract.website,
        errors: { ...SIGNED_WRITE, ...WALLET_SESSION, 404: 'no token issued', 422: 'not verified: the reason' },
      }),
      async (c) => {
        const { db } = c.var.cluster;
        const { walletAddress, websiteUrl } = c.req.valid('json');
        await requireWallet(c, walletAddress);
        const origin = originOf(websiteUrl)!;
        const website = await publishers.findWebsite(db, walletAddress, origin);
        if (!website) fail(404, `No verification token for ${origin} yet: ask for one with POST /api/publishers/websites`);
        if (website.status === 'verified') return c.json(websiteShape(website));
        // Marquee's own origin (the one called, and the public one) never verifies: its documents serve anything.
        const result = await verifySite(website.website_url, website.token, siteFetch, [c.get('publicOrigin')]);
        await publishers.recordCheck(db, website.id, { ...result, now: now() });
        if (!result.verified) fail(422, result.reason);
        return c.json(websiteShape((await publishers.findWebsite(db, walletAddress, origin))!));
      },
    )
    .endpoint(
      get('/{walletAddress}/keys', "A wallet's auto-list API keys (never the keys themselves), newest first; needs that wallet's session", {
        params: publisherParams,
        query: pageQuery,
        response: contract.LIST_RESPONSES['/api/publishers/{walletAddress}/keys'],
        errors: WALLET_SESSION,
      }),
      async (c) => {
        const { walletAddress } = c.req.valid('param');
        await requireWallet(c, walletAddress);
        const shape = (row: publishers.ApiKeyRow) => ({
          id: Number(row.id),
          origin: row.origin,
          prefix: row.prefix,
          createdAt: isoMs(row.created_at)!,
          revokedAt: isoMs(row.revoked_at),
        });
        const { db } = c.var.cluster;
        const list = () => publishers.listApiKeys(db, walletAddress);
        return c.json(await listAnswer(c.req.valid('query'), publishers.API_KEY_ORDER, list, (page) => publishers.pageApiKeys(db, walletAddress, page), shape));
      },
    )
    .endpoint(
      post('/keys', "A new API key for a verified website, shown once; needs that wallet's session", {
        middleware: [signedWrite()],
        body: apiKeyBody,
        response: contract.newApiKey,
        status: 201,
        errors: { ...SIGNED_WRITE, 401: 'not signed in', 403: 'signed in as another wallet, or website not verified' },
      }),
      async (c) => {
        const { db } = c.var.cluster;
        const { walletAddress } = c.req.valid('json');
        await requireWallet(c, walletAddress);
        const origin = originOf(c.req.valid('json').origin)!;
        await requireVerified(db, walletAddress, origin);
        const key = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
        const prefix = key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH);
        const createdAt = now();
        const id = await publishers.insertApiKey(db, { wallet: walletAddress, origin, keyHash: hashApiKey(key), prefix, now: createdAt });
        return c.json(
          {
            id,
            origin,
            prefix,
            createdAt: isoMs(createdAt)!,
            revokedAt: null,
            key,
            catalogueSnippet: catalogueSnippet({ origin: c.get('publicOrigin'), cluster: c.var.cluster.name, apiKey: key }),
          },
          201,
        );
      },
    )
    .endpoint(
      post('/keys/{id}/revoke', "Revoke an API key; needs that wallet's session", {
        middleware: [signedWrite()],
        params: apiKeyIdParams,
        body: revokeKeyBody,
        response: contract.apiKey,
        errors: { ...SIGNED_WRITE, ...WALLET_SESSION, 404: 'unknown or already revoked' },
      }),
      async (c) => {
        const { db } = c.var.cluster;
        const { id } = c.req.valid('param');
        const { walletAddress } = c.req.valid('json');
        await requireWallet(c, walletAddress);
        if (!(await publishers.revokeApiKey(db, walletAddress, id, now()))) fail(404, 'API key not found, or already revoked');
        const row = (await publishers.findApiKey(db, id))!;
        return c.json({ id, origin: row.origin, prefix: row.prefix, createdAt: isoMs(row.created_at)!, revokedAt: isoMs(row.revoked_at) });
      },
    )
    .endpoint(
      get('/{walletAddress}/analytics', "Views and earnings of a wallet's embeds, per day (in a from..to window) and per embed (paginated)", {
        description: `from and to go together, to is not before from, and the window spans at most ${MAX_ANALYTICS_WINDOW_DAYS} days: rules across two parameters the schema cannot state, each a 400 naming the parameter (from or to) otherwise.`,
        params: publisherParams,
        query: publisherAnalyticsQuery,
        response: contract.LIST_RESPONSES['/api/publishers/{walletAddress}/analytics'],
        errors: { 400: `bad input, or from and to that do not make a window of 1 to ${MAX_ANALYTICS_WINDOW_DAYS} days` },
      }),
      async (c) => {
        const { db } = c.var.cluster;
        const query = c.req.valid('query');
        const signer = await publishers.signerOfWallet(db, c.req.valid('param').walletAddress);
        const page = requestedPage(query, publishers.EMBED_TOTALS_ORDER);
        const window = query.from && query.to ? { fromDay: dayNumber(query.from), toDay: dayNumber(query.to) } : undefined;
        const [days, unsettled] = await Promise.all([publishers.dailyActivity(db, signer, window), settlement.unsettledViewsOfPublisher(db, signer)]);
        const byDay = days.map((day) => ({
          date: isoDate(day.day * 86_400)!.slice(0, 10),
          embedId: day.embed_id,
          projectId: day.project_id,
          views: day.views,
          earnedLamports: String(day.earned_lamports),
        }));
        if (page) {
          // A page of byEmbed: the totals still cover every embed, summed by the database.
          const [embedPage, sums] = await Promise.all([publishers.pageEmbedTotals(db, signer, page), publishers.embedSums(db, signer)]);
          return c.json({
            totals: totalsOf(sums.views, sums.earned, sums.claimed),
            byDay,
            byEmbed: embedPage.rows.map(embedFigures(unsettled)),
            nextCursor: nextCursor(publishers.EMBED_TOTALS_ORDER, embedPage),
          });
        }
        const embeds = await publishers.embedTotals(db, signer);
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        return c.json({
          totals: totalsOf(
            sum(embeds.map((embed) => Number(embed.views))),
            sum(embeds.map((embed) => Number(embed.earned_lamports))),
            sum(embeds.map((embed) => Number(embed.claimed_lamports))),
          ),
          byDay,
          byEmbed: embeds.map(embedFigures(unsettled)),
        });
      },
    );
}

function totalsOf(views: number, earned: number, claimed: number) {
  return { views, earnedLamports: String(earned), claimedLamports: String(claimed), claimableLamports: String(earned - claimed) };
}

/** An embed's figures, with its views not paid yet and why (`unsettled` of the publisher's embeds). */
const embedFigures = (unsettled: { embedId: string; views: number; reason: string }[]) => (embed: publishers.EmbedTotals) => ({
  ...embedTotalsFigures(embed),
  unsettled: unsettled.filter((row) => row.embedId === embed.embed_id).map(({ views, reason }) => ({ views, reason })),
});

function embedTotalsFigures(embed: publishers.EmbedTotals) {
  return {
    embedId: embed.embed_id,
    projectId: Number(embed.project_id),
    title: embed.title,
    websiteUrl: embed.website_url,
    views: Number(embed.views),
    earnedLamports: String(embed.earned_lamports),
    claimedLamports: String(embed.claimed_lamports),
    claimableLamports: String(Number(embed.earned_lamports) - Number(embed.claimed_lamports)),
  };
}
