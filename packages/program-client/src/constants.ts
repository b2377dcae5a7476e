// The program's rules as every TypeScript client states them (programs/marquee/src/constants.rs):
// the platform's default revenue split, minimum investment and funding caps, the string limits the
// program checks, the campaign prices and rules, and the ad genre list a campaign's target_genres
// is a bitmask over.
import adGenresJson from '../../../programs/marquee/ad-genres.json' with { type: 'json' };

export const LAMPORTS_PER_SOL = 1_000_000_000;
const SOL = BigInt(LAMPORTS_PER_SOL);
/** Basis points of a whole: a split's three parts sum to it. */
export const BPS_DENOMINATOR = 10_000;

/** What initialize_platform states: the revenue split, the minimum investment and the funding caps. */
export interface PlatformRules {
  publisherBps: number;
  investorBps: number;
  platformBps: number;
  minInvestmentLamports: bigint;
  unverifiedFundingCapLamports: bigint;
  verifiedFundingCapLamports: bigint;
  /** The longest funding window a project may ask for (the program's hard limits: 1 to 365). */
  maxFundingDays: number;
}

/** The platform's rules: 40% publishers, 57.5% investors, 2.5% platform; 0.05 SOL minimum; 500 / 10,000 SOL caps. */
export const PLATFORM_RULES: PlatformRules = {
  publisherBps: 4000,
  investorBps: 5750,
  platformBps: 250,
  minInvestmentLamports: 50_000_000n,
  unverifiedFundingCapLamports: 500n * SOL,
  verifiedFundingCapLamports: 10_000n * SOL,
  maxFundingDays: 365,
};

const percent = (bps: number) => (bps * 100) / BPS_DENOMINATOR;
/** The same split in percent, as screens and documents state it. */
export const REVENUE_SPLIT_PERCENT = {
  publishers: percent(PLATFORM_RULES.publisherBps),
  investors: percent(PLATFORM_RULES.investorBps),
  platform: percent(PLATFORM_RULES.platformBps),
} as const;
export const MIN_INVESTMENT_SOL = Number(PLATFORM_RULES.minInvestmentLamports) / LAMPORTS_PER_SOL;

/** String limits (bytes) the program checks. */
export const MAX_STUDIO_NAME_LEN = 64;
export const MAX_TITLE_LEN = 64;
export const MAX_METADATA_URI_LEN = 200;
export const MAX_EMBED_ID_LEN = 64;
export const MAX_WEBSITE_URL_LEN = 200;
/** Auto-List on a real cluster: at most this many register_embed per transaction (one wallet prompt each), fewer when the packet is full. */
export const AUTO_LIST_EMBEDS_PER_TRANSACTION = 6;
export const MAX_CREATIVE_URI_LEN = 200;
/** The most embeds one distribution or settlement pays. */
export const MAX_EMBEDS_PER_DISTRIBUTION = 16;
/** The funding window a project may ask for, in days. */
export const MIN_FUNDING_DAYS = 1;
export const MAX_FUNDING_DAYS = 365;

/** Ad campaigns: prices are per 1,000 impressions (CPM). */
export const AD_TYPES = ['display', 'video', 'sponsorship'] as const;
export type AdType = (typeof AD_TYPES)[number];
export const IMPRESSIONS_PER_MILLE = 1000;
/** Display $5 CPM and video $15 CPM at 1 SOL = 1000 USD; a sponsorship's price is agreed per film. */
export const STANDARD_PRICE_PER_MILLE_LAMPORTS: Record<Exclude<AdType, 'sponsorship'>, number> = {
  display: 5_000_000,
  video: 15_000_000,
};
/** A campaign's budget pays at least this many impressions (the program's CampaignBudgetTooSmall). */
export const MIN_CAMPAIGN_BATCH_IMPRESSIONS = IMPRESSIONS_PER_MILLE;
/** After its end a campaign's served impressions may still be settled this long; then it may be closed. */
export const CAMPAIGN_SETTLEMENT_GRACE_SECONDS = 7 * 24 * 3600;
/** The longest a campaign may run, end minus start (the program's CampaignTooLong). */
export const MAX_CAMPAIGN_DURATION_SECONDS = 366 * 24 * 3600;
/** The window a campaign's maximum spend per day applies to: a UTC day of the chain's clock. */
export const SPEND_WINDOW_SECONDS = 24 * 3600;

/**
 * The smallest maximum spend per day create_campaign takes (else InvalidDailySpendCap): one
 * smallest batch (MIN_CAMPAIGN_BATCH_IMPRESSIONS at the price) plus the rent of the
 * RevenueDistribution settling it creates, which the campaign pays.
 */
/** Bytes of a RevenueDistribution account (what each settlement creates, and its campaign pays the rent of). */
export const REVENUE_DISTRIBUTION_BYTES = 137;
/**
 * Its rent-exempt minimum at the clusters' rate (6,960 lamports a byte, with the 128-byte account
 * overhead): 1,844,400 lamports. Clients that cannot ask the cluster estimate with it; the program
 * reads the Rent sysvar.
 */
export const REVENUE_DISTRIBUTION_RENT_LAMPORTS = (128 + REVENUE_DISTRIBUTION_BYTES) * 6_960;

export function minimumDailySpendLamports(pricePerMilleLamports: bigint, distributionRentLamports: bigint): bigint {
  return (BigInt(MIN_CAMPAIGN_BATCH_IMPRESSIONS) * pricePerMilleLamports) / BigInt(IMPRESSIONS_PER_MILLE) + distributionRentLamports;
}

/**
 * The meaning of a campaign's target_genres bitmask: bit i targets AD_GENRES[i]; 0 targets every
 * film. The one list the program, the app and the ad server share.
 */
export const AD_GENRES: readonly string[] = adGenresJson.genres;

/**
 * A film's genre mask for create_project: the bits of the genres the list has (case-insensitive);
 * a film genre the ad list lacks ("Biography") has no bit, so no targeted campaign matches on it.
 */
export function filmGenreMask(names: readonly string[]): bigint {
  const known = names.map((name) => name.trim()).filter((name) => AD_GENRES.some((genre) => genre.toLowerCase() === name.toLowerCase()));
  return genreMask(known);
}

/** The bitmask of the named genres (case-insensitive); throws on a name the list does not have. */
export function genreMask(names: readonly string[]): bigint {
  let mask = 0n;
  for (const name of names) {
    const index = AD_GENRES.findIndex((genre) => genre.toLowerCase() === name.toLowerCase());
    if (index < 0) throw new Error(`Unknown ad genre: ${name}`);
    mask |= 1n << BigInt(index);
  }
  return mask;
}
