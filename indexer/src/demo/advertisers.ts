// The demo's seeded advertisers (catalogue.ts ADVERTISERS): each one's campaign created on the demo
// chain through the service's own create_campaign (the path of the advertiser screen), funded from
// the faucet, so a fresh start's embedded views are paid by real campaigns. The video campaign's
// creative is a video rendered now (./trailers.ts), its banner when no video can be rendered.
// Idempotent: a chain seeded before advertisers existed gets them at its next start.
import { pda } from '@marquee/program-client';
import { createHash } from 'node:crypto';
import { LAMPORTS_PER_SOL } from '../constants.ts';
import { ADVERTISERS, FILMS, type AdvertiserSeed } from './catalogue.ts';
import { KEY } from './keys.ts';
import type { DemoService } from './service.ts';
import { AD_CREATIVE_SECONDS, adCardSvg, storedVideo, type DemoVideos } from './trailers.ts';

const DAY_SECONDS = 86_400;

/** Every genre of the catalogue's films: what the seeded video and display campaigns target. */
export function seededGenres(): string[] {
  return [...new Set(FILMS.flatMap((film) => film.genres))].sort();
}

/** The film's project id: films get their ids in listing order (seed.ts). */
export function seededFilmId(title: string): number {
  const id = [...FILMS].sort((a, b) => a.listedDay - b.listedDay).findIndex((film) => film.title === title);
  if (id < 0) throw new Error(`The catalogue has no film "${title}"`);
  return id;
}

/**
 * The creative: a banner drawn as SVG in a data: URI (the program keeps at most 200 characters of
 * URI, and the player's pages allow data: images), so no binary lives in git or in the media store.
 */
export function bannerCreative(advertiser: Pick<AdvertiserSeed, 'companyName' | 'tagline' | 'color'>): { uri: string; sha256: string } {
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' width='320' height='50' style='background:${advertiser.color}'>` +
    `<text x='9' y='31' fill='white'>${advertiser.companyName}: ${advertiser.tagline}</text></svg>`;
  const uri = `data:image/svg+xml,${svg.replaceAll('#', '%23')}`;
  return { uri, sha256: createHash('sha256').update(svg).digest('hex') };
}

/** The campaign's creative: a video campaign's rendered video when there is one, else its banner. */
async function creativeOf(advertiser: AdvertiserSeed, videos: DemoVideos | undefined): Promise<{ uri: string; sha256: string; kind: 'image' | 'video' | null }> {
  const video = advertiser.adType === 'video' ? await storedVideo(videos, adCardSvg(advertiser), AD_CREATIVE_SECONDS) : null;
  if (video) return { uri: video.url, sha256: video.sha256, kind: 'video' };
  const banner = bannerCreative(advertiser);
  // Without a video, a video campaign's banner is of no kind the player plays in a video slot.
  return { ...banner, kind: advertiser.adType === 'video' ? null : 'image' };
}

/** Creates each seeded advertiser's campaign that is not on the chain yet; returns how many it created. */
export async function ensureSeededAdvertisers(service: DemoService, videos?: DemoVideos): Promise<number> {
  let created = 0;
  for (const advertiser of ADVERTISERS) {
    const keypair = service.keys.key(KEY.advertiser(advertiser.key));
    if (service.chain.exists(pda.campaign(keypair.publicKey, 0n))) continue;
    // The budget, and a little SOL for the campaign account's rent and the fee.
    service.chain.airdrop(keypair.publicKey, BigInt(Math.round((advertiser.budgetSol + 1) * LAMPORTS_PER_SOL)));
    const creative = await creativeOf(advertiser, videos);
    const now = service.chainNow();
    await service.createCampaignOf(keypair, {
      adType: advertiser.adType,
      budget: advertiser.budgetSol,
      creativeUri: creative.uri,
      creativeHash: creative.sha256,
      creativeKind: creative.kind,
      targetGenres: advertiser.sponsorship ? [] : seededGenres(),
      startAt: new Date(now * 1000).toISOString(),
      endAt: new Date((now + advertiser.days * DAY_SECONDS) * 1000).toISOString(),
      ...(advertiser.sponsorship
        ? { sponsoredProjectId: seededFilmId(advertiser.sponsorship.filmTitle), pricePerMille: advertiser.sponsorship.pricePerMilleSol }
        : {}),
      details: { companyName: advertiser.companyName, website: advertiser.website },
    });
    created++;
  }
  return created;
}
