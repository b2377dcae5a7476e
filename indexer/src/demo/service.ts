// DemoService: every demo action as a real transaction on the demo chain, signed by the server-held
// key that stands for the actor — the connected wallet's demo keypair, a seeded studio, or the
// platform's settlement authority. Actions answer with the transaction's signature; by then the
// chain has committed it and the indexer has ingested it (the chain pushes each commit to the
// indexer; the action waits for that ingestion to be done).
import anchor from '@coral-xyz/anchor';
import { randomInt } from 'node:crypto';
import type { ClusterContext } from '../api/context.ts';
import { campaigns, embeds, investments, metadata, revenue, users } from '../db/index.ts';
import { editedListing, NOTHING_TO_UPDATE, type ListingEdit } from '../listing-edit.ts';
import { originOf } from '../player/website.ts';
import { HOUSE_CAMPAIGN_BUDGET_LAMPORTS, LAMPORTS_PER_AMOUNT_UNIT, LAMPORTS_PER_SOL, STANDARD_PRICE_PER_MILLE_LAMPORTS, type AdType } from '../constants.ts';
import { chargeFor, maskOfGenres, requiredCreativeKind, UnknownGenreError, type CreativeKind } from '../campaigns/rules.ts';
import { lamportProblem, SOL, toLamports, USD, type AmountUnit } from '../lamports.ts';
import { decodeTransactionEvents } from '../program/decoder.ts';
import type { CampaignSettlementRequest, DistributionRequest, SettlementSigner } from '../settlement/job.ts';
import { DemoTransactionError, type DemoChain } from './chain.ts';
import { ix, pda } from './instructions.ts';
import { certificateInstructions, certificateMetadata, certificateSpace } from '../../../app/src/features/chain/license-certificate.ts';

const { PublicKey } = anchor.web3;
type Keypair = anchor.web3.Keypair;
type PublicKey = anchor.web3.PublicKey;

/** Spec §9: a demo wallet starts with 15.75 SOL. */
export const DEMO_WALLET_LAMPORTS = 15_750_000_000n;
/** The settlement authority is topped up from the faucet when it falls below this. */
const SETTLEMENT_LOW_WATER_LAMPORTS = 100n * BigInt(LAMPORTS_PER_SOL);
const SETTLEMENT_TOP_UP_LAMPORTS = 10_000n * BigInt(LAMPORTS_PER_SOL);

const SEEDED_STUDIO_PREFIX = 'studio:';

/** Names of the server's keys in the chain's key store. */
export const KEY = {
  admin: 'admin',
  treasury: 'treasury',
  settlement: 'settlement',
  wallet: (walletAddress: string) => `wallet:${walletAddress}`,
  studio: (studio: string) => `${SEEDED_STUDIO_PREFIX}${studio}`,
  investor: (number: number) => `investor:${number}`,
  publisher: (publisher: string) => `publisher:${publisher}`,
  /** The platform's own advertiser: funds the house campaign that pays the demo's test revenue. */
  houseAdvertiser: 'house-advertiser',
};

/** The house campaign runs this long from its creation (test revenue until then). */
const HOUSE_CAMPAIGN_SECONDS = 10 * 365 * 24 * 3600;
/** Its creative: the house ad is the player's own, so the campaign names no file. */
const HOUSE_CREATIVE_URI = 'marquee:house-ad';

interface CampaignAccount {
  advertiser: PublicKey;
  price_per_mille_lamports: anchor.BN;
  budget_lamports: anchor.BN;
  spent_lamports: anchor.BN;
}

/** A client mistake in a demo action: becomes a 4xx `{ message }`. */
export class DemoActionError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** An amount as the chain's u64 lamports; one it cannot hold is the caller's mistake (the routes' schemas refuse it first). */
function lamportsOf(amount: number, unit: AmountUnit): bigint {
  const problem = lamportProblem(amount, unit);
  if (problem) throw new DemoActionError(400, `Invalid amount: ${problem}`);
  return toLamports(amount, unit);
}

export interface DemoWallet {
  walletAddress: string;
  demoAddress: string;
  balanceLamports: string;
  balance: number;
}

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

interface ProjectAccount {
  id: anchor.BN;
  /** The studio's wallet (its authority). */
  studio: PublicKey;
  status: Record<string, object>;
  distribution_count: anchor.BN;
}

export class DemoService implements SettlementSigner {
  private readonly keyNames = new Map<string, string>();

  constructor(
    readonly chain: DemoChain,
    readonly cluster: ClusterContext,
    private readonly now: () => number = Date.now,
  ) {}

  // --- keys and wallets ---------------------------------------------------------------------------

  key(name: string): Keypair {
    const keypair = this.chain.keypair(name);
    this.keyNames.set(keypair.publicKey.toBase58(), name);
    return keypair;
  }

  /** The keypair of a seeded studio (the server plays the catalogue's studios), by its wallet. */
  private seededStudio(address: PublicKey): Keypair | undefined {
    if (!this.keyNames.has(address.toBase58())) {
      for (const name of this.chain.keyNames()) if (name.startsWith(SEEDED_STUDIO_PREFIX)) this.key(name);
    }
    const name = this.keyNames.get(address.toBase58());
    return name?.startsWith(SEEDED_STUDIO_PREFIX) ? this.key(name) : undefined;
  }

  private walletInfo(walletAddress: string, keypair: Keypair): DemoWallet {
    const lamports = this.chain.balance(keypair.publicKey);
    return {
      walletAddress,
      demoAddress: keypair.publicKey.toBase58(),
      balanceLamports: lamports.toString(),
      balance: Number(lamports) / LAMPORTS_PER_SOL,
    };
  }

  /** The demo wallet of a connected wallet, or undefined if it never connected. */
  wallet(walletAddress: string): DemoWallet | undefined {
    const name = this.chain.walletKeyName(walletAddress);
    return name ? this.walletInfo(walletAddress, this.key(name)) : undefined;
  }

  /**
   * Maps a connected wallet to its demo keypair, funding it with 15.75 SOL the first time (the key,
   * the mapping and the airdrop are one commit), and links the wallet's user to it in the indexer.
   */
  async connect(walletAddress: string): Promise<DemoWallet> {
    if (this.chain.isServerKey(walletAddress)) {
      throw new DemoActionError(409, `${walletAddress} is a key held by the demo chain, not a wallet: it cannot be connected`);
    }
    let name = this.chain.walletKeyName(walletAddress);
    if (!name) {
      name = KEY.wallet(walletAddress);
      const keypair = this.key(name);
      this.chain.setWalletKey(walletAddress, name);
      this.chain.airdrop(keypair.publicKey, DEMO_WALLET_LAMPORTS);
    }
    const keypair = this.key(name);
    try {
      await users.linkSigner(this.cluster.db, walletAddress, keypair.publicKey.toBase58(), this.now());
    } catch (error) {
      if (error instanceof users.UserLinkError) throw new DemoActionError(error.status, error.message);
      throw error;
    }
    return this.walletInfo(walletAddress, keypair);
  }

  /** Re-links every demo wallet's user after a restart (the link may have missed a crash). */
  async relinkWallets(): Promise<void> {
    for (const [walletAddress, name] of this.chain.wallets()) {
      try {
        await users.linkSigner(this.cluster.db, walletAddress, this.key(name).publicKey.toBase58(), this.now());
      } catch (error) {
        // A link the table refuses stays as it is (its investments stay attached); the server still starts.
        if (!(error instanceof users.UserLinkError)) throw error;
        console.warn(`[demo] ${error.message}`);
      }
    }
  }

  /** The demo keypair that signs for a connected wallet (connecting it on first use). */
  private async signer(walletAddress: string): Promise<Keypair> {
    if (!this.chain.walletKeyName(walletAddress)) await this.connect(walletAddress);
    return this.key(this.chain.walletKeyName(walletAddress)!);
  }

  // --- chain reads --------------------------------------------------------------------------------

  private project(projectId: number): { address: PublicKey; account: ProjectAccount } {
    const address = pda.project(projectId);
    const account = this.chain.account<ProjectAccount>('Project', address);
    if (!account) throw new DemoActionError(404, 'Project not found');
    return { address, account };
  }

  /** Sends and commits the transaction at once (synchronously), then waits until it is indexed. */
  private async run(instructions: anchor.web3.TransactionInstruction[], signers: Keypair[]): Promise<string> {
    let signature: string;
    try {
      signature = this.chain.send(instructions, signers).signature;
    } catch (error) {
      if (error instanceof DemoTransactionError) throw new DemoActionError(400, error.message);
      throw error;
    }
    await this.indexed(signature);
    return signature;
  }

  /** Resolves once the committed transaction is in the index (a duplicate of the pushed ingestion). */
  private async indexed(signature: string): Promise<void> {
    const transaction = this.chain.committed(signature);
    // Inside a chain batch nothing is committed yet: the batch's commit pushes it to the indexer.
    if (transaction) await this.cluster.indexer.ingestTransaction(transaction);
  }

  // --- actions ------------------------------------------------------------------------------------

  async invest(walletAddress: string, projectId: number, amountSol: number): Promise<{ signature: string; balance: number }> {
    const investor = await this.signer(walletAddress);
    const { address } = this.project(projectId);
    const lamports = lamportsOf(amountSol, SOL);
    const signature = await this.run(ix.investment(investor.publicKey, address, lamports), [investor]);
    return { signature, balance: this.walletInfo(walletAddress, investor).balance };
  }

  /**
   * Releases a funded project's SOL to its studio. The studio signs: the wallet's own demo key when
   * it listed the film, or the key of a seeded studio (the demo plays the catalogue's studios); never
   * another wallet's key.
   */
  async claimLicense(walletAddress: string, projectId: number): Promise<{ signature: string }> {
    const { address, account } = this.project(projectId);
    // project.studio is the wallet of the studio that listed the film.
    const own = await this.signer(walletAddress);
    const authority = own.publicKey.equals(account.studio) ? own : this.seededStudio(account.studio);
    if (!authority) throw new DemoActionError(403, 'Only the studio that listed this film can claim its licence');
    return { signature: await this.run([ix.claimLicense(authority.publicKey, address)], [authority]) };
  }

  async registerEmbed(walletAddress: string, projectId: number, websiteUrl: string, embedId: string): Promise<{ signature: string }> {
    const publisher = await this.signer(walletAddress);
    const { address } = this.project(projectId);
    // Nothing registered twice: one embed per film and website for a publisher.
    const origin = originOf(websiteUrl);
    const existing = await embeds.listEmbeds(this.cluster.db, { projectId, publisher: publisher.publicKey.toBase58() });
    if (existing.some((embed) => originOf(embed.website_url) === origin)) {
      throw new DemoActionError(400, `This film is already embedded on ${origin}: use the embed code you registered`);
    }
    return { signature: await this.run([ix.registerEmbed(publisher.publicKey, address, embedId, websiteUrl)], [publisher]) };
  }

  /** Takes the wallet's SOL back from a film that missed its deadline unfunded (its shares are burned). */
  async refund(walletAddress: string, projectId: number): Promise<{ signature: string; amount: number; amountLamports: string }> {
    const investor = await this.signer(walletAddress);
    const { address } = this.project(projectId);
    const signature = await this.run([ix.refund(investor.publicKey, address)], [investor]);
    return { signature, ...this.eventTotal(signature, 'Refunded') };
  }

  /** Pays a publisher what its embed of a film earned so far. */
  async claimPublisherRevenue(walletAddress: string, projectId: number, embedId: string): Promise<{ signature: string; amount: number; amountLamports: string }> {
    const publisher = await this.signer(walletAddress);
    const { address } = this.project(projectId);
    const embed = pda.embed(address, publisher.publicKey, embedId);
    if (!this.chain.exists(embed)) throw new DemoActionError(404, 'Embed not found');
    const signature = await this.run([ix.claimPublisherRevenue(publisher.publicKey, address, embed)], [publisher]);
    return { signature, ...this.eventTotal(signature, 'PublisherRevenueClaimed') };
  }

  /** The lamports the `name` events of a committed transaction moved, in the API's amount units too. */
  private eventTotal(signature: string, name: string): { amount: number; amountLamports: string } {
    const lamports = decodeTransactionEvents(this.chain.committed(signature)!)
      .filter((event) => event.name === name)
      .reduce((sum, event) => sum + BigInt(event.data.amount_lamports as bigint), 0n);
    return { amount: Number(lamports) / LAMPORTS_PER_AMOUNT_UNIT, amountLamports: lamports.toString() };
  }

  /** Claims the revenue of the projects the selected distributions belong to (claims are per project on chain). */
  async claimRevenue(walletAddress: string, distributionIds: number[]): Promise<{ signature: string; amount: number; amountLamports: string }> {
    const investor = await this.signer(walletAddress);
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
    const instructions = [...projects].map((projectId) => ix.claimRevenue(investor.publicKey, pda.project(projectId)));
    const signature = await this.run(instructions, [investor]);
    return { signature, ...this.eventTotal(signature, 'RevenueClaimed') };
  }

  /** register_studio signed by the wallet's demo key: the wallet's studio on chain, unverified. */
  async registerStudio(walletAddress: string, name: string): Promise<{ signature: string }> {
    const authority = await this.signer(walletAddress);
    if (this.chain.exists(pda.studio(authority.publicKey))) throw new DemoActionError(400, 'This wallet is already a registered studio');
    return { signature: await this.run([ix.registerStudio(authority.publicKey, name)], [authority]) };
  }

  /**
   * verify_studio, signed by the platform admin's key — which the server uses only for the wallet
   * mapped to it (the demo's admin wallet); any other wallet is refused before anything is sent.
   */
  async verifyStudio(walletAddress: string, studioAuthority: string, verified: boolean): Promise<{ signature: string }> {
    const admin = await this.signer(walletAddress);
    const platform = this.chain.account<{ admin: PublicKey }>('Platform', pda.platform());
    if (!platform || !platform.admin.equals(admin.publicKey)) throw new DemoActionError(403, 'Only the platform admin can verify studios');
    const authority = new PublicKey(studioAuthority);
    if (!this.chain.exists(pda.studio(authority))) throw new DemoActionError(404, 'Studio not found: its wallet has not registered it yet');
    return { signature: await this.run([ix.verifyStudio(admin.publicKey, authority, verified)], [admin]) };
  }

  /**
   * Mints the film's licence certificate (a Token-2022 mint with the metadata extension, supply 1)
   * to its studio, signed by the studio's demo key and the new mint's key; only the wallet that
   * listed the film may.
   */
  async mintCertificate(walletAddress: string, projectId: number): Promise<{ signature: string; mint: string; studio: string }> {
    const studio = await this.signer(walletAddress);
    const { address, account } = this.project(projectId);
    if (!account.studio.equals(studio.publicKey)) throw new DemoActionError(403, 'Only the studio that listed this film can mint its licence certificate');
    const details = this.chain.account<{ title: string; metadata_uri: string }>('Project', address)!;
    const mint = anchor.web3.Keypair.generate();
    const input = { studio: studio.publicKey, mint: mint.publicKey, project: { address: address.toBase58(), title: details.title, metadataUri: details.metadata_uri } };
    const rent = this.chain.minimumBalance(certificateSpace(certificateMetadata(input)).rentSpace);
    const signature = await this.run(certificateInstructions(input, rent), [studio, mint]);
    return { signature, mint: mint.publicKey.toBase58(), studio: studio.publicKey.toBase58() };
  }

  // --- campaigns (issue 14) -----------------------------------------------------------------------

  /** The chain's clock in unix seconds (moved forward by advanceClock). */
  chainNow(): number {
    return this.chain.clockNow();
  }

  /** POST /api/demo/clock/advance: the demo chain's clock `seconds` forward; answers the new time. */
  advanceClock(seconds: number): { now: string } {
    return { now: new Date(this.chain.advanceClock(seconds) * 1000).toISOString() };
  }

  /**
   * create_campaign signed by the wallet's demo key, at the advertiser's next free campaign id; the
   * request form's details and the creative's checked kind are recorded once it is indexed.
   */
  async createCampaign(walletAddress: string, input: CampaignInput): Promise<{ signature: string; campaign: string }> {
    const advertiser = await this.signer(walletAddress);
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
      sponsoredProject = this.project(input.sponsoredProjectId).address;
      pricePerMille = lamportsOf(input.pricePerMille, SOL);
    } else {
      if (input.sponsoredProjectId !== undefined) throw new DemoActionError(400, `Only a sponsorship names a film; a ${input.adType} campaign runs on every film of its genres`);
      if (input.pricePerMille !== undefined) throw new DemoActionError(400, `A ${input.adType} campaign has the standard price; pricePerMille is for sponsorships`);
      pricePerMille = BigInt(STANDARD_PRICE_PER_MILLE_LAMPORTS[input.adType]);
    }
    // The next id this advertiser has not used (synchronously up to the send: nobody takes it in between).
    let campaignId = 0n;
    while (this.chain.exists(pda.campaign(advertiser.publicKey, campaignId))) campaignId++;
    const campaign = pda.campaign(advertiser.publicKey, campaignId);
    const signature = await this.run(
      [
        ix.createCampaign(advertiser.publicKey, campaignId, {
          adType: input.adType,
          pricePerMilleLamports: pricePerMille,
          sponsoredProject,
          budgetLamports: lamportsOf(input.budget, SOL),
          creativeUri: input.creativeUri,
          creativeHash: Buffer.from(input.creativeHash, 'hex'),
          targetGenres,
          startAt: BigInt(startAt),
          endAt: BigInt(endAt),
        }),
      ],
      [advertiser],
    );
    await campaigns.upsertDetails(this.cluster.db, campaign.toBase58(), { ...input.details, creativeKind: input.creativeKind }, Math.floor(this.now() / 1000));
    return { signature, campaign: campaign.toBase58() };
  }

  /** The wallet's own campaign account: 404 when there is none, 403 when another advertiser's. */
  private async ownCampaign(walletAddress: string, address: string, action: string): Promise<{ advertiser: Keypair; campaign: PublicKey }> {
    const advertiser = await this.signer(walletAddress);
    const campaign = new PublicKey(address);
    const account = this.chain.account<{ advertiser: PublicKey }>('Campaign', campaign);
    if (!account) throw new DemoActionError(404, 'Campaign not found');
    if (!account.advertiser.equals(advertiser.publicKey)) throw new DemoActionError(403, `Only the advertiser of this campaign can ${action}`);
    return { advertiser, campaign };
  }

  async topUpCampaign(walletAddress: string, address: string, amountSol: number): Promise<{ signature: string }> {
    const { advertiser, campaign } = await this.ownCampaign(walletAddress, address, 'top it up');
    return { signature: await this.run([ix.topUpCampaign(advertiser.publicKey, campaign, lamportsOf(amountSol, SOL))], [advertiser]) };
  }

  async setCampaignPaused(walletAddress: string, address: string, paused: boolean): Promise<{ signature: string }> {
    const { advertiser, campaign } = await this.ownCampaign(walletAddress, address, paused ? 'pause it' : 'resume it');
    return { signature: await this.run([ix.setCampaignPaused(advertiser.publicKey, campaign, paused)], [advertiser]) };
  }

  /** close_campaign: the unspent budget and the rent back to the wallet's demo key. */
  async closeCampaign(walletAddress: string, address: string): Promise<{ signature: string; refundedLamports: string }> {
    const { advertiser, campaign } = await this.ownCampaign(walletAddress, address, 'close it');
    const signature = await this.run([ix.closeCampaign(advertiser.publicKey, campaign)], [advertiser]);
    const closed = decodeTransactionEvents(this.chain.committed(signature)!).find((event) => event.name === 'CampaignClosed');
    return { signature, refundedLamports: String(closed?.data.refunded_lamports ?? 0) };
  }

  /**
   * Makes `walletAddress` the demo platform's admin wallet: its actions are signed by the admin key
   * that initialised the platform (configured with MARQUEE_DEMO_ADMIN_WALLET).
   */
  async assignAdminWallet(walletAddress: string): Promise<void> {
    if (this.chain.walletKeyName(walletAddress) === KEY.admin) return;
    // A batch of no transactions: the mapping alone is committed (relinkWallets then links the user).
    await this.chain.batch(async () => this.chain.setWalletKey(walletAddress, KEY.admin));
  }

  /** Lists a film: registers the wallet's studio if needed and creates the project, in one transaction. */
  async listFilm(walletAddress: string, listing: ListingInput, storeMetadata: MetadataStore): Promise<{ signature: string; projectId: number }> {
    const authority = await this.signer(walletAddress);
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
      instructions.push(ix.registerStudio(authority.publicKey, (listing.studioName || `${listing.directorName} Productions`).slice(0, 64)));
    }
    instructions.push(
      ix.createProject(authority.publicKey, projectId, {
        title: listing.title,
        metadataUri: uri,
        metadataHash: Buffer.from(sha256, 'hex'),
        goalLamports: lamportsOf(listing.fundingGoal, USD),
        deadline: BigInt(deadline),
      }),
    );
    const signature = await this.run(instructions, [authority]);
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
    const studio = await this.signer(walletAddress);
    const { address, account } = this.project(projectId);
    if (!account.studio.equals(studio.publicKey)) throw new DemoActionError(403, 'Only the studio that listed this film can edit it');
    const listed = this.chain.account<{ title: string; metadata_hash: number[] }>('Project', address)!;
    const currentHash = Buffer.from(listed.metadata_hash).toString('hex');
    const current = await metadata.getMetadata(this.cluster.db, currentHash);
    const { uri, sha256 } = await storeMetadata(editedListing(current === undefined ? undefined : JSON.parse(current), edit, listed.title));
    if (sha256 === currentHash) throw new DemoActionError(400, NOTHING_TO_UPDATE);
    const signature = await this.run([ix.updateProjectMetadata(studio.publicKey, address, uri, Buffer.from(sha256, 'hex'))], [studio]);
    return { signature, uri, sha256 };
  }

  /**
   * The demo's house campaign: a video campaign of the platform's own advertiser key, funded by the
   * demo chain, that pays the test revenue. Created once (a chain seeded before it existed gets it at
   * its next start) and marked as the house's, so the ad server never serves it.
   */
  async ensureHouseCampaign(): Promise<PublicKey> {
    const house = this.key(KEY.houseAdvertiser);
    const campaign = pda.campaign(house.publicKey, 0);
    if (!this.chain.exists(campaign)) {
      this.chain.airdrop(house.publicKey, HOUSE_CAMPAIGN_BUDGET_LAMPORTS + BigInt(LAMPORTS_PER_SOL));
      const startAt = this.chain.clockNow();
      await this.run(
        [
          ix.createCampaign(house.publicKey, 0n, {
            adType: 'video',
            pricePerMilleLamports: BigInt(STANDARD_PRICE_PER_MILLE_LAMPORTS.video),
            sponsoredProject: null,
            budgetLamports: HOUSE_CAMPAIGN_BUDGET_LAMPORTS,
            creativeUri: HOUSE_CREATIVE_URI,
            creativeHash: Buffer.alloc(32),
            targetGenres: 0n,
            startAt: BigInt(startAt),
            endAt: BigInt(startAt + HOUSE_CAMPAIGN_SECONDS),
          }),
        ],
        [house],
      );
    }
    await campaigns.upsertDetails(this.cluster.db, campaign.toBase58(), { house: true, companyName: 'Marquee' }, Math.floor(this.now() / 1000));
    return campaign;
  }

  /**
   * Test revenue (spec: a random 0.5–10 SOL chosen by the client): settle_campaign of the house
   * campaign, signed by the settlement authority, on one of the funded projects the user holds
   * shares of — as many video impressions as the amount pays (so the amount is rounded down to
   * 15,000 lamports). The house campaign is topped up from the faucet when it runs low.
   */
  async generateRevenue(userId: string, amountSol: number): Promise<{ signature: string; projectId: number; amount: number }> {
    const { chainAddress } = await users.resolveUser(this.cluster.db, userId);
    const candidates = await investments.fundedHoldings(this.cluster.db, chainAddress ?? userId);
    if (candidates.length === 0) {
      throw new DemoActionError(400, 'No funded investment yet: invest in a film that reaches its goal to receive revenue');
    }
    const projectId = candidates[randomInt(candidates.length)];
    const campaign = await this.ensureHouseCampaign();
    const house = this.chain.account<CampaignAccount>('Campaign', campaign)!;
    const price = BigInt(house.price_per_mille_lamports.toString());
    const impressions = (lamportsOf(amountSol, SOL) * 1000n) / price;
    if (impressions === 0n) throw new DemoActionError(400, 'The amount pays for no impression');
    const amount = chargeFor(impressions, price);
    const remaining = BigInt(house.budget_lamports.toString()) - BigInt(house.spent_lamports.toString());
    if (remaining < amount) {
      const houseKey = this.key(KEY.houseAdvertiser);
      this.chain.airdrop(houseKey.publicKey, HOUSE_CAMPAIGN_BUDGET_LAMPORTS + BigInt(LAMPORTS_PER_SOL));
      await this.run([ix.topUpCampaign(houseKey.publicKey, campaign, HOUSE_CAMPAIGN_BUDGET_LAMPORTS)], [houseKey]);
    }
    const signature = this.settle(campaign, pda.project(projectId), impressions, []);
    await this.indexed(signature);
    return { signature, projectId, amount: Number(amount) / LAMPORTS_PER_SOL };
  }

  /**
   * SettlementSigner: the settlement job's batch of impressions a campaign served on a project, at
   * the distribution index the batch was made for; an index already taken on chain is refused, as
   * for distribute_revenue below.
   */
  async settleCampaign(request: CampaignSettlementRequest): Promise<string> {
    const project = new PublicKey(request.project);
    this.assertNextIndex(project, request.projectId, request.index);
    return this.settle(
      new PublicKey(request.campaign),
      project,
      BigInt(request.impressions),
      request.embeds.map(({ embed, views }) => ({ embed: new PublicKey(embed), views: BigInt(views) })),
    );
  }

  /** SettlementSigner: the project account's distribution_count, read from the demo chain. */
  async nextDistributionIndex(project: string): Promise<number> {
    const account = this.chain.account<ProjectAccount>('Project', project);
    if (!account) throw new Error(`Project ${project} is not on the demo chain`);
    return Number(account.distribution_count.toString());
  }

  /** SettlementSigner: the demo runtime's rent-exempt minimum, the same rent a cluster charges. */
  async rentExemptMinimum(bytes: number): Promise<bigint> {
    return BigInt(this.chain.minimumBalance(bytes));
  }

  /** Throws when `index` is not the project's next distribution index on chain (the batch would land elsewhere or twice). */
  private assertNextIndex(project: PublicKey, projectId: number, index: number): void {
    const onChain = this.chain.account<ProjectAccount>('Project', project)?.distribution_count.toString();
    if (onChain !== undefined && BigInt(onChain) !== BigInt(index)) {
      throw new Error(`Distribution ${index} of project ${projectId} is not the next one on chain (the project has ${onChain}); not sending it again`);
    }
  }

  /** The settlement authority's key, topped up from the faucet for its fees (and distribute_revenue's amounts). */
  private settlementKey(lamports = 0n): Keypair {
    const settlement = this.key(KEY.settlement);
    if (this.chain.balance(settlement.publicKey) < lamports + SETTLEMENT_LOW_WATER_LAMPORTS) {
      this.chain.airdrop(settlement.publicKey, SETTLEMENT_TOP_UP_LAMPORTS + lamports);
    }
    return settlement;
  }

  /** settle_campaign at the project's next distribution index, as read from the chain now. */
  private settle(campaign: PublicKey, project: PublicKey, impressions: bigint, embeds: { embed: PublicKey; views: bigint }[]): string {
    const settlement = this.settlementKey();
    const account = this.chain.account<ProjectAccount>('Project', project);
    if (!account) throw new DemoActionError(404, 'Project not found');
    const index = BigInt(account.distribution_count.toString());
    try {
      return this.chain.send([ix.settleCampaign(settlement.publicKey, this.key(KEY.treasury).publicKey, campaign, project, index, impressions, embeds)], [settlement]).signature;
    } catch (error) {
      if (error instanceof DemoTransactionError) throw new DemoActionError(400, error.message);
      throw error;
    }
  }

  /**
   * SettlementSigner: a batch of counted views made before campaigns existed (distribute_revenue
   * from the settlement key), at the distribution index the batch was made for. A batch whose index
   * is already taken on chain (sent by a leader that died before recording it, or the index was
   * stale) is refused, never paid at the next index: the job settles it from the indexed
   * distribution instead.
   */
  async distributeRevenue(request: DistributionRequest): Promise<string> {
    const project = new PublicKey(request.project);
    this.assertNextIndex(project, request.projectId, request.index);
    return this.distribute(
      project,
      request.amountLamports,
      request.embeds.map(({ embed, views }) => ({ embed: new PublicKey(embed), views: BigInt(views) })),
    );
  }

  /** distribute_revenue at the project's next distribution index, as read from the chain now (the seed's revenue history). */
  distribute(project: PublicKey, lamports: bigint, embeds: { embed: PublicKey; views: bigint }[], at?: number): string {
    const settlement = this.settlementKey(lamports);
    const treasury = this.key(KEY.treasury);
    const account = this.chain.account<ProjectAccount>('Project', project);
    if (!account) throw new DemoActionError(404, 'Project not found');
    const index = BigInt(account.distribution_count.toString());
    try {
      return this.chain.send([ix.distributeRevenue(settlement.publicKey, treasury.publicKey, project, index, lamports, embeds)], [settlement], { at }).signature;
    } catch (error) {
      if (error instanceof DemoTransactionError) throw new DemoActionError(400, error.message);
      throw error;
    }
  }
}
