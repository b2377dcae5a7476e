// settle_campaign: the settlement authority pays a batch of impressions from the campaign that
// served them, at its price per mille, and the batch is shared exactly as distribute_revenue shares
// a deposit (the same code path): embeds by views, investors through the accumulator, the platform
// to its treasury. The campaign pays the batch and the rent of the distribution it creates (the
// settlement authority pays it and is paid back in the same instruction, so it is never out of
// pocket); on chain, a batch id is paid at most once and in order, a day's spend stays within the
// campaign's cap, and the film's genres must meet the campaign's target genres.
import { expect } from 'chai';
import { Keypair, PublicKey } from '@solana/web3.js';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { PRICE_PER_MILLE, setCampaignPausedIx, settleCampaignIx, withProject, withStudio } from '../utils/fixtures.ts';
import * as client from '@marquee/program-client';
import {
  accrued,
  anotherFundedProject,
  big,
  type EmbedHandle,
  embedViews,
  expectedDistribution,
  expectVaultBalanced,
  fundedProjectWithEmbeds,
  registerEmbed,
} from '../utils/revenue.ts';
import { batchPrice, DAY, distributionRent, SETTLEMENT_GRACE, settle, settleIx, withCampaign, type CampaignHandle } from '../utils/campaigns.ts';

describe('settle_campaign', () => {
  let chain: TestChain;
  let admin: Keypair;
  let settlement: Keypair;
  let treasury: PublicKey;
  let project: PublicKey;
  let embeds: EmbedHandle[];
  let campaign: CampaignHandle;
  let nextId = 0n;
  let rent = 0n;

  before(async () => {
    ({ chain, admin, settlement, treasury, project, embeds } = await fundedProjectWithEmbeds({ investorCount: 3, goal: sol(3), embedIds: ['front-page', 'sidebar'] }));
    rent = await distributionRent(chain);
  });

  beforeEach(async () => {
    nextId += 1n;
    campaign = await withCampaign(chain, { campaignId: nextId });
  });

  const views = (...counts: number[]) => embedViews(embeds, counts);

  /** Balances a batch moves, and the project's state, before it runs. */
  async function snapshot(campaignAddress = campaign.address) {
    return {
      campaign: await chain.balance(campaignAddress),
      settlement: await chain.balance(settlement.publicKey),
      treasury: await chain.balance(treasury),
      vault: await chain.balance(addresses.vault(project)),
      project: await chain.account('Project', project),
      embeds: await Promise.all(embeds.map(async (embed) => big((await chain.account('Embed', embed.address)).earnedLamports))),
    };
  }

  it('pays 1,000 video impressions (0.015 SOL) from the campaign and splits them 40 / 57.5 / 2.5', async () => {
    const before = await snapshot();
    const index = big(before.project.distributionCount);
    const { computeUnits } = await settle(chain, settlement, campaign.address, project, treasury, 1_000n, views(600, 200));
    console.log(`      settle_campaign (2 embeds) consumed ${computeUnits} compute units`);

    const amount = 15_000_000n;
    expect(batchPrice(1_000n, PRICE_PER_MILLE.video)).to.equal(amount);
    const totalShares = big(before.project.totalShares);
    const expected = expectedDistribution(amount, [600n, 200n], totalShares);
    expect(expected.credits).to.deep.equal([4_500_000n, 1_500_000n]);
    expect(expected.platform).to.equal(375_000n);
    expect(expected.investors).to.equal(8_625_000n);

    const distribution = addresses.distribution(project, index);
    expect(await chain.balance(distribution)).to.equal(rent);
    // The campaign pays the batch and the distribution's rent; the settlement authority (the
    // transaction's fee is the chain payer's here) ends exactly where it started.
    expect(before.campaign - (await chain.balance(campaign.address))).to.equal(amount + rent);
    expect(await chain.balance(settlement.publicKey)).to.equal(before.settlement);
    expect((await chain.balance(treasury)) - before.treasury).to.equal(expected.platform);
    expect((await chain.balance(addresses.vault(project))) - before.vault).to.equal(amount - expected.platform);
    for (const [position, embed] of embeds.entries()) {
      expect(big((await chain.account('Embed', embed.address)).earnedLamports) - before.embeds[position]).to.equal(expected.credits[position]);
    }

    const after = await chain.account('Project', project);
    expect(big(after.revenuePerShare) - big(before.project.revenuePerShare)).to.equal(expected.increment);
    expect(big(after.investorRevenueLamports)).to.equal(accrued(totalShares, big(after.revenuePerShare)));
    expect(big(after.totalRevenueLamports) - big(before.project.totalRevenueLamports)).to.equal(amount);
    expect(big(after.totalViews) - big(before.project.totalViews)).to.equal(800n);
    expect(big(after.distributionCount)).to.equal(index + 1n);
    const recorded = await chain.account('RevenueDistribution', distribution);
    expect(big(recorded.totalLamports)).to.equal(amount);
    expect(big(recorded.publisherLamports)).to.equal(expected.publishers);
    expect(big(recorded.investorLamports)).to.equal(expected.investors);
    expect(big(recorded.platformLamports)).to.equal(expected.platform);

    const state = await chain.account('Campaign', campaign.address);
    expect(big(state.spentLamports)).to.equal(amount + rent);
    expect(big(state.spentInDayLamports)).to.equal(amount + rent);
    expect(big(state.impressions)).to.equal(1_000n);
    expect(big(state.settlementCount)).to.equal(1n);
    expect(big(state.eventSeq)).to.equal(2n);
    await expectVaultBalanced(chain, project);
  });

  it('pays one impression at 15,000 lamports: 6,000 to the publisher, 8,625 to investors, 375 to the platform', async () => {
    const before = await snapshot();
    await settle(chain, settlement, campaign.address, project, treasury, 1n, views(1));
    expect(before.campaign - (await chain.balance(campaign.address))).to.equal(15_000n + rent);
    expect(big((await chain.account('Embed', embeds[0].address)).earnedLamports) - before.embeds[0]).to.equal(6_000n);
    expect((await chain.balance(treasury)) - before.treasury).to.equal(375n);
    const after = await chain.account('Project', project);
    expect(big(after.publisherRevenueLamports) - big(before.project.publisherRevenueLamports)).to.equal(6_000n);
    expect(big(after.platformRevenueLamports) - big(before.project.platformRevenueLamports)).to.equal(375n);
    await expectVaultBalanced(chain, project);
  });

  it('pays display impressions at 5,000 lamports each; impressions off any embed go to the investors', async () => {
    nextId += 1n;
    const display = await withCampaign(chain, { campaignId: nextId, adType: 'display', pricePerMilleLamports: PRICE_PER_MILLE.display });
    const before = await snapshot(display.address);
    await settle(chain, settlement, display.address, project, treasury, 3n, []);
    expect(before.campaign - (await chain.balance(display.address))).to.equal(15_000n + rent);
    const after = await chain.account('Project', project);
    expect(big(after.publisherRevenueLamports)).to.equal(big(before.project.publisherRevenueLamports));
    expect((await chain.balance(treasury)) - before.treasury).to.equal(375n);
  });

  it('draws the budget (batches and their rent) down to zero, then error: CampaignBudgetExceeded, nothing moved', async () => {
    nextId += 1n;
    const small = await withCampaign(chain, { campaignId: nextId, budgetLamports: 30_000_000n + 2n * rent });
    await settle(chain, settlement, small.address, project, treasury, 1_500n, views(1));
    await expectProgramError(settle(chain, settlement, small.address, project, treasury, 501n, views(1)), 'CampaignBudgetExceeded');
    await settle(chain, settlement, small.address, project, treasury, 500n, views(1));
    const state = await chain.account('Campaign', small.address);
    expect(big(state.spentLamports)).to.equal(30_000_000n + 2n * rent);
    const before = await snapshot(small.address);
    await expectProgramError(settle(chain, settlement, small.address, project, treasury, 1n, views(1)), 'CampaignBudgetExceeded');
    const after = await snapshot(small.address);
    expect([after.campaign, after.settlement, after.treasury, after.vault]).to.deep.equal([before.campaign, before.settlement, before.treasury, before.vault]);
  });

  it('error: CampaignNotStarted before the campaign starts', async () => {
    nextId += 1n;
    const later = await withCampaign(chain, { campaignId: nextId, startAt: (await chain.now()) + DAY, endAt: (await chain.now()) + 2n * DAY });
    await expectProgramError(settle(chain, settlement, later.address, project, treasury, 10n, views(1)), 'CampaignNotStarted');
  });

  it('settles after the end until the grace period is over, then error: CampaignSettlementClosed', async () => {
    const endAt = big((await chain.account('Campaign', campaign.address)).endAt);
    await chain.warpTo(endAt + SETTLEMENT_GRACE);
    await settle(chain, settlement, campaign.address, project, treasury, 10n, views(1));
    await chain.warpTo(endAt + SETTLEMENT_GRACE + 1n);
    await expectProgramError(settle(chain, settlement, campaign.address, project, treasury, 10n, views(1)), 'CampaignSettlementClosed');
    expect(big((await chain.account('Campaign', campaign.address)).spentLamports)).to.equal(150_000n + rent);
  });

  it('still settles a paused campaign: pausing stops serving, not paying for what was served', async () => {
    await chain.send([setCampaignPausedIx(campaign.advertiser.publicKey, campaign.address, true)], [campaign.advertiser]);
    await settle(chain, settlement, campaign.address, project, treasury, 2n, views(2));
    const state = await chain.account('Campaign', campaign.address);
    expect(state.paused).to.equal(true);
    expect(big(state.spentLamports)).to.equal(30_000n + rent);
  });

  it('error: SponsoredProjectMismatch when a sponsorship pays for another project; its own project settles', async () => {
    nextId += 1n;
    const sponsorship = await withCampaign(
      chain,
      { campaignId: nextId, adType: 'sponsorship', pricePerMilleLamports: 40_000_000n, sponsoredProject: project },
      { sponsored: project },
    );
    const other = await anotherFundedProject(chain);
    await expectProgramError(settle(chain, settlement, sponsorship.address, other.project.address, treasury, 10n), 'SponsoredProjectMismatch');
    const before = await snapshot(sponsorship.address);
    await settle(chain, settlement, sponsorship.address, project, treasury, 10n, views(5));
    expect(before.campaign - (await chain.balance(sponsorship.address))).to.equal(400_000n + rent);
  });

  it('the settlement authority nets its platform share per batch: the rent is paid back, never its loss', async () => {
    const before = await snapshot();
    await settle(chain, settlement, campaign.address, project, treasury, 123n, views(100));
    // A 123-view batch (1.845 M lamports) used to cost the settlement authority ~1.86 M of rent.
    expect(await chain.balance(settlement.publicKey)).to.equal(before.settlement);
    const platformShare = (await chain.balance(treasury)) - before.treasury;
    expect(platformShare > 0n).to.equal(true);
  });

  it('error: BatchOutOfOrder for a replayed batch id or one below the last settled; a later id settles', async () => {
    const batch = (impressions: bigint, batchId: bigint) => settleIx(chain, settlement.publicKey, campaign.address, project, treasury, impressions, views(1), batchId);
    await chain.send([await batch(10n, 1_000n)], [settlement]);
    const before = await snapshot();
    await expectProgramError(chain.send([await batch(11n, 1_000n)], [settlement]), 'BatchOutOfOrder');
    await expectProgramError(chain.send([await batch(12n, 999n)], [settlement]), 'BatchOutOfOrder');
    const after = await snapshot();
    expect([after.campaign, after.settlement, after.treasury, after.vault]).to.deep.equal([before.campaign, before.settlement, before.treasury, before.vault]);
    await chain.send([await batch(13n, 1_002n)], [settlement]);
    const state = await chain.account('Campaign', campaign.address);
    expect(big(state.lastBatchId)).to.equal(1_002n);
    expect(big(state.settlementCount)).to.equal(2n);
    expect(big(state.impressions)).to.equal(23n);
  });

  it('error: CampaignDailyCapExceeded beyond the maximum spend per day; the next day the cap starts over', async () => {
    nextId += 1n;
    // A cap of two 1,000-impression batches and their rent, in a day.
    const cap = 2n * (15_000_000n + rent);
    const capped = await withCampaign(chain, { campaignId: nextId, maxDailySpendLamports: cap });
    const dayStart = ((await chain.now()) / DAY + 1n) * DAY;
    await chain.warpTo(dayStart);
    await settle(chain, settlement, capped.address, project, treasury, 1_000n, views(1));
    await chain.warpTo(dayStart + DAY - 1n);
    await expectProgramError(settle(chain, settlement, capped.address, project, treasury, 1_001n, views(1)), 'CampaignDailyCapExceeded');
    await settle(chain, settlement, capped.address, project, treasury, 1_000n, views(1));
    await expectProgramError(settle(chain, settlement, capped.address, project, treasury, 1n, views(1)), 'CampaignDailyCapExceeded');
    expect(big((await chain.account('Campaign', capped.address)).spentInDayLamports)).to.equal(cap);
    await chain.warpTo(dayStart + DAY);
    await settle(chain, settlement, capped.address, project, treasury, 1_000n, views(1));
    const state = await chain.account('Campaign', capped.address);
    expect(big(state.spendDay)).to.equal(dayStart / DAY + 1n);
    expect(big(state.spentInDayLamports)).to.equal(15_000_000n + rent);
  });

  it("error: GenreMismatch when the film's genres miss the campaign's target; a film of a targeted genre settles", async () => {
    const documentary = await anotherFundedProject(chain, { genreMask: client.genreMask(['Documentary']) });
    nextId += 1n;
    const action = await withCampaign(chain, { campaignId: nextId, targetGenres: client.genreMask(['Action', 'Comedy']) });
    const before = await snapshot(action.address);
    await expectProgramError(settle(chain, settlement, action.address, documentary.project.address, treasury, 10n), 'GenreMismatch');
    expect(await chain.balance(action.address)).to.equal(before.campaign);
    nextId += 1n;
    const targeted = await withCampaign(chain, { campaignId: nextId, targetGenres: client.genreMask(['Comedy', 'Documentary']) });
    await settle(chain, settlement, targeted.address, documentary.project.address, treasury, 10n);
    nextId += 1n;
    const everyFilm = await withCampaign(chain, { campaignId: nextId, targetGenres: 0n });
    await settle(chain, settlement, everyFilm.address, documentary.project.address, treasury, 10n);
  });

  it('error: ViewsExceedImpressions when the embeds count more views than the batch has impressions', async () => {
    await expectProgramError(settle(chain, settlement, campaign.address, project, treasury, 10n, views(6, 5)), 'ViewsExceedImpressions');
    await settle(chain, settlement, campaign.address, project, treasury, 11n, views(6, 5));
  });

  it('error: InvalidRevenueAmount for a batch of no impressions', async () => {
    await expectProgramError(settle(chain, settlement, campaign.address, project, treasury, 0n), 'InvalidRevenueAmount');
  });

  it('error: Unauthorized unless the settlement authority signs (the advertiser, the admin); nothing moved', async () => {
    const before = await snapshot();
    for (const signer of [campaign.advertiser, admin]) {
      await expectProgramError(settle(chain, signer, campaign.address, project, treasury, 10n, views(1)), 'Unauthorized');
    }
    expect(await chain.balance(campaign.address)).to.equal(before.campaign);
  });

  it('error: MissingSignature when the settlement authority did not sign', async () => {
    const ix = await settleIx(chain, settlement.publicKey, campaign.address, project, treasury, 10n, views(1));
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: ProjectNotFunded for a project still funding', async () => {
    const funding = await withProject(chain, await withStudio(chain, admin), { goal: sol(5) });
    await expectProgramError(settle(chain, settlement, campaign.address, funding.address, treasury, 10n), 'ProjectNotFunded');
  });

  it('error: InvalidAccountOwner / InvalidAccountData when the campaign is a wallet or another account kind', async () => {
    const wallet = await chain.wallet(sol(1));
    await expectProgramError(settle(chain, settlement, wallet.publicKey, project, treasury, 10n), 'InvalidAccountOwner');
    await expectProgramError(settle(chain, settlement, project, project, treasury, 10n), 'InvalidAccountData');
    await expectProgramError(settle(chain, settlement, embeds[0].address, project, treasury, 10n), 'InvalidAccountData');
  });

  it('error: AccountNotWritable when the campaign is passed read-only', async () => {
    const ix = await settleIx(chain, settlement.publicKey, campaign.address, project, treasury, 10n, views(1));
    ix.keys[2].isWritable = false;
    await expectProgramError(chain.send([ix], [settlement]), 'AccountNotWritable');
  });

  it("error: InvalidTreasury, InvalidVault and InvalidPda as distribute_revenue's checks", async () => {
    const fake = await chain.wallet(sol(1));
    await expectProgramError(settle(chain, settlement, campaign.address, project, fake.publicKey, 10n), 'InvalidTreasury');
    const other = await anotherFundedProject(chain);
    const ix = await settleIx(chain, settlement.publicKey, campaign.address, project, treasury, 10n);
    ix.keys[4].pubkey = addresses.vault(other.project.address);
    await expectProgramError(chain.send([ix], [settlement]), 'InvalidVault');
    const index = big((await chain.account('Project', project)).distributionCount);
    const replay = settleCampaignIx(settlement.publicKey, campaign.address, project, index + 1n, treasury, 10n, []);
    await expectProgramError(chain.send([replay], [settlement]), 'InvalidPda');
  });

  it('error: DuplicateEmbed and EmbedProjectMismatch for the embeds', async () => {
    await expectProgramError(
      settle(chain, settlement, campaign.address, project, treasury, 10n, [...views(1), { embed: embeds[0].address, views: 1n }]),
      'DuplicateEmbed',
    );
    const other = await anotherFundedProject(chain);
    const foreign = await registerEmbed(chain, other.project.address, 'elsewhere');
    await expectProgramError(
      settle(chain, settlement, campaign.address, project, treasury, 10n, [{ embed: foreign.address, views: 1n }]),
      'EmbedProjectMismatch',
    );
  });

  it('error: NotEnoughAccounts when fixed accounts are missing', async () => {
    const ix = await settleIx(chain, settlement.publicKey, campaign.address, project, treasury, 10n);
    ix.keys = ix.keys.slice(0, 9);
    await expectProgramError(chain.send([ix], [settlement]), 'NotEnoughAccounts');
  });
});
