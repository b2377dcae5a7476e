// /api/demo: the demo chain's actions for the dApp's DemoClient (docs/API.md). Each action runs a
// real transaction on the demo chain and answers with its base58 signature; the dApp then reports
// it on the spec's write path (POST /api/investments with simulated: true, …), which verifies it.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../api/context.ts';
import { requireSession, requireWallet } from '../auth/guard.ts';
import { requireAdmin } from '../api/admin.ts';
import { perAddress } from '../api/quotas.ts';
import { fail } from '../api/errors.ts';
import { loadCampaignSummary } from '../read-models/campaigns.ts';
import { chainSeconds } from '../cluster.ts';
import { creativeKindOf } from '../campaigns/creative.ts';
import { validate } from '../api/validate.ts';
import { chainTransactionToJson } from '@marquee/program-client';
import type { SettlementJob } from '../settlement/job.ts';
import { DEMO_CLUSTER } from './chain.ts';
import { posterSvg } from './posters.ts';
import { certificates, projects, settlement, users } from '../db/index.ts';
import { transactionPage } from './transaction-page.ts';
import { DemoActionError } from './action-error.ts';
import { AutoListError, autoList } from '../publishers/auto-list.ts';
import type { DemoService, MetadataStore } from './service.ts';
import { demoSchemas } from './contract.ts';

const blankToNull = (text: string | undefined) => (text === undefined || text === '' ? null : text);

/** The indexed CampaignSummary of a campaign a demo action just changed (indexed before the action answered). */
async function summaryOf(c: Context<AppEnv>, address: string) {
  const summary = await loadCampaignSummary(c.var.cluster.db, address, chainSeconds(c.var.cluster, Date.now));
  if (!summary) throw new Error(`Campaign ${address} is not indexed after its transaction`);
  return summary;
}

/** Runs an action, turning its client errors into the API's `{ message }` 4xx. */
async function act<T>(action: () => T | Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof DemoActionError) fail(error.status, error.message);
    throw error;
  }
}

/**
 * A `{userId}` action needs the session of that user's wallet (a wallet address not registered yet
 * is its own wallet): 401 without a session, 404 for an unknown numeric id, 403 for another's.
 */
async function requireUserSession(c: Context<AppEnv>, userId: string): Promise<void> {
  await requireSession(c);
  const { user } = await users.resolveUser(c.var.cluster.db, userId);
  if (!user && /^\d+$/.test(userId)) fail(404, 'User not found');
  await requireWallet(c, user?.wallet_address ?? userId);
}

export function demoRoutes(service: DemoService, options: { settlement?: SettlementJob; metadataStore: (origin: string) => MetadataStore }) {
  return (
    new Hono<AppEnv>()
      .use('*', async (c, next) => {
        if (c.var.cluster.name !== DEMO_CLUSTER) fail(400, `Demo actions run on the ${DEMO_CLUSTER} cluster only`);
        await next();
      })
      .post('/wallets', perAddress('demoWallets'), validate('json', demoSchemas.wallet), async (c) => {
        const { walletAddress: wallet } = c.req.valid('json');
        await requireWallet(c, wallet);
        return c.json(await act(() => service.keys.connect(wallet)));
      })
      .get('/wallets/:walletAddress', validate('param', demoSchemas.walletParams), (c) => {
        const wallet = service.keys.wallet(c.req.valid('param').walletAddress);
        if (!wallet) fail(404, 'Unknown wallet: connect it with POST /api/demo/wallets');
        return c.json(wallet);
      })
      .post('/invest', validate('json', demoSchemas.invest), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.invest(body.walletAddress, body.projectId, body.amount)));
      })
      .post('/claim-license', validate('json', demoSchemas.claimLicense), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.claimLicense(body.walletAddress, body.projectId)));
      })
      .post('/register-embed', validate('json', demoSchemas.registerEmbed), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.registerEmbed(body.walletAddress, body.projectId, body.websiteUrl, body.embedId)));
      })
      // Auto-List: every funded film not listed yet on the verified website gets its embed, so it earns.
      .post('/auto-list', validate('json', demoSchemas.autoList), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const register = (projectId: number, embedId: string) => act(() => service.registerEmbed(body.walletAddress, projectId, body.websiteUrl, embedId));
        try {
          return c.json({ registered: await autoList(service.cluster.db, { wallet: body.walletAddress, websiteUrl: body.websiteUrl }, register) });
        } catch (error) {
          if (error instanceof AutoListError) fail(403, error.message);
          throw error;
        }
      })
      .post('/refund', validate('json', demoSchemas.refund), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.refund(body.walletAddress, body.projectId)));
      })
      .post('/register-studio', validate('json', demoSchemas.registerStudio), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.registerStudio(body.walletAddress, body.name)));
      })
      .post('/verify-studio', validate('json', demoSchemas.verifyStudio), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.verifyStudio(body.walletAddress, body.studio, body.verified)));
      })
      .post('/mint-certificate', validate('json', demoSchemas.mintCertificate), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const minted = await act(() => service.mintCertificate(body.walletAddress, body.projectId));
        await certificates.recordCertificate(c.var.cluster.db, {
          mint: minted.mint,
          projectId: body.projectId,
          owner: minted.studio,
          signature: minted.signature,
          mintedAt: service.chain.now(),
        });
        return c.json({ signature: minted.signature, mint: minted.mint });
      })
      .post('/update-metadata', validate('json', demoSchemas.updateMetadata), async (c) => {
        const { walletAddress: wallet, projectId: id, ...edit } = c.req.valid('json');
        await requireWallet(c, wallet);
        const store = options.metadataStore(c.get('publicOrigin'));
        return c.json(await act(() => service.updateMetadata(wallet, id, edit, store)));
      })
      .get('/transactions/:signature', validate('param', demoSchemas.transaction), (c) => {
        const tx = service.chain.committed(c.req.valid('param').signature);
        if (!tx) fail(404, 'Transaction not found on the demo chain');
        return c.html(transactionPage(tx));
      })
      .post('/claim-publisher-revenue', validate('json', demoSchemas.claimPublisherRevenue), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.claimPublisherRevenue(body.walletAddress, body.projectId, body.embedId)));
      })
      .post('/claim-revenue', validate('json', demoSchemas.claimRevenue), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        return c.json(await act(() => service.claimRevenue(body.walletAddress, body.distributionIds)));
      })
      .post('/projects', validate('json', demoSchemas.listing), async (c) => {
        const { walletAddress: wallet, ...listing } = c.req.valid('json');
        await requireWallet(c, wallet);
        const store = options.metadataStore(c.get('publicOrigin'));
        return c.json(await act(() => service.listFilm(wallet, listing, store)), 201);
      })
      .post('/generate-revenue', validate('json', demoSchemas.generateRevenue), async (c) => {
        const body = c.req.valid('json');
        await requireUserSession(c, body.userId);
        return c.json(await act(() => service.house.generateRevenue(body.userId, body.amount)));
      })
      .post('/campaigns', validate('json', demoSchemas.campaign), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const { walletAddress: wallet, companyName, email, website, targetAudience, monthlyBudgetUsd, ...campaign } = body;
        const created = await act(async () =>
          service.createCampaign(wallet, {
            ...campaign,
            creativeKind: await creativeKindOf(campaign.creativeUri, c.var.media),
            details: {
              companyName: blankToNull(companyName),
              email: blankToNull(email),
              website: blankToNull(website),
              targetAudience: blankToNull(targetAudience),
              monthlyBudgetUsd: monthlyBudgetUsd ?? null,
            },
          }),
        );
        return c.json({ txHash: created.signature, campaign: await summaryOf(c, created.campaign) }, 201);
      })
      .post('/campaigns/:address/top-up', validate('param', demoSchemas.campaignParams), validate('json', demoSchemas.topUp), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const { address } = c.req.valid('param');
        const { signature } = await act(() => service.topUpCampaign(body.walletAddress, address, body.amount));
        return c.json({ txHash: signature, campaign: await summaryOf(c, address) });
      })
      .post('/campaigns/:address/pause', validate('param', demoSchemas.campaignParams), validate('json', demoSchemas.pause), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const { address } = c.req.valid('param');
        const { signature } = await act(() => service.setCampaignPaused(body.walletAddress, address, body.paused));
        return c.json({ txHash: signature, campaign: await summaryOf(c, address) });
      })
      .post('/campaigns/:address/close', validate('param', demoSchemas.campaignParams), validate('json', demoSchemas.closeCampaign), async (c) => {
        const body = c.req.valid('json');
        await requireWallet(c, body.walletAddress);
        const { address } = c.req.valid('param');
        const { signature, refundedLamports } = await act(() => service.closeCampaign(body.walletAddress, address));
        return c.json({ txHash: signature, refundedLamports, campaign: await summaryOf(c, address) });
      })
      // The clock and the settlement run are everybody's: only the platform admin moves them.
      .post('/clock/advance', validate('json', demoSchemas.clockAdvance), async (c) => {
        await requireAdmin(c, "moves the demo chain's clock");
        return c.json(await act(() => service.advanceClock(c.req.valid('json').seconds)));
      })
      .post('/settle', async (c) => {
        await requireAdmin(c, 'runs the settlement job');
        if (!options.settlement) fail(404, 'The settlement job is not running');
        const results = await options.settlement.runOnce();
        return c.json({
          settled: results.filter((result) => result.signature),
          failed: results.filter((result) => !result.signature),
          // Views no batch took, and why (e.g. they do not pay the distribution account's rent yet).
          waiting: await settlement.waitingViews(c.var.cluster.db),
        });
      })
      // The demo chain as a chain source, for the API processes that do not hold it (roles/leader-chain-source.ts).
      .get('/chain/transactions/:signature', validate('param', demoSchemas.chainTransaction), async (c) => {
        const tx = await service.chain.getTransaction(c.req.valid('param').signature);
        if (!tx) fail(404, 'No committed demo-chain transaction by that signature');
        return c.json(chainTransactionToJson(tx));
      })
      .get('/chain/signatures/:address', validate('param', demoSchemas.chainSignatures), validate('query', demoSchemas.chainSignatureQuery), async (c) =>
        c.json(await service.chain.getSignatures(c.req.valid('param').address, c.req.valid('query'))),
      )
      .get('/posters/:file', validate('param', demoSchemas.poster), async (c) => {
        const id = Number.parseInt(c.req.valid('param').file, 10);
        const row = await projects.titleAndMetadata(c.var.cluster.db, id);
        if (!row) fail(404, 'Project not found');
        const metadata = row.metadata ? JSON.parse(row.metadata) : {};
        const svg = posterSvg({ ...metadata, title: row.title });
        return c.body(svg, 200, { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=86400' });
      })
  );
}
