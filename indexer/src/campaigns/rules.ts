// What a campaign's numbers mean, shared by the API, the ad server and the settlement job: the
// target-genre bitmask (bit i = AD_GENRES[i], 0 = every film), the price of one impression, a
// campaign's status at some time, and whether it may fill a slot of a film.
import { AD_GENRES, CAMPAIGN_SETTLEMENT_GRACE_SECONDS, IMPRESSIONS_PER_MILLE, type AdType } from '../constants.ts';

export type CampaignStatus = 'scheduled' | 'active' | 'paused' | 'exhausted' | 'ended' | 'closed';

/** The names of the genres a mask targets, in the list's order ([] = every film). */
export function genresOfMask(mask: bigint | string): string[] {
  const bits = BigInt(mask);
  return AD_GENRES.filter((_, index) => (bits >> BigInt(index)) & 1n);
}

export class UnknownGenreError extends Error {
  constructor(readonly genre: string) {
    super(`Unknown genre "${genre}": expected one of ${AD_GENRES.join(', ')}`);
  }
}

/** A genre name's bit in the mask (case and surrounding spaces ignored), or -1 for a name not in the list. */
const genreBit = (genre: string): number => AD_GENRES.findIndex((known) => known.toLowerCase() === genre.trim().toLowerCase());

/** The mask of genre names (case-insensitive); throws UnknownGenreError for a name not in the list. */
export function maskOfGenres(genres: readonly string[]): bigint {
  let mask = 0n;
  for (const genre of genres) {
    const index = genreBit(genre);
    if (index < 0) throw new UnknownGenreError(genre);
    mask |= 1n << BigInt(index);
  }
  return mask;
}

/** The mask of the listed genres among `filmGenres` (names, any case); a name not in the list adds nothing. */
export function genreMaskOfFilm(filmGenres: readonly string[]): bigint {
  let mask = 0n;
  for (const genre of filmGenres) {
    const index = genreBit(genre);
    if (index >= 0) mask |= 1n << BigInt(index);
  }
  return mask;
}

/**
 * Whether a campaign targeting `mask` may run on a film of `filmGenres` (names, any case, or their
 * genreMaskOfFilm, worked out once for the many campaigns an ad request weighs).
 */
export function targetsFilm(mask: bigint | string, filmGenres: readonly string[] | bigint): boolean {
  const targeted = BigInt(mask);
  if (targeted === 0n) return true;
  return (targeted & (typeof filmGenres === 'bigint' ? filmGenres : genreMaskOfFilm(filmGenres))) !== 0n;
}

/** What the program charges for `impressions` at a price per mille (floor, as settle_campaign). */
export function chargeFor(impressions: number | bigint, pricePerMilleLamports: number | bigint): bigint {
  return (BigInt(impressions) * BigInt(pricePerMilleLamports)) / BigInt(IMPRESSIONS_PER_MILLE);
}

/** The price of one impression; at least a lamport, so a budget of 0 never counts as "enough". */
export function impressionPriceLamports(pricePerMilleLamports: number | bigint): bigint {
  const price = chargeFor(1, pricePerMilleLamports);
  return price > 0n ? price : 1n;
}

/** The most impressions `remainingLamports` pays for. */
export function affordableImpressions(remainingLamports: number | bigint, pricePerMilleLamports: number | bigint): bigint {
  const price = BigInt(pricePerMilleLamports);
  if (price <= 0n) return 0n;
  let impressions = (BigInt(remainingLamports) * BigInt(IMPRESSIONS_PER_MILLE)) / price;
  // floor(n·p/1000) ≤ remaining always holds for this n; the loop only guards the arithmetic.
  while (impressions > 0n && chargeFor(impressions, price) > BigInt(remainingLamports)) impressions--;
  return impressions;
}

export interface CampaignFacts {
  ad_type: string;
  price_per_mille_lamports: number;
  budget_lamports: number;
  spent_lamports: number;
  start_at: number;
  end_at: number;
  paused: number;
  closed_at: number | null;
}

export const remainingOf = (campaign: CampaignFacts): bigint => BigInt(campaign.budget_lamports) - BigInt(campaign.spent_lamports);

/** The last second a batch may be settled; the campaign may be closed after it. */
export const settlementDeadline = (campaign: { end_at: number }): number => campaign.end_at + CAMPAIGN_SETTLEMENT_GRACE_SECONDS;

/** A campaign's status at `nowSeconds`, the first that applies of closed, ended, paused, exhausted, scheduled, active. */
export function campaignStatus(campaign: CampaignFacts, nowSeconds: number): CampaignStatus {
  if (campaign.closed_at !== null) return 'closed';
  if (nowSeconds > campaign.end_at) return 'ended';
  if (campaign.paused) return 'paused';
  if (remainingOf(campaign) < impressionPriceLamports(campaign.price_per_mille_lamports)) return 'exhausted';
  if (nowSeconds < campaign.start_at) return 'scheduled';
  return 'active';
}

/** The kind of creative a slot plays: pre-roll and mid-roll a video, the overlay an image. */
export type CreativeKind = 'image' | 'video';

/** The creative kind an ad type needs (a sponsorship may use either). */
export function requiredCreativeKind(adType: AdType): CreativeKind | null {
  if (adType === 'display') return 'image';
  if (adType === 'video') return 'video';
  return null;
}
