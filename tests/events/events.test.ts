// Events, as the indexer receives them: the real marquee.so in LiteSVM, every instruction run once
// (or more where the sequence matters), its emit_cpi! events decoded from the transaction's inner
// instructions, and every field of every event asserted — including the sequence numbers: one
// platform-wide stream (platform and studio events) and one stream per project, each +1 per event.
//
// The `it`s form one story on one chain and run in order: platform, studio, two projects, invests,
// the licence, a metadata edit, embeds, a distribution, claims, and a refund on the project that missed its deadline.
import { expect } from 'chai';
import { PublicKey, SystemProgram } from '@solana/web3.js';
import { addresses, sol } from '../utils/chain.ts';
import {
  claimLicenseIx,
  claimPublisherRevenueIx,
  claimRevenueIx,
  createProjectIx,
  DEFAULT_RULES,
  distributeRevenueIx,
  initializePlatformIx,
  investIxs,
  metadataHash,
  refundIx,
  registerEmbedIx,
  updateProjectMetadataIx,
  registerStudioIx,
  updatePlatformIx,
  verifyStudioIx,
  type ProjectArgs,
} from '../utils/fixtures.ts';
import { decodeEventData, decodeEvents, EVENT_IX_TAG, plain, SvmChain, type DecodedEvent, type SvmResult } from '../utils/litesvm.ts';
import { createHash } from 'node:crypto';

const Q64 = 1n << 64n;
const eventDiscriminator = (name: string) => createHash('sha256').update(`event:${name}`).digest().subarray(0, 8);

/** The one event `result` carried, which must be `name`, with every field equal to `data`. */
function expectEvent(result: SvmResult, name: string, data: Record<string, unknown>): void {
  expect(result.events.map((event: DecodedEvent) => event.name)).to.deep.equal([name]);
  expect(plain(result.events[0].data)).to.deep.equal(plain(data));
}

describe('events (LiteSVM)', () => {
  const chain = SvmChain.start();
  const { admin, treasury, settlement, studio } = chain.platformRoles();
  const alice = chain.wallet();
  const bob = chain.wallet();
  const publisher = chain.wallet();
  const film = addresses.project(0);
  const missed = addresses.project(1);
  const embedIds = ['cinema-one', 'cinema-two'];
  const embeds = embedIds.map((embedId) => addresses.embed(film, publisher.publicKey, embedId));
  const goal = sol(2);
  let platformSeq = 0n;
  let filmSeq = 0n;

  it('initialize_platform: PlatformInitialized, platform seq 1', async () => {
    const result = chain.send([initializePlatformIx(admin.publicKey, treasury.publicKey, settlement.publicKey)], [admin]);
    expectEvent(result, 'PlatformInitialized', {
      admin: admin.publicKey,
      treasury: treasury.publicKey,
      settlementAuthority: settlement.publicKey,
      publisherBps: 4000,
      investorBps: 5750,
      platformBps: 250,
      minInvestmentLamports: sol(0.05),
      unverifiedFundingCapLamports: DEFAULT_RULES.unverifiedFundingCapLamports,
      verifiedFundingCapLamports: DEFAULT_RULES.verifiedFundingCapLamports,
      maxFundingDays: 365,
      seq: (platformSeq += 1n),
      timestamp: chain.now(),
    });
  });

  it('update_platform: PlatformUpdated with the previous admin, platform seq 2', async () => {
    const update = { proposedAdmin: admin.publicKey, treasury: treasury.publicKey, settlementAuthority: settlement.publicKey, ...DEFAULT_RULES, minInvestmentLamports: sol(0.1) };
    const result = chain.send([updatePlatformIx(admin.publicKey, update)], [admin]);
    expectEvent(result, 'PlatformUpdated', {
      previousAdmin: admin.publicKey,
      admin: admin.publicKey,
      pendingAdmin: PublicKey.default,
      treasury: treasury.publicKey,
      settlementAuthority: settlement.publicKey,
      publisherBps: 4000,
      investorBps: 5750,
      platformBps: 250,
      minInvestmentLamports: sol(0.1),
      unverifiedFundingCapLamports: DEFAULT_RULES.unverifiedFundingCapLamports,
      verifiedFundingCapLamports: DEFAULT_RULES.verifiedFundingCapLamports,
      maxFundingDays: 365,
      seq: (platformSeq += 1n),
      timestamp: chain.now(),
    });
    // Back to the spec's 0.05 SOL minimum for the rest of the story.
    chain.send([updatePlatformIx(admin.publicKey, { ...update, minInvestmentLamports: sol(0.05) })], [admin]);
    platformSeq += 1n;
  });

  it('register_studio: StudioRegistered on the platform stream', async () => {
    const result = chain.send([registerStudioIx(studio.publicKey, 'Northlight Pictures')], [studio]);
    expectEvent(result, 'StudioRegistered', {
      studio: addresses.studio(studio.publicKey),
      authority: studio.publicKey,
      name: 'Northlight Pictures',
      seq: (platformSeq += 1n),
      timestamp: chain.now(),
    });
  });

  it('verify_studio: StudioVerified with the flag before and after and the cap it now has', async () => {
    const result = chain.send([verifyStudioIx(admin.publicKey, studio.publicKey, true)], [admin]);
    expectEvent(result, 'StudioVerified', {
      studio: addresses.studio(studio.publicKey),
      authority: studio.publicKey,
      verifiedBefore: false,
      verified: true,
      fundingCapLamports: DEFAULT_RULES.verifiedFundingCapLamports,
      seq: (platformSeq += 1n),
      timestamp: chain.now(),
    });
    expect(BigInt(chain.account('Platform', addresses.platform()).eventSeq.toString())).to.equal(platformSeq);
  });

  it('create_project: ProjectCreated opens the project stream at seq 1 (twice: the film and one that will miss its deadline)', async () => {
    for (const [id, project, title] of [[0, film, 'The Last Reel'], [1, missed, 'Missed Cue']] as const) {
      const args: ProjectArgs = {
        title,
        metadataUri: `https://marquee.local/api/metadata/${id}`,
        goalLamports: goal,
        deadline: chain.now() + 30n * 86_400n,
        genreMask: 0b101n << BigInt(id),
      };
      const result = chain.send([createProjectIx(studio.publicKey, id, args)], [studio]);
      expectEvent(result, 'ProjectCreated', {
        project,
        projectId: BigInt(id),
        studio: studio.publicKey,
        shareMint: addresses.shareMint(project),
        vault: addresses.vault(project),
        goalLamports: goal,
        deadline: args.deadline,
        metadataHash: metadataHash(args.metadataUri),
        title,
        metadataUri: args.metadataUri,
        genreMask: 0b101n << BigInt(id),
        seq: 1n,
        timestamp: chain.now(),
      });
    }
    filmSeq = 1n;
  });

  it('invest: Invested with before/after amounts, a new investor, a repeat, and the investment that funds', async () => {
    const steps = [
      { investor: alice, amount: sol(0.5), raisedBefore: 0n, lamportsAfter: sol(0.5), count: 1, isNew: true, funded: false },
      { investor: alice, amount: sol(0.5), raisedBefore: sol(0.5), lamportsAfter: sol(1), count: 1, isNew: false, funded: false },
      { investor: bob, amount: sol(1), raisedBefore: sol(1), lamportsAfter: sol(1), count: 2, isNew: true, funded: true },
    ];
    for (const step of steps) {
      chain.warpTo(chain.now() + 60n);
      const result = chain.send(investIxs(step.investor.publicKey, film, step.amount), [step.investor]);
      expectEvent(result, 'Invested', {
        project: film,
        investor: step.investor.publicKey,
        investment: addresses.investment(film, step.investor.publicKey),
        amountLamports: step.amount,
        sharesMinted: step.amount,
        investorLamportsAfter: step.lamportsAfter,
        investorSharesAfter: step.lamportsAfter,
        raisedBefore: step.raisedBefore,
        raisedAfter: step.raisedBefore + step.amount,
        goalLamports: goal,
        investorCountAfter: step.count,
        newInvestor: step.isNew,
        statusAfter: step.funded ? { funded: {} } : { funding: {} },
        seq: (filmSeq += 1n),
        timestamp: chain.now(),
      });
    }
  });

  it('claim_license: LicenseClaimed with the amount released to the studio', async () => {
    const result = chain.send([claimLicenseIx(studio.publicKey, film)], [studio]);
    expectEvent(result, 'LicenseClaimed', {
      project: film,
      studio: studio.publicKey,
      amountLamports: goal,
      seq: (filmSeq += 1n),
      timestamp: chain.now(),
    });
  });

  it('update_project_metadata: ProjectMetadataUpdated with the URI and hash before and after, on the film’s stream', async () => {
    const uri = 'https://marquee.local/api/metadata/0-edited';
    const result = chain.send([updateProjectMetadataIx(studio.publicKey, film, uri)], [studio]);
    expectEvent(result, 'ProjectMetadataUpdated', {
      project: film,
      studio: studio.publicKey,
      previousMetadataHash: metadataHash('https://marquee.local/api/metadata/0'),
      metadataHash: metadataHash(uri),
      previousMetadataUri: 'https://marquee.local/api/metadata/0',
      metadataUri: uri,
      seq: (filmSeq += 1n),
      timestamp: chain.now(),
    });
  });

  it('register_embed: EmbedRegistered for each of the publisher’s two embeds', async () => {
    for (const [index, embedId] of embedIds.entries()) {
      const websiteUrl = `https://${embedId}.example.com/films`;
      const result = chain.send([registerEmbedIx(publisher.publicKey, film, embedId, websiteUrl)], [publisher]);
      expectEvent(result, 'EmbedRegistered', {
        project: film,
        embed: embeds[index],
        publisher: publisher.publicKey,
        embedId,
        websiteUrl,
        seq: (filmSeq += 1n),
        timestamp: chain.now(),
      });
    }
  });

  it('distribute_revenue: RevenueDistributed with the split, the accumulator before/after and every embed credit', async () => {
    const amount = sol(1);
    const views = [300n, 100n];
    const publishers = (amount * 4000n) / 10_000n;
    const platform = (amount * 250n) / 10_000n;
    const credits = views.map((count) => (publishers * count) / 400n);
    const investors = amount - credits[0] - credits[1] - platform;
    const increment = (investors * Q64) / goal;
    const result = chain.send(
      [distributeRevenueIx(settlement.publicKey, film, 0, treasury.publicKey, amount, embeds.map((embed, index) => ({ embed, views: views[index] })))],
      [settlement],
    );
    expectEvent(result, 'RevenueDistributed', {
      project: film,
      distribution: addresses.distribution(film, 0),
      index: 0n,
      totalLamports: amount,
      publisherLamports: credits[0] + credits[1],
      investorLamports: investors,
      platformLamports: platform,
      totalViews: 400n,
      totalShares: goal,
      revenuePerShareBefore: 0n,
      revenuePerShareAfter: increment,
      embeds: embeds.map((embed, index) => ({ embed, views: views[index], amountLamports: credits[index] })),
      seq: (filmSeq += 1n),
      timestamp: chain.now(),
    });
  });

  it('claim_revenue: RevenueClaimed with the checkpoint and the running total', async () => {
    const revenuePerShare = BigInt(chain.account('Project', film).revenuePerShare.toString());
    for (const [investor, shares] of [[alice, sol(1)], [bob, sol(1)]] as const) {
      const owed = (shares * revenuePerShare) / Q64;
      const result = chain.send([claimRevenueIx(investor.publicKey, film)], [investor]);
      expectEvent(result, 'RevenueClaimed', {
        project: film,
        investor: investor.publicKey,
        investment: addresses.investment(film, investor.publicKey),
        amountLamports: owed,
        revenuePerShareCheckpoint: revenuePerShare,
        claimedTotalAfter: owed,
        // No timestamp: a claim is dated by its transaction's block time.
        seq: (filmSeq += 1n),
      });
    }
  });

  it('claim_publisher_revenue: PublisherRevenueClaimed per embed', async () => {
    for (const embed of embeds) {
      const earned = BigInt(chain.account('Embed', embed).earnedLamports.toString());
      const result = chain.send([claimPublisherRevenueIx(publisher.publicKey, film, embed)], [publisher]);
      expectEvent(result, 'PublisherRevenueClaimed', {
        project: film,
        embed,
        publisher: publisher.publicKey,
        amountLamports: earned,
        claimedTotalAfter: earned,
        seq: (filmSeq += 1n),
        timestamp: chain.now(),
      });
    }
    expect(BigInt(chain.account('Project', film).eventSeq.toString())).to.equal(filmSeq);
  });

  it('refund: Refunded after the missed deadline, on that project’s own stream', async () => {
    const investor = chain.wallet();
    chain.send(investIxs(investor.publicKey, missed, sol(0.25)), [investor]); // seq 2 of `missed`
    chain.warpTo(BigInt(chain.account('Project', missed).deadline.toString()));
    const result = chain.send([refundIx(investor.publicKey, missed)], [investor]);
    expectEvent(result, 'Refunded', {
      project: missed,
      investor: investor.publicKey,
      investment: addresses.investment(missed, investor.publicKey),
      amountLamports: sol(0.25),
      sharesBurned: sol(0.25),
      raisedBefore: sol(0.25),
      raisedAfter: 0n,
      investorCountAfter: 0,
      seq: 3n,
      timestamp: chain.now(),
    });
  });

  it('decodes no event from a transaction without one, and only events of this program', () => {
    const transfer = chain.send([SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1n })], [alice]);
    expect(transfer.events).to.deep.equal([]);

    // A captured event, replayed as if another program had emitted it: skipped once keys say so.
    const eventData = Buffer.concat([Buffer.from(EVENT_IX_TAG), Buffer.from(eventDiscriminator('LicenseClaimed')), Buffer.alloc(32 + 32 + 8 + 8 + 8)]);
    const inner = (programIdIndex: number) => [[{ instruction: () => ({ programIdIndex: () => programIdIndex, data: () => eventData }) }]] as never;
    const keys = [alice.publicKey, chain.program.programId, SystemProgram.programId];
    expect(decodeEvents(inner(1), keys).map((event) => event.name)).to.deep.equal(['LicenseClaimed']);
    expect(decodeEvents(inner(2), keys)).to.deep.equal([]);
    expect(decodeEventData(eventData.subarray(8))).to.equal(null);
    expect(decodeEventData(Buffer.from([1, 2, 3]))).to.equal(null);
  });

  it('events survive log truncation: with 200 bytes of logs the Invested event is still decoded whole', async () => {
    const truncated = SvmChain.start({ logBytesLimit: 200n });
    const [owner, investor] = [truncated.wallet(), truncated.wallet()];
    // Only the program's upgrade authority may initialise the platform.
    const admin = truncated.upgradeAuthority;
    truncated.send([await initializePlatformIx(admin.publicKey, owner.publicKey, owner.publicKey)], [admin]);
    truncated.send([await registerStudioIx(owner.publicKey, 'Tiny Logs Films')], [owner]);
    const deadline = truncated.now() + 86_400n;
    truncated.send([await createProjectIx(owner.publicKey, 0, { title: 'Cut', metadataUri: 'https://marquee.local/cut', goalLamports: sol(1), deadline })], [owner]);
    const result = truncated.send(await investIxs(investor.publicKey, film, sol(0.25)), [investor]);
    expect(result.logs.join('\n')).to.match(/Log truncated/);
    expectEvent(result, 'Invested', {
      project: film,
      investor: investor.publicKey,
      investment: addresses.investment(film, investor.publicKey),
      amountLamports: sol(0.25),
      sharesMinted: sol(0.25),
      investorLamportsAfter: sol(0.25),
      investorSharesAfter: sol(0.25),
      raisedBefore: 0n,
      raisedAfter: sol(0.25),
      goalLamports: sol(1),
      investorCountAfter: 1,
      newInvestor: true,
      statusAfter: { funding: {} },
      seq: 2n,
      timestamp: truncated.now(),
    });
  });
});
