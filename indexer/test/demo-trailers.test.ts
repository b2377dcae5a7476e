// The demo's videos made at seed time: ffmpeg renders a film's poster as a short WebM (small,
// typed as WebM by its bytes, of the trailer's length); a fresh demo seeded with the renderer gives
// every film a trailer in the media store as its videoUrl and the video campaign a video creative;
// without ffmpeg, seeding still succeeds (no videos) and says so once.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { campaigns } from '../src/db/index.ts';
import { FILMS } from '../src/demo/catalogue.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { posterSvg } from '../src/demo/posters.ts';
import { AD_CREATIVE_SECONDS, TRAILER_SECONDS, ffmpegRenderer, type VideoRenderer } from '../src/demo/trailers.ts';
import { MediaStore } from '../src/media/store.ts';
import { sniffVideoType } from '../src/media/sniff.ts';
import { listProjects } from '../src/read-models/projects.ts';
import { testStorage } from './helpers/database.ts';
import { discardDemo } from './helpers/demo-app.ts';

/** The brief's budget for one seeded trailer. */
const MAX_TRAILER_BYTES = 300 * 1024;

/** The duration ffprobe reads from a WebM's header (what a browser shows as the video's duration). */
function probedSeconds(bytes: Buffer): number {
  const folder = mkdtempSync(join(tmpdir(), 'marquee-probe-'));
  try {
    const file = join(folder, 'video.webm');
    writeFileSync(file, bytes);
    return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('rendering a trailer', () => {
  test('a poster becomes a small WebM of the trailer length', async () => {
    const bytes = await ffmpegRenderer().render(posterSvg(FILMS[0]), TRAILER_SECONDS);
    assert.ok(bytes, 'ffmpeg is installed (scripts/start.sh installs it)');
    assert.equal(sniffVideoType(bytes)?.contentType, 'video/webm');
    assert.ok(bytes.byteLength > 10_000 && bytes.byteLength <= MAX_TRAILER_BYTES, `${bytes.byteLength} bytes`);
    assert.ok(Math.abs(probedSeconds(bytes) - TRAILER_SECONDS) < 0.2, 'the duration is in the header, as long as the trailer');
  });

  test('without ffmpeg a render is null and the missing program is said once', async () => {
    const said: string[] = [];
    const renderer = ffmpegRenderer({ command: '/nonexistent/ffmpeg', onMissing: (message) => said.push(message) });
    assert.equal(await renderer.render(posterSvg(FILMS[0]), TRAILER_SECONDS), null);
    assert.equal(await renderer.render(posterSvg(FILMS[1]), TRAILER_SECONDS), null);
    assert.equal(said.length, 1);
    assert.match(said[0], /ffmpeg is not installed.*no trailer/);
  });

  test('a second render of the same picture is read from the cache, not rendered again', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'marquee-video-cache-test-'));
    try {
      const first = await ffmpegRenderer({ cacheDir }).render(posterSvg(FILMS[2]), TRAILER_SECONDS);
      assert.ok(first);
      const [kept] = readdirSync(cacheDir);
      assert.match(kept, /^[0-9a-f]{64}\.webm$/);
      // What the cache holds is what the next render answers: a marked copy proves ffmpeg did not run.
      const marked = Buffer.concat([first, Buffer.from('cached')]);
      writeFileSync(join(cacheDir, kept), marked);
      assert.deepEqual(await ffmpegRenderer({ cacheDir }).render(posterSvg(FILMS[2]), TRAILER_SECONDS), marked);
      assert.notDeepEqual(await ffmpegRenderer({ cacheDir }).render(posterSvg(FILMS[3]), TRAILER_SECONDS), marked);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  test('a failing ffmpeg is an error with its own words, not a silent film without video', async () => {
    await assert.rejects(ffmpegRenderer().render('<svg not really', TRAILER_SECONDS), /ffmpeg could not render a video/);
  });
});

/** Starts a fresh demo with a renderer; the caller discards it. */
async function freshDemo(prefix: string, videoRenderer: VideoRenderer) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const storage = testStorage(dataDir);
  const demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0, videoRenderer });
  return { demo, media: new MediaStore(demo.cluster.db, join(dataDir, 'media')), discard: () => discardDemo(demo, storage, dataDir) };
}

describe('a fresh demo seeded with ffmpeg', () => {
  let demo: DemoRuntime;
  let media: MediaStore;
  let discard: () => Promise<void>;
  before(async () => ({ demo, media, discard } = await freshDemo('marquee-demo-trailers-', ffmpegRenderer())));
  after(() => discard());

  test('every seeded film plays its own trailer from the media store, its poster still the thumbnail', async () => {
    const films = await listProjects(demo.cluster, 'http://localhost:8787', Date.now());
    assert.equal(films.length, FILMS.length);
    const hashes = new Set<string>();
    for (const film of films) {
      const hash = /^\/api\/media\/([0-9a-f]{64})$/.exec(film.videoUrl ?? '')?.[1];
      assert.ok(hash, `${film.title} has a trailer: ${film.videoUrl}`);
      const stored = await media.get(hash);
      assert.equal(stored?.contentType, 'video/webm');
      assert.ok(stored.size <= MAX_TRAILER_BYTES);
      assert.match(film.thumbnailUrl, /\/api\/demo\/posters\/\d+\.svg$/);
      hashes.add(hash);
    }
    assert.equal(hashes.size, films.length, 'each film its own trailer');
    const { trailers } = demo.seeded!;
    assert.equal(trailers.bytes.length, FILMS.length);
    assert.ok(trailers.seconds > 0);
  });

  test('the seeded video campaign plays a rendered video creative, longer than the wait before Skip Ad', async () => {
    const video = (await campaigns.servable(demo.cluster.db, demo.chain.clockNow())).find(
      (campaign) => campaign.ad_type === 'video' && Number(campaign.house) !== 1,
    );
    assert.ok(video);
    assert.equal(video.creative_kind, 'video');
    const hash = /^\/api\/media\/([0-9a-f]{64})$/.exec(video.creative_uri)?.[1];
    assert.ok(hash, video.creative_uri);
    assert.equal((await media.get(hash))?.contentType, 'video/webm');
    const bytes = Buffer.from(await new Response(media.read(hash)).arrayBuffer());
    assert.ok(Math.abs(probedSeconds(bytes) - AD_CREATIVE_SECONDS) < 0.2);
  });
});

describe('a fresh demo where ffmpeg is missing', () => {
  const said: string[] = [];
  let demo: DemoRuntime;
  let discard: () => Promise<void>;
  before(
    async () =>
      ({ demo, discard } = await freshDemo(
        'marquee-demo-no-ffmpeg-',
        ffmpegRenderer({ command: '/nonexistent/ffmpeg', onMissing: (message) => said.push(message) }),
      )),
  );
  after(() => discard());

  test('seeding succeeds with films without video, said in one line', async () => {
    const films = await listProjects(demo.cluster, 'http://localhost:8787', Date.now());
    assert.equal(films.length, FILMS.length);
    assert.ok(films.every((film) => film.videoUrl === null));
    assert.equal(said.length, 1);
    const video = (await campaigns.servable(demo.cluster.db, demo.chain.clockNow())).find(
      (campaign) => campaign.ad_type === 'video' && Number(campaign.house) !== 1,
    );
    assert.ok(video?.creative_uri.startsWith('data:image/svg+xml'), 'the video campaign keeps its banner');
  });
});
