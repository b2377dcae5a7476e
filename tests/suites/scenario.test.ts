// Scenarios across instructions, proving per project: lamports in = lamports out + lamports held in
// the vault beyond its rent. "In" is every lamport that entered the vault (investments, revenue
// deposits); "out" every lamport that left it, measured at the receiving wallets (the studio's
// licence, investors' and publishers' claims, the platform treasury's part, refunds); "held" is
// the vault's balance less its rent, which must also equal what the project still owes plus the
// accumulator's rounding dust. Every claim is also checked against a BigInt model of the program.
import { expect } from 'chai';
import type { Keypair, PublicKey } from '@solana/web3.js';
import { addresses, errorCode, ProgramFailure, sol, TestChain } from '../utils/chain.ts';
import { seededRandom } from '../utils/random.ts';
import { claimLicenseIx, invest, refundIx, withPlatform, withProject, withStudio } from '../utils/fixtures.ts';
import {
  accrued,
  big,
  claimPublisherRevenue,
  claimRevenue,
  distribute,
  expectedDistribution,
  expectVaultBalanced,
  registerEmbed,
  type EmbedHandle,
} from '../utils/revenue.ts';

/** Lamports in and out of one project's vault, each measured where it lands or leaves. */
class Ledger {
  lamportsIn = 0n;
  lamportsOut = 0n;
  constructor(
    private readonly chain: TestChain,
    readonly project: PublicKey,
  ) {}

  /** Runs `step`, counting the change of `wallet`'s balance as lamports out of the vault. */
  async paidTo<T>(wallet: PublicKey, step: () => Promise<T>): Promise<bigint> {
    const before = await this.chain.balance(wallet);
    await step();
    const received = (await this.chain.balance(wallet)) - before;
    this.lamportsOut += received;
    return received;
  }

  /** The conservation law, and the vault's balance as the program's own books explain it. */
  async expectBalanced(): Promise<void> {
    const rent = (await this.chain.rentExempt(0n));
    const held = (await this.chain.balance(addresses.vault(this.project))) - rent;
    expect(this.lamportsIn).to.equal(this.lamportsOut + held);
    await expectVaultBalanced(this.chain, this.project);
  }
}

/** The program's accumulator, restated: what each investor can claim at any time. */
class RevenueModel {
  revenuePerShare = 0n;
  private readonly checkpoints = new Map<string, bigint>();
  private readonly shares = new Map<string, bigint>();
  totalShares = 0n;

  invested(investor: PublicKey, amount: bigint): void {
    const key = investor.toBase58();
    this.shares.set(key, (this.shares.get(key) ?? 0n) + amount);
    this.checkpoints.set(key, this.checkpoints.get(key) ?? 0n);
    this.totalShares += amount;
  }

  distributed(investorPart: bigint): void {
    this.revenuePerShare += ((investorPart * (1n << 64n)) / this.totalShares);
  }

  hasPosition(investor: PublicKey): boolean {
    return this.shares.has(investor.toBase58());
  }

  owed(investor: PublicKey): bigint {
    const key = investor.toBase58();
    return accrued(this.shares.get(key) ?? 0n, this.revenuePerShare - (this.checkpoints.get(key) ?? 0n));
  }

  claimed(investor: PublicKey): void {
    this.checkpoints.set(investor.toBase58(), this.revenuePerShare);
  }
}

async function expectFailure(promise: Promise<unknown>, name: string): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ProgramFailure);
    expect((error as ProgramFailure).code).to.equal(errorCode(name));
    return;
  }
  throw new Error(`expected ${name}`);
}

describe('scenario', () => {
  let chain: TestChain;

  beforeEach(async () => {
    chain = await TestChain.start();
  });

  it('three investors, a publisher with two embeds, five distributions with claims interleaved: every lamport accounted for', async () => {
    const { admin, treasury, settlement } = await withPlatform(chain);
    const studio = await withStudio(chain, admin);
    const goal = sol(6);
    const project = (await withProject(chain, studio, { goal })).address;
    const ledger = new Ledger(chain, project);
    const model = new RevenueModel();
    const [ava, ben, cleo] = [await chain.wallet(sol(20)), await chain.wallet(sol(20)), await chain.wallet(sol(20))];

    // Funding: Ava twice, Ben, then Cleo takes exactly what is left.
    for (const [investor, amount] of [[ava, sol(1.5)], [ben, sol(2.25)], [ava, sol(0.75)], [cleo, sol(1.5)]] as const) {
      await invest(chain, investor, project, amount);
      ledger.lamportsIn += amount;
      model.invested(investor.publicKey, amount);
      await ledger.expectBalanced();
    }
    expect((await chain.account('Project', project)).status).to.deep.equal({ funded: {} });

    const publisher = await chain.wallet(sol(5));
    const embeds: EmbedHandle[] = [];
    for (const embedId of ['riverside-cinema', 'film-blog']) embeds.push(await registerEmbed(chain, project, embedId, { publisher }));
    const publisherEarned = [0n, 0n];
    let treasuryReceived = 0n;

    const deposit = async (amount: bigint, views: bigint[]) => {
      const expected = expectedDistribution(amount, views, model.totalShares);
      const settlementBefore = await chain.balance(settlement.publicKey);
      treasuryReceived += await ledger.paidTo(treasury.publicKey, () =>
        distribute(chain, settlement, project, treasury.publicKey, amount, embeds.map((embed, index) => ({ embed: embed.address, views: views[index] }))),
      );
      // The settlement authority paid the deposit and the new distribution account's rent.
      const distributionRent = await chain.balance(addresses.distribution(project, big((await chain.account('Project', project)).distributionCount) - 1n));
      expect(settlementBefore - (await chain.balance(settlement.publicKey))).to.equal(amount + distributionRent);
      ledger.lamportsIn += amount;
      model.distributed(expected.investors);
      expected.credits.forEach((credit, index) => (publisherEarned[index] += credit));
      await ledger.expectBalanced();
      return expected;
    };
    const investorClaims = new Map<string, bigint>();
    const claimInvestor = async (investor: Keypair) => {
      const owed = model.owed(investor.publicKey);
      const received = await ledger.paidTo(investor.publicKey, () => claimRevenue(chain, investor, project));
      expect(received).to.equal(owed);
      model.claimed(investor.publicKey);
      investorClaims.set(investor.publicKey.toBase58(), (investorClaims.get(investor.publicKey.toBase58()) ?? 0n) + received);
      await ledger.expectBalanced();
    };
    const claimPublisher = async (index: number) => {
      const embed = await chain.account('Embed', embeds[index].address);
      const received = await ledger.paidTo(publisher.publicKey, () => claimPublisherRevenue(chain, embeds[index], project));
      expect(received).to.equal(big(embed.earnedLamports) - big(embed.claimedLamports));
      await ledger.expectBalanced();
    };

    await deposit(sol(0.9), [1200n, 300n]);
    await claimInvestor(ava);
    await deposit(sol(0.45) + 7n, [0n, 0n]); // no views: the publishers' part goes to investors
    // The studio takes the raised SOL in the middle of the revenue: the revenue owed stays.
    const license = await ledger.paidTo(studio.publicKey, async () =>
      chain.send([claimLicenseIx(studio.publicKey, project)], [studio]),
    );
    expect(license).to.equal(goal);
    await ledger.expectBalanced();
    await claimPublisher(0);
    await deposit(sol(1.2), [5n, 995n]);
    await claimInvestor(ben);
    await claimInvestor(ava);
    await deposit(333_333_333n, [7n, 11n]);
    await claimPublisher(1);
    await deposit(sol(2), [1n, 0n]);
    for (const investor of [ava, ben, cleo]) await claimInvestor(investor);
    await claimPublisher(0);
    // The last deposit counted no view of the blog, which its publisher claimed after deposit 4.
    await expectFailure(claimPublisherRevenue(chain, embeds[1], project), 'NothingToClaim');
    await expectFailure(claimRevenue(chain, cleo, project), 'NothingToClaim');

    // The final books: five deposits, the licence, and every claim.
    const state = await chain.account('Project', project);
    expect(big(state.distributionCount)).to.equal(5n);
    const deposits = sol(0.9) + sol(0.45) + 7n + sol(1.2) + 333_333_333n + sol(2);
    expect(ledger.lamportsIn).to.equal(goal + deposits);
    expect(big(state.totalRevenueLamports)).to.equal(deposits);
    expect(big(state.platformRevenueLamports)).to.equal(treasuryReceived);
    expect(big(state.publisherClaimedLamports)).to.equal(publisherEarned[0] + publisherEarned[1]);
    expect(big(state.investorClaimedLamports)).to.equal([...investorClaims.values()].reduce((sum, value) => sum + value, 0n));
    // Held back in the vault: the accumulator's dust (deposited for investors, below one lamport per
    // share unit) and each position's rounding since its last claim (under a lamport per claim:
    // Ava claimed 3 times, Ben 2, Cleo 1). Publishers were paid everything they earned.
    const dust = deposits - treasuryReceived - big(state.publisherRevenueLamports) - big(state.investorRevenueLamports);
    const investorRounding = big(state.investorRevenueLamports) - big(state.investorClaimedLamports);
    expect(investorRounding >= 0n && investorRounding < 6n).to.equal(true);
    expect(big(state.publisherRevenueLamports)).to.equal(big(state.publisherClaimedLamports));
    const rent = (await chain.rentExempt(0n));
    expect(await chain.balance(addresses.vault(project))).to.equal(rent + dust + investorRounding);
    expect(ledger.lamportsIn).to.equal(
      goal + treasuryReceived + big(state.publisherClaimedLamports) + big(state.investorClaimedLamports) + dust + investorRounding,
    );
    await ledger.expectBalanced();
  });

  it('a project that missed its deadline: every investment comes back, the vault ends at its rent', async () => {
    const { admin } = await withPlatform(chain);
    const studio = await withStudio(chain, admin);
    const project = (await withProject(chain, studio, { goal: sol(8), daysLeft: 7 })).address;
    const ledger = new Ledger(chain, project);
    const positions: [Keypair, bigint][] = [];
    for (const amount of [sol(2.5), sol(0.05), sol(1.75)]) {
      const investor = await chain.wallet(sol(10));
      await invest(chain, investor, project, amount);
      ledger.lamportsIn += amount;
      positions.push([investor, amount]);
      await ledger.expectBalanced();
    }
    await chain.warpTo(big((await chain.account('Project', project)).deadline));
    for (const [investor, amount] of positions) {
      const investmentRent = await chain.balance(addresses.investment(project, investor.publicKey));
      const received = await ledger.paidTo(investor.publicKey, async () =>
        chain.send([refundIx(investor.publicKey, project)], [investor]),
      );
      // The Investment's rent comes back too, but it never was in the vault.
      expect(received).to.equal(amount + investmentRent);
      ledger.lamportsOut -= investmentRent;
      await ledger.expectBalanced();
    }
    expect(ledger.lamportsIn).to.equal(ledger.lamportsOut);
    expect(await chain.balance(addresses.vault(project))).to.equal((await chain.rentExempt(0n)));
  });

  for (const seed of [1, 7, 2026]) {
    it(`random invest / distribute / claim sequence (seed ${seed}): conservation after every step`, async () => {
      const rng = seededRandom(seed);
      const { admin, treasury, settlement } = await withPlatform(chain);
      const studio = await withStudio(chain, admin);
      const goal = rng.lamports(sol(1), sol(5));
      const project = (await withProject(chain, studio, { goal })).address;
      const ledger = new Ledger(chain, project);
      const model = new RevenueModel();
      const investors = [await chain.wallet(sol(10)), await chain.wallet(sol(10)), await chain.wallet(sol(10)), await chain.wallet(sol(10))];
      const publisher = await chain.wallet(sol(5));
      const embeds: EmbedHandle[] = [];
      let raised = 0n;
      let licensed = false;
      const done = { invest: 0, distribute: 0, claim: 0, publisher: 0 };

      for (let step = 0; step < 40; step += 1) {
        const funded = raised === goal;
        const action = rng.pick(funded ? ['invest', 'distribute', 'distribute', 'claim', 'claim', 'publisher', 'license'] : ['invest']);
        const investor = rng.pick(investors);
        if (action === 'invest') {
          if (funded) {
            await expectFailure(invest(chain, investor, project, sol(0.05)), 'ProjectNotFunding');
          } else {
            const left = goal - raised;
            const amount = left <= sol(0.1) ? left : rng.pick([left, rng.lamports(sol(0.05), left)]);
            await invest(chain, investor, project, amount);
            done.invest += 1;
            raised += amount;
            ledger.lamportsIn += amount;
            model.invested(investor.publicKey, amount);
            if (raised === goal) {
              for (const embedId of ['embed-a', 'embed-b']) embeds.push(await registerEmbed(chain, project, embedId, { publisher }));
            }
          }
        } else if (action === 'distribute') {
          const amount = rng.lamports(1n, sol(0.5));
          const views = embeds.map(() => BigInt(rng.pick([0, rng.between(1, 5000)])));
          const expected = expectedDistribution(amount, views, model.totalShares);
          const treasuryGot = await ledger.paidTo(treasury.publicKey, () =>
            distribute(chain, settlement, project, treasury.publicKey, amount, embeds.map((embed, index) => ({ embed: embed.address, views: views[index] }))),
          );
          expect(treasuryGot).to.equal(expected.platform);
          done.distribute += 1;
          ledger.lamportsIn += amount;
          model.distributed(expected.investors);
        } else if (action === 'claim') {
          const owed = model.owed(investor.publicKey);
          if (owed === 0n) {
            // No Investment account at all, or one with nothing accrued since its last claim.
            await expectFailure(claimRevenue(chain, investor, project), model.hasPosition(investor.publicKey) ? 'NothingToClaim' : 'InvalidAccountOwner');
          } else {
            expect(await ledger.paidTo(investor.publicKey, () => claimRevenue(chain, investor, project))).to.equal(owed);
            done.claim += 1;
            model.claimed(investor.publicKey);
          }
        } else if (action === 'publisher') {
          const embed = rng.pick(embeds);
          const state = await chain.account('Embed', embed.address);
          const owed = big(state.earnedLamports) - big(state.claimedLamports);
          if (owed === 0n) await expectFailure(claimPublisherRevenue(chain, embed, project), 'NothingToClaim');
          else {
            expect(await ledger.paidTo(publisher.publicKey, () => claimPublisherRevenue(chain, embed, project))).to.equal(owed);
            done.publisher += 1;
          }
        } else if (!licensed) {
          const claim = async () => chain.send([claimLicenseIx(studio.publicKey, project)], [studio]);
          expect(await ledger.paidTo(studio.publicKey, claim)).to.equal(goal);
          licensed = true;
        }
        await ledger.expectBalanced();
      }
      // The sequence exercised every kind of step, not only the funding.
      expect(Object.values(done).every((count) => count > 0), JSON.stringify(done)).to.equal(true);
    });
  }
});
