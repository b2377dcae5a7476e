// Film posters drawn as SVG on the server (no network, no image files): a palette and a motif
// chosen from the title and the first genre, the title set in large type, the director's credit
// and the release year. Served at /api/demo/posters/{projectId}.svg and used as thumbnailUrl.
import { createHash } from 'node:crypto';

export interface PosterInput {
  title: string;
  directorName?: string;
  genres?: string[];
  releaseYear?: number;
}

const WIDTH = 600;
const HEIGHT = 900;
/** Where the dark band holding the title and credits starts. */
const BAND_TOP = 590;

/** Background pairs (top, bottom) and an accent, picked by the title's hash. */
const PALETTES: [string, string, string][] = [
  ['#0f2027', '#2c5364', '#f4d35e'],
  ['#2b1055', '#7597de', '#ffd6a5'],
  ['#3a0ca3', '#f72585', '#fefae0'],
  ['#1b262c', '#0f4c75', '#bbe1fa'],
  ['#283618', '#606c38', '#fefae0'],
  ['#370617', '#9d0208', '#ffba08'],
  ['#10002b', '#5a189a', '#e0aaff'],
  ['#003049', '#d62828', '#fcbf49'],
  ['#212529', '#495057', '#f8f9fa'],
  ['#0b3c49', '#58a4b0', '#f2e8cf'],
];

type Motif = (accent: string, random: () => number) => string;

const circles: Motif = (accent) =>
  `<circle cx="300" cy="330" r="170" fill="${accent}" opacity="0.9"/><circle cx="300" cy="330" r="230" fill="none" stroke="${accent}" stroke-width="3" opacity="0.4"/>`;

const mountains: Motif = (accent, random) => {
  const peaks = Array.from({ length: 4 }, (_, index) => {
    const x = 60 + index * 160 + random() * 40;
    const height = 220 + random() * 180;
    return `<polygon points="${x - 180},620 ${x},${620 - height} ${x + 180},620" fill="${accent}" opacity="${0.35 + index * 0.15}"/>`;
  });
  return `${peaks.join('')}<circle cx="${420 + random() * 80}" cy="170" r="46" fill="${accent}"/>`;
};

const grid: Motif = (accent) => {
  const lines: string[] = [];
  for (let index = 0; index <= 12; index++) {
    const x = index * 50;
    lines.push(`<line x1="300" y1="260" x2="${x}" y2="620" stroke="${accent}" stroke-width="2" opacity="0.6"/>`);
  }
  for (let index = 0; index < 7; index++) {
    const y = 300 + index * index * 7.5;
    lines.push(`<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}" stroke="${accent}" stroke-width="2" opacity="0.5"/>`);
  }
  return `${lines.join('')}<circle cx="300" cy="220" r="80" fill="${accent}" opacity="0.85"/>`;
};

const waves: Motif = (accent) =>
  Array.from({ length: 6 }, (_, index) => {
    const y = 300 + index * 55;
    return `<path d="M0 ${y} Q 150 ${y - 40} 300 ${y} T 600 ${y} V 640 H 0 Z" fill="${accent}" opacity="${0.12 + index * 0.1}"/>`;
  }).join('');

const shards: Motif = (accent, random) =>
  Array.from({ length: 9 }, () => {
    const x = random() * WIDTH;
    const y = 120 + random() * 420;
    const size = 60 + random() * 140;
    return `<polygon points="${x},${y} ${x + size},${y + size * 0.3} ${x + size * 0.4},${y + size}" fill="${accent}" opacity="${0.2 + random() * 0.5}"/>`;
  }).join('');

const stars: Motif = (accent, random) =>
  Array.from({ length: 70 }, () => {
    const radius = random() * 2.8 + 0.6;
    return `<circle cx="${random() * WIDTH}" cy="${random() * 620}" r="${radius}" fill="${accent}" opacity="${0.4 + random() * 0.6}"/>`;
  }).join('') + `<circle cx="300" cy="360" r="120" fill="none" stroke="${accent}" stroke-width="6" opacity="0.8"/>`;

const MOTIFS_BY_GENRE: Record<string, Motif> = {
  drama: circles,
  romance: circles,
  documentary: mountains,
  adventure: mountains,
  western: mountains,
  'sci-fi': grid,
  'science fiction': grid,
  thriller: shards,
  horror: shards,
  crime: shards,
  mystery: shards,
  animation: stars,
  fantasy: stars,
  family: stars,
  comedy: waves,
  music: waves,
};
const MOTIFS = [circles, mountains, grid, waves, shards, stars];

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/** Greedy line breaking of the title to at most `maxChars` per line. */
function titleLines(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const word of title.toUpperCase().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A deterministic generator from a text, so a film always gets the same poster. */
function generator(text: string): () => number {
  let state = createHash('sha256').update(text).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

export function posterSvg(input: PosterInput): string {
  const random = generator(input.title);
  const [top, bottom, accent] = PALETTES[Math.floor(random() * PALETTES.length)];
  const genre = input.genres?.[0]?.toLowerCase() ?? '';
  const motif = MOTIFS_BY_GENRE[genre] ?? MOTIFS[Math.floor(random() * MOTIFS.length)];
  const lines = titleLines(input.title, 14);
  const fontSize = lines.length > 3 ? 44 : lines.length > 2 ? 50 : 58;
  const titleText = lines
    .map((line, index) => `<tspan x="300" dy="${index === 0 ? 0 : fontSize * 1.1}">${escapeXml(line)}</tspan>`)
    .join('');
  const credit = input.directorName ? `A FILM BY ${input.directorName.toUpperCase()}` : '';
  const footer = [input.genres?.slice(0, 3).join(' · '), input.releaseYear].filter(Boolean).join('  —  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(input.title)} poster">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
${motif(accent, random)}
<rect y="${BAND_TOP}" width="${WIDTH}" height="${HEIGHT - BAND_TOP}" fill="#000" opacity="0.45"/>
<text x="300" y="${700 - (lines.length - 1) * fontSize * 0.55}" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${fontSize}" fill="#fff" letter-spacing="2">${titleText}</text>
<text x="300" y="836" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" fill="${accent}" letter-spacing="3">${escapeXml(credit)}</text>
<text x="300" y="870" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#ddd" letter-spacing="2">${escapeXml(footer)}</text>
</svg>`;
}
