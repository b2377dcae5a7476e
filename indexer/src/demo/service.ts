// DemoService: every demo action as a real transaction on the demo chain, signed by the server-held
// key that stands for the actor (keys.ts) — the connected wallet's demo keypair or a seeded studio.
// Actions answer with the transaction's signature; by then the chain has committed it and the
// indexer has ingested it (sender.ts). The demo is a different signer for the program client's
// instructions; the settlement signer and the house campaign live beside it.
import anchor from '@coral-xyz/anchor';
import {
  certificateInstructions,
  certificateMetadata,
  certificateSpace,
  claimLicenseInstruction,
  claimPublisherRevenueInstruction,
  claimRevenueInstruction,
  closeCampaignInstruction,
  createCampaignInstruction,
  createProjectInstruction,
  decodeTransactionEvents,
  filmGenreMask,
  minimumDailySpendLamports,
  investmentInstructions,
  pda,
  refundInstruction,
  registerEmbedInstruction,
  registerStudioInstruction,
  setCampaignPausedInstruction,
  topUpCampaignInstruction,
  updateProjectMetadataInstruction,
  verifyStudioInstruction,
} from '@marquee/program-client';
import type { ClusterContext } from '../cluster.ts';
import { campaigns, embeds, metadata, revenue } from '../db/index.ts';
import { editedListing, NOTHING_TO_UPDATE, type ListingEdit } from '../listing-edit.ts';
import { originOf } from '../origin.ts';
import { DISTRIBUTION_ACCOUNT_BYTES, MAX_DEMO_CLOCK_OFFSET_SECONDS, STANDARD_PRICE_PER_MILLE_LAMPORTS, type AdType } from '../constants.ts';
import { maskOfGenres, requiredCreativeKind, UnknownGenreError, type CreativeKind } from '../campaigns/rules.ts';
import { formatUnits, SOL, USD } from '../lamports.ts';
import { DemoActionError, lamportsOf } from './action-error.ts';
import type { DemoChain } from './chain.ts';
import { HouseCampaign } from './house-campaign.ts';
import { DemoKeys, KEY } from './keys.ts';
import { adminHolder } from '../roles/platform-admin.ts';
import { DemoSender } from './sender.ts';
import { DemoSettlementSigner } from './settlement-signer.ts';

const { PublicKey } = anchor.web3;
type Keypair = anchor.web3.Keypair;
type PublicKey = anchor.web3.PublicKey;

export interface ListingInput {
  title: string;
  description: string;
  directorName: string;
  releaseYear: number;
  licenseType: string;
  /** USD (1 SOL = 1000 USD). */
  fundingGoal: number;
  deadline: string;
  genres: string[];
  thumbnailUrl?: string;
  videoUrl?: string;
  /** The on-chain studio name when this listing registers the studio. */
  studioName?: string;
}

/** POST /api/demo/campaigns, as the service takes it (amounts in SOL, times ISO 8601). */
export interface CampaignInput {
  adType: AdType;
  budget: number;
  creativeUri: string;
  /** 64 hex digits. */
  creativeHash: string;
  /** What the server found the creative to be (null: it cannot tell, a URL of another host). */
  creativeKind: CreativeKind | null;
  targetGenres: string[];
  /** SOL settlement may take per UTC day; the budget (or the smallest cap, if above it) when omitted. */
  maxDailySpend?: number;
  startAt?: string;
  endAt: string;
  sponsoredProjectId?: number;
  /** SOL per 1,000 impressions, sponsorships only. */
  pricePerMille?: number;
  details: campaigns.CampaignDetails;
}

/** An ISO 8601 time of a request as unix seconds, or a 400 naming the field. */
function secondsOf(text: string, field: string): number {
  const ms = Date.parse(text);
  if (!Number.isFinite(ms)) throw new DemoActionError(400, `${field}: Expected an ISO 8601 date and time`);
  return Math.floor(ms / 1000);
}

/** Stores project metadata the way POST /api/metadata does; returns its URI and sha256. */
export type MetadataStore = (metadata: Record<string, unknown>) => Promise<{ uri: string; sha256: string }>;

export const posterPath = (projectId: number | bigint) => `/api/demo/posters/${projectId}.svg`;

export class DemoService {
  /** The server-held keys: the wallets' demo keypairs and the seeded actors. */
  readonly keys: DemoKeys;
  readonly sender: DemoSender;
  /** The settlement job's signer on the demo chain. */
  readonly settlement: DemoSettlementSigner;
  /** The campaign that pays the demo's test revenue. */
  readonly house: HouseCampaign;

  constructor(
    readonly chain: DemoChain,
    readonly cluster: ClusterContext,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = new DemoKeys(chain, cluster, now);
    this.sender = new DemoSender(chain, cluster);
    this.settlement = new DemoSettlementSigner(chain, this.keys);
    this.house = new HouseCampaign(this.keys, this.sender, this.settlement, cluster, now);
  }

  async invest(walletAddress: string, projectId: number, amountSol: number): Promise<{ signature: string; balance: number }> {
    const investor = await this.keys.signer(walletAddress);
    const { address } = this.sender.project(projectId);
    const lamports = lamportsOf(amountSol, SOL);
    const signature = await this.sender.run(investmentInstructions({ investor: investor.publicKey, project: address, amountLamports: lamports }), [investor]);
    return { signature, balance: this.keys.walletInfo(walletAddress, investor).balance };
  }

  /**
   * Releases a funded project's SOL to its studio. The studio signs: the wallet's own demo key when
   * it listed the film, or the key of a seeded studio (the demo plays the catalogue's studios); never
   * another wallet's key.
   */
  async claimLicense(walletAddress: string, projectId: number): Promise<{ signature: string }> {
    const { address, account } = this.sender.project(projectId);
    // project.studio is the wallet of the studio that listed the film.
    const own = await this.keys.signer(walletAddress);
    const authority = own.publicKey.equals(account.studio) ? own : this.keys.seededStudio(account.studio);
    if (!authority) throw new DemoActionError(403, 'Only the studio that listed this film can claim its licence');
    return { signature: await this.sender.run([claimLicenseInstruction({ authority: authority.publicKey, project: address })], [authority]) };
  }

  async registerEmbed(walletAddress: string, projectId: number, websiteUrl: string, embedId: string): Promise<{ signature: string }> {
    const publisher = await this.keys.signer(walletAddress);
    const { address } = this.sender.project(projectId);
    // Nothing registered twice: one embed per film and website for a publisher.
    const origin = originOf(websiteUrl);
    const existing = await embeds.listEmbeds(this.cluster.db, { projectId, publisher: publisher.publicKey.toBase58() });
    if (existing.some((embed) => originOf(embed.website_url) === origin)) {
      throw new DemoActionError(400, `This film is already embedded on ${origin}: use the embed code you registered`);
    }
    return { signature: await this.sender.run([registerEmbedInstruction({ publisher: publisher.publicKey, project: address, embedId, websiteUrl })], [publisher]) };
  }

  /** Takes the wallet's SOL back from a film that missed its deadline unfunded (its shares are burned). */
  async refund(walletAddress: string, projectId: number): Promise<{ signature: string; amount: number; amountLamports: string }> {
    const investor = await this.keys.signer(walletAddress);
    const { address } = this.sender.project(projectId);
    const signature = await this.sender.run([refundInstruction({ investor: investor.publicKey, project: address })], [investor]);
    return { signature, ...this.sender.eventTotal(signature, 'Refunded') };
  }

  /** Pays a publisher what its embed of a film earned so far. */
  async claimPublisherRevenue(walletAddress: string, projectId: number, embedId: string): Promise<{ signature: string; amount: number; amountLamports: string }> {
    const publisher = await this.keys.signer(walletAddress);
    const { address } = this.sender.project(projectId);
    const embed = pda.embed(address, publisher.publicKey, embedId);
    if (!this.chain.exists(embed)) throw new DemoActionError(404, 'Embed not found');
    const signature = await this.sender.run([claimPublisherRevenueInstruction({ publisher: publisher.publicKey, project: address, embed })], [publisher]);
    return { signature, ...this.sender.eventTotal(signature, 'PublisherRevenueClaimed') };
  }

  /** Claims the revenue of the projects the selected distributions belong to (claims are per project on chain). */
  async claimRevenue(walletAddress: string, distributionIds: number[]): Promise<{ signature: string; amount: number; amountLamports: string }> {
    const investor = await this.keys.signer(walletAddress);
    const projects = new Set<number>();
    for (const id of distributionIds) {
      const row = await revenue.investorDistribution(this.cluster.db, id);
      if (!row) throw new DemoActionError(404, `Distribution ${id} not found`);
      if (row.investor !== investor.publicKey.toBase58()) throw new DemoActionError(403, `Distribution ${id} is not yours`);
      if (row.claimed === 0) projects.add(row.project_id);
    }
    if (projects.size === 0) {
      throw new DemoActionError(400, "No revenue to claim: You don't have any unclaimed revenue at the moment.");
    }
    const instructions = [...projects].map((projectId) => claimRevenueInstruction({ investor: investor.publicKey, project: pda.project(projectId) }));
    const signature = await this.sender.run(instructions, [investor]);
    return { signature, ...this.sender.eventTotal(signature, 'RevenueClaimed') };
  }

  /** register_studio signed by the wallet's demo key: the wallet's studio on chain, unverified. */
  async registerStudio(walletAddress: string, name: string): Promise<{ signature: string }> {
    const authority = await this.keys.signer(walletAddress);
    if (this.chain.exists(pda.studio(authority.publicKey))) throw new DemoActionError(400, 'This wallet is already a registered studio');
    return { signature: await this.sender.run([registerStudioInstruction({ authority: authority.publicKey, name })], [authority]) };
  }

  /**
   * verify_studio, signed by the platform admin's key — which the server uses only for the wallet
   * mapped to it (MARQUEE_DEMO_ADMIN_WALLET) or holding the admin role (the first wallet signed in on
   * a fresh demo); any other wallet is refused before anything is sent.
   */
  async verifyStudio(walletAddress: string, studioAuthority: string, verified: boolean): Promise<{ signature: string }> {
    const holdsRole = (await adminHolder(this.cluster.db))?.walletAddress === walletAddress;
    const admin = holdsRole ? this.keys.key(KEY.admin) : await this.keys.signer(walletAddress);
    const platform = this.chain.account<{ admin: PublicKey }>('Platform', pda.platform());
    if (!platform || !platform.admin.equals(admin.publicKey)) throw new DemoActionError(403, 'Only the platform admin can verify studios');
    const authority = new PublicKey(studioAuthority);
    if (!this.chain.exists(pda.studio(authority))) throw new DemoActionError(404, 'Studio not found: its wallet has not registered it yet');
    return { signature: await this.sender.run([verifyStudioInstruction({ admin: admin.publicKey, studioAuthority: authority, verified })], [admin]) };
  }

  /**
   * Mints the film's licence certificate (a Token-2022 mint with the metadata extension, supply 1)
   * to its studio, signed by the studio's demo key and the new mint's key; only the wallet that
   * listed the film may.
   */
  async mintCertificate(walletAddress: string, projectId: number): Promise<{ signature: string; mint: string; studio: string }> {
    const studio = await this.keys.signer(walletAddress);
    const { address, account } = this.sender.project(projectId);
    if (!account.studio.equals(studio.publicKey)) throw new DemoActionError(403, 'Only the studio that listed this film can mint its licence certificate');
    const details = this.chain.account<{ title: string; metadata_uri: string }>('Project', address)!;
    const mint = anchor.web3.Keypair.generate();
    const input = { studio: studio.publicKey, mint: mint.publicKey, project: { address: address.toBase58(), title: details.title, metadataUri: details.metadata_uri } };
    const rent = this.chain.minimumBalance(certificateSpace(certificateMetadata(input)).rentSpace);
    const signature = await this.sender.run(certificateInstructions(input, rent), [studio, mint]);
    return { signature, mint: mint.publicKey.toBase58(), studio: studio.publicKey.toBase58() };
  }

  // --- campaigns ----------------------------------------------------------------------------------

  /** The chain's clock in unix seconds (moved forward by advanceClock). */
  chainNow(): number {
    return this.chain.clockNow();
  }

  /** POST /api/demo/clock/advance: the demo chain's clock `seconds` forward; answers the new time. */
  advanceClock(seconds: number): { now: string } {
    const offset = this.chain.clockOffsetSeconds();
    if (offset + seconds > MAX_DEMO_CLOCK_OFFSET_SECONDS) {
      const days = (value: number) => Math.floor(value / 86_400);
      throw new DemoActionError(
        400,
        `The demo clock may run at most ${days(MAX_DEMO_CLOCK_OFFSET_SECONDS)} days ahead in total: it is ${days(offset)} days ahead, so at most ${MAX_DEMO_CLOCK_OFFSET_SECONDS - offset} more seconds`,
      );
    }
    return { now: new Date(this.chain.advanceClock(seconds) * 1000).toISOString() };
  }

  /**
   * create_campaign signed by the wallet's demo key, at the advertiser's next free campaign id; the
   * request form's details and the creative's checked kind are recorded once it is indexed.
   */
  async createCampaign(walletAddress: string, input: CampaignInput): Promise<{ signature: string; campaign: string }> {
    return this.createCampaignOf(await this.keys.signer(walletAddress), input);
  }

  /**
   * create_campaign signed by `advertiser`: a wallet's demo key (the advertiser screen) or a seeded
   * advertiser's (demo/advertisers.ts), so both go through the one create_campaign call below.
   */
  async createCampaignOf(advertiser: Keypair, input: CampaignInput): Promise<{ signature: string; campaign: string }> {
    const needed = requiredCreativeKind(input.adType);
    if (needed && input.creativeKind && input.creativeKind !== needed) {
      throw new DemoActionError(400, `A ${input.adType} campaign needs ${needed === 'video' ? 'a video' : 'an image'} creative`);
    }
    let targetGenres: bigint;
    try {
      targetGenres = maskOfGenres(input.targetGenres);
    } catch (error) {
      if (error instanceof UnknownGenreError) throw new DemoActionError(400, error.message);
      throw error;
    }
    const startAt = input.startAt === undefined ? this.chainNow() : secondsOf(input.startAt, 'startAt');
    const endAt = secondsOf(input.endAt, 'endAt');
    let sponsoredProject: PublicKey | null = null;
    let pricePerMille: bigint;
    if (input.adType === 'sponsorship') {
      if (input.sponsoredProjectId === undefined) throw new DemoActionError(400, 'A sponsorship names its film: sponsoredProjectId is required');
      if (input.pricePerMille === undefined) throw new DemoActionError(400, 'A sponsorship has its own price: pricePerMille (SOL per 1,000 impressions) is required');
      sponsoredProject = this.sender.project(input.sponsoredProjectId).address;
      pricePerMille = lamportsOf(input.pricePerMille, SOL);
    } else {
      if (input.sponsoredProjectId !== undefined) throw new DemoActionError(400, `Only a sponsorship names a film; a ${input.adType} campaign runs on every film of its genres`);
      if (input.pricePerMille !== undefined) throw new DemoActionError(400, `A ${input.adType} campaign has the standard price; pricePerMille is for sponsorships`);
      pricePerMille = BigInt(STANDARD_PRICE_PER_MILLE_LAMPORTS[input.adType]);
    }
    const budget = lamportsOf(input.budget, SOL);
    const smallestCap = minimumDailySpendLamports(pricePerMille, BigInt(this.chain.minimumBalance(DISTRIBUTION_ACCOUNT_BYTES)));
    const maxDailySpend = input.maxDailySpend === undefined ? (budget > smallestCap ? budget : smallestCap) : lamportsOf(input.maxDailySpend, SOL);
    if (maxDailySpend < smallestCap) {
      throw new DemoActionError(400, `The maximum spend per day must be at least ${formatUnits(smallestCap, SOL)} SOL: one batch of 1,000 impressions and its distribution's rent`);
    }
    // The next id this advertiser never used: neither an open account nor one the index holds (a
    // closed campaign's account is gone, and its id reused would start a stream the index already
    // ended). The index is read first; from there on synchronously up to the send, so nobody takes it in between.
    const indexed = new Set((await campaigns.byAdvertiser(this.cluster.db, advertiser.publicKey.toBase58())).map((row) => row.address));
    let campaignId = 0n;
    const used = (id: bigint) => this.chain.exists(pda.campaign(advertiser.publicKey, id)) || indexed.has(pda.campaign(advertiser.publicKey, id).toBase58());
    while (used(campaignId)) campaignId++;
    const campaign = pda.campaign(advertiser.publicKey, campaignId);
    const signature = await this.sender.run(
      [
        createCampaignInstruction({
          advertiser: advertiser.publicKey,
          campaignId,
          adType: input.adType,
          pricePerMilleLamports: pricePerMille,
          sponsoredProject,
          budgetLamports: budget,
          creativeUri: input.creativeUri,
          creativeHash: Buffer.from(input.creativeHash, 'hex'),
          targetGenres,
          startAt: BigInt(startAt),
          endAt: BigInt(endAt),
          maxDailySpendLamports: maxDailySpend,
        }),
      ],
      [advertiser],
    );
    await campaigns.upsertDetails(this.cluster.db, campaign.toBase58(), { ...input.details, creativeKind: input.creativeKind }, Math.floor(this.now() / 1000));
    return { signature, campaign: campaign.toBase58() };
  }

  /** The wallet's own campaign account: 404 when there is none, 403 when another advertiser's. */
  private async ownCampaign(walletAddress: string, address: string, action: string): Promise<{ advertiser: Keypair; campaign: PublicKey }> {
    const advertiser = await this.keys.signer(walletAddress);
    const campaign = new PublicKey(address);
    const account = this.chain.account<{ advertiser: PublicKey }>('Campaign', campaign);
    if (!account) throw new DemoActionError(404, 'Campaign not found');
    if (!account.advertiser.equals(advertiser.publicKey)) throw new DemoActionError(403, `Only the advertiser of this campaign can ${action}`);
    return { advertiser, campaign };
  }

  async topUpCampaign(walletAddress: string, address: string, amountSol: number): Promise<{ signature: string }> {
    const { advertiser, campaign } = await this.ownCampaign(walletAddress, address, 'top it up');
    return { signature: await this.sender.run([topUpCampaignInstruction({ advertiser: advertiser.publicKey, campaign, amountLamports: lamportsOf(amountSol, SOL) })], [advertiser]) };
  }

  async setCampaignPaused(walletAddress: string, address: string, paused: boolean): Promise<{ signature: string }> {
    const { advertiser, campaign } = await this.ownCampaign(walletAddress, address, paused ? 'pause it' : 'resume it');
    return { signature: await this.sender.run([setCampaignPausedInstruction({ advertiser: advertiser.publicKey, campaign, paused })], [advertiser]) };
  }

  /** close_campaign: the unspent budget and the rent back to the wallet's demo key. */
  async closeCampaign(walletAddress: string, address: string): Promise<{ signature: string; refundedLamports: string }> {
    const { advertiser, campaign } = await this.ownCampaign(walletAddress, address, 'close it');
    const signature = await this.sender.run([closeCampaignInstruction({ advertiser: advertiser.publicKey, campaign })], [advertiser]);
    const closed = decodeTransactionEvents(this.chain.committed(signature)!).find((event) => event.name === 'CampaignClosed');
    return { signature, refundedLamports: String(closed?.data.refunded_lamports ?? 0) };
  }

  /** Lists a film: registers the wallet's studio if needed and creates the project, in one transaction. */
  async listFilm(walletAddress: string, listing: ListingInput, storeMetadata: MetadataStore): Promise<{ signature: string; projectId: number }> {
    const authority = await this.keys.signer(walletAddress);
    const deadline = Math.floor(Date.parse(listing.deadline) / 1000);
    if (!Number.isFinite(deadline)) throw new DemoActionError(400, 'deadline: Expected a date');
    if (deadline <= Math.floor(this.now() / 1000)) throw new DemoActionError(400, 'The deadline must be in the future');
    const platform = this.chain.account<{ project_count: anchor.BN }>('Platform', pda.platform());
    if (!platform) throw new DemoActionError(400, 'The demo platform is not initialised');
    // The id the project will get, for its poster URL; checked again right before sending.
    const expectedId = BigInt(platform.project_count.toString());
    const { uri, sha256 } = await storeMetadata({
      title: listing.title,
      description: listing.description,
      directorName: listing.directorName,
      genres: listing.genres,
      releaseYear: listing.releaseYear,
      licenseType: listing.licenseType,
      thumbnailUrl: listing.thumbnailUrl || posterPath(expectedId),
      ...(listing.videoUrl ? { videoUrl: listing.videoUrl } : {}),
      fundingGoal: listing.fundingGoal,
      deadline: listing.deadline,
    });
    // From here on synchronous: nobody else can take the project id in between.
    const projectId = BigInt(this.chain.account<{ project_count: anchor.BN }>('Platform', pda.platform())!.project_count.toString());
    if (projectId !== expectedId && !listing.thumbnailUrl) {
      throw new DemoActionError(400, 'Another film was listed at the same moment; please submit again');
    }
    const instructions = [];
    if (!this.chain.exists(pda.studio(authority.publicKey))) {
      instructions.push(registerStudioInstruction({ authority: authority.publicKey, name: (listing.studioName || `${listing.directorName} Productions`).slice(0, 64) }));
    }
    instructions.push(
      createProjectInstruction({
        authority: authority.publicKey,
        projectId,
        title: listing.title,
        metadataUri: uri,
        metadataHash: Buffer.from(sha256, 'hex'),
        fundingGoalLamports: lamportsOf(listing.fundingGoal, USD),
        deadline: BigInt(deadline),
        genreMask: filmGenreMask(listing.genres),
      }),
    );
    const signature = await this.sender.run(instructions, [authority]);
    return { signature, projectId: Number(projectId) };
  }

  /**
   * The studio portal's Edit: stores the film's edited metadata document, then
   * update_project_metadata with its URI and sha256, signed by the wallet's demo key — only the
   * wallet that listed the film (the demo's seeded studios are not edited for anyone).
   */
  async updateMetadata(
    walletAddress: string,
    projectId: number,
    edit: ListingEdit,
    storeMetadata: MetadataStore,
  ): Promise<{ signature: string; uri: string; sha256: string }> {
    const studio = await this.keys.signer(walletAddress);
    const { address, account } = this.sender.project(projectId);
    if (!account.studio.equals(studio.publicKey)) throw new DemoActionError(403, 'Only the studio that listed this film can edit it');
    const listed = this.chain.account<{ title: string; metadata_hash: number[] }>('Project', address)!;
    const currentHash = Buffer.from(listed.metadata_hash).toString('hex');
    const current = await metadata.getMetadata(this.cluster.db, currentHash);
    const { uri, sha256 } = await storeMetadata(editedListing(current === undefined ? undefined : JSON.parse(current), edit, listed.title));
    if (sha256 === currentHash) throw new DemoActionError(400, NOTHING_TO_UPDATE);
    const signature = await this.sender.run([updateProjectMetadataInstruction({ authority: studio.publicKey, project: address, metadataUri: uri, metadataHash: Buffer.from(sha256, 'hex') })], [studio]);
    return { signature, uri, sha256 };
  }

}
