// initialize_platform: creates the Platform PDA with the spec's split and minimum.
import { expect } from 'chai';
import { addresses, expectProgramError, sol, TestChain } from '../utils/bankrun.ts';
import { DEFAULT_RULES, initializePlatformIx } from '../utils/fixtures.ts';

describe('initialize_platform', () => {
  let chain: TestChain;

  beforeEach(async () => {
    chain = await TestChain.start();
  });

  it('creates the platform with admin, treasury, settlement authority, 4000/5750/250 and 0.05 SOL', async () => {
    const admin = await chain.wallet();
    const treasury = await chain.wallet(sol(1));
    const settlement = await chain.wallet(sol(1));
    const adminBefore = await chain.balance(admin.publicKey);

    const { computeUnits } = await chain.send(
      [await initializePlatformIx(chain, admin.publicKey, treasury.publicKey, settlement.publicKey)],
      [admin],
    );
    console.log(`      initialize_platform consumed ${computeUnits} compute units`);

    const platform = await chain.account('Platform', addresses.platform());
    expect(platform.admin.toBase58()).to.equal(admin.publicKey.toBase58());
    expect(platform.treasury.toBase58()).to.equal(treasury.publicKey.toBase58());
    expect(platform.settlementAuthority.toBase58()).to.equal(settlement.publicKey.toBase58());
    expect(platform.publisherBps).to.equal(4000);
    expect(platform.investorBps).to.equal(5750);
    expect(platform.platformBps).to.equal(250);
    expect(platform.minInvestmentLamports.toString()).to.equal('50000000');
    expect(platform.unverifiedFundingCapLamports.toString()).to.equal(DEFAULT_RULES.unverifiedFundingCapLamports.toString());
    expect(platform.verifiedFundingCapLamports.toString()).to.equal(DEFAULT_RULES.verifiedFundingCapLamports.toString());
    expect(platform.projectCount.toNumber()).to.equal(0);
    expect(platform.studioCount.toNumber()).to.equal(0);
    expect(platform.eventSeq.toNumber()).to.equal(1);
    expect(platform.bump).to.equal(254);

    // The admin paid exactly the platform's rent (the fee payer is the harness's payer).
    const rent = await chain.balance(addresses.platform());
    expect(adminBefore - (await chain.balance(admin.publicKey))).to.equal(rent);
  });

  it('error: AlreadyInitialized on a second initialisation, even by the same admin', async () => {
    const admin = await chain.wallet();
    const ix = () => initializePlatformIx(chain, admin.publicKey, admin.publicKey, admin.publicKey);
    await chain.send([await ix()], [admin]);
    const intruder = await chain.wallet();
    await expectProgramError(
      chain.send([await initializePlatformIx(chain, intruder.publicKey, intruder.publicKey, intruder.publicKey)], [intruder]),
      'AlreadyInitialized',
    );
    await chain.warpTo((await chain.now()) + 1n); // a new blockhash-independent retry by the admin
    await expectProgramError(chain.send([await ix()], [admin]), 'AlreadyInitialized');
    const platform = await chain.account('Platform', addresses.platform());
    expect(platform.admin.toBase58()).to.equal(admin.publicKey.toBase58());
  });

  it('error: InvalidRevenueSplit when the split does not sum to 10000', async () => {
    const admin = await chain.wallet();
    await expectProgramError(
      chain.send([await initializePlatformIx(chain, admin.publicKey, admin.publicKey, admin.publicKey, { ...DEFAULT_RULES, platformBps: 300 })], [admin]),
      'InvalidRevenueSplit',
    );
    expect(await chain.exists(addresses.platform())).to.equal(false);
  });

  it('error: InvalidMinimumInvestment when the minimum is zero', async () => {
    const admin = await chain.wallet();
    await expectProgramError(
      chain.send([await initializePlatformIx(chain, admin.publicKey, admin.publicKey, admin.publicKey, { ...DEFAULT_RULES, minInvestmentLamports: 0n })], [admin]),
      'InvalidMinimumInvestment',
    );
  });

  it('error: InvalidFundingCap when the verified cap is below the unverified one', async () => {
    const admin = await chain.wallet();
    await expectProgramError(
      chain.send([await initializePlatformIx(chain, admin.publicKey, admin.publicKey, admin.publicKey, { ...DEFAULT_RULES, verifiedFundingCapLamports: sol(1) })], [admin]),
      'InvalidFundingCap',
    );
  });

  it('error: MissingSignature when the admin did not sign', async () => {
    const admin = await chain.wallet();
    const ix = await initializePlatformIx(chain, admin.publicKey, admin.publicKey, admin.publicKey);
    ix.keys.find((key) => key.pubkey.equals(admin.publicKey))!.isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    const admin = await chain.wallet();
    const ix = await initializePlatformIx(chain, admin.publicKey, admin.publicKey, admin.publicKey);
    const fake = await chain.wallet(sol(1));
    ix.keys.find((key) => key.pubkey.equals(addresses.eventAuthority()))!.pubkey = fake.publicKey;
    await expectProgramError(chain.send([ix], [admin]), 'InvalidEventAuthority');
  });
});
