// What fills the player's ad slots. One lookup, so advertisers' campaigns can take the slots over
// later without touching the player: today every slot shows the platform's own house ad, which
// promotes the film's investors' and publishers' side of Marquee.
import { REVENUE_SPLIT_PERCENT } from '../constants.ts';
import type { AdSlot } from './machine.ts';

export interface Ad {
  slot: AdSlot;
  /** Who the ad is for, shown as "Ad · {advertiser}". */
  advertiser: string;
  headline: string;
  body: string;
}

export interface AdContext {
  filmTitle: string;
}

export function adForSlot(slot: AdSlot, context: AdContext): Ad {
  switch (slot) {
    case 'pre-roll':
      return {
        slot,
        advertiser: 'Marquee',
        headline: `${context.filmTitle} was funded by its audience`,
        body: `Back the next film on Marquee and share ${REVENUE_SPLIT_PERCENT.investors}% of its ad revenue.`,
      };
    case 'mid-roll':
      return {
        slot,
        advertiser: 'Marquee',
        headline: 'Run a website?',
        body: `Embed funded films and earn ${REVENUE_SPLIT_PERCENT.publishers}% of the ad revenue they bring.`,
      };
    case 'overlay':
      return { slot, advertiser: 'Marquee', headline: 'Invest in films', body: 'Funding opens to everyone with a Solana wallet.' };
  }
}
