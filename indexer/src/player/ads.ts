// What fills the player's ad slots: the one lookup. Pre-roll and mid-roll get a video campaign, the
// overlay a display campaign — matched on the film's genres (or running on every film), or a
// sponsorship of that film — among campaigns that run now: not paused, started, not ended, not
// closed, with at least one impression's price of budget left. Otherwise the platform's own house
// ad, which promotes the film's investors' and publishers' side of Marquee and pays nothing.
import { REVENUE_SPLIT_PERCENT } from '../constants.ts';
import { campaigns, type Executor } from '../db/index.ts';
import { shortAddress } from '../db/users.ts';
import { creativeKindFromExtension } from '../campaigns/creative.ts';
import { genreMaskOfFilm, impressionPriceLamports, remainingOf, targetsFilm, type CreativeKind } from '../campaigns/rules.ts';
import type { AdSlot } from './machine.ts';

export interface Ad {
  slot: AdSlot;
  /** Who the ad is for, shown as "Ad · {advertiser}": the campaign's company, else its advertiser's address. */
  advertiser: string;
  headline: string;
  body: string;
  /** The campaign that serves (and pays for) the ad; null for the house ad. */
  campaign: string | null;
  /** The campaign's creative: a video for pre-roll and mid-roll, an image for the overlay. */
  creative: { kind: CreativeKind; url: string } | null;
  /** The signed ticket the view of this play presents (routes.ts issues it for this very ad); null without a player page's token. */
  ticket: string | null;
}

export interface AdContext {
  filmTitle: string;
}

/** The film an ad runs on. */
export interface AdFilm extends AdContext {
  /** The film's Project account (what a sponsorship names). */
  address: string;
  genres: readonly string[];
}

/** The creative kind a slot plays. */
export const slotCreativeKind = (slot: AdSlot): CreativeKind => (slot === 'overlay' ? 'image' : 'video');

export function houseAd(slot: AdSlot, context: AdContext): Ad {
  const house = { slot, advertiser: 'Marquee', campaign: null, creative: null, ticket: null };
  switch (slot) {
    case 'pre-roll':
      return {
        ...house,
        headline: `${context.filmTitle} was funded by its audience`,
        body: `Back the next film on Marquee and share ${REVENUE_SPLIT_PERCENT.investors}% of its ad revenue.`,
      };
    case 'mid-roll':
      return {
        ...house,
        headline: 'Run a website?',
        body: `Embed funded films and earn ${REVENUE_SPLIT_PERCENT.publishers}% of the ad revenue they bring.`,
      };
    case 'overlay':
      return { ...house, headline: 'Invest in films', body: 'Funding opens to everyone with a Solana wallet.' };
  }
}

/** The kind of a campaign's creative: as checked at creation, else by its URL, else the ad type's. */
function creativeKindOfCampaign(campaign: campaigns.CampaignWithDetails): CreativeKind {
  const known = (campaign.creative_kind as CreativeKind | null) ?? creativeKindFromExtension(campaign.creative_uri);
  if (known) return known;
  return campaign.ad_type === 'display' ? 'image' : 'video';
}

/**
 * Whether a campaign within its window (campaigns.servableAt) may serve the film now, whatever the
 * slot: the house campaign never does, nor a closed, paused or spent one; a sponsorship on its own
 * film only, the others on films of their genres (`filmMask`: genreMaskOfFilm of the film's). An ad
 * ticket is issued only for a campaign that serves at that moment, so a campaign paused, spent or
 * ended is never charged for a play whose ticket came after.
 */
function servesFilm(campaign: campaigns.CampaignWithDetails, film: AdFilm, filmMask: bigint): boolean {
  if (Number(campaign.house) === 1 || campaign.closed_at !== null || Number(campaign.paused) === 1) return false;
  if (remainingOf(campaign) < impressionPriceLamports(campaign.price_per_mille_lamports)) return false;
  if (campaign.ad_type === 'sponsorship') return campaign.sponsored_project === film.address;
  return targetsFilm(campaign.target_genres, filmMask);
}

/** Whether a campaign that serves the film fills `slot`: a video for pre-roll and mid-roll, an image for the overlay. */
function fillsSlot(campaign: campaigns.CampaignWithDetails, slot: AdSlot): boolean {
  const kind = slotCreativeKind(slot);
  if (campaign.ad_type === 'sponsorship') return creativeKindOfCampaign(campaign) === kind;
  return campaign.ad_type === (kind === 'video' ? 'video' : 'display');
}

/** Sponsorships of the film first, then campaigns targeting its genres, then the all-genre ones; the most budget left first. */
function preference(campaign: campaigns.CampaignWithDetails): [number, bigint] {
  const rank = campaign.ad_type === 'sponsorship' ? 0 : BigInt(campaign.target_genres) !== 0n ? 1 : 2;
  return [rank, remainingOf(campaign)];
}

function campaignAd(slot: AdSlot, campaign: campaigns.CampaignWithDetails): Ad {
  const advertiser = campaign.company_name || shortAddress(campaign.advertiser);
  return {
    slot,
    advertiser,
    headline: advertiser,
    body: campaign.website ?? '',
    campaign: campaign.address,
    creative: { kind: slotCreativeKind(slot), url: campaign.creative_uri },
    ticket: null,
  };
}

/** The ad of one slot of a film at `nowSeconds` (unix): a campaign's, else the house ad. */
export async function adForSlot(db: Executor, slot: AdSlot, film: AdFilm, nowSeconds: number): Promise<Ad> {
  return adsAmong(await campaigns.servable(db, nowSeconds), [slot], film, nowSeconds)[slot]!;
}

/**
 * The ad of each of `slots` among the campaigns running now (campaigns.adTarget's): the best that
 * fills it, else the house ad. The campaigns that serve the film are found and ranked once for all
 * the slots (a play asks for three).
 */
export function adsAmong(
  running: readonly campaigns.CampaignWithDetails[],
  slots: readonly AdSlot[],
  film: AdFilm,
  nowSeconds: number,
): Partial<Record<AdSlot, Ad>> {
  const filmMask = genreMaskOfFilm(film.genres);
  const ranked = campaigns
    .servableAt(running, nowSeconds)
    .filter((campaign) => servesFilm(campaign, film, filmMask))
    .map((campaign) => ({ campaign, preference: preference(campaign) }))
    // A stable sort: campaigns of equal rank and budget keep the running order.
    .sort((a, b) => {
      const [rankA, leftA] = a.preference;
      const [rankB, leftB] = b.preference;
      return rankA - rankB || (leftB > leftA ? 1 : leftB < leftA ? -1 : 0);
    });
  const ads: Partial<Record<AdSlot, Ad>> = {};
  for (const slot of slots) {
    const best = ranked.find(({ campaign }) => fillsSlot(campaign, slot));
    ads[slot] = best ? campaignAd(slot, best.campaign) : houseAd(slot, film);
  }
  return ads;
}
