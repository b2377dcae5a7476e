// Ingestion of the real program's transactions: target/deploy/marquee.so runs in LiteSVM, its
// events are decoded from the inner instructions exactly as the program emitted them, and the
// projected rows and API answers agree with the program's accounts.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { createCluster } from '../src/cluster.ts';
import { DISTRIBUTION_ACCOUNT_BYTES } from '../src/constants.ts';
import { createCampaignInstruction, MARQUEE_PROGRAM_ADDRESS, pda } from '@marquee/program-client';
import { campaignSettlementInstruction, rpcSettlementSigner } from '../src/settlement/instruction.ts';
import { SettlementJob, type CampaignSettlementRequest } from '../src/settlement/job.ts';
import { dumpTables, scalar } from './helpers/dump.ts';
import { fundedChain, harness, revenueChain, skipWithoutProgram } from './helpers/real-chain.ts';
import { sqlRow, sqlRun, testLocation } from './helpers/database.ts';
import { verifiedWebsite } from './helpers/publishers.ts';
import { mintedTicket, TEST_TICKET_SECRET } from './helpers/tickets.ts';
import { signIn } from './helpers/sign-in.ts';

/** 1 SOL per 1,000 impressions: one impression pays 1,000,000 lamports. */
const SPONSORSHIP_PRICE_PER_MILLE = 1_000_000_000n;

describe('the real program in LiteSVM', { skip: skipWithoutProgram }, () => {
  const { fixtures, addresses, sol } = harness();

  test('events land once, match the accounts, and replaying changes nothing', async () => {
    const { chain, source, project, investors } = await fundedChain();
    const cluster = await createCluster({ source, dataDir: ':memory:', location: testLocation(source.cluster), now: () => 0 });
    assert.equal(await cluster.indexer.sync(), source.log.length);
    assert.deepEqual((await cluster.indexer.gaps()), []);
    const onChain = chain.account('Project', project.address);
    const row = (await sqlRow(cluster.db, 'SELECT * FROM projects WHERE address = ?', project.address.toBase58())) as Record<string, number | string>;
    assert.equal(row.id, Number(project.id));
    assert.equal(row.title, 'The Last Reel');
    assert.equal(row.raised_lamports, Number(onChain.raisedLamports));
    assert.equal(row.investor_count, onChain.investorCount);
    assert.equal(row.status, 'funded');
    assert.equal(row.funds_released, 1);
    assert.equal(row.goal_lamports, 3e9);
    for (const investor of investors) {
      const investment = chain.account('Investment', addresses.investment(project.address, investor.publicKey));
      const position = (await sqlRow(cluster.db, 'SELECT shares FROM positions WHERE investor = ?', investor.publicKey.toBase58())) as { shares: number };
      assert.equal(position.shares, Number(investment.shares));
    }
    assert.equal(await scalar(cluster.db, "SELECT verified FROM studios WHERE name = 'Northlight Pictures'"), 1);
    const before = await dumpTables(cluster.db);
    for (const { tx } of source.log) assert.equal((await cluster.indexer.ingestTransaction(tx)).duplicate, true);
    (await sqlRun(cluster.db, 'DELETE FROM cursors'));
    await cluster.indexer.sync();
    assert.deepEqual(await dumpTables(cluster.db), before);
  });

  test('the API answers from the real chain and verifies reported invest transactions', async () => {
    const { chain, source, project } = await fundedChain();
    const cluster = await createCluster({ source, dataDir: ':memory:' });
    const app = createApp({ clusters: [cluster] });
    await cluster.indexer.sync();
    const projects = (await (await app.request('/api/projects')).json()) as { title: string; fundingGoal: number; currentFunding: number; status: string; investorCount: number }[];
    assert.equal(projects.length, 1);
    assert.equal(projects[0].fundingGoal, 3000);
    assert.equal(projects[0].currentFunding, 3000);
    assert.equal(projects[0].status, 'funded');
    assert.equal(projects[0].investorCount, 2);
    const detail = (await (await app.request(`/api/projects/${project.id}`)).json()) as { studioName: string; studioVerified: boolean; studioId: number };
    assert.equal(detail.studioName, 'Northlight Pictures');
    assert.equal(detail.studioVerified, true);
    assert.equal(typeof detail.studioId, 'number');

    // A second project; the investment is reported by the client before any sync.
    const studio = chain.wallet(sol(10));
    chain.send([fixtures.registerStudioIx(studio.publicKey, 'Second Studio')], [studio]);
    const second = await fixtures.withProject(chain.builders, studio, { goal: sol(5), title: 'Second Film' });
    await cluster.indexer.sync();
    const investor = chain.wallet(sol(10));
    const result = await fixtures.invest(chain.builders, investor, second.address, sol(1.25));
    const txHash = anchor.utils.bytes.bs58.encode((result as unknown as { signature: Uint8Array }).signature);
    const response = await app.request('/api/investments', {
      method: 'POST',
      // Reporting a transaction is a write: it needs a session (the investor's, as the dApp signs in).
      headers: { 'content-type': 'application/json', cookie: await signIn(app, investor) },
      body: JSON.stringify({ projectId: Number(second.id), amount: 1250, txHash, simulated: true }),
    });
    const investment = (await response.json()) as { amount: number; tokenShare: number; investorAddress: string };
    assert.equal(response.status, 201, JSON.stringify(investment));
    assert.equal(investment.amount, 1250);
    assert.equal(investment.tokenShare, 0.25);
    assert.equal(investment.investorAddress, investor.publicKey.toBase58());
    void project;
  });

  test('revenue: distributions, investor and publisher claims, and refunds agree with the program to the lamport', async () => {
    const { chain, source, project, investors, embed, late } = await revenueChain();
    const [first, second] = investors;
    const cluster = await createCluster({ source, dataDir: ':memory:' });
    const app = createApp({ clusters: [cluster], now: () => Number(chain.now()) * 1000 });
    await cluster.indexer.sync();
    assert.deepEqual((await cluster.indexer.gaps()), []);
    assert.equal(await scalar(cluster.db, 'SELECT COUNT(*) FROM distributions'), 2);
    // What the indexer says the first investor had, the program paid.
    const claimed = await scalar(cluster.db, 'SELECT SUM(amount_lamports) FROM investor_distributions WHERE investor = ?', first.publicKey.toBase58());
    const paid = await scalar(cluster.db, 'SELECT amount_lamports FROM revenue_claims WHERE investor = ?', first.publicKey.toBase58());
    assert.equal(claimed, paid);
    // What it says the second investor can claim, the program owes.
    const unclaimed = (await (await app.request(`/api/revenue/unclaimed/${second.publicKey.toBase58()}`)).json()) as { totalLamports: string; distributions: unknown[] };
    assert.equal(unclaimed.distributions.length, 2);
    const investment = chain.account('Investment', addresses.investment(project.address, second.publicKey));
    const onChainProject = chain.account('Project', project.address);
    const owed = (BigInt(investment.shares.toString()) * (BigInt(onChainProject.revenuePerShare.toString()) - BigInt(investment.revenuePerShareCheckpoint.toString()))) >> 64n;
    assert.equal(BigInt(unclaimed.totalLamports), owed + BigInt(investment.accruedRevenueLamports.toString()));
    const embedAccount = chain.account('Embed', embed);
    const embedRow = (await sqlRow(cluster.db, 'SELECT total_views, earned_lamports, claimed_lamports FROM embeds WHERE address = ?', embed.toBase58())) as Record<string, number>;
    assert.deepEqual(embedRow, {
      total_views: Number(embedAccount.totalViews),
      earned_lamports: Number(embedAccount.earnedLamports),
      claimed_lamports: Number(embedAccount.claimedLamports),
    });
    const lateRow = (await (await app.request(`/api/projects/${late.id}`)).json()) as { status: string; currentFunding: number; investorCount: number };
    assert.deepEqual([lateRow.status, lateRow.currentFunding, lateRow.investorCount], ['failed', 0, 0]);
    const history = (await (await app.request(`/api/investments/user/${second.publicKey.toBase58()}`)).json()) as { projectId: number; refunded: boolean }[];
    assert.deepEqual(
      history.map((investment) => [investment.projectId, investment.refunded]).sort(),
      [[Number(project.id), false], [Number(late.id), true]].sort(),
    );
  });

  /** A sponsorship's three counted views of a funded film's embed, indexed, and a signer that sends settle_campaign to the real program. */
  async function sponsoredViews() {
    const { chain, source, platform, project } = await fundedChain();
    const publisher = chain.wallet(sol(1));
    const embedId = 'embed-0-1';
    chain.send([fixtures.registerEmbedIx(publisher.publicKey, project.address, embedId, 'https://films.example')], [publisher]);
    // A sponsorship of the film at 1 SOL per 1,000 views, funded with 1 SOL: three views pay
    // 3,000,000 lamports, more than the rent of the distribution account the settlement creates.
    const advertiser = chain.wallet(sol(2));
    const start = Number(chain.now());
    chain.send(
      [
        createCampaignInstruction({
          advertiser: advertiser.publicKey,
          campaignId: 0n,
          adType: 'sponsorship',
          pricePerMilleLamports: SPONSORSHIP_PRICE_PER_MILLE,
          sponsoredProject: project.address,
          budgetLamports: 1_000_000_000n,
          creativeUri: 'https://ads.example/spot.mp4',
          creativeHash: Buffer.alloc(32, 1),
          targetGenres: 0n,
          startAt: BigInt(start),
          endAt: BigInt(start + 30 * 86_400),
          maxDailySpendLamports: 2_000_000_000n,
        }),
      ],
      [advertiser],
    );
    const campaign = pda.campaign(advertiser.publicKey, 0n).toBase58();
    let nowMs = Number(chain.now()) * 1000;
    const cluster = await createCluster({ source, dataDir: ':memory:' });
    const app = createApp({ clusters: [cluster], now: () => nowMs, trustedProxyHops: 1, ticketSecret: TEST_TICKET_SECRET });
    await cluster.indexer.sync();
    await verifiedWebsite(cluster.db, publisher.publicKey.toBase58(), 'https://films.example');
    const post = (path: string, body: unknown, ip: string) =>
      app.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const { ticket } = mintedTicket({ projectId: Number(project.id), embedId, origin: 'https://films.example', campaign, nowMs });
      nowMs += 2_000;
      assert.deepEqual(await (await post('/api/views', { projectId: Number(project.id), embedId, ticket }, ip)).json(), { counted: true });
    }
    const signer = {
      nextDistributionIndex: async (address: string) => Number(chain.account('Project', new anchor.web3.PublicKey(address)).distributionCount),
      rentExemptMinimum: async (bytes: number) => BigInt(chain.svm.minimumBalanceForRentExemption(BigInt(bytes))),
      async settleCampaign(request: CampaignSettlementRequest) {
        const instruction = campaignSettlementInstruction(request, {
          settlementAuthority: platform.settlement.publicKey,
          treasury: platform.treasury.publicKey,
        });
        return anchor.utils.bytes.bs58.encode(chain.send([instruction], [platform.settlement]).signature);
      },
      distributeRevenue: async () => assert.fail('campaign views are paid by settle_campaign'),
    };
    return { chain, cluster, platform, project, publisher, embedId, campaign, signer, now: () => nowMs };
  }

  test('the settlement job turns a campaign’s counted views into a real settle_campaign, ingested', async () => {
    const { chain, cluster, project, publisher, embedId, campaign, signer, now } = await sponsoredViews();
    const results = await new SettlementJob({ db: cluster.db, indexer: cluster.indexer, signer, now }).runOnce();
    assert.equal(results.length, 1);
    assert.equal(results[0].error, undefined);
    const embed = chain.account('Embed', addresses.embed(project.address, publisher.publicKey, embedId));
    assert.equal(Number(embed.totalViews), 3);
    assert.equal(await scalar(cluster.db, 'SELECT total_views FROM embeds'), 3);
    // Three impressions at 1,000,000 lamports, drawn from the campaign's budget on chain and in the
    // index, with the rent of the distribution the settlement created (paid back to the authority).
    assert.equal(await scalar(cluster.db, 'SELECT total_lamports FROM distributions'), 3_000_000);
    const rent = Number(chain.svm.minimumBalanceForRentExemption(BigInt(DISTRIBUTION_ACCOUNT_BYTES)));
    const onChain = chain.account('Campaign', new anchor.web3.PublicKey(campaign));
    assert.equal(Number(onChain.spentLamports), 3_000_000 + rent);
    assert.equal(await scalar(cluster.db, 'SELECT spent_lamports FROM campaigns'), 3_000_000 + rent);
    assert.equal(await scalar(cluster.db, 'SELECT impressions FROM campaign_settlements'), 3);
    assert.equal(await scalar(cluster.db, 'SELECT rent_lamports FROM campaign_settlements'), rent);
    // The batch's id is the one the program accepted and its event carried back.
    const batchId = Number(await scalar(cluster.db, 'SELECT id FROM settlement_batches'));
    assert.equal(Number(await scalar(cluster.db, 'SELECT batch_id FROM campaign_settlements')), batchId);
    assert.equal(Number(onChain.lastBatchId), batchId);
    assert.equal(await scalar(cluster.db, 'SELECT COUNT(*) FROM investor_distributions'), 2);
  });

  test('a settle_campaign that landed before a crash is recognised as the batch’s own from the real program’s events: settled once, not resent', async () => {
    const { chain, cluster, project, signer, now } = await sponsoredViews();
    let landed = '';
    const crashing = {
      ...signer,
      async settleCampaign(request: CampaignSettlementRequest) {
        landed = await signer.settleCampaign(request);
        throw new Error('connection lost after sending');
      },
    };
    const first = await new SettlementJob({ db: cluster.db, indexer: cluster.indexer, signer: crashing, now }).runOnce();
    assert.equal(first[0].error, 'connection lost after sending');
    await cluster.indexer.sync();
    const resent = { ...signer, settleCampaign: async () => assert.fail('the landed batch may not be sent again') };
    const second = await new SettlementJob({ db: cluster.db, indexer: cluster.indexer, signer: resent, now }).runOnce();
    assert.deepEqual(second.map((result) => [result.signature, result.error]), [[landed, undefined]]);
    assert.equal(Number(chain.account('Project', project.address).distributionCount), 1);
    assert.equal(await scalar(cluster.db, "SELECT status FROM settlement_batches"), 'settled');
  });

  test('the RPC settlement signer reads the project account’s distribution count and the cluster’s rent', async (t) => {
    const { chain, project } = await revenueChain();
    const account = chain.svm.getAccount(project.address.toBase58() as never);
    assert.ok(account.exists);
    const rent = chain.svm.minimumBalanceForRentExemption(BigInt(DISTRIBUTION_ACCOUNT_BYTES));
    // A JSON-RPC server answering as a cluster does, with the real account's bytes and the runtime's rent.
    const asked: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
        asked.push(call.method);
        const known = call.params[0] === project.address.toBase58();
        const result =
          call.method === 'getAccountInfo'
            ? {
                context: { slot: 1 },
                value: known
                  ? { data: [Buffer.from(account.data).toString('base64'), 'base64'], executable: false, lamports: Number(account.lamports), owner: MARQUEE_PROGRAM_ADDRESS, rentEpoch: 0, space: account.data.length }
                  : null,
              }
            : Number(chain.svm.minimumBalanceForRentExemption(BigInt(call.params[0] as number)));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => server.close());
    const signer = rpcSettlementSigner({
      rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      keypair: anchor.web3.Keypair.generate(),
      treasury: async () => undefined,
    });
    // revenueChain made two distributions: the next takes index 2.
    assert.equal(await signer.nextDistributionIndex(project.address.toBase58()), 2);
    assert.equal(Number(chain.account('Project', project.address).distributionCount), 2);
    assert.equal(await signer.rentExemptMinimum(DISTRIBUTION_ACCOUNT_BYTES), rent);
    assert.equal(rent, 1_844_400n);
    const missing = anchor.web3.Keypair.generate().publicKey.toBase58();
    await assert.rejects(signer.nextDistributionIndex(missing), { message: `Project account ${missing} does not exist on the cluster` });
    assert.deepEqual(asked, ['getAccountInfo', 'getMinimumBalanceForRentExemption', 'getAccountInfo']);
  });
});
