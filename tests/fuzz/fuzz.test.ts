// Fuzzing every instruction of marquee.so in LiteSVM: valid instructions built against projects in
// every state (funding, past its deadline unfunded, funded, funded and released with revenue), and
// against ad campaigns in every state (running, a sponsorship, past its settlement grace period), then
// broken one way each — random, truncated or extended data, random discriminators, accounts
// shuffled, substituted (another project's, another kind's, a wallet), duplicated, missing, made
// read-only or unsigned. Every case must fail with one of the IDL's named errors (anything else is
// a "panic"), none may succeed, and afterwards every vault holds at least what it owes.
// FUZZ_SEED=<n> FUZZ_CASES=<n> reproduce a run; a failure prints the case and its seed.
import type { BorshInstructionCoder } from '@coral-xyz/anchor';
import type { EncodedAccount } from '@solana/kit';
import { expect } from 'chai';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { addresses, idl, PROGRAM_ID, sol } from '../utils/chain.ts';
import * as fixtures from '../utils/fixtures.ts';
import { SvmChain, SvmFailure } from '../utils/litesvm.ts';
import { seededRandom } from '../utils/random.ts';

const CASES = Number(process.env.FUZZ_CASES ?? 5_000);
// A fixed default seed keeps `npm test` reproducible; other seeds explore further (FUZZ_SEED=<n>).
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const NAMED_ERRORS = new Set((idl.errors ?? []).map((error) => error.code));
const DISCRIMINATORS = idl.instructions.map((instruction) => Buffer.from(instruction.discriminator).toString('hex'));

interface BaseCase {
  name: string;
  instruction: TransactionInstruction;
  signers: Keypair[];
}

describe('fuzz: generated instructions against every project state', function () {
  this.timeout(600_000);

  it(`${CASES} cases end in a named program error, none succeeds, every vault stays covered (seed ${SEED})`, async () => {
    const chain = SvmChain.start();
    const admin = chain.upgradeAuthority;
    const treasury = chain.wallet(sol(1));
    const settlement = chain.wallet(sol(10_000));
    const studioKey = chain.wallet(sol(1_000));
    const stranger = chain.wallet(sol(1_000));
    const publisher = chain.wallet(sol(100));
    const investors = [chain.wallet(sol(1_000)), chain.wallet(sol(1_000))];
    const send = async (ix: Promise<TransactionInstruction> | TransactionInstruction, signers: Keypair[]) => chain.send([await ix], signers);

    await send(fixtures.initializePlatformIx(admin.publicKey, treasury.publicKey, settlement.publicKey), [admin]);
    await send(fixtures.registerStudioIx(studioKey.publicKey, 'Fuzz Pictures'), [studioKey]);
    const create = async (id: bigint, goal: bigint, days: number, genreMask?: bigint) => {
      const args = { title: `Film ${id}`, metadataUri: `https://marquee.local/api/metadata/${id}`, goalLamports: goal, deadline: chain.now() + BigInt(days * 86_400), genreMask };
      await send(fixtures.createProjectIx(studioKey.publicKey, id, args), [studioKey]);
      return addresses.project(id);
    };
    // Project 0: funding; 1: unfunded and past its deadline (refundable); 2: funded; 3: funded,
    // released, with embeds, revenue and claims. Project 2 is an action film only (genre bit 0),
    // the others of every genre, so the documentary campaign below may pay for 3 but not for 2.
    const funding = await create(0n, sol(10), 30);
    const missed = await create(1n, sol(10), 1);
    const funded = await create(2n, sol(2), 30, 1n);
    const released = await create(3n, sol(2), 30);
    chain.send(fixtures.investIxs(investors[0].publicKey, funding, sol(1)), [investors[0]]);
    chain.send(fixtures.investIxs(investors[0].publicKey, missed, sol(1)), [investors[0]]);
    chain.send(fixtures.investIxs(investors[1].publicKey, missed, sol(2)), [investors[1]]);
    for (const project of [funded, released]) {
      chain.send(fixtures.investIxs(investors[0].publicKey, project, sol(1)), [investors[0]]);
      chain.send(fixtures.investIxs(investors[1].publicKey, project, sol(1)), [investors[1]]);
    }
    await send(fixtures.claimLicenseIx(studioKey.publicKey, released), [studioKey]);
    await send(fixtures.registerEmbedIx(publisher.publicKey, released, 'front-page', 'https://films.example.com'), [publisher]);
    await send(fixtures.registerEmbedIx(publisher.publicKey, funded, 'side-bar', 'https://films.example.com'), [publisher]);
    const embed = addresses.embed(released, publisher.publicKey, 'front-page');
    const otherEmbed = addresses.embed(funded, publisher.publicKey, 'side-bar');
    await send(fixtures.distributeRevenueIx(settlement.publicKey, released, 0, treasury.publicKey, sol(1), [{ embed, views: 10n }]), [settlement]);
    // Campaigns, each of its own advertiser so that no substitution of one for another is valid:
    // running (video), a sponsorship of project 3, one ending in a day (past its grace period
    // after the warp below, so closable and no longer settleable), and a documentary campaign whose
    // daily cap pays exactly one smallest batch and its distribution's rent.
    const advertisers = [chain.wallet(sol(100)), chain.wallet(sol(100)), chain.wallet(sol(100)), chain.wallet(sol(100))];
    const campaignArgs = (overrides: Partial<fixtures.CampaignArgs>): fixtures.CampaignArgs => ({
      campaignId: 1n, adType: 'video', pricePerMilleLamports: fixtures.PRICE_PER_MILLE.video, sponsoredProject: PublicKey.default,
      budgetLamports: sol(1), creativeUri: 'https://cdn.example.com/ad.mp4', creativeHash: Array(32).fill(7), targetGenres: 1n,
      startAt: chain.now(), endAt: chain.now() + 30n * 86_400n, maxDailySpendLamports: sol(10), ...overrides,
    });
    const smallestBatch = (1_000n * fixtures.PRICE_PER_MILLE.video) / 1_000n;
    const distributionRent = chain.svm.minimumBalanceForRentExemption(137n);
    const documentary = { targetGenres: 1n << 5n, maxDailySpendLamports: smallestBatch + distributionRent };
    const sponsorship = { adType: 'sponsorship' as const, pricePerMilleLamports: 40_000_000n, sponsoredProject: released };
    await send(fixtures.createCampaignIx(advertisers[0].publicKey, campaignArgs({})), [advertisers[0]]);
    await send(fixtures.createCampaignIx(advertisers[1].publicKey, campaignArgs(sponsorship), released), [advertisers[1]]);
    await send(fixtures.createCampaignIx(advertisers[2].publicKey, campaignArgs({ endAt: chain.now() + 86_400n })), [advertisers[2]]);
    await send(fixtures.createCampaignIx(advertisers[3].publicKey, campaignArgs(documentary)), [advertisers[3]]);
    const [running, sponsored, ended, capped] = advertisers.map((advertiser) => addresses.campaign(advertiser.publicKey, 1n));
    await send(fixtures.settleCampaignIx(settlement.publicKey, running, released, 1, treasury.publicKey, 1_000n, [{ embed, views: 400n }]), [settlement]);
    // Project 1 is now past its deadline; the ended campaign past its 7-day settlement grace period.
    chain.warpTo(chain.now() + 9n * 86_400n);
    const projects = [funding, missed, funded, released];
    const campaigns = [running, sponsored, ended, capped];

    // Valid instructions, one or more per instruction and state (each would succeed unbroken).
    const bases: BaseCase[] = [];
    const add = async (name: string, ix: Promise<TransactionInstruction> | TransactionInstruction, signers: Keypair[]) =>
      bases.push({ name, instruction: await ix, signers });
    const newcomer = chain.wallet(sol(1_000));
    await add('initialize_platform', fixtures.initializePlatformIx(admin.publicKey, treasury.publicKey, settlement.publicKey), [admin]);
    await add('update_platform', fixtures.updatePlatformIx(admin.publicKey, { ...fixtures.DEFAULT_RULES, proposedAdmin: admin.publicKey, treasury: treasury.publicKey, settlementAuthority: settlement.publicKey }), [admin]);
    await add('accept_admin', fixtures.acceptAdminIx(admin.publicKey), [admin]);
    await add('register_studio', fixtures.registerStudioIx(newcomer.publicKey, 'Newcomer'), [newcomer]);
    await add('verify_studio', fixtures.verifyStudioIx(admin.publicKey, studioKey.publicKey, true), [admin]);
    await add('create_project', fixtures.createProjectIx(studioKey.publicKey, 4n, { title: 'Next', metadataUri: 'https://marquee.local/4', goalLamports: sol(5), deadline: chain.now() + 86_400n }), [studioKey]);
    // The newcomer's share accounts exist, as the CreateIdempotent before every invest makes them:
    // the base case is the `invest` instruction alone.
    for (const project of projects) chain.send([fixtures.createShareAccountIx(newcomer.publicKey, project)], [newcomer]);
    for (const project of projects) {
      await add('invest', fixtures.investIx(newcomer.publicKey, project, sol(0.05)), [newcomer]);
      await add('refund', fixtures.refundIx(investors[0].publicKey, project), [investors[0]]);
      await add('claim_license', fixtures.claimLicenseIx(studioKey.publicKey, project), [studioKey]);
      await add('register_embed', fixtures.registerEmbedIx(newcomer.publicKey, project, 'fuzz-embed', 'https://fuzz.example.com'), [newcomer]);
      await add('distribute_revenue', fixtures.distributeRevenueIx(settlement.publicKey, project, 0, treasury.publicKey, sol(0.1), []), [settlement]);
      await add('claim_revenue', fixtures.claimRevenueIx(investors[1].publicKey, project), [investors[1]]);
      await add('claim_publisher_revenue', fixtures.claimPublisherRevenueIx(publisher.publicKey, project, embed), [publisher]);
      await add('update_project_metadata', fixtures.updateProjectMetadataIx(studioKey.publicKey, project, `https://marquee.local/api/metadata/edited-${project.toBase58()}`), [studioKey]);
    }
    await add('distribute_revenue (embeds)', fixtures.distributeRevenueIx(settlement.publicKey, released, 2, treasury.publicKey, sol(0.1), [{ embed, views: 3n }]), [settlement]);
    const distributionIndex = (project: PublicKey) => BigInt(chain.account('Project', project).distributionCount.toString());
    for (const project of projects) {
      await add('settle_campaign', fixtures.settleCampaignIx(settlement.publicKey, running, project, distributionIndex(project), treasury.publicKey, 100n, []), [settlement]);
    }
    await add('settle_campaign (embeds)', fixtures.settleCampaignIx(settlement.publicKey, running, released, 2, treasury.publicKey, 100n, [{ embed, views: 60n }]), [settlement]);
    await add('settle_campaign (daily cap, genre mask)', fixtures.settleCampaignIx(settlement.publicKey, capped, released, 2, treasury.publicKey, 1_000n, [{ embed, views: 600n }]), [settlement]);
    await add('settle_campaign (sponsorship)', fixtures.settleCampaignIx(settlement.publicKey, sponsored, released, 2, treasury.publicKey, 100n, [{ embed, views: 60n }]), [settlement]);
    await add('create_campaign', fixtures.createCampaignIx(newcomer.publicKey, campaignArgs({ campaignId: 9n, startAt: chain.now(), endAt: chain.now() + 86_400n })), [newcomer]);
    await add('create_campaign (daily cap, 366 days)', fixtures.createCampaignIx(newcomer.publicKey, campaignArgs({ ...documentary, campaignId: 11n, startAt: chain.now(), endAt: chain.now() + 366n * 86_400n })), [newcomer]);
    await add('create_campaign (sponsorship)', fixtures.createCampaignIx(newcomer.publicKey, campaignArgs({ ...sponsorship, campaignId: 10n, startAt: chain.now(), endAt: chain.now() + 86_400n }), released), [newcomer]);
    await add('top_up_campaign', fixtures.topUpCampaignIx(advertisers[0].publicKey, running, sol(0.1)), [advertisers[0]]);
    await add('set_campaign_paused', fixtures.setCampaignPausedIx(advertisers[1].publicKey, sponsored, true), [advertisers[1]]);
    await add('close_campaign', fixtures.closeCampaignIx(advertisers[2].publicKey, ended), [advertisers[2]]);

    // Accounts to substitute: every PDA kind of every project, wallets, programs, sysvars.
    const pool: PublicKey[] = [
      addresses.platform(), addresses.eventAuthority(), addresses.programData(), PROGRAM_ID, treasury.publicKey, settlement.publicKey,
      studioKey.publicKey, stranger.publicKey, publisher.publicKey, addresses.studio(studioKey.publicKey), embed, otherEmbed,
      PublicKey.default, new PublicKey('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'), new PublicKey('SysvarC1ock11111111111111111111111111111111'),
      ...projects.flatMap((project) => [
        project, addresses.vault(project), addresses.shareMint(project), addresses.investment(project, investors[0].publicKey),
        addresses.shareAccount(addresses.shareMint(project), investors[0].publicKey), addresses.distribution(project, 0),
      ]),
      ...campaigns,
    ];
    const keypairs = new Map([admin, treasury, settlement, studioKey, stranger, publisher, newcomer, ...investors, ...advertisers].map((key) => [key.publicKey.toBase58(), key]));

    const random = seededRandom(SEED);
    const mutations = [
      'random discriminator', 'truncated data', 'random body', 'extended data', 'shuffled accounts', 'substituted account',
      'duplicated account', 'missing accounts', 'read-only account', 'unsigned signer',
    ] as const;
    const mutate = (base: BaseCase): { instruction: TransactionInstruction; mutation: string } => {
      const keys = base.instruction.keys.map((key) => ({ ...key }));
      let data = Buffer.from(base.instruction.data);
      const mutation = random.pick(mutations);
      switch (mutation) {
        case 'random discriminator': {
          let tag = random.bytes(8);
          while (DISCRIMINATORS.includes(tag.toString('hex'))) tag = random.bytes(8);
          data = Buffer.concat([tag, data.subarray(8)]);
          break;
        }
        case 'truncated data':
          data = data.subarray(0, random.below(data.length));
          break;
        case 'random body':
          data = Buffer.concat([data.subarray(0, 8), random.bytes(1 + random.below(80))]);
          break;
        case 'extended data':
          data = Buffer.concat([data, random.bytes(1 + random.below(16))]);
          break;
        case 'shuffled accounts': {
          for (let index = keys.length - 1; index > 0; index -= 1) {
            const other = random.below(index + 1);
            [keys[index], keys[other]] = [keys[other], keys[index]];
          }
          break;
        }
        case 'substituted account': {
          const index = random.below(keys.length);
          let replacement = random.pick(pool);
          while (replacement.equals(keys[index].pubkey)) replacement = random.pick(pool);
          keys[index] = { ...keys[index], pubkey: replacement, isSigner: keys[index].isSigner && keypairs.has(replacement.toBase58()) };
          break;
        }
        case 'duplicated account': {
          const from = random.below(keys.length);
          let to = random.below(keys.length);
          while (to === from && keys.length > 1) to = random.below(keys.length);
          keys[to] = { ...keys[from] };
          break;
        }
        case 'missing accounts':
          keys.splice(random.below(keys.length), 1 + random.below(keys.length));
          break;
        case 'read-only account': {
          const writable = keys.filter((key) => key.isWritable);
          if (writable.length > 0) random.pick(writable).isWritable = false;
          else data = data.subarray(0, 7);
          break;
        }
        case 'unsigned signer': {
          const signer = keys.find((key) => key.isSigner);
          if (signer) signer.isSigner = false;
          else data = data.subarray(0, 7);
          break;
        }
      }
      return { instruction: new TransactionInstruction({ programId: PROGRAM_ID, keys, data }), mutation };
    };

    const vaultsCovered = () => {
      for (const project of projects) {
        const state = chain.account('Project', project);
        const raised = state.fundsReleased ? 0n : BigInt(state.raisedLamports.toString());
        const owed = raised
          + BigInt(state.investorRevenueLamports.toString()) - BigInt(state.investorClaimedLamports.toString())
          + BigInt(state.publisherRevenueLamports.toString()) - BigInt(state.publisherClaimedLamports.toString());
        const vault = addresses.vault(project);
        const rent = chain.svm.minimumBalanceForRentExemption(0n);
        expect(chain.balance(vault) - rent >= owed, `vault of ${project.toBase58()} holds ${chain.balance(vault)} for ${owed} owed`).to.equal(true);
      }
      for (const campaign of campaigns) {
        const state = chain.account('Campaign', campaign);
        const remaining = BigInt(state.budgetLamports.toString()) - BigInt(state.spentLamports.toString());
        const rent = chain.svm.minimumBalanceForRentExemption(BigInt((chain.svm.getAccount(campaign.toBase58() as never) as EncodedAccount).data.length));
        expect(chain.balance(campaign) - rent >= remaining, `campaign ${campaign.toBase58()} holds ${chain.balance(campaign)} for ${remaining} left`).to.equal(true);
      }
    };

    const same = (a: TransactionInstruction, b: TransactionInstruction) =>
      a.data.equals(b.data) && a.keys.length === b.keys.length
      && a.keys.every((key, i) => key.pubkey.equals(b.keys[i].pubkey) && key.isSigner === b.keys[i].isSigner && key.isWritable === b.keys[i].isWritable);
    /** A random body that happens to be well-formed arguments (e.g. a verify_studio flag) is a valid instruction. */
    const wellFormed = (data: Buffer) => {
      try {
        const decoded = (chain.program.coder.instruction as BorshInstructionCoder).decode(data);
        return decoded !== null && chain.program.coder.instruction.encode(decoded.name, decoded.data).equals(data);
      } catch {
        return false;
      }
    };

    // The settlement authority is trusted to say which campaign served a batch's impressions: a
    // settle_campaign whose campaign is swapped for another one that may pay for that project (the
    // sponsorship of the released film, for instance) is a valid settlement, not a hole.
    const CAMPAIGN_ACCOUNT = 2;
    const SETTLE_CAMPAIGN_DISCRIMINATOR = Buffer.from(idl.instructions.find((instruction) => instruction.name === 'settle_campaign')!.discriminator);
    const anotherEligibleCampaign = (before: TransactionInstruction, after: TransactionInstruction) =>
      before.data.equals(after.data) &&
      before.keys.every((key, index) => index === CAMPAIGN_ACCOUNT || (key.pubkey.equals(after.keys[index]?.pubkey) && key.isSigner === after.keys[index].isSigner && key.isWritable === after.keys[index].isWritable)) &&
      before.keys.length === after.keys.length &&
      before.data.subarray(0, 8).equals(SETTLE_CAMPAIGN_DISCRIMINATOR) &&
      campaigns.some((campaign) => campaign.equals(after.keys[CAMPAIGN_ACCOUNT].pubkey)) &&
      after.keys[CAMPAIGN_ACCOUNT].isWritable;

    // The studio may edit any of its films: an update_project_metadata whose project is swapped for
    // another project of the same studio (every project here is studioKey's) is a valid edit.
    const PROJECT_ACCOUNT = 1;
    const UPDATE_METADATA_DISCRIMINATOR = Buffer.from(idl.instructions.find((instruction) => instruction.name === 'update_project_metadata')!.discriminator);
    const anotherFilmOfTheStudio = (before: TransactionInstruction, after: TransactionInstruction) =>
      before.data.equals(after.data) &&
      before.data.subarray(0, 8).equals(UPDATE_METADATA_DISCRIMINATOR) &&
      before.keys.length === after.keys.length &&
      before.keys.every((key, index) => index === PROJECT_ACCOUNT || (key.pubkey.equals(after.keys[index].pubkey) && key.isSigner === after.keys[index].isSigner && key.isWritable === after.keys[index].isWritable)) &&
      projects.some((project) => project.equals(after.keys[PROJECT_ACCOUNT].pubkey)) &&
      after.keys[PROJECT_ACCOUNT].isWritable;

    const counts = { cases: 0, named: 0, expectedSuccesses: 0, panics: 0, unexpectedSuccesses: 0 };
    const problems: string[] = [];
    for (let index = 0; index < CASES; index += 1) {
      const base = random.pick(bases);
      const { instruction, mutation } = mutate(base);
      if (same(instruction, base.instruction)) {
        index -= 1;
        continue;
      }
      const signers = instruction.keys.filter((key) => key.isSigner).map((key) => keypairs.get(key.pubkey.toBase58())!);
      counts.cases += 1;
      const reproduce = `FUZZ_SEED=${SEED} FUZZ_CASES=${index + 1} npx mocha --no-config --node-option import=tsx tests/fuzz/fuzz.test.ts (case ${index}: ${base.name}, ${mutation})`;
      try {
        chain.send([instruction], signers);
        if (
          (mutation === 'random body' && wellFormed(instruction.data)) ||
          anotherEligibleCampaign(base.instruction, instruction) ||
          anotherFilmOfTheStudio(base.instruction, instruction)
        ) {
          counts.expectedSuccesses += 1;
        } else {
          counts.unexpectedSuccesses += 1;
          problems.push(`unexpected success: ${reproduce}; accounts changed: ${changedAccounts(base.instruction, instruction)}`);
        }
      } catch (error) {
        if (error instanceof SvmFailure && error.code !== null && NAMED_ERRORS.has(error.code)) {
          counts.named += 1;
        } else {
          counts.panics += 1;
          problems.push(`panic (${(error as Error).message.split('\n')[0]}): ${reproduce}`);
        }
      }
    }
    vaultsCovered();
    console.log(
      `      fuzz: ${counts.cases} cases, seed ${SEED}: ${counts.named} named errors, ${counts.expectedSuccesses} expected successes (well-formed random arguments; another campaign the settlement authority may draw from; another film of the editing studio), ${counts.panics} panics, ${counts.unexpectedSuccesses} unexpected successes`,
    );
    for (const problem of problems.slice(0, 20)) console.log(`      ${problem}`);
    expect(counts.cases).to.equal(CASES);
    expect(problems).to.deep.equal([]);
  });
});

/** Which account positions a mutation changed, as `#index original -> now` (for a failure's report). */
function changedAccounts(before: TransactionInstruction, after: TransactionInstruction): string {
  const changes: string[] = [];
  const length = Math.max(before.keys.length, after.keys.length);
  for (let index = 0; index < length; index += 1) {
    const was = before.keys[index];
    const now = after.keys[index];
    const describe = (key?: { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }) =>
      key ? `${key.pubkey.toBase58()}${key.isSigner ? ' signer' : ''}${key.isWritable ? ' writable' : ''}` : 'none';
    if (describe(was) !== describe(now)) changes.push(`#${index} ${describe(was)} -> ${describe(now)}`);
  }
  return changes.join(', ') || 'none';
}
