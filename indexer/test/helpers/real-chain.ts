// The real marquee.so in LiteSVM through the program team's harness (tests/utils/), with every
// transaction recorded by a LiteSvmSource. The harness is written for mocha's CommonJS loading
// (named imports of @coral-xyz/anchor), so it is required rather than imported.
import anchor from '@coral-xyz/anchor';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ChainTransaction } from '@marquee/program-client';
import { LiteSvmSource } from './litesvm-source.ts';

const programPath = fileURLToPath(new URL('../../../target/deploy/marquee.so', import.meta.url));
/** `false`, or why the real-program tests are skipped. */
export const skipWithoutProgram = existsSync(programPath) ? false : 'target/deploy/marquee.so is not built (npm run build:program)';

const require = createRequire(import.meta.url);
export function harness() {
  return {
    ...(require('../../../tests/utils/litesvm.ts') as typeof import('../../../tests/utils/litesvm.ts')),
    fixtures: require('../../../tests/utils/fixtures.ts') as typeof import('../../../tests/utils/fixtures.ts'),
    ...(require('../../../tests/utils/chain.ts') as typeof import('../../../tests/utils/chain.ts')),
  };
}

/** Platform, a verified studio, a project of 3 SOL funded by two investors (2 + 1 SOL), licence claimed. */
export async function fundedChain() {
  const { SvmChain, fixtures, sol } = harness();
  const chain = SvmChain.start();
  const source = new LiteSvmSource(chain);
  const builders = chain.builders;
  const platform = await fixtures.withPlatform(builders);
  const studio = await fixtures.withStudio(builders, platform.admin, { name: 'Northlight Pictures', verified: true });
  const project = await fixtures.withProject(builders, studio, { goal: sol(3), title: 'The Last Reel' });
  const first = chain.wallet(sol(10));
  const second = chain.wallet(sol(10));
  await fixtures.invest(builders, first, project.address, sol(2));
  await fixtures.invest(builders, second, project.address, sol(1));
  chain.send([fixtures.claimLicenseIx(studio.publicKey, project.address)], [studio]);
  return { chain, source, platform, studio, project, investors: [first, second] };
}

/**
 * fundedChain, then an embed, two distributions of amounts that do not divide evenly, an investor's
 * and the publisher's claims, and a second project that misses its deadline and is refunded.
 */
export async function revenueChain() {
  const { fixtures, sol, addresses } = harness();
  const funded = await fundedChain();
  const { chain, platform, project, investors } = funded;
  const builders = chain.builders;
  const publisher = chain.wallet(sol(1));
  const embedId = 'embed-0-1767225600000';
  chain.send([fixtures.registerEmbedIx(publisher.publicKey, project.address, embedId, 'https://films.example')], [publisher]);
  const embed = addresses.embed(project.address, publisher.publicKey, embedId);
  for (const [index, amount] of [sol(1.000000007), sol(0.333333333)].entries()) {
    const views = [{ embed, views: BigInt(100 + index) }];
    chain.send([fixtures.distributeRevenueIx(platform.settlement.publicKey, project.address, index, platform.treasury.publicKey, amount, views)], [platform.settlement]);
  }
  const [first, second] = investors;
  chain.send([fixtures.claimRevenueIx(first.publicKey, project.address)], [first]);
  chain.send([fixtures.claimPublisherRevenueIx(publisher.publicKey, project.address, embed)], [publisher]);
  const studio = chain.wallet(sol(10));
  chain.send([fixtures.registerStudioIx(studio.publicKey, 'Late Studio')], [studio]);
  const late = await fixtures.withProject(builders, studio, { goal: sol(5), daysLeft: 1 });
  await fixtures.invest(builders, second, late.address, sol(1));
  chain.warpTo(chain.now() + 2n * 86_400n);
  chain.send([fixtures.refundIx(second.publicKey, late.address)], [second]);
  return { ...funded, publisher, embed, late };
}

/** The recorded transactions as JSON (instruction data as base58 text, as RPC serves it). */
export function serializable(log: { tx: ChainTransaction; addresses: string[] }[]) {
  return log.map(({ tx, addresses }) => ({
    addresses,
    tx: {
      ...tx,
      innerInstructions: tx.innerInstructions.map((group) => ({
        index: group.index,
        instructions: group.instructions.map((instruction) => ({
          programIdIndex: instruction.programIdIndex,
          data: typeof instruction.data === 'string' ? instruction.data : anchor.utils.bytes.bs58.encode(instruction.data),
        })),
      })),
    },
  }));
}
