// ScriptedChain: plays the program's bookkeeping (seq numbers, raised amounts, the revenue-per-share
// accumulator) to emit consistent events into a FakeChainSource, until tests can run the real
// program (see litesvm.test.ts).
import { address, buildTransaction, FakeChainSource, randomSignature, SYSTEM_PROGRAM, type TestEvent } from './chain.ts';
import { chargeFor } from '../../src/campaigns/rules.ts';
import { batchDebitLamports } from '../../src/settlement/batch-size.ts';

const Q64 = 1n << 64n;
export const T0 = 1_750_000_000;

interface ProjectState {
  id: number;
  address: string;
  studio: string;
  seq: number;
  goal: bigint;
  raised: bigint;
  totalShares: bigint;
  rps: bigint;
  distributions: number;
  status: 'funding' | 'funded';
  metadataUri: string;
  metadataHash: number[];
  investors: Map<string, { lamports: bigint; shares: bigint; checkpoint: bigint; claimed: bigint }>;
}

export class ScriptedChain {
  readonly source: FakeChainSource;
  platformSeq = 0;
  time = T0;
  private projectCount = 0;
  readonly projects = new Map<number, ProjectState>();
  readonly settlementAuthority = address('settlement');
  /** Studio account → its authority wallet (ProjectCreated names the studio by its authority, as the program does). */
  readonly studioAuthorities = new Map<string, string>();

  constructor(source = new FakeChainSource()) {
    this.source = source;
  }

  private emit(events: TestEvent[], addresses: string[], signature = randomSignature()) {
    this.time += 60;
    return this.source.add(buildTransaction(events, { signature, blockTime: this.time }), addresses);
  }

  private stamp() {
    return { timestamp: BigInt(this.time + 60) };
  }

  initializePlatform() {
    const platform = address('platform-pda');
    return this.emit(
      [
        {
          name: 'PlatformInitialized',
          data: {
            admin: address('admin'),
            treasury: address('treasury'),
            settlement_authority: this.settlementAuthority,
            publisher_bps: 4000,
            investor_bps: 5750,
            platform_bps: 250,
            min_investment_lamports: 50_000_000n,
            unverified_funding_cap_lamports: 1_000_000_000_000n,
            verified_funding_cap_lamports: 10_000_000_000_000n,
            seq: BigInt(++this.platformSeq),
            ...this.stamp(),
          },
        },
      ],
      [platform],
    );
  }

  registerStudio(label: string, name: string) {
    const studio = address(`studio:${label}`);
    this.studioAuthorities.set(studio, address(`authority:${label}`));
    this.emit(
      [
        {
          name: 'StudioRegistered',
          data: { studio, authority: address(`authority:${label}`), name, seq: BigInt(++this.platformSeq), ...this.stamp() },
        },
      ],
      [studio],
    );
    return studio;
  }

  verifyStudio(studio: string) {
    return this.emit(
      [
        {
          name: 'StudioVerified',
          data: {
            studio,
            authority: address('authority'),
            verified_before: false,
            verified: true,
            funding_cap_lamports: 10_000_000_000_000n,
            seq: BigInt(++this.platformSeq),
            ...this.stamp(),
          },
        },
      ],
      [studio],
    );
  }

  createProject(studio: string, title: string, goalSol: number, options: { deadline?: number; metadataHash?: number[]; metadataUri?: string } = {}) {
    const id = this.projectCount++;
    const projectAddress = address(`project:${id}:${title}`);
    const project: ProjectState = {
      id,
      address: projectAddress,
      studio,
      seq: 0,
      goal: BigInt(goalSol * 1e9),
      raised: 0n,
      totalShares: 0n,
      rps: 0n,
      distributions: 0,
      status: 'funding',
      metadataUri: options.metadataUri ?? `https://marquee.test/api/metadata/${id}`,
      metadataHash: options.metadataHash ?? Array(32).fill(0),
      investors: new Map(),
    };
    this.projects.set(id, project);
    const tx = this.emit(
      [
        {
          name: 'ProjectCreated',
          data: {
            project: projectAddress,
            project_id: BigInt(id),
            studio: this.studioAuthorities.get(studio) ?? studio,
            share_mint: address(`mint:${id}`),
            vault: address(`vault:${id}`),
            goal_lamports: project.goal,
            deadline: BigInt(options.deadline ?? this.time + 30 * 86400),
            metadata_hash: project.metadataHash,
            title,
            metadata_uri: project.metadataUri,
            genre_mask: 0n,
            seq: BigInt(++project.seq),
            ...this.stamp(),
          },
        },
      ],
      [projectAddress, studio],
    );
    return { id, address: projectAddress, tx };
  }

  /** An event of an investor's position in a film (invest, claim, refund): the position's accounts, then `fields`, sequenced by the film. */
  /** `stamped`: the event carries a timestamp (every event but RevenueClaimed, whose time is the block's). */
  private emitPositionEvent(name: TestEvent['name'], projectId: number, investor: string, fields: Record<string, unknown>, stamped = true) {
    const project = this.projects.get(projectId)!;
    const investment = address(`investment:${projectId}:${investor}`);
    const data = { project: project.address, investor, investment, ...fields, seq: BigInt(++project.seq), ...(stamped ? this.stamp() : {}) };
    return this.emit([{ name, data }], [project.address, investor]);
  }

  invest(projectId: number, investor: string, lamports: bigint) {
    const project = this.projects.get(projectId)!;
    const before = project.raised;
    project.raised += lamports;
    project.totalShares += lamports;
    const position = project.investors.get(investor) ?? { lamports: 0n, shares: 0n, checkpoint: project.rps, claimed: 0n };
    const isNew = !project.investors.has(investor);
    position.lamports += lamports;
    position.shares += lamports;
    project.investors.set(investor, position);
    if (project.raised >= project.goal) project.status = 'funded';
    return this.emitPositionEvent('Invested', projectId, investor, {
      amount_lamports: lamports,
      shares_minted: lamports,
      investor_lamports_after: position.lamports,
      investor_shares_after: position.shares,
      raised_before: before,
      raised_after: project.raised,
      goal_lamports: project.goal,
      investor_count_after: project.investors.size,
      new_investor: isNew,
      status_after: project.status,
    });
  }

  /** update_project_metadata by the project's studio: the film points to a new document. */
  updateMetadata(projectId: number, metadataUri: string, metadataHash: number[]) {
    const project = this.projects.get(projectId)!;
    const event: TestEvent = {
      name: 'ProjectMetadataUpdated',
      data: {
        project: project.address,
        studio: this.studioAuthorities.get(project.studio) ?? project.studio,
        previous_metadata_hash: project.metadataHash,
        metadata_hash: metadataHash,
        previous_metadata_uri: project.metadataUri,
        metadata_uri: metadataUri,
        seq: BigInt(++project.seq),
        ...this.stamp(),
      },
    };
    project.metadataUri = metadataUri;
    project.metadataHash = metadataHash;
    return this.emit([event], [project.address]);
  }

  claimLicense(projectId: number) {
    const project = this.projects.get(projectId)!;
    return this.emit(
      [
        {
          name: 'LicenseClaimed',
          data: { project: project.address, studio: project.studio, amount_lamports: project.raised, seq: BigInt(++project.seq), ...this.stamp() },
        },
      ],
      [project.address],
    );
  }

  registerEmbed(projectId: number, publisher: string, embedId: string, websiteUrl: string) {
    const project = this.projects.get(projectId)!;
    // The program derives an embed from (project, publisher, embed id).
    const embed = address(`embed:${projectId}:${publisher}:${embedId}`);
    const tx = this.emit(
      [
        {
          name: 'EmbedRegistered',
          data: { project: project.address, embed, publisher, embed_id: embedId, website_url: websiteUrl, seq: BigInt(++project.seq), ...this.stamp() },
        },
      ],
      [project.address, publisher],
    );
    return { embed, tx };
  }

  distributeRevenue(projectId: number, totalLamports: bigint, embeds: { embed: string; views: bigint }[] = []) {
    const project = this.projects.get(projectId)!;
    return this.emit([this.revenueDistributed(projectId, totalLamports, embeds)], [project.address, this.settlementAuthority]);
  }

  /** The RevenueDistributed of a deposit into the project (distribute_revenue's, or settle_campaign's). */
  private revenueDistributed(projectId: number, totalLamports: bigint, embeds: { embed: string; views: bigint }[]): TestEvent {
    const project = this.projects.get(projectId)!;
    const publisher = (totalLamports * 4000n) / 10000n;
    const platform = (totalLamports * 250n) / 10000n;
    const investor = totalLamports - publisher - platform;
    const totalViews = embeds.reduce((sum, e) => sum + e.views, 0n);
    const rpsBefore = project.rps;
    project.rps += (investor * Q64) / project.totalShares;
    const index = project.distributions++;
    return {
      name: 'RevenueDistributed',
      data: {
        project: project.address,
        distribution: address(`distribution:${projectId}:${index}`),
        index: BigInt(index),
        total_lamports: totalLamports,
        publisher_lamports: publisher,
        investor_lamports: investor,
        platform_lamports: platform,
        total_views: totalViews,
        total_shares: project.totalShares,
        revenue_per_share_before: rpsBefore,
        revenue_per_share_after: project.rps,
        embeds: embeds.map((e) => ({
          embed: e.embed,
          views: e.views,
          amount_lamports: totalViews === 0n ? 0n : (publisher * e.views) / totalViews,
        })),
        seq: BigInt(++project.seq),
        ...this.stamp(),
      },
    };
  }

  // --- campaigns: the bookkeeping of create/top_up/set_paused/settle/close_campaign ---

  readonly campaigns = new Map<
    string,
    {
      advertiser: string;
      id: bigint;
      seq: number;
      price: bigint;
      budget: bigint;
      spent: bigint;
      impressions: bigint;
      sponsored: string | null;
      /** The maximum spend per day, and what the chain's current day has taken (as the program counts them). */
      maxDaily: bigint;
      day: { day: bigint; spent: bigint };
    }
  >();

  createCampaign(
    advertiser: string,
    options: {
      id?: bigint;
      adType?: 'display' | 'video' | 'sponsorship';
      pricePerMille?: bigint;
      budget?: bigint;
      creativeUri?: string;
      targetGenres?: bigint;
      startAt?: number;
      endAt?: number;
      sponsoredProjectId?: number;
      /** The maximum spend per day (default: the whole budget). */
      maxDailySpend?: bigint;
    } = {},
  ) {
    const id = options.id ?? BigInt([...this.campaigns.values()].filter((c) => c.advertiser === advertiser).length);
    const campaign = address(`campaign:${advertiser}:${id}`);
    const adType = options.adType ?? 'video';
    const price = options.pricePerMille ?? (adType === 'display' ? 5_000_000n : 15_000_000n);
    const budget = options.budget ?? 1_000_000_000n;
    const sponsored = options.sponsoredProjectId === undefined ? null : this.projects.get(options.sponsoredProjectId)!.address;
    const maxDaily = options.maxDailySpend ?? budget;
    this.campaigns.set(campaign, { advertiser, id, seq: 1, price, budget, spent: 0n, impressions: 0n, sponsored, maxDaily, day: { day: 0n, spent: 0n } });
    const tx = this.emit(
      [
        {
          name: 'CampaignCreated',
          data: {
            campaign,
            advertiser,
            campaign_id: id,
            ad_type: { [adType[0].toUpperCase() + adType.slice(1)]: {} },
            price_per_mille_lamports: price,
            sponsored_project: sponsored ?? SYSTEM_PROGRAM,
            budget_lamports: budget,
            creative_uri: options.creativeUri ?? `https://ads.example/${adType}.${adType === 'display' ? 'png' : 'mp4'}`,
            creative_hash: Array(32).fill(7),
            target_genres: options.targetGenres ?? 0n,
            start_at: BigInt(options.startAt ?? this.time),
            end_at: BigInt(options.endAt ?? this.time + 30 * 86400),
            max_daily_spend_lamports: maxDaily,
            seq: 1n,
            ...this.stamp(),
          },
        },
      ],
      [campaign, advertiser],
    );
    return { address: campaign, tx };
  }

  topUpCampaign(campaign: string, amount: bigint) {
    const state = this.campaigns.get(campaign)!;
    state.budget += amount;
    return this.emit(
      [
        {
          name: 'CampaignToppedUp',
          data: {
            campaign,
            advertiser: state.advertiser,
            amount_lamports: amount,
            budget_after: state.budget,
            remaining_after: state.budget - state.spent,
            seq: BigInt(++state.seq),
            ...this.stamp(),
          },
        },
      ],
      [campaign, state.advertiser],
    );
  }

  pauseCampaign(campaign: string, paused: boolean) {
    const state = this.campaigns.get(campaign)!;
    return this.emit(
      [{ name: 'CampaignPauseSet', data: { campaign, advertiser: state.advertiser, paused_before: !paused, paused, seq: BigInt(++state.seq), ...this.stamp() } }],
      [campaign, state.advertiser],
    );
  }

  /** The project account's distribution_count: the index its next distribution takes (what a settlement signer reads). */
  distributionCount(project: string): number {
    const state = [...this.projects.values()].find((candidate) => candidate.address === project);
    if (!state) throw new Error(`Project ${project} is not on the scripted chain`);
    return state.distributions;
  }

  /** settle_campaign: the batch's RevenueDistributed (project stream) and CampaignSettled in one transaction. */
  /** `batchId`: the settlement job's batch (default: a per-campaign count, as a signer outside the job would choose). */
  /**
   * `rent`: what the campaign pays back for the distribution account (the scripted chain charges none
   * unless told); the batch's debit (batchDebitLamports: amount plus rent) is checked against the
   * budget and the day's cap, as the program does.
   */
  settleCampaign(campaign: string, projectId: number, impressions: bigint, embeds: { embed: string; views: bigint }[] = [], batchId?: number, rent = 0n) {
    const state = this.campaigns.get(campaign)!;
    const amount = chargeFor(impressions, state.price);
    const debit = batchDebitLamports(amount, rent);
    if (debit > state.budget - state.spent) throw new Error('CampaignBudgetExceeded');
    // The day of the CampaignSettled timestamp (its stamp is taken before the transaction is emitted).
    const day = BigInt(this.time + 60) / 86_400n;
    const spentToday = (state.day.day === day ? state.day.spent : 0n) + debit;
    if (spentToday > state.maxDaily) throw new Error('CampaignDailyCapExceeded');
    state.day = { day, spent: spentToday };
    const project = this.projects.get(projectId)!;
    const distributed = this.revenueDistributed(projectId, amount, embeds);
    const index = project.distributions - 1;
    state.spent += debit;
    state.impressions += impressions;
    const settled: TestEvent = {
      name: 'CampaignSettled',
      data: {
        campaign,
        advertiser: state.advertiser,
        project: project.address,
        distribution: address(`distribution:${projectId}:${index}`),
        distribution_index: BigInt(index),
        // The scripted chain numbers its settlements per campaign.
        batch_id: BigInt(batchId ?? state.seq),
        impressions,
        amount_lamports: amount,
        rent_lamports: rent,
        spent_after: state.spent,
        remaining_after: state.budget - state.spent,
        impressions_after: state.impressions,
        seq: BigInt(++state.seq),
        ...this.stamp(),
      },
    };
    return { amount, tx: this.emit([distributed, settled], [campaign, state.advertiser, project.address, this.settlementAuthority]) };
  }

  closeCampaign(campaign: string) {
    const state = this.campaigns.get(campaign)!;
    return this.emit(
      [
        {
          name: 'CampaignClosed',
          data: {
            campaign,
            advertiser: state.advertiser,
            refunded_lamports: state.budget - state.spent,
            rent_lamports: 3_000_000n,
            spent_lamports: state.spent,
            impressions: state.impressions,
            seq: BigInt(++state.seq),
            ...this.stamp(),
          },
        },
      ],
      [campaign, state.advertiser],
    );
  }

  /** What the program owes an investor now (the accumulator since their checkpoint). */
  owed(projectId: number, investor: string): bigint {
    const project = this.projects.get(projectId)!;
    const position = project.investors.get(investor)!;
    return (position.shares * (project.rps - position.checkpoint)) / Q64;
  }

  claimRevenue(projectId: number, investor: string) {
    const project = this.projects.get(projectId)!;
    const position = project.investors.get(investor)!;
    const amount = this.owed(projectId, investor);
    position.checkpoint = project.rps;
    position.claimed += amount;
    return this.emitPositionEvent('RevenueClaimed', projectId, investor, {
      amount_lamports: amount,
      revenue_per_share_checkpoint: project.rps,
      claimed_total_after: position.claimed,
    }, false);
  }

  refund(projectId: number, investor: string) {
    const project = this.projects.get(projectId)!;
    const position = project.investors.get(investor)!;
    const before = project.raised;
    project.raised -= position.lamports;
    project.totalShares -= position.shares;
    project.investors.delete(investor);
    return this.emitPositionEvent('Refunded', projectId, investor, {
      amount_lamports: position.lamports,
      shares_burned: position.shares,
      raised_before: before,
      raised_after: project.raised,
      investor_count_after: project.investors.size,
    });
  }

  publisherClaim(projectId: number, embed: string, publisher: string, amount: bigint, claimedTotal: bigint) {
    const project = this.projects.get(projectId)!;
    return this.emit(
      [
        {
          name: 'PublisherRevenueClaimed',
          data: { project: project.address, embed, publisher, amount_lamports: amount, claimed_total_after: claimedTotal, seq: BigInt(++project.seq), ...this.stamp() },
        },
      ],
      [project.address, publisher],
    );
  }
}

/** A chain with every kind of event: two projects, investments, a distribution, claims, a refund. */
export function fullScenario(chain = new ScriptedChain()) {
  chain.initializePlatform();
  const studio = chain.registerStudio('a24', 'A24');
  chain.verifyStudio(studio);
  const film = chain.createProject(studio, 'Night Train', 10);
  chain.invest(film.id, address('alice'), 6_000_000_000n);
  chain.invest(film.id, address('bob'), 3_000_000_000n);
  chain.invest(film.id, address('alice'), 1_000_000_000n);
  chain.claimLicense(film.id);
  const { embed } = chain.registerEmbed(film.id, address('publisher'), 'embed-0-1', 'https://films.example');
  chain.distributeRevenue(film.id, 2_000_000_000n, [{ embed, views: 120n }]);
  chain.claimRevenue(film.id, address('alice'));
  chain.distributeRevenue(film.id, 1_000_000_000n, [{ embed, views: 30n }]);
  chain.publisherClaim(film.id, embed, address('publisher'), 1_200_000_000n, 1_200_000_000n);
  const flop = chain.createProject(studio, 'Flop', 50);
  chain.invest(flop.id, address('bob'), 500_000_000n);
  chain.refund(flop.id, address('bob'));
  return { chain, studio, film, flop, embed };
}


/** The platform, studio S (or `options.studio`) and its film 'Film' (or `options.title`) of goal `options.goalSol` (10 SOL), nothing invested. */
export function platformWithFilm(
  chain = new ScriptedChain(),
  options: { studio?: { label: string; name: string }; title?: string; goalSol?: number; metadata?: { metadataHash: number[]; metadataUri: string } } = {},
) {
  chain.initializePlatform();
  const studio = chain.registerStudio(options.studio?.label ?? 's', options.studio?.name ?? 'S');
  const film = chain.createProject(studio, options.title ?? 'Film', options.goalSol ?? 10, options.metadata);
  return { chain, studio, film };
}

/**
 * The setup most API tests start from: the platform, a studio, a film (goal 10 SOL) that alice's
 * 10 SOL funded, and an embed of it per entry of `embeds` (ids embed-0-1, embed-0-2, …; by default
 * the publisher's on https://a.example).
 */
export function fundedProjectWithEmbeds(
  chain: ScriptedChain,
  options: {
    studio?: { label: string; name: string };
    title?: string;
    metadata?: { metadataHash: number[]; metadataUri: string };
    claimLicense?: boolean;
    embeds?: { publisher: string; website: string }[];
  } = {},
) {
  const { studio, film } = platformWithFilm(chain, options);
  chain.invest(film.id, address('alice'), 10_000_000_000n);
  if (options.claimLicense) chain.claimLicense(film.id);
  const embeds = (options.embeds ?? [{ publisher: address('publisher'), website: 'https://a.example' }]).map(
    ({ publisher, website }, index) => chain.registerEmbed(film.id, publisher, `embed-0-${index + 1}`, website).embed,
  );
  return { studio, film, embeds, embed: embeds[0] };
}
