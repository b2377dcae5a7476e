// The demo's house campaign: a video campaign of the platform's own advertiser key, funded by the
// demo chain, whose settlements are the demo's test revenue (Generate Revenue pays a holder's film
// through it). The ad server never serves it.
import anchor from '@coral-xyz/anchor';
import { createCampaignInstruction, MAX_CAMPAIGN_DURATION_SECONDS, pda, topUpCampaignInstruction } from '@marquee/program-client';
import { randomInt } from 'node:crypto';
import type { ClusterContext } from '../cluster.ts';
import { chargeFor } from '../campaigns/rules.ts';
import { DISTRIBUTION_ACCOUNT_BYTES, HOUSE_CAMPAIGN_BUDGET_LAMPORTS, LAMPORTS_PER_SOL, STANDARD_PRICE_PER_MILLE_LAMPORTS } from '../constants.ts';
import { campaigns, investments, users } from '../db/index.ts';
import { SOL } from '../lamports.ts';
import { DemoActionError, lamportsOf } from './action-error.ts';
import { KEY, type DemoKeys } from './keys.ts';
import type { DemoSender } from './sender.ts';
import type { DemoSettlementSigner } from './settlement-signer.ts';

type PublicKey = anchor.web3.PublicKey;

/**
 * A house campaign runs as long as the program allows (366 days); when the demo clock passes its
 * end, the next one (the house advertiser's next campaign id) takes over.
 */
const HOUSE_CAMPAIGN_SECONDS = MAX_CAMPAIGN_DURATION_SECONDS;
/** Its daily cap: the whole budget (test revenue is at most 10 SOL a request; the cap guards real advertisers). */
const HOUSE_MAX_DAILY_SPEND_LAMPORTS = HOUSE_CAMPAIGN_BUDGET_LAMPORTS;
/** Its creative: the house ad is the player's own, so the campaign names no file. */
const HOUSE_CREATIVE_URI = 'marquee:house-ad';

interface CampaignAccount {
  advertiser: PublicKey;
  price_per_mille_lamports: anchor.BN;
  budget_lamports: anchor.BN;
  spent_lamports: anchor.BN;
  end_at: anchor.BN;
}

export class HouseCampaign {
  constructor(
    private readonly keys: DemoKeys,
    private readonly sender: DemoSender,
    private readonly settlement: DemoSettlementSigner,
    private readonly cluster: ClusterContext,
    private readonly now: () => number,
  ) {}

  /**
   * The demo's house campaign: a video campaign of the platform's own advertiser key, funded by the
   * demo chain, that pays the test revenue. Created once (a chain seeded before it existed gets it at
   * its next start) and marked as the house's, so the ad server never serves it.
   */
  async ensure(): Promise<PublicKey> {
    const house = this.keys.key(KEY.houseAdvertiser);
    // The house advertiser's latest campaign, unless the demo clock has passed its end.
    let latest: bigint | null = null;
    for (let id = 0n; this.sender.chain.exists(pda.campaign(house.publicKey, id)); id++) latest = id;
    const startAt = this.sender.chain.clockNow();
    const running = latest !== null && Number(this.sender.chain.account<CampaignAccount>('Campaign', pda.campaign(house.publicKey, latest))!.end_at) > startAt;
    const campaignId = latest === null ? 0n : running ? latest : latest + 1n;
    const campaign = pda.campaign(house.publicKey, campaignId);
    if (!running) {
      this.sender.chain.airdrop(house.publicKey, HOUSE_CAMPAIGN_BUDGET_LAMPORTS + BigInt(LAMPORTS_PER_SOL));
      await this.sender.run(
        [
          createCampaignInstruction({
            advertiser: house.publicKey,
            campaignId,
            adType: 'video',
            pricePerMilleLamports: BigInt(STANDARD_PRICE_PER_MILLE_LAMPORTS.video),
            sponsoredProject: null,
            budgetLamports: HOUSE_CAMPAIGN_BUDGET_LAMPORTS,
            creativeUri: HOUSE_CREATIVE_URI,
            creativeHash: Buffer.alloc(32),
            targetGenres: 0n,
            startAt: BigInt(startAt),
            endAt: BigInt(startAt + HOUSE_CAMPAIGN_SECONDS),
            maxDailySpendLamports: HOUSE_MAX_DAILY_SPEND_LAMPORTS,
          }),
        ],
        [house],
      );
    }
    await campaigns.upsertDetails(this.cluster.db, campaign.toBase58(), { house: true, companyName: 'Marquee' }, Math.floor(this.now() / 1000));
    return campaign;
  }

  /**
   * Test revenue (spec: a random 0.5–10 SOL chosen by the client): settle_campaign of the house
   * campaign, signed by the settlement authority, on one of the funded projects the user holds
   * shares of — as many video impressions as the amount pays (so the amount is rounded down to
   * 15,000 lamports). The house campaign is topped up from the faucet when it runs low.
   */
  async generateRevenue(userId: string, amountSol: number): Promise<{ signature: string; projectId: number; amount: number }> {
    const { chainAddress } = await users.resolveUser(this.cluster.db, userId);
    const candidates = await investments.fundedHoldings(this.cluster.db, chainAddress ?? userId);
    if (candidates.length === 0) {
      throw new DemoActionError(400, 'No funded investment yet: invest in a film that reaches its goal to receive revenue');
    }
    const projectId = candidates[randomInt(candidates.length)];
    const campaign = await this.ensure();
    const house = this.sender.chain.account<CampaignAccount>('Campaign', campaign)!;
    const price = BigInt(house.price_per_mille_lamports.toString());
    const impressions = (lamportsOf(amountSol, SOL) * 1000n) / price;
    if (impressions === 0n) throw new DemoActionError(400, 'The amount pays for no impression');
    const amount = chargeFor(impressions, price);
    const remaining = BigInt(house.budget_lamports.toString()) - BigInt(house.spent_lamports.toString());
    // The campaign pays the batch and the rent of the distribution it creates.
    if (remaining < amount + BigInt(this.sender.chain.minimumBalance(DISTRIBUTION_ACCOUNT_BYTES))) {
      const houseKey = this.keys.key(KEY.houseAdvertiser);
      this.sender.chain.airdrop(houseKey.publicKey, HOUSE_CAMPAIGN_BUDGET_LAMPORTS + BigInt(LAMPORTS_PER_SOL));
      await this.sender.run([topUpCampaignInstruction({ advertiser: houseKey.publicKey, campaign, amountLamports: HOUSE_CAMPAIGN_BUDGET_LAMPORTS })], [houseKey]);
    }
    const signature = this.settlement.settle(campaign, pda.project(projectId), impressions, []);
    await this.sender.indexed(signature);
    return { signature, projectId, amount: Number(amount) / LAMPORTS_PER_SOL };
  }
}
