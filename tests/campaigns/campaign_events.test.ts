// Campaign events as the indexer receives them (LiteSVM, decoded from the inner instructions with
// the IDL): one story on one chain — a campaign is created, topped up, paused, settled (the
// project's RevenueDistributed, then the campaign's CampaignSettled) and closed — with every field
// asserted and the campaign's own seq stream advancing by one per event.
import { expect } from 'chai';
import { PublicKey } from '@solana/web3.js';
import { addresses, sol } from '../utils/chain.ts';
import {
  closeCampaignIx,
  createCampaignIx,
  createProjectIx,
  initializePlatformIx,
  investIxs,
  registerEmbedIx,
  registerStudioIx,
  setCampaignPausedIx,
  settleCampaignIx,
  topUpCampaignIx,
} from '../utils/fixtures.ts';
import { plain, SvmChain, type SvmResult } from '../utils/litesvm.ts';
import { creativeHash, DAY, SETTLEMENT_GRACE } from '../utils/campaigns.ts';

function expectEvents(result: SvmResult, expected: [string, Record<string, unknown>][]): void {
  expect(result.events.map((event) => event.name)).to.deep.equal(expected.map(([name]) => name));
  for (const [index, [, data]] of expected.entries()) {
    expect(plain(result.events[index].data)).to.deep.include(plain(data) as Record<string, unknown>);
  }
}

describe('campaign events (LiteSVM)', () => {
  const chain = SvmChain.start();
  const { admin, treasury, settlement, studio } = chain.platformRoles();
  const investor = chain.wallet();
  const publisher = chain.wallet();
  const advertiser = chain.wallet(sol(10));
  const film = addresses.project(0);
  const embed = addresses.embed(film, publisher.publicKey, 'cinema-one');
  const campaign = addresses.campaign(advertiser.publicKey, 7n);
  const creativeUri = 'https://marquee.local/api/creatives/trailer.mp4';
  let startAt = 0n;
  let endAt = 0n;
  /** What a RevenueDistribution's rent costs the campaign that settlement creates it for. */
  const DISTRIBUTION_RENT = chain.svm.minimumBalanceForRentExemption(137n);

  before(async () => {
    chain.send([initializePlatformIx(admin.publicKey, treasury.publicKey, settlement.publicKey)], [admin]);
    chain.send([registerStudioIx(studio.publicKey, 'Northlight Pictures')], [studio]);
    const args = { title: 'The Last Reel', metadataUri: 'https://marquee.local/api/metadata/0', goalLamports: sol(2), deadline: chain.now() + 30n * DAY };
    chain.send([createProjectIx(studio.publicKey, 0n, args)], [studio]);
    chain.send(investIxs(investor.publicKey, film, sol(2)), [investor]);
    chain.send([registerEmbedIx(publisher.publicKey, film, 'cinema-one', 'https://cinema.example.com')], [publisher]);
    startAt = chain.now();
    endAt = startAt + 10n * DAY;
  });

  it('create_campaign: CampaignCreated, campaign seq 1', async () => {
    const args = {
      campaignId: 7n, adType: 'video' as const, pricePerMilleLamports: 15_000_000n, sponsoredProject: PublicKey.default,
      budgetLamports: sol(1), creativeUri, creativeHash: creativeHash(creativeUri), targetGenres: 0b110n, startAt, endAt,
      maxDailySpendLamports: sol(0.5),
    };
    const result = chain.send([createCampaignIx(advertiser.publicKey, args)], [advertiser]);
    expectEvents(result, [['CampaignCreated', {
      campaign, advertiser: advertiser.publicKey, campaignId: 7n, adType: { video: {} }, pricePerMilleLamports: 15_000_000n,
      sponsoredProject: PublicKey.default, budgetLamports: sol(1), creativeUri, creativeHash: creativeHash(creativeUri),
      targetGenres: 0b110n, startAt, endAt, maxDailySpendLamports: sol(0.5), seq: 1n, timestamp: chain.now(),
    }]]);
    expect(Object.keys(result.events[0].data)).to.have.length(15);
  });

  it('top_up_campaign: CampaignToppedUp, seq 2', async () => {
    const result = chain.send([topUpCampaignIx(advertiser.publicKey, campaign, sol(0.5))], [advertiser]);
    expectEvents(result, [['CampaignToppedUp', {
      campaign, advertiser: advertiser.publicKey, amountLamports: sol(0.5), budgetAfter: sol(1.5), remainingAfter: sol(1.5), seq: 2n, timestamp: chain.now(),
    }]]);
  });

  it('set_campaign_paused: CampaignPauseSet with the flag before and after, seq 3', async () => {
    const result = chain.send([setCampaignPausedIx(advertiser.publicKey, campaign, true)], [advertiser]);
    expectEvents(result, [['CampaignPauseSet', {
      campaign, advertiser: advertiser.publicKey, pausedBefore: false, paused: true, seq: 3n, timestamp: chain.now(),
    }]]);
  });

  it("settle_campaign: the project's RevenueDistributed (its seq), then CampaignSettled (seq 4) with the batch id and the rent", async () => {
    const projectSeq = BigInt(chain.account('Project', film).eventSeq.toString());
    const result = chain.send(
      [settleCampaignIx(settlement.publicKey, campaign, film, 0, treasury.publicKey, 2_000n, [{ embed, views: 1_500n }], 41n)],
      [settlement],
    );
    expectEvents(result, [
      ['RevenueDistributed', {
        project: film, distribution: addresses.distribution(film, 0), index: 0n, totalLamports: 30_000_000n,
        publisherLamports: 12_000_000n, investorLamports: 17_250_000n, platformLamports: 750_000n, totalViews: 1_500n,
        embeds: [{ embed, views: 1_500n, amountLamports: 12_000_000n }], seq: projectSeq + 1n,
      }],
      ['CampaignSettled', {
        campaign, advertiser: advertiser.publicKey, project: film, distribution: addresses.distribution(film, 0), distributionIndex: 0n,
        batchId: 41n, impressions: 2_000n, amountLamports: 30_000_000n, rentLamports: DISTRIBUTION_RENT,
        spentAfter: 30_000_000n + DISTRIBUTION_RENT, remainingAfter: sol(1.5) - 30_000_000n - DISTRIBUTION_RENT,
        impressionsAfter: 2_000n, seq: 4n, timestamp: chain.now(),
      }],
    ]);
  });

  it('close_campaign: CampaignClosed with the unspent budget and the rent, seq 5', async () => {
    chain.warpTo(endAt + SETTLEMENT_GRACE + 1n);
    const balance = chain.balance(campaign);
    const result = chain.send([closeCampaignIx(advertiser.publicKey, campaign)], [advertiser]);
    const unspent = sol(1.5) - 30_000_000n - DISTRIBUTION_RENT;
    expectEvents(result, [['CampaignClosed', {
      campaign, advertiser: advertiser.publicKey, refundedLamports: unspent, rentLamports: balance - unspent,
      spentLamports: 30_000_000n + DISTRIBUTION_RENT, impressions: 2_000n, seq: 5n, timestamp: chain.now(),
    }]]);
    expect(chain.exists(campaign)).to.equal(false);
  });
});
