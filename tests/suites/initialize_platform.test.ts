// initialize_platform: the program's upgrade authority creates the Platform PDA with the spec's
// split and minimum; the treasury is made rent-exempt.
import { expect } from 'chai';
import { Keypair, PublicKey } from '@solana/web3.js';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { DEFAULT_RULES, initializePlatformIx } from '../utils/fixtures.ts';

describe('initialize_platform', () => {
  let chain: TestChain;
  /** The program's upgrade authority, funded: the only key that may initialise. */
  let authority: Keypair;

  beforeEach(async () => {
    chain = await TestChain.start();
    authority = chain.upgradeAuthority;
    await chain.fund(authority.publicKey, sol(100));
  });

  it('creates the platform with admin, treasury, settlement authority, 4000/5750/250 and 0.05 SOL', async () => {
    const admin = authority;
    const treasury = await chain.wallet(sol(1));
    const settlement = await chain.wallet(sol(1));
    const adminBefore = await chain.balance(admin.publicKey);

    const { computeUnits } = await chain.send(
      [initializePlatformIx(admin.publicKey, treasury.publicKey, settlement.publicKey)],
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
    expect(platform.maxFundingDays).to.equal(365);
    expect(platform.pendingAdmin.toBase58()).to.equal(PublicKey.default.toBase58());

    // The admin paid exactly the platform's rent (the fee payer is the harness's payer; the treasury was rent-exempt).
    const rent = await chain.balance(addresses.platform());
    expect(adminBefore - (await chain.balance(admin.publicKey))).to.equal(rent);
  });

  it('tops an empty treasury up to its rent-exempt minimum, paid by the admin', async () => {
    const treasury = Keypair.generate().publicKey;
    const adminBefore = await chain.balance(authority.publicKey);
    await chain.send([initializePlatformIx(authority.publicKey, treasury, authority.publicKey)], [authority]);
    const minimum = await chain.rentExempt(0);
    expect(await chain.balance(treasury)).to.equal(minimum);
    const platformRent = await chain.balance(addresses.platform());
    expect(adminBefore - (await chain.balance(authority.publicKey))).to.equal(platformRent + minimum);
  });

  it("error: Unauthorized when the signer is not the program's upgrade authority (a front-runner at deployment)", async () => {
    const intruder = await chain.wallet();
    const before = await chain.balance(intruder.publicKey);
    await expectProgramError(
      chain.send([initializePlatformIx(intruder.publicKey, intruder.publicKey, intruder.publicKey)], [intruder]),
      'Unauthorized',
    );
    expect(await chain.exists(addresses.platform())).to.equal(false);
    expect(await chain.balance(intruder.publicKey)).to.equal(before);
  });

  it('error: InvalidProgramData when the program data account is not this program\'s ProgramData', async () => {
    const intruder = await chain.wallet();
    const ix = initializePlatformIx(intruder.publicKey, intruder.publicKey, intruder.publicKey);
    // A look-alike account the intruder controls, naming the intruder as authority.
    ix.keys.find((key) => key.pubkey.equals(addresses.programData()))!.pubkey = intruder.publicKey;
    await expectProgramError(chain.send([ix], [intruder]), 'InvalidProgramData');
    expect(await chain.exists(addresses.platform())).to.equal(false);
  });

  it('error: ZeroAddress when the treasury or the settlement authority is the all-zero address', async () => {
    const zero = PublicKey.default;
    await expectProgramError(
      chain.send([initializePlatformIx(authority.publicKey, zero, authority.publicKey)], [authority]),
      'ZeroAddress',
    );
    await expectProgramError(
      chain.send([initializePlatformIx(authority.publicKey, authority.publicKey, zero)], [authority]),
      'ZeroAddress',
    );
    expect(await chain.exists(addresses.platform())).to.equal(false);
  });

  it('error: InvalidTreasury when the treasury account is not the treasury argument', async () => {
    const ix = initializePlatformIx(authority.publicKey, Keypair.generate().publicKey, authority.publicKey);
    ix.keys[3].pubkey = Keypair.generate().publicKey;
    await expectProgramError(chain.send([ix], [authority]), 'InvalidTreasury');
  });

  for (const maxFundingDays of [0, 366]) {
    it(`error: InvalidFundingWindow when the funding window is ${maxFundingDays} days`, async () => {
      await expectProgramError(
        chain.send([initializePlatformIx(authority.publicKey, authority.publicKey, authority.publicKey, { ...DEFAULT_RULES, maxFundingDays })], [authority]),
        'InvalidFundingWindow',
      );
      expect(await chain.exists(addresses.platform())).to.equal(false);
    });
  }

  it('error: AlreadyInitialized on a second initialisation by the admin', async () => {
    const admin = authority;
    const ix = () => initializePlatformIx(admin.publicKey, admin.publicKey, admin.publicKey);
    await chain.send([await ix()], [admin]);
    await chain.warpTo((await chain.now()) + 1n); // a new blockhash-independent retry by the admin
    await expectProgramError(chain.send([await ix()], [admin]), 'AlreadyInitialized');
    const platform = await chain.account('Platform', addresses.platform());
    expect(platform.admin.toBase58()).to.equal(admin.publicKey.toBase58());
  });

  it('error: InvalidRevenueSplit when the split does not sum to 10000', async () => {
    const admin = authority;
    await expectProgramError(
      chain.send([initializePlatformIx(admin.publicKey, admin.publicKey, admin.publicKey, { ...DEFAULT_RULES, platformBps: 300 })], [admin]),
      'InvalidRevenueSplit',
    );
    expect(await chain.exists(addresses.platform())).to.equal(false);
  });

  it('error: InvalidMinimumInvestment when the minimum is zero', async () => {
    const admin = authority;
    await expectProgramError(
      chain.send([initializePlatformIx(admin.publicKey, admin.publicKey, admin.publicKey, { ...DEFAULT_RULES, minInvestmentLamports: 0n })], [admin]),
      'InvalidMinimumInvestment',
    );
  });

  it('error: InvalidFundingCap when the verified cap is below the unverified one', async () => {
    const admin = authority;
    await expectProgramError(
      chain.send([initializePlatformIx(admin.publicKey, admin.publicKey, admin.publicKey, { ...DEFAULT_RULES, verifiedFundingCapLamports: sol(1) })], [admin]),
      'InvalidFundingCap',
    );
  });

  it('error: MissingSignature when the admin did not sign', async () => {
    const admin = authority;
    const ix = initializePlatformIx(admin.publicKey, admin.publicKey, admin.publicKey);
    ix.keys.find((key) => key.pubkey.equals(admin.publicKey))!.isSigner = false;
    await expectProgramError(chain.send([ix], []), 'MissingSignature');
  });

  it('error: InvalidEventAuthority when the event authority is substituted', async () => {
    const admin = authority;
    const ix = initializePlatformIx(admin.publicKey, admin.publicKey, admin.publicKey);
    const fake = await chain.wallet(sol(1));
    ix.keys.find((key) => key.pubkey.equals(addresses.eventAuthority()))!.pubkey = fake.publicKey;
    await expectProgramError(chain.send([ix], [admin]), 'InvalidEventAuthority');
  });
});
