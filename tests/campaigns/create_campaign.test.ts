// create_campaign: an advertiser escrows a budget in a Campaign PDA (the budget sits in the
// account's own lamports above its rent), at the spec's price per mille for display and video, or
// a custom price for a sponsorship bound to one project. Every refusal leaves the advertiser's
// balance untouched (the test chain's payer pays the fees).
import { expect } from 'chai';
import { Keypair, PublicKey } from '@solana/web3.js';
import { addresses, expectProgramError, PROGRAM_ID, sol, TestChain } from '../utils/chain.ts';
import { createCampaignIx, PRICE_PER_MILLE, withFundedProject, withProject, withStudio } from '../utils/fixtures.ts';
import { big } from '../utils/revenue.ts';
import { campaignArgs, campaignRent, DAY, distributionRent, withCampaign } from '../utils/campaigns.ts';

describe('create_campaign', () => {
  let chain: TestChain;
  let project: PublicKey;
  let admin: Keypair;
  let advertiser: Keypair;
  let nextId = 100n;

  before(async () => {
    chain = await TestChain.start();
    const setup = await withFundedProject(chain);
    project = setup.project.address;
    admin = setup.admin;
  });

  beforeEach(async () => {
    advertiser = await chain.wallet(sol(10));
    nextId += 1n;
  });

  /** Sends create_campaign with `overrides` and expects `error`, with nothing spent and no account. */
  async function expectRefused(overrides: Parameters<typeof campaignArgs>[1], error: string, sponsored?: PublicKey) {
    const args = await campaignArgs(chain, { campaignId: nextId, ...overrides });
    const before = await chain.balance(advertiser.publicKey);
    await expectProgramError(chain.send([createCampaignIx(advertiser.publicKey, args, sponsored)], [advertiser]), error);
    expect(await chain.balance(advertiser.publicKey)).to.equal(before);
    expect(await chain.exists(addresses.campaign(advertiser.publicKey, args.campaignId))).to.equal(false);
  }

  it('creates a 1 SOL video campaign: the advertiser pays the budget and the rent into the Campaign PDA', async () => {
    const before = await chain.balance(advertiser.publicKey);
    const { address, args, result } = await withCampaign(chain, { campaignId: nextId }, { advertiser });
    console.log(`      create_campaign consumed ${result.computeUnits} compute units`);
    const rent = (await chain.rentExempt(BigInt(8 + 32 + 8 + 2 + 8 + 32 + 32 + 32 + 8 + 24 + 8 + 32 + 1 + 4 + 200)));
    expect(await chain.balance(address)).to.equal(rent + sol(1));
    expect(before - (await chain.balance(advertiser.publicKey))).to.equal(rent + sol(1));
    expect(await campaignRent(chain, address)).to.equal(rent);

    const campaign = await chain.account('Campaign', address);
    expect(campaign.advertiser.toBase58()).to.equal(advertiser.publicKey.toBase58());
    expect(big(campaign.campaignId)).to.equal(nextId);
    expect(campaign.adType).to.deep.equal({ video: {} });
    expect(campaign.paused).to.equal(false);
    expect(big(campaign.pricePerMilleLamports)).to.equal(15_000_000n);
    expect(campaign.sponsoredProject.toBase58()).to.equal(PublicKey.default.toBase58());
    expect(big(campaign.budgetLamports)).to.equal(sol(1));
    expect(big(campaign.spentLamports)).to.equal(0n);
    expect(big(campaign.impressions)).to.equal(0n);
    expect(big(campaign.settlementCount)).to.equal(0n);
    expect(campaign.creativeHash).to.deep.equal(args.creativeHash);
    expect(campaign.creativeUri).to.equal(args.creativeUri);
    expect(big(campaign.targetGenres)).to.equal(0b1001n);
    expect(big(campaign.startAt)).to.equal(args.startAt);
    expect(big(campaign.endAt)).to.equal(args.endAt);
    expect(big(campaign.createdAt)).to.equal(await chain.now());
    expect(big(campaign.eventSeq)).to.equal(1n);
    expect(big(campaign.maxDailySpendLamports)).to.equal(args.maxDailySpendLamports);
    expect([big(campaign.spendDay), big(campaign.spentInDayLamports), big(campaign.lastBatchId)]).to.deep.equal([0n, 0n, 0n]);
    const [, bump] = PublicKey.findProgramAddressSync(
      [Buffer.from('campaign'), advertiser.publicKey.toBuffer(), Buffer.from(new BigUint64Array([nextId]).buffer)],
      PROGRAM_ID,
    );
    expect(campaign.bump).to.equal(bump);
  });

  it('takes a display campaign at $5 CPM with a budget of exactly one batch (1,000 impressions)', async () => {
    const { address } = await withCampaign(chain, { campaignId: nextId, adType: 'display', pricePerMilleLamports: PRICE_PER_MILLE.display, budgetLamports: 5_000_000n }, { advertiser });
    const campaign = await chain.account('Campaign', address);
    expect(campaign.adType).to.deep.equal({ display: {} });
    expect(big(campaign.budgetLamports)).to.equal(5_000_000n);
  });

  it('takes a sponsorship at a custom price, bound to the project passed', async () => {
    const { address } = await withCampaign(
      chain,
      { campaignId: nextId, adType: 'sponsorship', pricePerMilleLamports: 40_000_000n, sponsoredProject: project, budgetLamports: sol(2) },
      { advertiser, sponsored: project },
    );
    const campaign = await chain.account('Campaign', address);
    expect(campaign.adType).to.deep.equal({ sponsorship: {} });
    expect(campaign.sponsoredProject.toBase58()).to.equal(project.toBase58());
    expect(big(campaign.pricePerMilleLamports)).to.equal(40_000_000n);
  });

  it('error: CampaignBudgetTooSmall one lamport below one batch of its price', async () => {
    await expectRefused({ budgetLamports: 14_999_999n }, 'CampaignBudgetTooSmall');
    await expectRefused({ adType: 'display', pricePerMilleLamports: PRICE_PER_MILLE.display, budgetLamports: 4_999_999n }, 'CampaignBudgetTooSmall');
    await expectRefused({ budgetLamports: 0n }, 'CampaignBudgetTooSmall');
  });

  it('error: InvalidCampaignWindow when the end is not after the start, or already past', async () => {
    const now = await chain.now();
    await expectRefused({ startAt: now + DAY, endAt: now + DAY }, 'InvalidCampaignWindow');
    await expectRefused({ startAt: now + 2n * DAY, endAt: now + DAY }, 'InvalidCampaignWindow');
    await expectRefused({ startAt: now - 2n * DAY, endAt: now }, 'InvalidCampaignWindow');
  });

  it('error: CampaignTooLong beyond 366 days, or an end near i64::MAX whose settlement deadline would overflow', async () => {
    const now = await chain.now();
    const I64_MAX = 2n ** 63n - 1n;
    await expectRefused({ startAt: now, endAt: now + 366n * DAY + 1n }, 'CampaignTooLong');
    await expectRefused({ startAt: now, endAt: I64_MAX }, 'CampaignTooLong');
    // A window of a day at the end of time: short, but end + the 7-day grace does not fit an i64.
    await expectRefused({ startAt: I64_MAX - DAY, endAt: I64_MAX }, 'CampaignTooLong');
    await expectRefused({ startAt: -(2n ** 63n), endAt: now + DAY }, 'CampaignTooLong');
    const { address } = await withCampaign(chain, { campaignId: nextId, startAt: now, endAt: now + 366n * DAY }, { advertiser });
    expect(big((await chain.account('Campaign', address)).endAt)).to.equal(now + 366n * DAY);
  });

  it('error: InvalidDailySpendCap below one smallest batch and its distribution rent (0 included); that minimum is taken', async () => {
    const smallest = 15_000_000n + (await distributionRent(chain));
    await expectRefused({ maxDailySpendLamports: 0n }, 'InvalidDailySpendCap');
    await expectRefused({ maxDailySpendLamports: smallest - 1n }, 'InvalidDailySpendCap');
    const { address } = await withCampaign(chain, { campaignId: nextId, maxDailySpendLamports: smallest }, { advertiser });
    expect(big((await chain.account('Campaign', address)).maxDailySpendLamports)).to.equal(smallest);
  });

  it('error: InvalidCampaignPrice when display or video is not at its CPM, or a sponsorship is free', async () => {
    await expectRefused({ pricePerMilleLamports: PRICE_PER_MILLE.display }, 'InvalidCampaignPrice');
    await expectRefused({ pricePerMilleLamports: PRICE_PER_MILLE.video + 1n }, 'InvalidCampaignPrice');
    await expectRefused({ adType: 'display', pricePerMilleLamports: PRICE_PER_MILLE.video }, 'InvalidCampaignPrice');
    await expectRefused({ adType: 'sponsorship', pricePerMilleLamports: 0n, sponsoredProject: project }, 'InvalidCampaignPrice', project);
  });

  it('error: InvalidSponsoredProject: a display or video campaign names a project, a sponsorship names none or another', async () => {
    await expectRefused({ sponsoredProject: project }, 'InvalidSponsoredProject');
    const sponsorship = { adType: 'sponsorship' as const, pricePerMilleLamports: 40_000_000n, sponsoredProject: project };
    await expectRefused(sponsorship, 'InvalidSponsoredProject');
    const other = await withProject(chain, await withStudio(chain, admin), { title: 'Another Reel' });
    await expectRefused(sponsorship, 'InvalidSponsoredProject', other.address);
  });

  it('error: InvalidAccountOwner / InvalidAccountData when the sponsored project is not a Project', async () => {
    const wallet = await chain.wallet(sol(1));
    await expectRefused({ adType: 'sponsorship', pricePerMilleLamports: 40_000_000n, sponsoredProject: wallet.publicKey }, 'InvalidAccountOwner', wallet.publicKey);
    const studio = addresses.studio((await chain.account('Project', project)).studio);
    await expectRefused({ adType: 'sponsorship', pricePerMilleLamports: 40_000_000n, sponsoredProject: studio }, 'InvalidAccountData', studio);
  });

  it('error: InvalidAdType for an ad type byte beyond sponsorship', async () => {
    const args = await campaignArgs(chain, { campaignId: nextId });
    const ix = createCampaignIx(advertiser.publicKey, args);
    expect(ix.data[16]).to.equal(1); // discriminator, campaign id, then the ad type (video)
    ix.data[16] = 3;
    await expectProgramError(chain.send([ix], [advertiser]), 'InvalidAdType');
  });

  it('error: StringEmpty, StringTooLong and StringNotUtf8 for the creative URI', async () => {
    await expectRefused({ creativeUri: '' }, 'StringEmpty');
    await expectRefused({ creativeUri: `https://cdn.example.com/${'a'.repeat(200 - 23)}` }, 'StringTooLong');
    const args = await campaignArgs(chain, { campaignId: nextId, creativeUri: 'https://cdn.example.com/ad.mp4' });
    const ix = createCampaignIx(advertiser.publicKey, args);
    // discriminator 8, id 8, type 1, price 8, project 32, budget 8, then the URI's length and bytes.
    expect(ix.data.readUInt32LE(65)).to.equal(args.creativeUri.length);
    ix.data[69] = 0xff;
    await expectProgramError(chain.send([ix], [advertiser]), 'StringNotUtf8');
  });

  it('accepts a creative URI of exactly 200 bytes', async () => {
    const { address } = await withCampaign(chain, { campaignId: nextId, creativeUri: `https://cdn.example.com/${'a'.repeat(200 - 24)}` }, { advertiser });
    expect((await chain.account('Campaign', address)).creativeUri).to.have.length(200);
  });

  it('error: AlreadyInitialized for a second campaign with the same id; InvalidPda for another id\'s address', async () => {
    await withCampaign(chain, { campaignId: nextId }, { advertiser });
    await expectProgramError(withCampaign(chain, { campaignId: nextId }, { advertiser }), 'AlreadyInitialized');
    const args = await campaignArgs(chain, { campaignId: nextId + 1000n });
    const ix = createCampaignIx(advertiser.publicKey, args);
    ix.keys[1].pubkey = addresses.campaign(advertiser.publicKey, nextId + 1001n);
    await expectProgramError(chain.send([ix], [advertiser]), 'InvalidPda');
  });

  it('error: InvalidPda when the campaign is derived from another advertiser', async () => {
    const other = await chain.wallet(sol(1));
    const args = await campaignArgs(chain, { campaignId: nextId });
    const ix = createCampaignIx(advertiser.publicKey, args);
    ix.keys[1].pubkey = addresses.campaign(other.publicKey, nextId);
    await expectProgramError(chain.send([ix], [advertiser]), 'InvalidPda');
  });

  it('error: AccountNotWritable when the campaign or the advertiser is passed read-only', async () => {
    for (const position of [1, 0]) {
      const ix = createCampaignIx(advertiser.publicKey, await campaignArgs(chain, { campaignId: nextId }));
      ix.keys[position].isWritable = false;
      await expectProgramError(chain.send([ix], [advertiser]), 'AccountNotWritable');
    }
    expect(await chain.exists(addresses.campaign(advertiser.publicKey, nextId))).to.equal(false);
  });

  it('error: MissingSignature when the advertiser did not sign', async () => {
    const ix = createCampaignIx(advertiser.publicKey, await campaignArgs(chain, { campaignId: nextId }));
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });
});
