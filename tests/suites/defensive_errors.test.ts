// The program's defensive errors: no valid sequence of instructions reaches them, so each test
// first corrupts one account from outside (the chain's setRawAccount, as a bug elsewhere might), or
// passes one account twice, and shows the program refuses with the named error and moves nothing.
import { expect } from 'chai';
import type { PublicKey } from '@solana/web3.js';
import { addresses, expectProgramError, sol, TestChain } from '../utils/chain.ts';
import { claimLicenseIx, claimRevenueIx } from '../utils/fixtures.ts';
import { distribute, registerEmbed, withRevenueProject } from '../utils/revenue.ts';

/** Rewrites `address` with `edit` applied to its data and/or lamports. */
async function corrupt(chain: TestChain, address: PublicKey, edit: { data?: (data: Buffer) => void; lamports?: bigint }) {
  const account = (await chain.rawAccount(address))!;
  const data = Buffer.from(account.data);
  edit.data?.(data);
  await chain.setRawAccount(address, { ...account, data, lamports: Number(edit.lamports ?? BigInt(account.lamports)) });
}

describe('defensive errors', () => {
  it('error: InsufficientVaultBalance when a vault holds less than the raised SOL it must release', async () => {
    const chain = await TestChain.start();
    const { studio, project } = await withRevenueProject(chain, { goal: sol(3) });
    const vault = addresses.vault(project.address);
    const rent = (await chain.rentExempt(0n));
    await corrupt(chain, vault, { lamports: rent + sol(1) });
    const studioBefore = await chain.balance(studio.publicKey);
    await expectProgramError(chain.send([claimLicenseIx(studio.publicKey, project.address)], [studio]), 'InsufficientVaultBalance');
    expect(await chain.balance(vault)).to.equal(rent + sol(1));
    expect(await chain.balance(studio.publicKey)).to.equal(studioBefore);
  });

  it('error: NoShares when a funded project records no shares', async () => {
    const chain = await TestChain.start();
    const { settlement, treasury, project } = await withRevenueProject(chain);
    // Project layout: 8-byte discriminator, id, studio, share_mint, vault, metadata_hash, goal, raised, then total_shares.
    await corrupt(chain, project.address, { data: (data) => data.writeBigUInt64LE(0n, 8 + 8 + 4 * 32 + 8 + 8) });
    const settlementBefore = await chain.balance(settlement.publicKey);
    await expectProgramError(distribute(chain, settlement, project.address, treasury.publicKey, sol(1)), 'NoShares');
    expect(await chain.balance(settlement.publicKey)).to.equal(settlementBefore);
  });

  it("error: ArithmeticOverflow when an embed's earnings would pass u64", async () => {
    const chain = await TestChain.start();
    const { settlement, treasury, project } = await withRevenueProject(chain);
    const embed = await registerEmbed(chain, project.address, 'front-page');
    // Embed layout: 8-byte discriminator, project, publisher, total_views, then earned_lamports.
    await corrupt(chain, embed.address, { data: (data) => data.writeBigUInt64LE(2n ** 64n - 1n, 8 + 2 * 32 + 8) });
    const vaultBefore = await chain.balance(addresses.vault(project.address));
    await expectProgramError(
      distribute(chain, settlement, project.address, treasury.publicKey, sol(1), [{ embed: embed.address, views: 1n }]),
      'ArithmeticOverflow',
    );
    expect(await chain.balance(addresses.vault(project.address))).to.equal(vaultBefore);
  });

  it('error: DuplicateAccount when the project is also passed as the investment', async () => {
    const chain = await TestChain.start();
    const { investors, project } = await withRevenueProject(chain);
    const ix = claimRevenueIx(investors[0].publicKey, project.address);
    ix.keys[2].pubkey = project.address;
    await expectProgramError(chain.send([ix], [investors[0]]), 'DuplicateAccount');
  });
});
