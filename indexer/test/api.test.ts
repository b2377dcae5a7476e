// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// Every route through app.request(): success shapes, and bad input answered with a 4xx `{ message }`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import anchor from '@coral-xyz/anchor';
import { AD_TICKET_TTL_MS, RATE_LIMIT_WINDOW_MS } from '../src/constants.ts';
import { UserLinkError, users } from '../src/db/index.ts';
import { testApp } from './helpers/app.ts';
import { address, buildTransaction, randomSignature } from './helpers/chain.ts';
import { scalar } from './helpers/dump.ts';
import { sqlRow, sqlRows } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { signIn } from './helpers/sign-in.ts';
import { mintedTicket } from './helpers/tickets.ts';

/** A play of the embed with a house-ad ticket for `origin`, as the player page on that origin gets it. */
const playBody = (projectId: number, embedId: string, nowMs: number, origin = 'https://films.example') => ({
  projectId,
  embedId,
  ...mintedTicket({ projectId, embedId, origin, campaign: null, nowMs }),
});

const alice = address('alice');
const bob = address('bob');
const publisher = address('publisher');

/** A cluster with a funding film (id 0), a funded film with an embed and a distribution (id 1), all ingested. */
async function seeded(options: Parameters<typeof testApp>[0] = {}) {
  const t = await testApp(options);
  const { chain, cluster } = t;
  chain.initializePlatform();
  const studio = chain.registerStudio('a24', 'A24');
  chain.verifyStudio(studio);
  const funding = chain.createProject(studio, 'Open Water', 20);
  const fundingInvest = chain.invest(funding.id, alice, 2_000_000_000n);
  const funded = chain.createProject(studio, 'Night Train', 10);
  chain.invest(funded.id, alice, 6_000_000_000n);
  const goalReached = chain.invest(funded.id, bob, 4_000_000_000n);
  const license = chain.claimLicense(funded.id);
  const { embed, tx: embedTx } = chain.registerEmbed(funded.id, publisher, 'embed-1-1700000000000', 'https://films.example');
  const distribution = chain.distributeRevenue(funded.id, 1_000_000_000n, [{ embed, views: 100n }]);
  await cluster.indexer.sync();
  await verifiedWebsite(cluster.db, publisher, 'https://films.example');
  return { ...t, studio, funding, funded, fundingInvest, goalReached, license, embed, embedTx, distribution };
}

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

function assertError(result: { status: number; body: { message?: unknown } }, status: number, message?: RegExp | string) {
  assert.equal(result.status, status, JSON.stringify(result.body));
  assert.equal(typeof result.body.message, 'string');
  assert.deepEqual(Object.keys(result.body), ['message']);
  if (message instanceof RegExp) assert.match(result.body.message as string, message);
  else if (message) assert.equal(result.body.message, message);
}

describe('GET /api/health and /api/openapi.json', () => {
  test('health reports each cluster', async () => {
    const { request } = await seeded();
    const { status, body } = await json(await request('GET', '/api/health'));
    assert.equal(status, 200);
    assert.equal(body.ok, true);
    assert.equal(body.clusters[0].name, 'demo');
    assert.deepEqual(body.clusters[0].gaps, []);
    assert.ok(body.clusters[0].cursor.signature);
    assert.deepEqual(body.clusters[0].settlement, { unbatchedViews: 0, pendingBatches: 0, lastError: null });
  });

  test('the OpenAPI document is served (its agreement with the routes: openapi-contract.test.ts)', async () => {
    const { request } = await testApp();
    const { status, body } = await json(await request('GET', '/api/openapi.json'));
    assert.equal(status, 200);
    assert.equal(body.openapi, '3.1.0');
    assert.ok(body.paths['/api/investments'].post.requestBody);
  });

  test('unknown cluster and unknown path answer 4xx with a message', async () => {
    const { request } = await testApp();
    assertError(await json(await request('GET', '/api/projects?cluster=nope')), 400, /Unknown cluster "nope"/);
    assertError(await json(await request('GET', '/api/projects', undefined, { 'x-marquee-cluster': 'mainnet' })), 400, /Unknown cluster/);
    assertError(await json(await request('GET', '/api/nothing-here')), 404, /Not found/);
  });
});

describe('/api/projects', () => {
  test('lists projects in the spec shape (USD at 1 SOL = 1000 USD)', async () => {
    const { request, funded } = await seeded();
    const { status, body } = await json(await request('GET', '/api/projects'));
    assert.equal(status, 200);
    assert.equal(body.length, 2);
    const film = body.find((p: { id: number }) => p.id === funded.id);
    assert.equal(film.title, 'Night Train');
    assert.equal(film.fundingGoal, 10_000);
    assert.equal(film.currentFunding, 10_000);
    assert.equal(film.goalLamports, '10000000000');
    assert.equal(film.status, 'funded');
    assert.equal(film.fundsReleased, true);
    assert.equal(film.investorCount, 2);
    assert.equal(film.studioName, 'A24');
    assert.equal(film.studioVerified, true);
    assert.equal(typeof film.studioId, 'number');
    assert.match(film.embeddableCode, /<iframe src="http:\/\/localhost\/player\/1\?slots=pre-roll%2Cmid-roll%2Coverlay"/);
    assert.match(film.embeddableCode, /data-publisher-id="YOUR_PUBLISHER_ID"/);
    assert.match(film.embeddableCode, /<script async src="http:\/\/localhost\/player\/loader.js"><\/script>/);
    assert.equal(film.totalRevenue, 1000);
    assert.equal(film.totalViews, 100);
    assert.ok(!Number.isNaN(Date.parse(film.deadline)));
    for (const key of ['id', 'title', 'description', 'thumbnailUrl', 'genres', 'directorName', 'studioId', 'fundingGoal', 'currentFunding', 'deadline', 'createdAt', 'status', 'embeddableCode']) {
      assert.ok(key in film, key);
    }
  });

  test('filters by status, search (title, description, director) and studio', async () => {
    const { request, studio, authority } = { ...(await seeded()), authority: address('authority:a24') };
    const funding = (await json(await request('GET', '/api/projects?status=funding'))).body;
    assert.deepEqual(funding.map((p: { title: string }) => p.title), ['Open Water']);
    const search = (await json(await request('GET', '/api/projects?search=night'))).body;
    assert.deepEqual(search.map((p: { title: string }) => p.title), ['Night Train']);
    assert.equal((await json(await request('GET', `/api/projects?studio=${studio}`))).body.length, 2);
    assert.equal((await json(await request('GET', `/api/projects?studio=${authority}`))).body.length, 2);
    assert.equal((await json(await request('GET', `/api/projects?studio=${alice}`))).body.length, 0);
    assertError(await json(await request('GET', '/api/projects?status=bogus')), 400, /status/);
    assertError(await json(await request('GET', '/api/projects?studio=xyz')), 400, /studio/);
  });

  test('a funding project past its deadline is failed', async () => {
    const t = await seeded();
    t.clock.advance(60 * 86400 * 1000);
    const project = (await json(await t.request('GET', `/api/projects/${t.funding.id}`))).body;
    assert.equal(project.status, 'failed');
  });

  test('featured: funding first, limit respected and validated', async () => {
    const { request } = await seeded();
    const featured = (await json(await request('GET', '/api/projects/featured?limit=5'))).body;
    assert.deepEqual(featured.map((p: { status: string }) => p.status), ['funding', 'funded']);
    assert.equal((await json(await request('GET', '/api/projects/featured?limit=1'))).body.length, 1);
    assert.equal((await json(await request('GET', '/api/projects/featured'))).body.length, 2);
    assertError(await json(await request('GET', '/api/projects/featured?limit=0')), 400, /limit/);
    assertError(await json(await request('GET', '/api/projects/featured?limit=abc')), 400, /limit/);
  });

  test('one project; unknown and malformed ids', async () => {
    const { request, funded } = await seeded();
    const { status, body } = await json(await request('GET', `/api/projects/${funded.id}`));
    assert.equal(status, 200);
    assert.equal(body.address, funded.address);
    assertError(await json(await request('GET', '/api/projects/999')), 404, 'Project not found');
    assertError(await json(await request('GET', '/api/projects/abc')), 400, /id/);
    assertError(await json(await request('GET', '/api/projects/-1')), 400, /id/);
  });

  test('POST of an invest in a project the indexer has not seen yet brings the project in', async () => {
    const t = await testApp();
    t.chain.initializePlatform();
    const studio = t.chain.registerStudio('s', 'S');
    await t.cluster.indexer.sync();
    const film = t.chain.createProject(studio, 'Brand New', 10);
    const tx = t.chain.invest(film.id, alice, 1_000_000_000n);
    const { status, body } = await json(await t.request('POST', '/api/investments', { projectId: film.id, txHash: tx.signature }));
    assert.equal(status, 201, JSON.stringify(body));
    assert.equal(body.project.title, 'Brand New');
  });

  test('PUT status verifies the claim_license transaction', async () => {
    const { request, funded, license, goalReached, fundingInvest } = await seeded();
    const ok = await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'funded', txHash: license.signature, simulated: true }));
    assert.equal(ok.status, 200);
    assert.equal(ok.body.status, 'funded');
    assert.equal((await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'funded', txHash: goalReached.signature }))).status, 200);
    // An invest that did not reach the goal does not fund anything.
    assertError(await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'funded', txHash: fundingInvest.signature })), 400, /no matching/);
    assertError(await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'failed', txHash: license.signature })), 400, /status/);
    assertError(await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'funded' })), 400, /txHash/);
    assertError(await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'funded', txHash: 'a'.repeat(44) })), 400, /signature/);
    assertError(await json(await request('PUT', `/api/projects/${funded.id}/status`, { status: 'funded', txHash: randomSignature() })), 404, /was not found on demo/);
    assertError(await json(await request('PUT', '/api/projects/77/status', { status: 'funded', txHash: license.signature })), 404, 'Project not found');
  });
});

describe('/api/investments', () => {
  test('POST verifies the invest transaction and answers the stored investment', async () => {
    const t = await testApp();
    const { chain, request, cluster } = t;
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'S');
    const film = chain.createProject(studio, 'Film', 10);
    await cluster.indexer.sync();
    // The wallet signs the invest; the indexer has not seen it yet when the client reports it.
    const tx = chain.invest(film.id, alice, 2_500_000_000n);
    const before = ((await sqlRow(cluster.db, 'SELECT COUNT(*) AS n FROM investments')) as { n: number }).n;
    const { status, body } = await json(await request('POST', '/api/investments', { projectId: film.id, amount: 2500, txHash: tx.signature, onChain: true }));
    assert.equal(status, 201);
    assert.equal(before, 0);
    assert.equal(body.amount, 2500);
    assert.equal(body.tokenShare, 0.25);
    assert.equal(body.projectId, film.id);
    assert.equal(body.txHash, tx.signature);
    assert.equal(body.investorAddress, alice);
    assert.equal(typeof body.userId, 'number');
    assert.equal(body.project.currentFunding, 2500);
    // Reporting it again is idempotent.
    const again = await json(await request('POST', '/api/investments', { projectId: film.id, amount: 2500, txHash: tx.signature }));
    assert.equal(again.body.id, body.id);
    assert.equal(((await sqlRow(cluster.db, 'SELECT COUNT(*) AS n FROM investments')) as { n: number }).n, 1);
  });

  test('POST rejects forged, failed, foreign and mismatched transactions and changes nothing', async () => {
    const t = await seeded();
    const { request, cluster, funded, funding, chain } = t;
    const tables = async () => JSON.stringify((await sqlRow(cluster.db, 'SELECT COUNT(*) AS n FROM transactions')));
    const before = await tables();
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, amount: 1, txHash: randomSignature(), simulated: true })), 404, /was not found on demo/);
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, amount: 1, txHash: 'f'.repeat(44) })), 400, /base58 transaction signature/);
    const failed = chain.source.add(buildTransaction([], { err: { InstructionError: [0, 'Custom'] } }));
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, txHash: failed.signature })), 400, /failed on demo/);
    const foreign = chain.source.add(buildTransaction([]));
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, txHash: foreign.signature })), 400, /not a Marquee program transaction/);
    assert.equal(await tables(), before, 'nothing stored for rejected hashes');
    // A real invest, but in another project.
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, txHash: t.fundingInvest.signature })), 400, /no matching Invested/);
    // A real transaction of another kind.
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, txHash: t.license.signature })), 400, /has no Invested event/);
    void funding;
  });

  test('POST validates its body', async () => {
    const t = await seeded();
    const { request, funded } = t;
    assertError(await json(await request('POST', '/api/investments', {})), 400, /projectId/);
    assertError(await json(await request('POST', '/api/investments', { projectId: 'one', txHash: randomSignature() })), 400, /projectId/);
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, amount: 5 })), 400, /txHash/);
    assertError(await json(await request('POST', '/api/investments', { projectId: funded.id, amount: -5, txHash: randomSignature() })), 400, /amount/);
    assertError(await json(await request('POST', '/api/investments', { userId: 1, projectId: funded.id, amount: 5, tokenShare: 0.1 })), 400, /txHash/);
    assertError(await json(await request('POST', '/api/investments', '{"projectId":')), 400, /Malformed JSON/);
    assertError(await json(await request('POST', '/api/investments', { projectId: 42, txHash: randomSignature() })), 404, /was not found on demo/);
    assertError(await json(await request('POST', '/api/investments', { projectId: 42, txHash: t.fundingInvest.signature })), 404, 'Project not found');
  });

  test('by user (numeric id or wallet) and by project', async () => {
    const { request, funded, funding } = await seeded();
    const byWallet = await json(await request('GET', `/api/investments/user/${alice}`));
    assert.equal(byWallet.status, 200);
    assert.equal(byWallet.body.length, 2);
    assert.equal(byWallet.body[0].project.id, funded.id);
    const userId = byWallet.body[0].userId;
    const byId = await json(await request('GET', `/api/investments/user/${userId}`));
    assert.deepEqual(byId.body, byWallet.body);
    const unknownWallet = await json(await request('GET', `/api/investments/user/${address('nobody')}`));
    assert.deepEqual(unknownWallet, { status: 200, body: [] });
    assertError(await json(await request('GET', '/api/investments/user/9999')), 404, 'User not found');
    assertError(await json(await request('GET', '/api/investments/user/not-a-wallet')), 400, /user id or a wallet/);
    const byProject = await json(await request('GET', `/api/investments/project/${funded.id}`));
    assert.equal(byProject.body.length, 2);
    assert.equal((await json(await request('GET', `/api/investments/project/${funding.id}`))).body[0].amount, 2000);
    assertError(await json(await request('GET', '/api/investments/project/404')), 404, 'Project not found');
    assertError(await json(await request('GET', '/api/investments/project/x')), 400, /projectId/);
  });
});

describe('/api/users', () => {
  test('POST registers a wallet once; GET by id or wallet', async () => {
    const t = await testApp();
    const carol = anchor.web3.Keypair.generate();
    const wallet = carol.publicKey.toBase58();
    const cookie = await signIn(t.app, carol);
    const request = (method: string, path: string, body?: unknown) => t.request(method, path, body, { cookie });
    const first = await json(await request('POST', '/api/users', { username: 'caro...', password: 'password', walletAddress: wallet, isStudio: false }));
    assert.equal(first.status, 200);
    assert.deepEqual(Object.keys(first.body).sort(), ['chainAddress', 'id', 'isStudio', 'username', 'walletAddress']);
    const second = await json(await request('POST', '/api/users', { username: 'other', password: 'x', walletAddress: wallet, isStudio: false }));
    assert.equal(second.body.id, first.body.id);
    assert.deepEqual((await json(await request('GET', `/api/users/${first.body.id}`))).body, first.body);
    assert.deepEqual((await json(await request('GET', `/api/users/${wallet}`))).body, first.body);
    assertError(await json(await request('GET', '/api/users/12345')), 404, 'User not found');
    assertError(await json(await request('POST', '/api/users', { username: 'x' })), 400, /walletAddress/);
    assertError(await json(await request('POST', '/api/users', { walletAddress: 'nope' })), 400, /walletAddress/);
    assertError(await json(await request('POST', '/api/users', { walletAddress: wallet, isStudio: 'yes' })), 400, /isStudio/);
  });

  test('POST needs a session of that wallet: 401 without one, 403 for another wallet', async () => {
    const t = await testApp();
    const carol = anchor.web3.Keypair.generate();
    const dave = address('dave');
    assertError(await json(await t.request('POST', '/api/users', { walletAddress: carol.publicKey.toBase58() }, { cookie: '' })), 401, /Sign in/);
    const cookie = await signIn(t.app, carol);
    assertError(await json(await t.request('POST', '/api/users', { walletAddress: dave }, { cookie })), 403, /not as/);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM users'), 0);
  });

  test("a linked demo key cannot be registered as a wallet (409, not a UNIQUE 500)", async () => {
    const t = await seeded();
    const phantom = anchor.web3.Keypair.generate();
    await users.linkSigner(t.cluster.db, phantom.publicKey.toBase58(), alice, Date.now());
    // Whoever holds a session for the key's address (only the server could sign for it) is still refused.
    const keyHolder = await signIn(t.app, anchor.web3.Keypair.generate());
    const asKey = await json(await t.request('POST', '/api/users', { walletAddress: alice }, { cookie: keyHolder }));
    assert.equal(asKey.status, 403);
    await assert.rejects(users.registerUser(t.cluster.db, alice, {}, Date.now()), (error: unknown) => error instanceof UserLinkError && error.status === 409);
  });

  test('re-linking never detaches investments', async () => {
    const t = await seeded();
    const investmentsOf = async (who: string) => (await json(await t.request('GET', `/api/investments/user/${who}`))).body.length;
    // A seeded investor's own wallet (its investments are under its address) cannot move to a new key.
    assert.equal(await investmentsOf(alice), 2);
    await assert.rejects(users.linkSigner(t.cluster.db, alice, address('new-key'), Date.now()), /would detach its investments/);
    assert.equal(await investmentsOf(alice), 2);
    // A wallet linked to a key keeps it: linking it to another key is refused.
    const wallet = address('phantom-wallet');
    await users.linkSigner(t.cluster.db, wallet, bob, Date.now());
    assert.equal(await investmentsOf(wallet), 1);
    await assert.rejects(users.linkSigner(t.cluster.db, wallet, address('another-key'), Date.now()), UserLinkError);
    assert.equal(await investmentsOf(wallet), 1);
    // Linking again to the same key is a no-op.
    assert.equal((await users.linkSigner(t.cluster.db, wallet, bob, Date.now())).chain_address, bob);
  });

  test('a demo wallet linked to its demo signer sees what the signer did', async () => {
    const t = await seeded();
    const wallet = address('phantom-wallet');
    await users.linkSigner(t.cluster.db, wallet, alice, Date.now());
    const investments = (await json(await t.request('GET', `/api/investments/user/${wallet}`))).body;
    assert.equal(investments.length, 2);
    const user = (await json(await t.request('GET', `/api/users/${wallet}`))).body;
    assert.equal(user.chainAddress, alice);
    assert.equal(investments[0].userId, user.id);
  });
});

describe('/api/embeds', () => {
  test('POST verifies register_embed; GET lists by project and publisher', async () => {
    const { request, funded, embedTx, embed } = await seeded();
    const body = { projectId: funded.id, websiteUrl: 'https://films.example', embedId: 'embed-1-1700000000000', txHash: embedTx.signature, onChain: true };
    const created = await json(await request('POST', '/api/embeds', body));
    assert.equal(created.status, 201);
    assert.equal(created.body.address, embed);
    assert.equal(created.body.publisher, publisher);
    assert.match(created.body.embedCode, /player\/1\?embed=embed-1-1700000000000/);
    assert.equal((await json(await request('GET', `/api/embeds?projectId=${funded.id}`))).body.length, 1);
    assert.equal((await json(await request('GET', `/api/embeds?publisher=${publisher}`))).body.length, 1);
    assert.equal((await json(await request('GET', `/api/embeds?publisher=${alice}`))).body.length, 0);
    assert.equal((await json(await request('GET', '/api/embeds'))).body.length, 1);
    assertError(await json(await request('POST', '/api/embeds', { ...body, embedId: 'embed-other' })), 400, /no matching EmbedRegistered/);
    assertError(await json(await request('POST', '/api/embeds', { ...body, websiteUrl: 'ftp://x' })), 400, 'websiteUrl: Invalid URL: Please enter a valid website URL');
    assertError(await json(await request('POST', '/api/embeds', { ...body, txHash: randomSignature() })), 404, /not found/);
    assertError(await json(await request('POST', '/api/embeds', { ...body, projectId: 55 })), 404, 'Project not found');
    assertError(await json(await request('POST', '/api/embeds', { projectId: funded.id })), 400);
    assertError(await json(await request('GET', '/api/embeds?projectId=x')), 400, /projectId/);
  });
});

describe('/api/revenue', () => {
  test('unclaimed distributions per user, in thousandths of SOL', async () => {
    const { request, funded, chain } = await seeded();
    const { status, body } = await json(await request('GET', `/api/revenue/unclaimed/${alice}`));
    assert.equal(status, 200);
    // 1 SOL distributed, 57.5% to investors, Alice holds 60%: 0.345 SOL = 345 thousandths (rounded down on chain).
    const owed = Number(chain.owed(funded.id, alice));
    assert.equal(body.distributions.length, 1);
    assert.equal(body.distributions[0].amount, owed / 1e6);
    assert.ok(Math.abs(body.total - 345) < 0.001);
    assert.equal(body.distributions[0].projectId, funded.id);
    assert.equal(typeof body.distributions[0].id, 'number');
    assert.deepEqual((await json(await request('GET', `/api/revenue/unclaimed/${address('nobody')}`))).body.distributions, []);
    assertError(await json(await request('GET', '/api/revenue/unclaimed/9999')), 404, 'User not found');
    assertError(await json(await request('GET', '/api/revenue/unclaimed/%20')), 400);
  });

  test('claim verifies the claim_revenue transaction and marks the distributions claimed', async () => {
    const { request, funded, chain, cluster } = await seeded();
    const unclaimed = (await json(await request('GET', `/api/revenue/unclaimed/${alice}`))).body;
    const ids = unclaimed.distributions.map((d: { id: number }) => d.id);
    assertError(await json(await request('POST', '/api/revenue/claim', { distributionIds: [], txHash: randomSignature() })), 400, 'No distributions selected: Please select at least one distribution to claim.');
    assertError(await json(await request('POST', '/api/revenue/claim', { distributionIds: [999], txHash: randomSignature() })), 404, 'Distribution 999 not found');
    assertError(await json(await request('POST', '/api/revenue/claim', { distributionIds: ids, txHash: randomSignature() })), 404, /not found on demo/);
    assertError(await json(await request('POST', '/api/revenue/claim', { distributionIds: 'all', txHash: randomSignature() })), 400, /distributionIds/);
    // Bob's claim does not claim Alice's distribution.
    const bobClaim = chain.claimRevenue(funded.id, bob);
    assertError(await json(await request('POST', '/api/revenue/claim', { distributionIds: ids, txHash: bobClaim.signature })), 400, /does not claim the selected/);
    const claim = chain.claimRevenue(funded.id, alice);
    const { status, body } = await json(await request('POST', '/api/revenue/claim', { distributionIds: ids, txHash: claim.signature, simulated: true }));
    assert.equal(status, 200);
    assert.deepEqual(body.claimed, ids);
    assert.equal(body.amount, unclaimed.total);
    assert.equal(body.txHash, claim.signature);
    assert.deepEqual((await json(await request('GET', `/api/revenue/unclaimed/${alice}`))).body, { total: 0, totalLamports: '0', distributions: [] });
    const row = (await sqlRow(cluster.db, 'SELECT claim_signature FROM investor_distributions WHERE id = ?', ids[0])) as { claim_signature: string };
    assert.equal(row.claim_signature, claim.signature);
  });

  test('user revenue: earned, claimable, claimed, by project, transactions', async () => {
    const { request, funded, chain, cluster } = await seeded();
    const claim = chain.claimRevenue(funded.id, alice);
    await cluster.indexer.ingestSignature(claim.signature);
    chain.distributeRevenue(funded.id, 2_000_000_000n);
    await cluster.indexer.sync();
    const { status, body } = await json(await request('GET', `/api/revenue/user/${alice}`));
    assert.equal(status, 200);
    assert.ok(Math.abs(body.earned - 345 * 3) < 0.01);
    assert.ok(Math.abs(body.claimed - 345) < 0.01);
    assert.ok(Math.abs(body.claimable - 690) < 0.01);
    assert.equal(body.byProject.length, 1);
    assert.equal(body.byProject[0].projectTitle, 'Night Train');
    assert.deepEqual(body.transactions.map((t: { type: string }) => t.type).sort(), ['claim', 'distribution', 'distribution']);
    assertError(await json(await request('GET', '/api/revenue/user/4242')), 404, 'User not found');
  });

  test('platform-wide distributions, optionally per project', async () => {
    const { request, funded, funding, distribution } = await seeded();
    const all = (await json(await request('GET', '/api/revenue/distributions'))).body;
    assert.equal(all.length, 1);
    assert.equal(all[0].amount, 1000);
    assert.equal(all[0].publisherAmount, 400);
    assert.equal(all[0].investorAmount, 575);
    assert.equal(all[0].platformAmount, 25);
    assert.equal(all[0].status, 'Completed');
    assert.equal(all[0].txHash, distribution.signature);
    assert.equal((await json(await request('GET', `/api/revenue/distributions?projectId=${funded.id}`))).body.length, 1);
    assert.equal((await json(await request('GET', `/api/revenue/distributions?projectId=${funding.id}`))).body.length, 0);
    assertError(await json(await request('GET', '/api/revenue/distributions?projectId=abc')), 400, /projectId/);
  });
});

describe('/api/views', () => {
  test('a view counts once per play ticket, after the watch time, for registered embeds only', async () => {
    const t = await seeded();
    const { request, clock, funded } = t;
    const embedId = 'embed-1-1700000000000';
    const view = { ...playBody(funded.id, embedId, clock.now()), timestamp: Date.now() };
    const early = await json(await request('POST', '/api/views', view));
    assert.deepEqual(early.body.counted, false);
    assert.match(early.body.reason, /visible/);
    clock.advance(2_500);
    assert.deepEqual((await json(await request('POST', '/api/views', view))).body, { counted: true });
    const again = await json(await request('POST', '/api/views', view));
    assert.equal(again.body.counted, false);
    assert.match(again.body.reason, /already counted/);
    assert.equal(((await sqlRow(t.cluster.db, 'SELECT COUNT(*) AS n FROM views')) as { n: number }).n, 1);
    // A ticket buys its view for AD_TICKET_TTL_MS: after that it is refused and nothing is stored.
    const stale = playBody(funded.id, embedId, clock.now());
    clock.advance(AD_TICKET_TTL_MS + 1);
    assertError(await json(await request('POST', '/api/views', stale)), 403, 'The ad ticket expired: ask the player for the ad again');
    const later = playBody(funded.id, embedId, clock.now());
    clock.advance(2_500);
    assertError(await json(await request('POST', '/api/views', { ...later, embedId: 'embed-unknown' })), 400, 'The ad ticket is for another embed');
    assertError(await json(await request('POST', '/api/views', playBody(funded.id, 'embed-unknown', clock.now() - 2_500))), 404, /Embed not found/);
    // Views count only on the embed's registered website, as the ticket's origin says it.
    assertError(
      await json(await request('POST', '/api/views', playBody(funded.id, embedId, clock.now() - 2_500, 'https://copycat.example'))),
      403,
      'Views of this embed count on https://films.example only',
    );
    assertError(await json(await request('POST', '/api/views', { projectId: funded.id, embedId })), 400, /ticket/);
    assertError(await json(await request('POST', '/api/views', { ...later, projectId: 'x' })), 400, /projectId/);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views'), 1);
  });

  test('views are rate-limited per IP', async () => {
    const t = await seeded();
    const { request, clock, funded } = t;
    const embedId = 'embed-1-1700000000000';
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    const plays = Array.from({ length: 21 }, () => playBody(funded.id, embedId, clock.now()));
    clock.advance(3_000);
    let counted = 0;
    let limited = 0;
    for (const play of plays) {
      const response = await json(await request('POST', '/api/views', play, ip));
      if (response.status === 429) {
        limited++;
        assertError(response, 429, /Too many views/);
      } else if (response.body.counted) counted++;
    }
    assert.equal(counted, 20);
    assert.equal(limited, 1);
    // Another address is not limited.
    const other = { 'x-forwarded-for': '198.51.100.1' };
    const play = playBody(funded.id, embedId, clock.now());
    clock.advance(3_000);
    assert.equal((await json(await request('POST', '/api/views', play, other))).body.counted, true);
  });

  test('views are rate-limited per embed, whatever addresses they come from', async () => {
    // Small caps so the test stays short; the defaults (MAX_VIEWS_PER_EMBED_PER_WINDOW) are the same rule.
    const t = await seeded({ views: { maxViewsPerEmbed: 4 } });
    const { request, clock, funded } = t;
    const embedId = 'embed-1-1700000000000';
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
    const plays = Array.from({ length: 6 }, () => playBody(funded.id, embedId, clock.now()));
    clock.advance(3_000);
    // Every address of the same /24 under its own cap, the embed at its cap and this network holding
    // all of it (its fair share and more).
    const reports = [];
    for (const [i, play] of plays.entries()) reports.push(await json(await request('POST', '/api/views', play, from(i))));
    assert.deepEqual(reports.slice(0, 4).map((report) => report.body), Array(4).fill({ counted: true }));
    for (const report of reports.slice(4)) assertError(report, 429, 'Too many views of this embed from this network; try again in a minute');
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) FROM views'), 4);
    // A window later the embed counts again; the refused plays' tickets are still good.
    clock.advance(RATE_LIMIT_WINDOW_MS);
    assert.deepEqual((await json(await request('POST', '/api/views', plays[4], from(4)))).body, { counted: true });
  });

  /** Plays `count` views, each with the X-Forwarded-For `forwardedFor(i)`; how many counted and how many were refused as over the per-address cap. */
  async function playViews(t: Awaited<ReturnType<typeof seeded>>, count: number, forwardedFor: (i: number) => string) {
    const embedId = 'embed-1-1700000000000';
    const plays = Array.from({ length: count }, () => playBody(t.funded.id, embedId, t.clock.now()));
    t.clock.advance(3_000);
    const outcome = { counted: 0, limited: 0 };
    for (const [i, play] of plays.entries()) {
      const response = await json(await t.request('POST', '/api/views', play, { 'x-forwarded-for': forwardedFor(i) }));
      if (response.status === 429) outcome.limited++;
      else if (response.body.counted) outcome.counted++;
    }
    return outcome;
  }

  test('a rotated leftmost X-Forwarded-For entry is not a new viewer', async () => {
    // One proxy of ours (testApp trusts 1 hop) appends the caller's real address; the caller writes the rest.
    const t = await seeded();
    const outcome = await playViews(t, 21, (i) => `10.9.${i}.1, 203.0.113.9`);
    assert.deepEqual(outcome, { counted: 20, limited: 1 });
    const addresses = await sqlRows<{ ip: string }>(t.cluster.db, 'SELECT DISTINCT ip FROM views');
    assert.deepEqual(addresses.map((row) => row.ip), ['203.0.113.9']);
  });

  test('the client address is read the configured number of hops from the right', async () => {
    // Two proxies of ours: the second-from-right entry is the client, whatever the caller prepends.
    const t = await seeded({ trustedProxyHops: 2 });
    const outcome = await playViews(t, 21, (i) => `10.9.${i}.1, 203.0.113.9, 10.0.0.2`);
    assert.deepEqual(outcome, { counted: 20, limited: 1 });
    // Different clients behind the same proxies are different viewers.
    assert.deepEqual(await playViews(t, 3, (i) => `198.51.100.${i}, 10.0.0.2`), { counted: 3, limited: 0 });
  });

  test('without trusted proxies X-Forwarded-For is ignored', async () => {
    // app.request() has no socket: every caller is the same unknown address, whatever header it sends.
    const t = await seeded({ trustedProxyHops: 0 });
    assert.deepEqual(await playViews(t, 21, (i) => `198.51.100.${i}`), { counted: 20, limited: 1 });
  });
});

describe('/api/metadata', () => {
  const listing = {
    title: 'Night Train',
    description: 'A thriller on rails.',
    directorName: 'Ada Lens',
    genres: 'Thriller, Drama',
    releaseYear: 2024,
    licenseType: 'Exclusive Streaming',
    thumbnailUrl: `/api/media/${'c'.repeat(64)}`,
  };

  test('POST stores metadata, returns uri + sha256, and projects created with that hash show it', async () => {
    const t = await testApp();
    const { request, chain, cluster } = t;
    const created = await json(await request('POST', '/api/metadata', listing));
    assert.equal(created.status, 201);
    assert.match(created.body.sha256, /^[0-9a-f]{64}$/);
    assert.equal(created.body.uri, `http://localhost/api/metadata/${created.body.sha256}`);
    const again = await json(await request('POST', '/api/metadata', listing));
    assert.equal(again.body.sha256, created.body.sha256, 'same metadata, same hash');
    const stored = await json(await request('GET', `/api/metadata/${created.body.sha256}`));
    assert.deepEqual(stored.body.genres, ['Thriller', 'Drama']);
    chain.initializePlatform();
    const studio = chain.registerStudio('s', 'S');
    chain.createProject(studio, 'Night Train', 10, { metadataHash: [...Buffer.from(created.body.sha256, 'hex')], metadataUri: created.body.uri });
    await cluster.indexer.sync();
    const project = (await json(await request('GET', '/api/projects/0'))).body;
    assert.equal(project.description, 'A thriller on rails.');
    assert.equal(project.directorName, 'Ada Lens');
    assert.deepEqual(project.genres, ['Thriller', 'Drama']);
    assert.equal(project.releaseYear, 2024);
    assert.equal(project.licenseType, 'Exclusive Streaming');
    assert.equal(project.thumbnailUrl, `/api/media/${'c'.repeat(64)}`);
  });

  test('POST needs a session: 401 and nothing stored without one', async () => {
    const t = await testApp();
    assertError(await json(await t.request('POST', '/api/metadata', listing, { cookie: '' })), 401, /Sign in/);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM metadata'), 0);
  });

  test('thumbnailUrl takes an upload of this server or an https URL of at most 2,048 characters, never a data: URL', async () => {
    const t = await testApp();
    const refused = (thumbnailUrl: string) => t.request('POST', '/api/metadata', { ...listing, thumbnailUrl });
    assertError(await json(await refused('data:image/png;base64,iVBORw0KGgo=')), 400, /thumbnailUrl.*data: URL is not accepted/);
    assertError(await json(await refused(`https://cdn.example/${'a'.repeat(2048)}`)), 400, /thumbnailUrl.*too long/);
    assertError(await json(await refused('javascript:alert(1)')), 400, /thumbnailUrl/);
    assertError(await json(await refused('http://cdn.example/poster.png')), 400, /thumbnailUrl/);
    assert.equal(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM metadata'), 0);
    assert.equal((await t.request('POST', '/api/metadata', { ...listing, thumbnailUrl: 'https://cdn.example/poster.png' })).status, 201);
  });

  test('POST validates the listing form rules', async () => {
    const { request } = await testApp();
    assertError(await json(await request('POST', '/api/metadata', { ...listing, releaseYear: 1899 })), 400, /releaseYear/);
    assertError(await json(await request('POST', '/api/metadata', { ...listing, releaseYear: 2026 })), 400, /releaseYear/);
    assertError(await json(await request('POST', '/api/metadata', { ...listing, licenseType: 'Pirated' })), 400, /licenseType/);
    assertError(await json(await request('POST', '/api/metadata', { ...listing, title: '' })), 400, /title/);
    assertError(await json(await request('POST', '/api/metadata', { ...listing, directorName: undefined })), 400, /directorName/);
    assertError(await json(await request('GET', '/api/metadata/xyz')), 400, /sha256/);
    assertError(await json(await request('GET', `/api/metadata/${'0'.repeat(64)}`)), 404, 'Metadata not found');
  });
});

describe('/api/webhooks/helius', () => {
  test('ingests raw deliveries with the right Authorization header only', async () => {
    const { toRpcJson } = await import('./helpers/chain.ts');
    const t = await testApp({ heliusAuthHeader: 'Bearer s3cret' });
    t.chain.initializePlatform();
    const delivery = t.source.transactions.map(({ tx }) => toRpcJson(tx));
    assertError(await json(await t.request('POST', '/api/webhooks/helius', delivery)), 401, 'Invalid webhook authorization');
    assertError(await json(await t.request('POST', '/api/webhooks/helius', delivery, { authorization: 'Bearer wrong' })), 401);
    assertError(await json(await t.request('POST', '/api/webhooks/helius', { not: 'an array' }, { authorization: 'Bearer s3cret' })), 400);
    const ok = await json(await t.request('POST', '/api/webhooks/helius', delivery, { authorization: 'Bearer s3cret' }));
    assert.deepEqual(ok, { status: 200, body: { ingested: 1, events: 1 } });
    const replay = await json(await t.request('POST', '/api/webhooks/helius', delivery, { authorization: 'Bearer s3cret' }));
    assert.deepEqual(replay.body, { ingested: 0, events: 1 });
    assert.equal(((await sqlRow(t.cluster.db, 'SELECT COUNT(*) AS n FROM platform')) as { n: number }).n, 1);
  });

  test('is off (404) when no auth header is configured', async () => {
    const t = await testApp();
    assertError(await json(await t.request('POST', '/api/webhooks/helius', [], { authorization: 'x' })), 404, /not configured/);
  });
});

describe('/api/demo extension point', () => {
  test('a demo sub-app is mounted at /api/demo with the cluster middleware and error format', async () => {
    const { Hono } = await import('hono');
    const { fail } = await import('../src/api/errors.ts');
    const routes = new Hono<import('../src/api/context.ts').AppEnv>()
      .get('/wallets/:walletAddress', (c) => c.json({ cluster: c.var.cluster.name, wallet: c.req.param('walletAddress') }))
      .post('/invest', () => fail(400, 'Invalid amount: Please enter a valid investment amount.'));
    const t = await testApp({ demo: { routes, openapi: { '/api/demo/invest': { post: { summary: 'demo invest' } } } } });
    assert.deepEqual((await json(await t.request('GET', '/api/demo/wallets/abc'))).body, { cluster: 'demo', wallet: 'abc' });
    assertError(await json(await t.request('POST', '/api/demo/invest', {})), 400, 'Invalid amount: Please enter a valid investment amount.');
    const doc = (await json(await t.request('GET', '/api/openapi.json'))).body;
    assert.ok(doc.paths['/api/demo/invest']);
  });
});

describe('GET /player/:projectId', () => {
  const config = (html: string) => JSON.parse(/<script type="application\/json" id="player-config">(.*?)<\/script>/s.exec(html)![1]);

  test('serves the embed player page for a project, 404 otherwise', async () => {
    const { request, funded } = await seeded();
    const page = await request('GET', `/player/${funded.id}?embed=embed-1-1700000000000`, undefined, { referer: 'https://films.example/reviews/night-train' });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /text\/html/);
    const html = await page.text();
    assert.match(html, /Night Train/);
    assert.match(html, /<script src="\/player\/player.js" nonce="[A-Za-z0-9+/=]{24}"><\/script>/);
    const served = config(html);
    assert.equal(served.embedId, 'embed-1-1700000000000');
    assert.equal(served.website, 'https://films.example');
    assert.equal(served.notCounting, null);
    assert.deepEqual(served.slots, ['pre-roll', 'mid-roll', 'overlay']);
    assert.deepEqual(Object.keys(served.ads), ['pre-roll', 'mid-roll', 'overlay']);
    assert.equal(served.sampleDurationSeconds, 2 * 3600 + 15 * 60 + 36);
    assert.equal(served.minVisibleMs, 2000);
    assert.equal((await request('GET', '/player/999')).status, 404);
    assert.equal((await request('GET', '/player/abc')).status, 404);
  });

  test('says why views of a page will not count', async () => {
    const { request, funded } = await seeded();
    const elsewhere = config(await (await request('GET', `/player/${funded.id}?embed=embed-1-1700000000000`, undefined, { referer: 'https://copycat.example/' })).text());
    assert.equal(elsewhere.notCounting, 'Views of this embed count on https://films.example only');
    const unknown = config(await (await request('GET', `/player/${funded.id}?embed=embed-nope`)).text());
    assert.equal(unknown.notCounting, 'This embed is not registered: views are not counted');
    const preview = config(await (await request('GET', `/player/${funded.id}?slots=overlay`)).text());
    assert.equal(preview.embedId, null);
    assert.deepEqual(preview.slots, ['overlay']);
  });

  test('serves the player script and the snippet loader as JavaScript', async () => {
    const { request } = await testApp();
    for (const path of ['/player/player.js', '/player/loader.js', '/player/catalogue.js']) {
      const response = await request('GET', path);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /javascript/);
      assert.ok((await response.text()).length > 500);
    }
  });
});
