// The demo's videos, made at seed time (no video lives in git): each seeded film's trailer is a few
// seconds panning down its generated poster, and the seeded video campaign's creative a card with the
// advertiser's name and tagline, both rendered by Debian's `ffmpeg` (its librsvg draws the SVG) as
// VP8 WebM, which Debian's Chromium plays. Without ffmpeg, rendering answers null and seeding goes on
// without videos (films keep their poster, the video campaign its banner).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaPath } from '../media/store.ts';
import { escapeXml } from './posters.ts';

/** A seeded film's trailer: long enough for its progress to be seen, small enough to seed quickly. */
export const TRAILER_SECONDS = 4;
/** The seeded video ad: it runs past the 5 s before Skip Ad appears. */
export const AD_CREATIVE_SECONDS = 8;
/** The frame: 16:9, as the player's stage. */
const FRAME_WIDTH = 400;
const FRAME_HEIGHT = 226;
const FRAMES_PER_SECOND = 15;
const VIDEO_BITRATE = '250k';

export interface VideoRenderer {
  /** A WebM of `seconds` panning down the picture `svg` (top to bottom); null when no renderer is installed. */
  render(svg: string, seconds: number): Promise<Buffer | null>;
}

/** The ffmpeg arguments: the picture rasterised once, scaled to the frame's width, looped and panned. */
export function panArguments(input: string, output: string, seconds: number): string[] {
  const frames = seconds * FRAMES_PER_SECOND;
  const filters = [
    // Scaled to the frame's width, at least the frame's height, even sizes for yuv420p.
    `scale=${FRAME_WIDTH}:-2`,
    `pad=${FRAME_WIDTH}:'max(ih,${FRAME_HEIGHT})':0:0`,
    `loop=loop=${frames - 1}:size=1:start=0`,
    `setpts=N/${FRAMES_PER_SECOND}/TB`,
    `crop=${FRAME_WIDTH}:${FRAME_HEIGHT}:0:'(ih-${FRAME_HEIGHT})*t/${seconds}'`,
    `fade=in:0:${Math.round(FRAMES_PER_SECOND / 2)}`,
    'format=yuv420p',
  ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vf', filters.join(','), '-frames:v', String(frames), '-r', String(FRAMES_PER_SECOND)],
    // One thread: libvpx's threads cost more than they save on a frame this small.
    ...['-threads', '1', '-c:v', 'libvpx', '-b:v', VIDEO_BITRATE, '-deadline', 'realtime', '-cpu-used', '16', '-an', output],
  ];
}

/** What a render is kept under: the renderer, the picture and every argument it is made with. */
function renderKey(command: string, svg: string, seconds: number): string {
  return createHash('sha256')
    .update(JSON.stringify([command, ...panArguments('in', 'out', seconds)]))
    .update(svg)
    .digest('hex');
}

/** Runs a program to its end: resolves with its exit code and what it wrote to stderr; ENOENT when it is not installed. */
function run(command: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * The ffmpeg renderer (`command`: the program, default ffmpeg on PATH). A missing ffmpeg makes every
 * render null and is logged once by `onMissing`; a failing one throws with ffmpeg's own words.
 */
export function ffmpegRenderer(options: { command?: string; onMissing?: (message: string) => void; cacheDir?: string } = {}): VideoRenderer {
  const command = options.command ?? 'ffmpeg';
  const cacheDir = options.cacheDir ?? join(tmpdir(), 'marquee-video-cache');
  let missing = false;
  return {
    async render(svg, seconds) {
      if (missing) return null;
      // The same picture and length render the same video: every fresh data folder (each test server,
      // each journey) seeds the same fifteen films, so a render is kept by what it was made from and
      // reused instead of costing ffmpeg's CPU again.
      const cached = join(cacheDir, `${renderKey(command, svg, seconds)}.webm`);
      const hit = await readFile(cached).catch(() => null);
      if (hit && hit.byteLength > 0) return hit;
      const video = await renderOnce(svg, seconds);
      if (video) await keep(cached, video);
      return video;
    },
  };

  async function renderOnce(svg: string, seconds: number): Promise<Buffer | null> {
    const folder = await mkdtemp(join(tmpdir(), 'marquee-video-'));
    try {
      // A file, not a pipe: ffmpeg types the picture by its .svg name, and the WebM muxer writes
      // its duration and cues only into a file it can seek (a browser then knows the duration).
      const input = join(folder, 'picture.svg');
      const output = join(folder, 'video.webm');
      await writeFile(input, svg);
      const { code, stderr } = await run(command, panArguments(input, output, seconds));
      if (code !== 0) throw new Error(`ffmpeg could not render a video (exit ${code}): ${stderr.trim().slice(0, 500)}`);
      return await readFile(output);
    } catch (error) {
      if (!isMissing(error)) throw error;
      // Renders run two at a time: the second to find ffmpeg missing says nothing more.
      if (missing) return null;
      missing = true;
      options.onMissing?.(`ffmpeg is not installed (${command}): the demo's films get no trailer and its video ad no video (apt-get install ffmpeg)`);
      return null;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Into the cache whole or not at all: written beside, then renamed; a cache that cannot be written is only a lost saving. */
  async function keep(path: string, video: Buffer): Promise<void> {
    try {
      await mkdir(cacheDir, { recursive: true });
      const partial = `${path}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, video, { flag: 'wx', mode: 0o644 });
      await rename(partial, path);
    } catch {
      // a read-only or full temporary folder: the next seed renders again
    }
  }
}

/** The video ad's picture: the advertiser's name over its colour, its tagline revealed as the video pans down. */
export function adCardSvg(advertiser: { companyName: string; tagline: string; color: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="452" viewBox="0 0 400 452">
<rect width="400" height="452" fill="${escapeXml(advertiser.color)}"/>
<circle cx="330" cy="60" r="120" fill="#fff" opacity="0.12"/>
<text x="200" y="125" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="34" fill="#fff">${escapeXml(advertiser.companyName)}</text>
<text x="200" y="345" text-anchor="middle" font-family="Georgia, serif" font-size="26" fill="#fff">${escapeXml(advertiser.tagline)}</text>
</svg>`;
}

/** Where seeding renders its videos and keeps them (the media store, served at /api/media/{sha256}). */
export interface DemoVideos {
  renderer: VideoRenderer;
  store: { put(bytes: Uint8Array): Promise<{ sha256: string }> };
}

/** A rendered video kept in the media store: its address and hash; null without a renderer. */
export async function storedVideo(
  videos: DemoVideos | undefined,
  svg: string,
  seconds: number,
): Promise<{ url: string; sha256: string; bytes: number } | null> {
  const bytes = videos && (await videos.renderer.render(svg, seconds));
  if (!videos || !bytes) return null;
  const { sha256 } = await videos.store.put(bytes);
  return { url: mediaPath(sha256), sha256, bytes: bytes.byteLength };
}

/** What rendering the seeded films' trailers made, for the first start's log line and the tests. */
export interface TrailerSummary {
  /** Each trailer's size in bytes, in the films' listing order. */
  bytes: number[];
  /** Wall-clock seconds rendering and storing them took. */
  seconds: number;
}

/** Two at a time: ffmpeg runs on one thread each. */
const RENDER_CONCURRENCY = 2;

/**
 * Every film's trailer rendered from its poster and stored; the addresses in the films' order (null
 * for none). Rendering is skipped altogether without a renderer or when ffmpeg is missing.
 */
export async function seedTrailers(
  videos: DemoVideos | undefined,
  posters: string[],
  now: () => number = Date.now,
): Promise<{ urls: (string | null)[]; summary: TrailerSummary }> {
  const started = now();
  const stored: (Awaited<ReturnType<typeof storedVideo>> | undefined)[] = new Array(posters.length);
  let next = 0;
  const worker = async () => {
    while (next < posters.length) {
      const index = next++;
      stored[index] = await storedVideo(videos, posters[index], TRAILER_SECONDS);
    }
  };
  await Promise.all(Array.from({ length: Math.min(RENDER_CONCURRENCY, posters.length) }, worker));
  const made = stored.filter((video) => video != null);
  return { urls: stored.map((video) => video?.url ?? null), summary: { bytes: made.map((video) => video.bytes), seconds: (now() - started) / 1000 } };
}
