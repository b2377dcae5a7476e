// The demo chain in process: the first start seeds a catalogue through the real program, demo
// wallets are funded once, every demo action is a real transaction the spec's write paths verify,
// views are settled on chain, and a restart on the same data folder shows the same data.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { DEMO_ROUTE_DOCS } from '../src/demo/contract.ts';
import { DISTRIBUTION_ACCOUNT_BYTES } from '../src/constants.ts';
import { pda } from '@marquee/program-client';
import { revenue } from '../src/db/index.ts';
import { dropTestStorage, scalar } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { demoDataDir, jsonRequest, movableClock, stopDemo } from './helpers/demo-app.ts';
import { signIn } from './helpers/sign-in.ts';
import { mintedTicket, TEST_TICKET_SECRET } from './helpers/tickets.ts';

/** A play of the seeded embed whose ad ticket names `campaign` (the ad lookup itself is tested in player-ads). */
const demoPlay = (embed: { projectId: number; embedId: string; websiteUrl: string }, campaign: string, nowMs: number) => ({
  projectId: embed.projectId,
  embedId: embed.embedId,
  ...mintedTicket({ projectId: embed.projectId, embedId: embed.embedId, origin: new URL(embed.websiteUrl).origin, campaign, nowMs }),
});

const WALLET_KEY = anchor.web3.Keypair.generate();
const OTHER_KEY = anchor.web3.Keypair.generate();
/** The platform admin: the only wallet that moves the demo's clock and runs its settlement. */
const ADMIN_KEY = anchor.web3.Keypair.generate();
const WALLET = WALLET_KEY.publicKey.toBase58();
const OTHER_WALLET = OTHER_KEY.publicKey.toBase58();
const DAY_MS = 86_400_000;
const { bs58 } = anchor.utils.bytes;

type Json = any;

describe('demo chain', () => {
  const { dataDir, storage } = demoDataDir('demo');
  let demo: DemoRuntime;
  // The refund test moves the clock past a deadline.
  const clock = movableClock();
  const now = clock.now;
  /** Requests carry WALLET's session unless `as` names another wallet's (or none: null). */
  let request: (method: string, path: string, body?: unknown, as?: 'other' | 'admin' | null) => Promise<{ status: number; body: Json }>;

  let sessions: { wallet: string; other: string; admin: string };
  let signInBoth: () => Promise<void>;

  async function open() {
    demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0, now, adminWallet: ADMIN_KEY.publicKey.toBase58() });
    demo.cluster.indexer.start();
    const app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: { minWatchMs: 0 }, now, ticketSecret: TEST_TICKET_SECRET });
    signInBoth = async () => {
      sessions = { wallet: await signIn(app, WALLET_KEY), other: await signIn(app, OTHER_KEY), admin: await signIn(app, ADMIN_KEY) };
    };
    await signInBoth();
    request = async (method, path, body, as) => {
      const cookie = as === null ? undefined : as ? sessions[as] : sessions.wallet;
      const answer = await jsonRequest(app, method, path, body, { 'x-forwarded-for': '203.0.113.7', ...(cookie ? { cookie } : {}) });
      if (answer.status < 300) expectDocumentedAnswer(method, path, answer.body);
      return answer;
    };
  }

  const close = () => stopDemo(demo);

  /** A demo action's success answer has the shape its route documents (DEMO_ROUTE_DOCS, published in /api/openapi.json). */
  function expectDocumentedAnswer(method: string, path: string, body: unknown) {
    const bare = path.split('?')[0];
    const route = DEMO_ROUTE_DOCS.find(
      (doc) => doc.method === method.toLowerCase() && new RegExp(`^${doc.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
    );
    if (!bare.startsWith('/api/demo/') || !route || !(route.response instanceof z.ZodType)) return;
    const parsed = route.response.safeParse(body);
    assert.ok(parsed.success, `${method} ${path} answered outside its documented shape: ${parsed.error?.message}`);
  }

  before(open);
  after(async () => {
    await close();
    await dropTestStorage(storage);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A funding film that is less than 5 SOL from its goal (the catalogue has two). */
  async function nearlyFunded(): Promise<Json> {
    const { body } = await request('GET', '/api/projects');
    return body.find((project: Json) => project.status === 'funding' && project.fundingGoal - project.currentFunding < 5000);
  }

  test('the first start seeds 15 films from 5 studios in every state, through GET /api/projects', async () => {
    assert.equal(demo.seeded?.projects, 15);
    const { status, body: projects } = await request('GET', '/api/projects');
    assert.equal(status, 200);
    assert.equal(projects.length, 15);
    const count = (predicate: (project: Json) => boolean) => projects.filter(predicate).length;
    assert.equal(count((project) => project.status === 'funded'), 5);
    assert.equal(count((project) => project.status === 'failed'), 2);
    assert.equal(count((project) => project.status === 'funding'), 8);
    // Two close to their deadline, and the last-call film closing minutes after the first start.
    assert.equal(count((project) => project.status === 'funding' && Date.parse(project.deadline) - Date.now() < 7 * DAY_MS), 3);
    assert.equal(count((project) => project.status === 'funding' && Date.parse(project.deadline) - Date.now() < DAY_MS), 1);
    assert.equal(count((project) => project.status === 'funding' && project.fundingGoal - project.currentFunding < 5000), 2);
    assert.equal(new Set(projects.map((project: Json) => project.studioAddress)).size, 5);
    assert.deepEqual(
      [...new Set(projects.map((project: Json) => project.studioName))].sort(),
      ['Kestrel & Vine', 'Ninth Wave Studio', 'Northlight Pictures', 'Paper Lantern Animation', 'Saltmarsh Films'],
    );
    assert.equal(count((project) => project.studioVerified), 9);
    for (const project of projects) {
      assert.ok(project.description && project.directorName && project.genres.length > 0, project.title);
      assert.equal(project.thumbnailUrl, `/api/demo/posters/${project.id}.svg`);
    }
    const poster = await request('GET', projects[0].thumbnailUrl);
    assert.equal(poster.status, 200);
    assert.match(poster.body, /^<svg /);

    const funded = projects.filter((project: Json) => project.status === 'funded');
    const investors = new Set<string>();
    for (const project of funded) {
      const { body } = await request('GET', `/api/investments/project/${project.id}`);
      for (const investment of body) investors.add(investment.investorAddress);
    }
    assert.equal(investors.size, 8);
    const embeds = await request('GET', '/api/embeds');
    assert.equal(embeds.body.length, 8);
    const distributions = await request('GET', '/api/revenue/distributions');
    assert.equal(distributions.body.length, 13);
    assert.ok(distributions.body.every((distribution: Json) => distribution.totalViews > 0 && distribution.amount > 0));
    assert.ok(count((project) => project.totalRevenue > 0 && project.totalViews > 0) === 4);
  });

  test('a demo wallet is funded with 15.75 SOL once', async () => {
    assert.equal((await request('GET', `/api/demo/wallets/${WALLET}`)).status, 404);
    const first = await request('POST', '/api/demo/wallets', { walletAddress: WALLET });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, { walletAddress: WALLET, demoAddress: first.body.demoAddress, balanceLamports: '15750000000', balance: 15.75 });
    const again = await request('POST', '/api/demo/wallets', { walletAddress: WALLET });
    assert.deepEqual(again.body, first.body);
    assert.deepEqual((await request('GET', `/api/demo/wallets/${WALLET}`)).body, first.body);
    assert.equal((await request('POST', '/api/demo/wallets', { walletAddress: 'not-a-wallet' })).status, 400);
  });

  test("a demo action for a wallet needs that wallet's session: forged walletAddress → 401 / 403, nothing spent", async () => {
    const project = await nearlyFunded();
    const balance = async () => (await request('GET', `/api/demo/wallets/${WALLET}`)).body.balanceLamports;
    const raised = async () => (await request('GET', `/api/projects/${project.id}`)).body.raisedLamports;
    const [balanceBefore, raisedBefore] = [await balance(), await raised()];
    const invest = { walletAddress: WALLET, projectId: project.id, amount: 1 };
    const anonymous = await request('POST', '/api/demo/invest', invest, null);
    assert.equal(anonymous.status, 401, anonymous.body.message);
    const forged = await request('POST', '/api/demo/invest', invest, 'other');
    assert.equal(forged.status, 403, forged.body.message);
    for (const [path, body] of [
      ['/api/demo/claim-revenue', { walletAddress: WALLET, distributionIds: [0] }],
      ['/api/demo/refund', { walletAddress: WALLET, projectId: project.id }],
      ['/api/demo/claim-license', { walletAddress: WALLET, projectId: project.id }],
      ['/api/demo/register-embed', { walletAddress: WALLET, projectId: project.id, websiteUrl: 'https://x.example', embedId: 'forged' }],
      ['/api/demo/claim-publisher-revenue', { walletAddress: WALLET, projectId: project.id, embedId: 'forged' }],
      ['/api/demo/generate-revenue', { userId: WALLET, amount: 1 }],
      ['/api/demo/wallets', { walletAddress: WALLET }],
    ] as const) {
      assert.equal((await request('POST', path, body, 'other')).status, 403, path);
      assert.equal((await request('POST', path, body, null)).status, 401, path);
    }
    assert.deepEqual([await balance(), await raised()], [balanceBefore, raisedBefore]);
  });

  test('a server-held key is never a wallet, even with a session for its address', async () => {
    const investorKey = demo.chain.keypair('investor:1');
    const address = investorKey.publicKey.toBase58();
    const before = (await request('GET', `/api/investments/user/${address}`)).body.length;
    assert.ok(before > 0, 'the seeded investor has investments');
    const app = createApp({ clusters: [demo.cluster], demo: demo.extension, now });
    const cookie = await signIn(app, investorKey);
    const post = (path: string, body: unknown) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const connect = await post('/api/demo/wallets', { walletAddress: address });
    assert.equal(connect.status, 409, await connect.text());
    const register = await post('/api/users', { walletAddress: address });
    assert.equal(register.status, 409, await register.text());
    assert.equal(demo.chain.walletKeyName(address), undefined, 'no demo key was made for it');
    assert.equal((await request('GET', `/api/investments/user/${address}`)).body.length, before);
  });

  test('demo invest, then POST /api/investments with simulated: true: the investment is visible and the project raised more', async () => {
    const project = await nearlyFunded();
    const invest = await request('POST', '/api/demo/invest', { walletAddress: WALLET, projectId: project.id, amount: 1.25 });
    assert.equal(invest.status, 200, invest.body.message);
    assert.equal(bs58.decode(invest.body.signature).length, 64);
    const recorded = await request('POST', '/api/investments', {
      userId: WALLET,
      projectId: project.id,
      amount: 1250,
      tokenShare: 1.25 / (project.fundingGoal / 1000),
      txHash: invest.body.signature,
      simulated: true,
    });
    assert.ok(recorded.status < 300, recorded.body.message);
    const mine = await request('GET', `/api/investments/user/${WALLET}`);
    assert.equal(mine.body.length, 1);
    assert.equal(mine.body[0].txHash, invest.body.signature);
    assert.equal(mine.body[0].amount, 1250);
    assert.equal(mine.body[0].project.id, project.id);
    const after = await request('GET', `/api/projects/${project.id}`);
    assert.equal(after.body.currentFunding, project.currentFunding + 1250);
    assert.equal(after.body.investorCount, project.investorCount + 1);
    const wallet = await request('GET', `/api/demo/wallets/${WALLET}`);
    assert.ok(wallet.body.balance < 15.75 - 1.25 && wallet.body.balance > 15.75 - 1.25 - 0.01);
  });

  test('errors of demo actions are 4xx with the program’s message', async () => {
    const { body: projects } = await request('GET', '/api/projects');
    const funded = projects.find((project: Json) => project.status === 'funded');
    const rejected = await request('POST', '/api/demo/invest', { walletAddress: WALLET, projectId: funded.id, amount: 1 });
    assert.deepEqual(rejected, { status: 400, body: { message: 'The project is not accepting investments' } });
    assert.equal((await request('POST', '/api/demo/invest', { walletAddress: WALLET, projectId: 999, amount: 1 })).status, 404);
    const tooMuch = await request('POST', '/api/demo/invest', { walletAddress: WALLET, projectId: projects.find((p: Json) => p.title === 'Hollow Moon').id, amount: 40 });
    assert.equal(tooMuch.status, 400);
    const noRevenue = await request('POST', '/api/demo/generate-revenue', { userId: OTHER_WALLET, amount: 2 }, 'other');
    assert.equal(noRevenue.status, 400);
    assert.equal((await request('POST', '/api/demo/generate-revenue', { userId: WALLET, amount: 11 })).status, 400);
  });

  test('complete a film, claim its licence, embed it, generate and claim revenue, list a film: each a verified transaction', async () => {
    const project = await nearlyFunded();
    const rest = (project.fundingGoal - project.currentFunding) / 1000;
    const complete = await request('POST', '/api/demo/invest', { walletAddress: WALLET, projectId: project.id, amount: rest });
    assert.equal(complete.status, 200, complete.body.message);
    assert.equal((await request('GET', `/api/projects/${project.id}`)).body.status, 'funded');

    const license = await request('POST', '/api/demo/claim-license', { walletAddress: WALLET, projectId: project.id });
    assert.equal(license.status, 200, license.body.message);
    const status = await request('PUT', `/api/projects/${project.id}/status`, { status: 'funded', txHash: license.body.signature, simulated: true });
    assert.equal(status.status, 200, status.body.message);
    assert.equal(status.body.fundsReleased, true);

    const embedId = `embed-${project.id}-1767225600000`;
    const embed = await request('POST', '/api/demo/register-embed', { walletAddress: WALLET, projectId: project.id, websiteUrl: 'https://films.example', embedId });
    assert.equal(embed.status, 200, embed.body.message);
    const embedRecord = await request('POST', '/api/embeds', { projectId: project.id, websiteUrl: 'https://films.example', embedId, txHash: embed.body.signature });
    assert.ok(embedRecord.status < 300, embedRecord.body.message);

    // {userId} as the number POST /api/users returned.
    const user = await request('POST', '/api/users', { walletAddress: WALLET });
    assert.equal(typeof user.body.id, 'number');
    const revenue = await request('POST', '/api/demo/generate-revenue', { userId: user.body.id, amount: 2.5 });
    assert.equal(revenue.status, 200, revenue.body.message);
    assert.equal(revenue.body.projectId, project.id);
    const unclaimed = await request('GET', `/api/revenue/unclaimed/${WALLET}`);
    assert.equal(unclaimed.body.distributions.length, 1);
    assert.ok(unclaimed.body.total > 0);
    const ids = unclaimed.body.distributions.map((distribution: Json) => distribution.id);
    const claim = await request('POST', '/api/demo/claim-revenue', { walletAddress: WALLET, distributionIds: ids });
    assert.equal(claim.status, 200, claim.body.message);
    assert.equal(claim.body.amount, unclaimed.body.total);
    // RevenueClaimed carries no timestamp: the claim is dated by its demo transaction's block time.
    const claimTx = await demo.chain.getTransaction(claim.body.signature);
    assert.ok(claimTx?.blockTime, 'the demo chain gives its transactions a block time');
    assert.equal(Number(await scalar(demo.cluster.db, 'SELECT claimed_at FROM revenue_claims WHERE signature = ?', claim.body.signature)), claimTx.blockTime);
    const recorded = await request('POST', '/api/revenue/claim', { distributionIds: ids, txHash: claim.body.signature, simulated: true });
    assert.equal(recorded.status, 200, recorded.body.message);
    assert.deepEqual(recorded.body.claimed, ids);
    assert.equal((await request('GET', `/api/revenue/unclaimed/${WALLET}`)).body.total, 0);

    const listing = {
      walletAddress: WALLET,
      title: 'The Night Ferry',
      description: 'A ferry captain on her last crossing.',
      directorName: 'Ada Lindqvist',
      releaseYear: 2025,
      licenseType: 'Exclusive Streaming',
      fundingGoal: 8000,
      deadline: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
      genres: 'Drama, Thriller',
    };
    const listed = await request('POST', '/api/demo/projects', listing);
    assert.equal(listed.status, 201, listed.body.message);
    const film = await request('GET', `/api/projects/${listed.body.projectId}`);
    assert.equal(film.body.title, 'The Night Ferry');
    assert.equal(film.body.fundingGoal, 8000);
    assert.deepEqual(film.body.genres, ['Drama', 'Thriller']);
    assert.equal(film.body.thumbnailUrl, `/api/demo/posters/${listed.body.projectId}.svg`);
    // Someone else's film: the wallet is not its studio and the server does not hold that studio's key.
    const other = await request('POST', '/api/demo/projects', { ...listing, walletAddress: OTHER_WALLET, title: 'Other Film' }, 'other');
    assert.equal(other.status, 201, other.body.message);
    const foreign = await request('POST', '/api/demo/claim-license', { walletAddress: WALLET, projectId: other.body.projectId });
    assert.equal(foreign.status, 403);
  });

  test('counted views are settled on chain by the settlement job, from the campaign that served them', async () => {
    const { body: embeds } = await request('GET', '/api/embeds');
    const embed = embeds.find((candidate: Json) => candidate.websiteUrl === 'https://films.example');
    const before = (await request('GET', `/api/projects/${embed.projectId}`)).body.totalViews;
    // An advertiser's sponsorship of the film at 1 SOL per 1,000 views (house-ad views are never
    // settled): three views pay 3,000,000 lamports, more than the distribution account's rent.
    const created = await request(
      'POST',
      '/api/demo/campaigns',
      {
        walletAddress: OTHER_WALLET,
        adType: 'sponsorship',
        sponsoredProjectId: embed.projectId,
        pricePerMille: 1,
        budget: 1,
        creativeUri: 'https://ads.example/spot.mp4',
        creativeHash: 'ab'.repeat(32),
        targetGenres: [],
        endAt: new Date(now() + 30 * DAY_MS).toISOString(),
      },
      'other',
    );
    assert.equal(created.status, 201, created.body.message);
    const campaign = created.body.campaign.address;
    // The seeded publisher verified its website (the check itself is tested in publishers-api).
    await verifiedWebsite(demo.cluster.db, embed.publisher, embed.websiteUrl);
    for (let view = 0; view < 3; view++) {
      const counted = await request('POST', '/api/views', demoPlay(embed, campaign, now()));
      assert.deepEqual(counted.body, { counted: true });
    }
    const settled = await request('POST', '/api/demo/settle', undefined, 'admin');
    assert.equal(settled.status, 200);
    assert.equal(settled.body.settled.length, 1);
    assert.equal((await request('GET', `/api/projects/${embed.projectId}`)).body.totalViews, before + 3);
    const paid = await request('GET', `/api/campaigns/${campaign}`);
    // Three views at the sponsorship's price, and the distribution's rent the campaign pays.
    assert.equal(paid.body.spentLamports, String(3_000_000 + demo.chain.minimumBalance(DISTRIBUTION_ACCOUNT_BYTES)));
    assert.equal(paid.body.impressions, 3);
  });

  test('the settlement reads the demo chain: its next distribution index, and its rent for the distribution account a batch creates', async () => {
    const { body: embeds } = await request('GET', '/api/embeds');
    const embed = embeds.find((candidate: Json) => candidate.websiteUrl === 'https://films.example');
    const project = pda.project(embed.projectId);
    const next = await demo.service.settlement.nextDistributionIndex(project.toBase58());
    assert.equal(next, Number(demo.chain.account('Project', project).distribution_count.toString()));
    // The settlement test above created the film's last distribution account: the size the job prices.
    const account = demo.chain.rawAccount(pda.distribution(project, BigInt(next - 1)));
    assert.equal(account?.data.length, DISTRIBUTION_ACCOUNT_BYTES);
    // Today's rent: (128 + 137 bytes) × 3,480 lamports per byte-year × 2 years.
    assert.equal(await demo.service.settlement.rentExemptMinimum(DISTRIBUTION_ACCOUNT_BYTES), 1_844_400n);
  });

  test('a video campaign’s view waits: its 15,000 lamports do not pay the distribution account’s rent', async () => {
    const { body: embeds } = await request('GET', '/api/embeds');
    const embed = embeds.find((candidate: Json) => candidate.websiteUrl === 'https://films.example');
    const created = await request(
      'POST',
      '/api/demo/campaigns',
      { walletAddress: OTHER_WALLET, adType: 'video', budget: 1, creativeUri: 'https://ads.example/spot.mp4', creativeHash: 'ab'.repeat(32), targetGenres: [], endAt: new Date(now() + 30 * DAY_MS).toISOString() },
      'other',
    );
    assert.equal(created.status, 201, created.body.message);
    const campaign = created.body.campaign.address;
    assert.deepEqual((await request('POST', '/api/views', demoPlay(embed, campaign, now()))).body, { counted: true });
    const distributions = await revenue.distributionCount(demo.cluster.db, embed.projectId);
    const settled = await request('POST', '/api/demo/settle', undefined, 'admin');
    assert.deepEqual([settled.body.settled, settled.body.failed], [[], []]);
    assert.deepEqual(settled.body.waiting, [
      { projectId: embed.projectId, campaign, views: 1, reason: "Waits until its views pay more than the distribution account's rent (1844400 lamports)" },
    ]);
    assert.equal(await revenue.distributionCount(demo.cluster.db, embed.projectId), distributions);
    assert.equal((await request('GET', `/api/campaigns/${campaign}`)).body.spentLamports, '0');
  });

  test('error: the demo settlement signer never sends a batch at an index already taken on chain', async () => {
    const { body: embeds } = await request('GET', '/api/embeds');
    const embed = embeds.find((candidate: Json) => candidate.websiteUrl === 'https://films.example');
    const project = pda.project(embed.projectId).toBase58();
    // The settlement test above paid this film's views: its last distribution index is taken.
    const taken = (await revenue.distributionCount(demo.cluster.db, embed.projectId)) - 1;
    const transactions = demo.chain.transactionCount;
    await assert.rejects(
      demo.service.settlement.distributeRevenue({ project, projectId: embed.projectId, index: taken, amountLamports: 15_000n, embeds: [] }),
      { message: `Distribution ${taken} of project ${embed.projectId} is not the next one on chain (the project has ${taken + 1}); not sending it again` },
    );
    assert.equal(demo.chain.transactionCount, transactions);
  });

  test('a publisher claims its embed\'s earnings; an investor takes a refund once a film missed its deadline', async () => {
    const { body: embeds } = await request('GET', '/api/embeds');
    const embed = embeds.find((candidate: Json) => candidate.websiteUrl === 'https://films.example');
    const publisherClaim = await request('POST', '/api/demo/claim-publisher-revenue', { walletAddress: WALLET, projectId: embed.projectId, embedId: embed.embedId });
    assert.equal(publisherClaim.status, 200, publisherClaim.body.message);
    // 3 views at 1,000,000 lamports (the sponsorship's 1 SOL per 1,000), 40% to publishers: 1,200,000 lamports.
    assert.deepEqual([publisherClaim.body.amountLamports, publisherClaim.body.amount], ['1200000', 1.2]);
    const again = await request('POST', '/api/demo/claim-publisher-revenue', { walletAddress: WALLET, projectId: embed.projectId, embedId: embed.embedId });
    assert.deepEqual(again, { status: 400, body: { message: 'There is nothing to claim' } });

    const listed = await request('POST', '/api/demo/projects', {
      walletAddress: OTHER_WALLET,
      title: 'Short Notice',
      description: 'A film that runs out of time.',
      directorName: 'Ada Lindqvist',
      releaseYear: 2025,
      licenseType: 'Limited Distribution',
      fundingGoal: 50000,
      deadline: new Date(now() + DAY_MS).toISOString(),
      genres: ['Drama'],
    }, 'other');
    assert.equal(listed.status, 201, listed.body.message);
    const projectId = listed.body.projectId;
    assert.equal((await request('POST', '/api/demo/invest', { walletAddress: WALLET, projectId, amount: 2 })).status, 200);
    const early = await request('POST', '/api/demo/refund', { walletAddress: WALLET, projectId });
    assert.deepEqual(early, { status: 400, body: { message: 'Refunds open only after the deadline of an unfunded project' } });
    clock.offsetMs += 2 * DAY_MS;
    // Two days on, yesterday's sessions have expired.
    assert.equal((await request('POST', '/api/demo/refund', { walletAddress: WALLET, projectId })).status, 401);
    await signInBoth();
    assert.equal((await request('GET', `/api/projects/${projectId}`)).body.status, 'failed');
    const refund = await request('POST', '/api/demo/refund', { walletAddress: WALLET, projectId });
    assert.equal(refund.status, 200, refund.body.message);
    assert.equal(refund.body.amountLamports, '2000000000');
    const project = (await request('GET', `/api/projects/${projectId}`)).body;
    assert.deepEqual([project.currentFunding, project.investorCount], [0, 0]);
  });

  test('the demo chain finalizes at once: a reconciliation pass confirms every ingested transaction and rolls nothing back', async () => {
    const [newest] = await demo.chain.getSignatures(demo.cluster.indexer.programId, { limit: 1 });
    assert.equal(await demo.chain.finalizedSlot(), newest.slot);
    const result = await demo.cluster.indexer.reconcileFinalized();
    assert.deepEqual(result.rolledBack, []);
    assert.ok(result.finalized > 0);
    assert.equal(await scalar(demo.cluster.db, 'SELECT COUNT(*) AS n FROM transactions WHERE finalized = 0'), 0);
  });

  test('a restart on the same data folder shows the same data', async () => {
    const read = async () => ({
      projects: (await request('GET', '/api/projects')).body,
      investments: (await request('GET', `/api/investments/user/${WALLET}`)).body,
      wallet: (await request('GET', `/api/demo/wallets/${WALLET}`)).body,
      distributions: (await request('GET', '/api/revenue/distributions')).body,
      transactions: (await request('GET', '/api/health')).body.clusters[0].transactions,
    });
    const before = await read();
    await close();
    await open();
    assert.equal(demo.seeded, null);
    assert.deepEqual(await read(), before);
  });

  test("the demo's clock and settlement are the platform admin's: 401 anonymous, 403 for another wallet; the clock runs at most 400 days ahead", async () => {
    const start = demo.chain.clockNow();
    for (const [path, body] of [['/api/demo/clock/advance', { seconds: 86_400 }], ['/api/demo/settle', undefined]] as const) {
      assert.equal((await request('POST', path, body, null)).status, 401, `${path} anonymous`);
      const other = await request('POST', path, body, 'other');
      assert.equal(other.status, 403, `${path} as another wallet`);
      assert.match(other.body.message, /Only the platform admin/);
    }
    assert.equal(demo.chain.clockNow(), start, 'a refused advance moved nothing');
    // 30 days a call, 400 days in all: the 14th call would pass the cap.
    for (let call = 0; call < 13; call++) assert.equal((await request('POST', '/api/demo/clock/advance', { seconds: 30 * 86_400 }, 'admin')).status, 200);
    const movedTo = demo.chain.clockNow();
    const capped = await request('POST', '/api/demo/clock/advance', { seconds: 30 * 86_400 }, 'admin');
    assert.equal(capped.status, 400);
    assert.match(capped.body.message, /at most 400 days ahead in total: it is 390 days ahead, so at most 864000 more seconds/);
    assert.ok(demo.chain.clockNow() - movedTo < 5, 'nothing moved');
    assert.equal((await request('POST', '/api/demo/clock/advance', { seconds: 10 * 86_400 }, 'admin')).status, 200, 'up to the cap');
  });
});
