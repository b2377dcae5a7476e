// The advertiser's side of a campaign after its creation: top_up_campaign, set_campaign_paused and
// close_campaign (after the end and the settlement grace period: the unspent budget and the rent
// come back, exactly), and the defensive check that settlement never eats into a campaign's rent.
import { expect } from 'chai';
import { Keypair, PublicKey } from '@solana/web3.js';
import { expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { closeCampaignIx, setCampaignPausedIx, topUpCampaignIx } from '../utils/fixtures.ts';
import { big, withRevenueProject } from '../utils/revenue.ts';
import { campaignRent, DAY, distributionRent, SETTLEMENT_GRACE, settle, withCampaign, type CampaignHandle } from '../utils/campaigns.ts';

describe('campaign lifecycle: top up, pause, close', () => {
  let chain: TestChain;
  let settlement: Keypair;
  let treasury: PublicKey;
  let project: PublicKey;
  let campaign: CampaignHandle;
  let stranger: Keypair;
  let nextId = 0n;

  before(async () => {
    chain = await TestChain.start();
    const setup = await withRevenueProject(chain, { goal: sol(3) });
    settlement = setup.settlement;
    treasury = setup.treasury.publicKey;
    project = setup.project.address;
    stranger = await chain.wallet(sol(10));
  });

  beforeEach(async () => {
    nextId += 1n;
    campaign = await withCampaign(chain, { campaignId: nextId });
  });

  const advertiser = () => campaign.advertiser;
  const topUp = async (signer: Keypair, amount: bigint) =>
    chain.send([topUpCampaignIx(signer.publicKey, campaign.address, amount)], [signer]);
  const setPaused = async (signer: Keypair, paused: boolean) =>
    chain.send([setCampaignPausedIx(signer.publicKey, campaign.address, paused)], [signer]);
  const close = async (signer: Keypair) => chain.send([closeCampaignIx(signer.publicKey, campaign.address)], [signer]);

  it('top_up_campaign adds to the budget and the campaign balance, exactly', async () => {
    const before = { advertiser: await chain.balance(advertiser().publicKey), campaign: await chain.balance(campaign.address) };
    const { computeUnits } = await topUp(advertiser(), sol(0.5));
    console.log(`      top_up_campaign consumed ${computeUnits} compute units`);
    expect(before.advertiser - (await chain.balance(advertiser().publicKey))).to.equal(sol(0.5));
    expect((await chain.balance(campaign.address)) - before.campaign).to.equal(sol(0.5));
    const state = await chain.account('Campaign', campaign.address);
    expect(big(state.budgetLamports)).to.equal(sol(1.5));
    expect(big(state.eventSeq)).to.equal(2n);
  });

  it('top_up_campaign errors: Unauthorized for another wallet, InvalidCampaignAmount for zero, CampaignEnded after the end', async () => {
    await expectProgramError(topUp(stranger, sol(0.5)), 'Unauthorized');
    await expectProgramError(topUp(advertiser(), 0n), 'InvalidCampaignAmount');
    const endAt = big((await chain.account('Campaign', campaign.address)).endAt);
    await chain.warpTo(endAt);
    await topUp(advertiser(), 1n);
    await chain.warpTo(endAt + 1n);
    const before = await chain.balance(advertiser().publicKey);
    await expectProgramError(topUp(advertiser(), sol(0.5)), 'CampaignEnded');
    expect(await chain.balance(advertiser().publicKey)).to.equal(before);
    expect(big((await chain.account('Campaign', campaign.address)).budgetLamports)).to.equal(sol(1) + 1n);
  });

  it('set_campaign_paused pauses and resumes; error: Unauthorized for another wallet', async () => {
    const { computeUnits } = await setPaused(advertiser(), true);
    console.log(`      set_campaign_paused consumed ${computeUnits} compute units`);
    expect((await chain.account('Campaign', campaign.address)).paused).to.equal(true);
    await expectProgramError(setPaused(stranger, false), 'Unauthorized');
    expect((await chain.account('Campaign', campaign.address)).paused).to.equal(true);
    await setPaused(advertiser(), false);
    const state = await chain.account('Campaign', campaign.address);
    expect(state.paused).to.equal(false);
    expect(big(state.eventSeq)).to.equal(3n);
  });

  it('set_campaign_paused error: MissingSignature when the advertiser did not sign', async () => {
    const ix = setCampaignPausedIx(advertiser().publicKey, campaign.address, true);
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('close_campaign returns the unspent budget and the rent after the grace period, and the account is gone', async () => {
    await settle(chain, settlement, campaign.address, project, treasury, 1_000n);
    const rent = await campaignRent(chain, campaign.address);
    const endAt = big((await chain.account('Campaign', campaign.address)).endAt);
    await chain.warpTo(endAt + SETTLEMENT_GRACE + 1n);
    const before = await chain.balance(advertiser().publicKey);
    const { computeUnits } = await close(advertiser());
    console.log(`      close_campaign consumed ${computeUnits} compute units`);
    // The batch and its distribution's rent were spent; the rest of the budget and the account's rent come back.
    expect((await chain.balance(advertiser().publicKey)) - before).to.equal(sol(1) - 15_000_000n - (await distributionRent(chain)) + rent);
    expect(await chain.exists(campaign.address)).to.equal(false);
    // A settlement after the close finds no campaign.
    await expectProgramError(settle(chain, settlement, campaign.address, project, treasury, 1n), 'InvalidAccountOwner');
  });

  it('close_campaign error: CampaignGracePeriodNotOver before the end, at the end and at the last second of the grace period', async () => {
    const endAt = big((await chain.account('Campaign', campaign.address)).endAt);
    for (const at of [await chain.now(), endAt, endAt + SETTLEMENT_GRACE]) {
      await chain.warpTo(at);
      await expectProgramError(close(advertiser()), 'CampaignGracePeriodNotOver');
    }
    expect(big((await chain.account('Campaign', campaign.address)).budgetLamports)).to.equal(sol(1));
  });

  it('close_campaign error: Unauthorized for another wallet, even after the grace period', async () => {
    const endAt = big((await chain.account('Campaign', campaign.address)).endAt);
    await chain.warpTo(endAt + SETTLEMENT_GRACE + DAY);
    const before = await chain.balance(campaign.address);
    await expectProgramError(close(stranger), 'Unauthorized');
    expect(await chain.balance(campaign.address)).to.equal(before);
  });

  it('close_campaign error: MissingSignature and AccountNotWritable', async () => {
    const ix = closeCampaignIx(advertiser().publicKey, campaign.address);
    ix.keys[0].isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
    const readOnly = closeCampaignIx(advertiser().publicKey, campaign.address);
    readOnly.keys[1].isWritable = false;
    await expectProgramError(chain.send([readOnly], [advertiser()]), 'AccountNotWritable');
  });

  it('error: InsufficientVaultBalance when a campaign holds less than its rent plus what is left (corrupted from outside)', async () => {
    const rent = await campaignRent(chain, campaign.address);
    const account = (await chain.rawAccount(campaign.address))!;
    // The largest batch the 1 SOL budget pays with its distribution's rent (~66,543 impressions);
    // the account holds one lamport less than rent + that debit, so paying it would eat into the
    // rent reserve.
    const distribution = await distributionRent(chain);
    const impressions = (sol(1) - distribution) / 15_000n;
    const batch = impressions * 15_000n + distribution;
    await chain.setRawAccount(campaign.address, { ...account, lamports: Number(rent + batch - 1n) });
    await expectProgramError(settle(chain, settlement, campaign.address, project, treasury, impressions), 'InsufficientVaultBalance');
    expect(await chain.balance(campaign.address)).to.equal(rent + batch - 1n);
    await settle(chain, settlement, campaign.address, project, treasury, impressions - 1n);
    expect(await chain.balance(campaign.address)).to.equal(rent + 15_000n - 1n);
  });
});
