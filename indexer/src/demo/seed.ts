// First start of the demo chain: the platform and the catalogue of catalogue.ts played through the
// program's instructions, in chronological order on the chain's clock (the past is made by running
// each transaction at its day), as one commit. Metadata goes through the API's metadata store, so
// projects join their metadata exactly as listings from the dApp do.
import anchor from '@coral-xyz/anchor';
import {
  claimLicenseInstruction,
  claimPublisherRevenueInstruction,
  claimRevenueInstruction,
  createProjectInstruction,
  embedIdFor,
  initializePlatformInstruction,
  investmentInstructions,
  pda,
  refundInstruction,
  registerEmbedInstruction,
  registerStudioInstruction,
  verifyStudioInstruction,
  filmGenreMask,
} from '@marquee/program-client';
import { LAMPORTS_PER_SOL, REVENUE_PER_VIEW_LAMPORTS } from '../constants.ts';
import { FILMS, INVESTOR_COUNT, PUBLISHERS, STUDIOS, type FilmSeed } from './catalogue.ts';
import type { DemoChain } from './chain.ts';
import { KEY } from './keys.ts';
import { posterPath, type DemoService, type MetadataStore } from './service.ts';
import { posterSvg } from './posters.ts';
import { seedTrailers, type DemoVideos, type TrailerSummary } from './trailers.ts';

type PublicKey = anchor.web3.PublicKey;

const DAY = 86_400;
const sol = (amount: number) => BigInt(Math.round(amount * LAMPORTS_PER_SOL));

const { studio: studioKey, investor: investorKey, publisher: publisherKey } = KEY;

/** What seeding made, for the log line and the tests. */
export interface SeedSummary {
  projects: number;
  transactions: number;
  byState: Record<'funding' | 'funded' | 'failed' | 'closeToDeadline' | 'nearlyFunded' | 'lastCall', number>;
  trailers: TrailerSummary;
}

/** Default delay after the first start at which the "last call" film closes (MARQUEE_DEMO_LAST_CALL_SECONDS). */
export const DEFAULT_LAST_CALL_SECONDS = 15 * 60;

/** A film's deadline (unix seconds): its day relative to seeding, or the last call. */
function deadlineOf(film: FilmSeed, nowSeconds: number, lastCallSeconds: number): number {
  return film.closesAtLastCall ? nowSeconds + lastCallSeconds : nowSeconds + film.deadlineDay * DAY;
}

interface Step {
  day: number;
  order: number;
  run: (at: number) => void;
}

/**
 * Seeds a new chain; `storeMetadata` is POST /api/metadata of the running app; `videos`: where each
 * film's trailer is rendered and stored (none: the films have no video).
 */
export async function seedCatalogue(
  service: DemoService,
  storeMetadata: MetadataStore,
  nowSeconds: number,
  lastCallSeconds: number = DEFAULT_LAST_CALL_SECONDS,
  videos?: DemoVideos,
): Promise<SeedSummary> {
  const chain: DemoChain = service.chain;
  if (chain.isSeeded) throw new Error('The demo chain is already seeded');
  const before = chain.transactionCount;
  // Films get their ids in listing order; the poster URL in the metadata needs the id up front.
  const films = [...FILMS].sort((a, b) => a.listedDay - b.listedDay);
  // Each trailer pans down the film's poster (the one /api/demo/posters draws from the same metadata).
  const trailers = await seedTrailers(videos, films.map((film) => posterSvg(film)));
  await chain.batch(async () => {
    const metadata = [];
    for (const [id, film] of films.entries()) {
      metadata.push(
        await storeMetadata({
          title: film.title,
          description: film.description,
          directorName: film.directorName,
          genres: film.genres,
          releaseYear: film.releaseYear,
          licenseType: film.licenseType,
          thumbnailUrl: posterPath(id),
          ...(trailers.urls[id] ? { videoUrl: trailers.urls[id] } : {}),
          fundingGoal: film.goalSol * 1000,
          deadline: new Date(deadlineOf(film, nowSeconds, lastCallSeconds) * 1000).toISOString(),
        }),
      );
    }

    const admin = service.keys.key(KEY.admin);
    const treasury = service.keys.key(KEY.treasury);
    const settlement = service.keys.key(KEY.settlement);
    const steps: Step[] = [];
    const at = (day: number, run: Step['run']) => steps.push({ day, order: steps.length, run });

    at(-90, (time) => {
      chain.airdrop(admin.publicKey, sol(100));
      chain.setUpgradeAuthority(admin.publicKey);
      chain.airdrop(treasury.publicKey, sol(1));
      chain.airdrop(settlement.publicKey, sol(10_000));
      chain.send([initializePlatformInstruction({ admin: admin.publicKey, treasury: treasury.publicKey, settlementAuthority: settlement.publicKey })], [admin], { at: time });
    });
    for (const studio of STUDIOS) {
      at(-89, (time) => {
        const authority = service.keys.key(studioKey(studio.key));
        chain.airdrop(authority.publicKey, sol(50));
        chain.send([registerStudioInstruction({ authority: authority.publicKey, name: studio.name })], [authority], { at: time });
      });
      if (studio.verified) {
        at(-88, (time) => chain.send([verifyStudioInstruction({ admin: admin.publicKey, studioAuthority: service.keys.key(studioKey(studio.key)).publicKey, verified: true })], [admin], { at: time }));
      }
    }
    at(-88, () => {
      for (let number = 1; number <= INVESTOR_COUNT; number++) chain.airdrop(service.keys.key(investorKey(number)).publicKey, sol(1000));
      for (const publisher of PUBLISHERS) chain.airdrop(service.keys.key(publisherKey(publisher.key)).publicKey, sol(20));
    });

    for (const [id, film] of films.entries()) planFilm(service, film, id, metadata[id], deadlineOf(film, nowSeconds, lastCallSeconds), at);

    steps.sort((a, b) => a.day - b.day || a.order - b.order);
    // A day's transactions 20 minutes apart, in the order planned.
    const perDay = new Map<number, number>();
    for (const step of steps) {
      const rank = perDay.get(step.day) ?? 0;
      perDay.set(step.day, rank + 1);
      step.run(nowSeconds + step.day * DAY - 15 * 3600 + rank * 20 * 60);
    }
    chain.markSeeded();
  });

  const nearlyFunded = FILMS.filter(
    (film) => film.story.kind === 'funding' && film.deadlineDay > 0 && film.goalSol - total(film) < 5,
  ).length;
  return {
    projects: FILMS.length,
    transactions: chain.transactionCount - before,
    byState: {
      funded: FILMS.filter((film) => film.story.kind === 'funded').length,
      funding: FILMS.filter((film) => film.story.kind === 'funding' && film.deadlineDay > 0).length,
      failed: FILMS.filter((film) => film.story.kind === 'funding' && film.deadlineDay < 0).length,
      closeToDeadline: FILMS.filter((film) => film.story.kind === 'funding' && film.deadlineDay > 0 && film.deadlineDay <= 7).length,
      nearlyFunded,
      lastCall: FILMS.filter((film) => film.closesAtLastCall).length,
    },
    trailers: trailers.summary,
  };
}

function total(film: FilmSeed): number {
  return film.story.investments.reduce((sum, investment) => sum + (investment.sol ?? 0), 0);
}

/** The steps of one film's story. */
function planFilm(
  service: DemoService,
  film: FilmSeed,
  id: number,
  metadata: { uri: string; sha256: string },
  deadline: number,
  at: (day: number, run: Step['run']) => void,
) {
  const chain = service.chain;
  const project = pda.project(id);
  const studio = () => service.keys.key(studioKey(film.studio));
  const investor = (number: number) => service.keys.key(investorKey(number));
  const publisher = (key: string) => service.keys.key(publisherKey(key));

  at(film.listedDay, (time) => {
    const platform = chain.account<{ project_count: anchor.BN }>('Platform', pda.platform())!;
    if (platform.project_count.toNumber() !== id) throw new Error(`Seeding expected project id ${id}, the chain is at ${platform.project_count}`);
    chain.send(
      [
        createProjectInstruction({
          authority: studio().publicKey,
          projectId: BigInt(id),
          title: film.title,
          metadataUri: metadata.uri,
          metadataHash: Buffer.from(metadata.sha256, 'hex'),
          fundingGoalLamports: sol(film.goalSol),
          deadline: BigInt(deadline),
          genreMask: filmGenreMask(film.genres),
        }),
      ],
      [studio()],
      { at: time },
    );
  });

  const story = film.story;
  let raised = 0;
  for (const investment of story.investments) {
    // An investment without an amount completes the goal.
    const amount = investment.sol ?? film.goalSol - raised;
    raised += amount;
    at(investment.day, (time) => chain.send(investmentInstructions({ investor: investor(investment.investor).publicKey, project, amountLamports: sol(amount) }), [investor(investment.investor)], { at: time }));
  }
  if (story.kind === 'funding') {
    for (const refund of story.refunds ?? []) {
      at(refund.day, (time) => chain.send([refundInstruction({ investor: investor(refund.investor).publicKey, project })], [investor(refund.investor)], { at: time }));
    }
    return;
  }

  if (story.licenseDay !== undefined) {
    at(story.licenseDay, (time) => chain.send([claimLicenseInstruction({ authority: studio().publicKey, project })], [studio()], { at: time }));
  }
  const embeds: PublicKey[] = [];
  for (const embed of story.embeds ?? []) {
    at(embed.day, (time) => {
      const embedId = embedIdFor(id, time * 1000);
      const website = PUBLISHERS.find((candidate) => candidate.key === embed.publisher)!.websiteUrl;
      chain.send([registerEmbedInstruction({ publisher: publisher(embed.publisher).publicKey, project, embedId, websiteUrl: website })], [publisher(embed.publisher)], { at: time });
      embeds.push(pda.embed(project, publisher(embed.publisher).publicKey, embedId));
    });
  }
  for (const round of story.revenue ?? []) {
    at(round.day, (time) => {
      const views = round.views.map((count, index) => ({ embed: embeds[index], views: BigInt(count) }));
      const lamports = BigInt(round.views.reduce((sum, count) => sum + count, 0)) * BigInt(REVENUE_PER_VIEW_LAMPORTS);
      service.settlement.distribute(project, lamports, views, time);
    });
  }
  for (const claim of story.investorClaims ?? []) {
    at(claim.day, (time) => chain.send([claimRevenueInstruction({ investor: investor(claim.investor).publicKey, project })], [investor(claim.investor)], { at: time }));
  }
  for (const claim of story.publisherClaims ?? []) {
    at(claim.day, (time) => {
      const index = (story.embeds ?? []).findIndex((embed) => embed.publisher === claim.publisher);
      chain.send([claimPublisherRevenueInstruction({ publisher: publisher(claim.publisher).publicKey, project, embed: embeds[index] })], [publisher(claim.publisher)], { at: time });
    });
  }
}
