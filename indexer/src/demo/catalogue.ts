// The demo chain's first-start catalogue: studios, films and the story of each film (when it was
// listed, who invested, whether it reached its goal, who embedded it, the revenue it earned). Times
// are days relative to the moment of seeding; amounts are SOL. seed.ts plays this through the
// program's instructions.
import type { LICENSE_TYPES } from '../constants.ts';

export interface StudioSeed {
  key: string;
  name: string;
  verified: boolean;
}

export interface PublisherSeed {
  key: string;
  websiteUrl: string;
}

/** What happens to a film, each at a day relative to the seeding moment (negative: the past). */
export type FilmStory =
  /** Funded: investments reach the goal; then optionally the licence, embeds, revenue and claims. */
  | {
      kind: 'funded';
      investments: { investor: number; day: number; sol?: number }[];
      licenseDay?: number;
      embeds?: { publisher: string; day: number }[];
      /** Revenue rounds: the views each embed reported (in order of `embeds`). */
      revenue?: { day: number; views: number[] }[];
      investorClaims?: { investor: number; day: number }[];
      publisherClaims?: { publisher: string; day: number }[];
    }
  /** Still funding (or missed its deadline when `deadlineDay` < 0): investments below the goal. */
  | {
      kind: 'funding';
      investments: { investor: number; day: number; sol: number }[];
      refunds?: { investor: number; day: number }[];
    };

export interface FilmSeed {
  title: string;
  studio: string;
  directorName: string;
  genres: string[];
  releaseYear: number;
  licenseType: (typeof LICENSE_TYPES)[number];
  description: string;
  goalSol: number;
  listedDay: number;
  deadlineDay: number;
  /**
   * The "last call" film: its funding closes a few minutes after the demo's first start (seed.ts
   * takes the delay from the configuration) instead of at `deadlineDay`, so that a demo user can
   * back a film and then see it close unfunded and take a refund.
   */
  closesAtLastCall?: boolean;
  story: FilmStory;
}

export const STUDIOS: StudioSeed[] = [
  { key: 'northlight', name: 'Northlight Pictures', verified: true },
  { key: 'saltmarsh', name: 'Saltmarsh Films', verified: true },
  { key: 'kestrel', name: 'Kestrel & Vine', verified: false },
  { key: 'ninthwave', name: 'Ninth Wave Studio', verified: true },
  { key: 'lantern', name: 'Paper Lantern Animation', verified: false },
];

export const PUBLISHERS: PublisherSeed[] = [
  { key: 'cinephile', websiteUrl: 'https://cinephile-weekly.example' },
  { key: 'indiehub', websiteUrl: 'https://indiefilmhub.example' },
  { key: 'reelreview', websiteUrl: 'https://reelreview.example/blog' },
];

/** Seeded investor wallets are numbered 1..INVESTOR_COUNT. */
export const INVESTOR_COUNT = 8;

export const FILMS: FilmSeed[] = [
  {
    title: 'The Lighthouse Keeper’s Daughter',
    studio: 'northlight',
    directorName: 'Maren Solberg',
    genres: ['Drama', 'Mystery'],
    releaseYear: 2025,
    licenseType: 'Exclusive Streaming',
    description:
      'On a storm-bound Norwegian island, a young woman returns to run the lighthouse after her father vanishes at sea, and finds his logbook describing ships that never existed.',
    goalSol: 48,
    listedDay: -84,
    deadlineDay: -40,
    story: {
      kind: 'funded',
      investments: [
        { investor: 1, day: -82, sol: 12 },
        { investor: 2, day: -79, sol: 8.5 },
        { investor: 3, day: -74, sol: 15 },
        { investor: 4, day: -70, sol: 6 },
        { investor: 5, day: -66 },
      ],
      licenseDay: -64,
      embeds: [
        { publisher: 'cinephile', day: -60 },
        { publisher: 'indiehub', day: -55 },
      ],
      revenue: [
        { day: -45, views: [61_000, 23_500] },
        { day: -30, views: [88_200, 41_000] },
        { day: -16, views: [102_400, 57_300] },
        { day: -3, views: [74_900, 49_800] },
      ],
      investorClaims: [
        { investor: 1, day: -28 },
        { investor: 3, day: -12 },
      ],
      publisherClaims: [{ publisher: 'cinephile', day: -20 }],
    },
  },
  {
    title: 'Salt and Iron',
    studio: 'saltmarsh',
    directorName: 'Tomás Ibarra',
    genres: ['Documentary', 'History'],
    releaseYear: 2024,
    licenseType: 'Worldwide Distribution',
    description:
      'The last shipwrights of the Basque coast build a sixteenth-century whaling boat by hand, plank by plank, in the year their yard is sold to developers.',
    goalSol: 22,
    listedDay: -78,
    deadlineDay: -35,
    story: {
      kind: 'funded',
      investments: [
        { investor: 2, day: -76, sol: 5 },
        { investor: 6, day: -72, sol: 9 },
        { investor: 7, day: -69 },
      ],
      licenseDay: -68,
      embeds: [
        { publisher: 'reelreview', day: -62 },
        { publisher: 'indiehub', day: -50 },
      ],
      revenue: [
        { day: -40, views: [31_000, 0] },
        { day: -21, views: [44_600, 28_900] },
        { day: -6, views: [39_200, 35_100] },
      ],
      investorClaims: [{ investor: 6, day: -15 }],
      publisherClaims: [{ publisher: 'reelreview', day: -10 }],
    },
  },
  {
    title: 'Neon Monsoon',
    studio: 'ninthwave',
    directorName: 'Priya Raghunathan',
    genres: ['Sci-Fi', 'Thriller'],
    releaseYear: 2025,
    licenseType: 'Non-Exclusive Streaming',
    description:
      'In a flooded Mumbai of 2061, a monsoon-season courier discovers the weather itself is being auctioned, and that she is carrying the next bid.',
    goalSol: 120,
    listedDay: -72,
    deadlineDay: -25,
    story: {
      kind: 'funded',
      investments: [
        { investor: 3, day: -71, sol: 30 },
        { investor: 4, day: -66, sol: 22.5 },
        { investor: 5, day: -61, sol: 18 },
        { investor: 8, day: -55, sol: 25 },
        { investor: 1, day: -49 },
      ],
      licenseDay: -47,
      embeds: [
        { publisher: 'cinephile', day: -44 },
        { publisher: 'indiehub', day: -43 },
        { publisher: 'reelreview', day: -38 },
      ],
      revenue: [
        { day: -33, views: [120_500, 64_000, 18_200] },
        { day: -19, views: [151_300, 92_700, 40_100] },
        { day: -8, views: [173_800, 101_600, 55_400] },
        { day: -1, views: [96_200, 60_900, 37_700] },
      ],
      investorClaims: [
        { investor: 4, day: -14 },
        { investor: 8, day: -5 },
      ],
      publisherClaims: [{ publisher: 'indiehub', day: -4 }],
    },
  },
  {
    title: 'Paper Boats',
    studio: 'lantern',
    directorName: 'Hana Okuda',
    genres: ['Animation', 'Family'],
    releaseYear: 2025,
    licenseType: 'Limited Distribution',
    description:
      'Two siblings fold a fleet of paper boats to send messages to their grandmother across the bay, and the boats, against all advice, start sailing back.',
    goalSol: 35,
    listedDay: -58,
    deadlineDay: -10,
    story: {
      kind: 'funded',
      investments: [
        { investor: 5, day: -57, sol: 7 },
        { investor: 2, day: -50, sol: 10 },
        { investor: 7, day: -41, sol: 4.25 },
        { investor: 6, day: -33 },
      ],
      licenseDay: -31,
      embeds: [{ publisher: 'cinephile', day: -27 }],
      revenue: [
        { day: -20, views: [54_300] },
        { day: -9, views: [71_800] },
      ],
    },
  },
  {
    title: 'The Quiet Orchard',
    studio: 'kestrel',
    directorName: 'Eliza Marchetti',
    genres: ['Drama', 'Romance'],
    releaseYear: 2024,
    licenseType: 'Exclusive Streaming',
    description:
      'A widowed apple grower in the Piedmont hills and the botanist sent to condemn her blighted trees spend one harvest trying to prove each other wrong.',
    goalSol: 18,
    listedDay: -40,
    deadlineDay: 12,
    // Funded, but the studio has not claimed its licence (released the raised SOL) yet.
    story: {
      kind: 'funded',
      investments: [
        { investor: 8, day: -38, sol: 6 },
        { investor: 3, day: -30, sol: 4.5 },
        { investor: 1, day: -12 },
      ],
    },
  },
  {
    title: 'Borderline Frequencies',
    studio: 'ninthwave',
    directorName: 'Kwame Asante',
    genres: ['Thriller', 'Crime'],
    releaseYear: 2025,
    licenseType: 'Worldwide Distribution',
    description:
      'A pirate radio host on the Ghana–Togo border starts receiving calls from listeners who describe crimes the night before they happen.',
    goalSol: 40,
    listedDay: -26,
    deadlineDay: 19,
    // 2.4 SOL short: a new demo wallet can complete it.
    story: {
      kind: 'funding',
      investments: [
        { investor: 4, day: -25, sol: 12 },
        { investor: 7, day: -20, sol: 9.6 },
        { investor: 2, day: -14, sol: 8 },
        { investor: 6, day: -6, sol: 8 },
      ],
    },
  },
  {
    title: 'Winter Line',
    studio: 'northlight',
    directorName: 'Aino Virtanen',
    genres: ['Adventure', 'Drama'],
    releaseYear: 2025,
    licenseType: 'Non-Exclusive Streaming',
    description:
      'Three railway workers must keep the last Arctic line open through the longest night of the year, with a stranded passenger train and a secret in its sealed car.',
    goalSol: 25,
    listedDay: -21,
    deadlineDay: 26,
    // 3.5 SOL short.
    story: {
      kind: 'funding',
      investments: [
        { investor: 1, day: -20, sol: 7.5 },
        { investor: 5, day: -15, sol: 6 },
        { investor: 8, day: -9, sol: 5 },
        { investor: 3, day: -2, sol: 3 },
      ],
    },
  },
  {
    title: 'Glasshouse',
    studio: 'saltmarsh',
    directorName: 'Ruth Adeyemi',
    genres: ['Horror', 'Mystery'],
    releaseYear: 2025,
    licenseType: 'Limited Distribution',
    description:
      'A family moves into a Victorian botanical glasshouse converted into a home, where the plants lean toward whoever is lying.',
    goalSol: 30,
    listedDay: -33,
    deadlineDay: 2,
    // Close to its deadline.
    story: {
      kind: 'funding',
      investments: [
        { investor: 6, day: -31, sol: 6 },
        { investor: 2, day: -22, sol: 4.5 },
        { investor: 7, day: -11, sol: 7.2 },
      ],
    },
  },
  {
    title: 'The Cartographer of Tides',
    studio: 'kestrel',
    directorName: 'Inés Calderón',
    genres: ['Fantasy', 'Adventure'],
    releaseYear: 2025,
    licenseType: 'Exclusive Streaming',
    description:
      'A mapmaker who can chart the sea only while it sleeps races a rival guild to draw the one tide that never comes back.',
    goalSol: 60,
    listedDay: -44,
    deadlineDay: 4,
    // Close to its deadline, far from its goal.
    story: {
      kind: 'funding',
      investments: [
        { investor: 3, day: -43, sol: 10 },
        { investor: 4, day: -30, sol: 5.5 },
        { investor: 8, day: -18, sol: 8 },
        { investor: 5, day: -4, sol: 2.25 },
      ],
    },
  },
  {
    title: 'Low Tide Jazz',
    studio: 'ninthwave',
    directorName: 'Marcus Delaney',
    genres: ['Music', 'Documentary'],
    releaseYear: 2024,
    licenseType: 'Non-Exclusive Streaming',
    description:
      'A portrait of the New Orleans brass bands that still play the second lines, told over one year from Mardi Gras to the hurricane season.',
    goalSol: 15,
    listedDay: -12,
    deadlineDay: 33,
    story: {
      kind: 'funding',
      investments: [
        { investor: 7, day: -11, sol: 2 },
        { investor: 1, day: -5, sol: 1.5 },
      ],
    },
  },
  {
    title: 'Hollow Moon',
    studio: 'lantern',
    directorName: 'Sung-min Park',
    genres: ['Animation', 'Sci-Fi'],
    releaseYear: 2025,
    licenseType: 'Worldwide Distribution',
    description:
      'A lunar maintenance robot left behind after the colony is evacuated starts a garden, and one day the garden answers.',
    goalSol: 90,
    listedDay: -7,
    deadlineDay: 44,
    story: {
      kind: 'funding',
      investments: [
        { investor: 2, day: -6, sol: 11 },
        { investor: 6, day: -3, sol: 6.5 },
        { investor: 4, day: -1, sol: 3 },
      ],
    },
  },
  {
    title: 'Small Hours',
    studio: 'northlight',
    directorName: 'Camille Laurent',
    genres: ['Comedy', 'Drama'],
    releaseYear: 2025,
    licenseType: 'Limited Distribution',
    description:
      'A night-shift pharmacist in Lyon keeps the strangest customers of the city alive with advice, coffee and one expired loyalty card.',
    goalSol: 12,
    listedDay: -2,
    deadlineDay: 38,
    story: { kind: 'funding', investments: [] },
  },
  {
    title: 'Dust Road Requiem',
    studio: 'kestrel',
    directorName: 'Wade Holloway',
    genres: ['Western', 'Drama'],
    releaseYear: 2024,
    licenseType: 'Exclusive Streaming',
    description:
      'An ageing stunt rider tours the last rodeos of West Texas to pay off the ranch his daughter wants to sell.',
    goalSol: 45,
    listedDay: -62,
    deadlineDay: -9,
    // Missed its deadline; one investor already took a refund.
    story: {
      kind: 'funding',
      investments: [
        { investor: 5, day: -60, sol: 9 },
        { investor: 8, day: -47, sol: 6 },
        { investor: 3, day: -31, sol: 4 },
      ],
      refunds: [{ investor: 8, day: -6 }],
    },
  },
  {
    title: 'Signal Fire',
    studio: 'saltmarsh',
    directorName: 'Oona Gallagher',
    genres: ['Thriller', 'Drama'],
    releaseYear: 2025,
    licenseType: 'Non-Exclusive Streaming',
    description:
      'When the ferry stops running, the twelve residents of an Irish island light the old signal fire, and someone on the mainland lights one back.',
    goalSol: 70,
    listedDay: -52,
    deadlineDay: -2,
    // Missed its deadline; refunds are open.
    story: {
      kind: 'funding',
      investments: [
        { investor: 1, day: -50, sol: 14 },
        { investor: 7, day: -37, sol: 8 },
      ],
    },
  },
  {
    title: 'Last Ferry to Inishmore',
    studio: 'lantern',
    directorName: 'Aoife Brennan',
    genres: ['Animation', 'Family'],
    releaseYear: 2025,
    licenseType: 'Limited Distribution',
    description:
      'A paper-cut animated crossing: a girl, her grandfather’s accordion and the last ferry of the season, racing a storm to the island.',
    goalSol: 30,
    listedDay: -20,
    deadlineDay: 0,
    // Closes minutes after the first start, short of its goal: back it, watch it close, take a refund.
    closesAtLastCall: true,
    story: {
      kind: 'funding',
      investments: [
        { investor: 2, day: -18, sol: 4 },
        { investor: 6, day: -9, sol: 2 },
      ],
    },
  },
];

/**
 * The advertisers a fresh demo starts with: a video campaign (pre-roll and mid-roll), a display
 * campaign (the overlay), both targeting every genre of the catalogue's films, and one sponsorship
 * of a funded film. Budgets are SOL; a campaign runs `days` from the first start.
 */
export interface AdvertiserSeed {
  key: string;
  companyName: string;
  website: string;
  adType: 'video' | 'display' | 'sponsorship';
  budgetSol: number;
  days: number;
  /** The film a sponsorship pays for (its title) and its price per 1,000 impressions in SOL. */
  sponsorship?: { filmTitle: string; pricePerMilleSol: number };
  /** The creative's words: drawn as a banner image, and for the video campaign rendered as its video at seed time (demo/trailers.ts), so no binary lives in git. */
  tagline: string;
  color: string;
}

export const ADVERTISERS: AdvertiserSeed[] = [
  { key: 'lumen', companyName: 'Lumen Cameras', website: 'https://lumen.example', adType: 'video', budgetSol: 60, days: 90, tagline: 'Shoot your story', color: '#1d4ed8' },
  { key: 'harbor', companyName: 'Harbor Coffee', website: 'https://harbor.example', adType: 'display', budgetSol: 20, days: 90, tagline: 'Brewed for the late show', color: '#92400e' },
  {
    key: 'northwind',
    companyName: 'Northwind Travel',
    website: 'https://northwind.example',
    adType: 'sponsorship',
    budgetSol: 5,
    days: 60,
    sponsorship: { filmTitle: 'The Lighthouse Keeper’s Daughter', pricePerMilleSol: 0.02 },
    tagline: 'Find your coastline',
    color: '#0f766e',
  },
];
