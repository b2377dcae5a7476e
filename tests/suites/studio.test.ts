// register_studio, verify_studio and update_platform: studio registration, the admin's powers.
import { expect } from 'chai';
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { acceptAdminIx, DEFAULT_RULES, registerStudioIx, updatePlatformIx, verifyStudioIx, withPlatform } from '../utils/fixtures.ts';

describe('register_studio', () => {
  it('creates the studio PDA for the signing wallet, unverified', async () => {
    const chain = await TestChain.start();
    await withPlatform(chain);
    const authority = await chain.wallet();
    const { computeUnits } = await chain.send([registerStudioIx(authority.publicKey, 'Northlight Pictures')], [authority]);
    console.log(`      register_studio consumed ${computeUnits} compute units`);
    const studio = await chain.account('Studio', addresses.studio(authority.publicKey));
    expect(studio.authority.toBase58()).to.equal(authority.publicKey.toBase58());
    expect(studio.verified).to.equal(false);
    expect(studio.projectCount.toNumber()).to.equal(0);
    expect(studio.registeredAt.toString()).to.equal((await chain.now()).toString());
    expect(studio.name).to.equal('Northlight Pictures');
    const platform = await chain.account('Platform', addresses.platform());
    expect(platform.studioCount.toNumber()).to.equal(1);
    expect(platform.eventSeq.toNumber()).to.equal(2);
  });

  it('error: AlreadyInitialized when the wallet registers twice', async () => {
    const chain = await TestChain.start();
    await withPlatform(chain);
    const authority = await chain.wallet();
    await chain.send([registerStudioIx(authority.publicKey, 'One')], [authority]);
    await expectProgramError(chain.send([registerStudioIx(authority.publicKey, 'Two')], [authority]), 'AlreadyInitialized');
  });

  it('error: InvalidPda when registering a studio PDA of another wallet', async () => {
    const chain = await TestChain.start();
    await withPlatform(chain);
    const authority = await chain.wallet();
    const victim = await chain.wallet();
    const ix = registerStudioIx(authority.publicKey, 'Squatter');
    ix.keys[2].pubkey = addresses.studio(victim.publicKey);
    await expectProgramError(chain.send([ix], [authority]), 'InvalidPda');
  });

  it('error: StringTooLong and StringEmpty for the name', async () => {
    const chain = await TestChain.start();
    await withPlatform(chain);
    const authority = await chain.wallet();
    await expectProgramError(chain.send([registerStudioIx(authority.publicKey, 'x'.repeat(65))], [authority]), 'StringTooLong');
    await expectProgramError(chain.send([registerStudioIx(authority.publicKey, '')], [authority]), 'StringEmpty');
  });
});

describe('verify_studio', () => {
  it('lets the admin verify and unverify a studio', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    const authority = await chain.wallet();
    await chain.send([registerStudioIx(authority.publicKey, 'Northlight')], [authority]);
    await chain.send([verifyStudioIx(admin.publicKey, authority.publicKey, true)], [admin]);
    expect((await chain.account('Studio', addresses.studio(authority.publicKey))).verified).to.equal(true);
    await chain.warpTo((await chain.now()) + 1n);
    await chain.send([verifyStudioIx(admin.publicKey, authority.publicKey, false)], [admin]);
    expect((await chain.account('Studio', addresses.studio(authority.publicKey))).verified).to.equal(false);
  });

  it('error: Unauthorized when a non-admin verifies (even the studio itself)', async () => {
    const chain = await TestChain.start();
    await withPlatform(chain);
    const authority = await chain.wallet();
    await chain.send([registerStudioIx(authority.publicKey, 'Northlight')], [authority]);
    await expectProgramError(chain.send([verifyStudioIx(authority.publicKey, authority.publicKey, true)], [authority]), 'Unauthorized');
    expect((await chain.account('Studio', addresses.studio(authority.publicKey))).verified).to.equal(false);
  });

  it('error: InvalidAccountData when the studio is another kind of program account', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    const ix = verifyStudioIx(admin.publicKey, admin.publicKey, true);
    ix.keys[2].pubkey = addresses.platform();
    await expectProgramError(chain.send([ix], [admin]), 'InvalidAccountData');
  });
});

describe('update_platform and accept_admin', () => {
  it('lets the admin change every setting and hand the admin role over in two steps', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    const next = await chain.wallet();
    const update = {
      ...DEFAULT_RULES,
      proposedAdmin: next.publicKey,
      treasury: next.publicKey,
      settlementAuthority: next.publicKey,
      publisherBps: 3000,
      investorBps: 6500,
      platformBps: 500,
      minInvestmentLamports: sol(0.1),
      maxFundingDays: 90,
    };
    await chain.send([updatePlatformIx(admin.publicKey, update)], [admin]);
    let platform = await chain.account('Platform', addresses.platform());
    // Proposed, not yet in force: the admin is unchanged until the proposed key accepts.
    expect(platform.admin.toBase58()).to.equal(admin.publicKey.toBase58());
    expect(platform.pendingAdmin.toBase58()).to.equal(next.publicKey.toBase58());
    expect([platform.publisherBps, platform.investorBps, platform.platformBps]).to.deep.equal([3000, 6500, 500]);
    expect(platform.minInvestmentLamports.toString()).to.equal(sol(0.1).toString());
    expect(platform.maxFundingDays).to.equal(90);

    await chain.send([acceptAdminIx(next.publicKey)], [next]);
    platform = await chain.account('Platform', addresses.platform());
    expect(platform.admin.toBase58()).to.equal(next.publicKey.toBase58());
    expect(platform.pendingAdmin.toBase58()).to.equal(PublicKey.default.toBase58());
    // The old admin lost its power.
    await expectProgramError(chain.send([updatePlatformIx(admin.publicKey, update)], [admin]), 'Unauthorized');
  });

  it('error: Unauthorized when anyone but the pending admin accepts, or nothing is pending', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    const stranger = await chain.wallet();
    await expectProgramError(chain.send([acceptAdminIx(stranger.publicKey)], [stranger]), 'Unauthorized');
    const next = await chain.wallet();
    const update = { ...DEFAULT_RULES, proposedAdmin: next.publicKey, treasury: admin.publicKey, settlementAuthority: admin.publicKey };
    await chain.send([updatePlatformIx(admin.publicKey, update)], [admin]);
    await expectProgramError(chain.send([acceptAdminIx(stranger.publicKey)], [stranger]), 'Unauthorized');
    // Proposing the current admin cancels the handover: the proposed key can no longer accept.
    await chain.send([updatePlatformIx(admin.publicKey, { ...update, proposedAdmin: admin.publicKey })], [admin]);
    await expectProgramError(chain.send([acceptAdminIx(next.publicKey)], [next]), 'Unauthorized');
    expect((await chain.account('Platform', addresses.platform())).admin.toBase58()).to.equal(admin.publicKey.toBase58());
  });

  it('error: ZeroAddress when any role is the all-zero address', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    const base = { ...DEFAULT_RULES, proposedAdmin: admin.publicKey, treasury: admin.publicKey, settlementAuthority: admin.publicKey };
    for (const role of ['proposedAdmin', 'treasury', 'settlementAuthority'] as const) {
      await expectProgramError(
        chain.send([updatePlatformIx(admin.publicKey, { ...base, [role]: PublicKey.default })], [admin]),
        'ZeroAddress',
      );
    }
  });

  it('error: TreasuryNotRentExempt when the new treasury holds less than its rent-exempt minimum', async () => {
    const chain = await TestChain.start();
    const { admin, treasury } = await withPlatform(chain);
    const empty = Keypair.generate().publicKey;
    const update = { ...DEFAULT_RULES, proposedAdmin: admin.publicKey, treasury: empty, settlementAuthority: admin.publicKey };
    await expectProgramError(chain.send([updatePlatformIx(admin.publicKey, update)], [admin]), 'TreasuryNotRentExempt');
    expect((await chain.account('Platform', addresses.platform())).treasury.toBase58()).to.equal(treasury.publicKey.toBase58());
    // Funded in the same transaction first, it is accepted.
    await chain.send([SystemProgram.transfer({ fromPubkey: admin.publicKey, toPubkey: empty, lamports: sol(0.01) }), updatePlatformIx(admin.publicKey, update)], [admin]);
    expect((await chain.account('Platform', addresses.platform())).treasury.toBase58()).to.equal(empty.toBase58());
  });

  it('error: InvalidFundingWindow when the funding window leaves 1..365 days', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    for (const maxFundingDays of [0, 366]) {
      const update = { ...DEFAULT_RULES, maxFundingDays, proposedAdmin: admin.publicKey, treasury: admin.publicKey, settlementAuthority: admin.publicKey };
      await expectProgramError(chain.send([updatePlatformIx(admin.publicKey, update)], [admin]), 'InvalidFundingWindow');
    }
    expect((await chain.account('Platform', addresses.platform())).maxFundingDays).to.equal(365);
  });

  it('error: InvalidRevenueSplit on a split that does not sum to 10000', async () => {
    const chain = await TestChain.start();
    const { admin } = await withPlatform(chain);
    const update = { ...DEFAULT_RULES, proposedAdmin: admin.publicKey, treasury: admin.publicKey, settlementAuthority: admin.publicKey, investorBps: 5000 };
    await expectProgramError(chain.send([updatePlatformIx(admin.publicKey, update)], [admin]), 'InvalidRevenueSplit');
  });
});
