// A listing's video: the listing and the studio's Edit take an MP4/WebM upload of the media store
// (/api/media/{sha256}) or an https URL as the film's videoUrl; any other address is a 400 with a
// message and stores nothing; an edit sets, keeps (omitted) or removes (null) the video, the poster
// staying the film's still.
import anchor from '@coral-xyz/anchor';
import { listingVideoUrlError } from '@marquee/api-contract';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { MediaStore } from '../src/media/store.ts';
import { testStorage } from './helpers/database.ts';
import { discardDemo, jsonRequest } from './helpers/demo-app.ts';
import { signIn } from './helpers/sign-in.ts';
import { TEST_TICKET_SECRET } from './helpers/tickets.ts';

type Json = any;

const STUDIO_KEY = anchor.web3.Keypair.generate();
const STUDIO = STUDIO_KEY.publicKey.toBase58();
/** The first bytes of a WebM file (an EBML header whose DocType is "webm"): what the media store types by. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(64)]);

describe("a listing's video", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-listing-video-'));
  const storage = testStorage(dataDir);
  let demo: DemoRuntime;
  let request: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;
  let upload: (bytes: Buffer) => Promise<{ status: number; body: Json }>;

  before(async () => {
    demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0 });
    demo.cluster.indexer.start();
    const app = createApp({
      clusters: [demo.cluster],
      demo: demo.extension,
      media: new MediaStore(demo.cluster.db, join(dataDir, 'media')),
      trustedProxyHops: 1,
      ticketSecret: TEST_TICKET_SECRET,
    });
    const cookie = await signIn(app, STUDIO_KEY);
    request = (method, path, body) => jsonRequest(app, method, path, body, { 'x-forwarded-for': '203.0.113.31', cookie });
    upload = async (bytes) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)]), 'trailer.webm');
      const response = await app.request('/api/media', { method: 'POST', body: form, headers: { cookie, 'x-forwarded-for': '203.0.113.31' } });
      return { status: response.status, body: await response.json() };
    };
  });
  after(() => discardDemo(demo, storage, dataDir));

  const listing = (videoUrl?: string) => ({
    walletAddress: STUDIO,
    title: `Tidal Lines ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Two keepers, one lighthouse.',
    directorName: 'Ines Moreau',
    releaseYear: 2025,
    licenseType: 'Exclusive Streaming',
    fundingGoal: 8000,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    genres: 'Drama',
    ...(videoUrl === undefined ? {} : { videoUrl }),
  });
  const filmCount = async () => (await request('GET', '/api/projects')).body.length;
  const settle = () => demo.cluster.indexer.sync();

  test('an uploaded WebM or an https URL becomes the film’s video; the poster stays its still', async () => {
    const uploaded = await upload(WEBM);
    assert.equal(uploaded.status, 200, uploaded.body.message);
    assert.equal(uploaded.body.contentType, 'video/webm');
    for (const videoUrl of [uploaded.body.url, 'https://cdn.example/trailer.mp4']) {
      const listed = await request('POST', '/api/demo/projects', listing(videoUrl));
      assert.equal(listed.status, 201, listed.body.message);
      await settle();
      const film = (await request('GET', `/api/projects/${listed.body.projectId}`)).body;
      assert.equal(film.videoUrl, videoUrl);
      assert.equal(film.thumbnailUrl, `/api/demo/posters/${listed.body.projectId}.svg`);
    }
  });

  test('a video address that is not https nor an upload of this server is refused with its reason, nothing listed', async () => {
    const before = await filmCount();
    for (const videoUrl of ['http://cdn.example/trailer.mp4', 'javascript:alert(1)', '/api/media/not-a-hash', 'data:video/webm;base64,GkXfow==']) {
      const refused = await request('POST', '/api/demo/projects', listing(videoUrl));
      assert.equal(refused.status, 400, videoUrl);
      assert.match(refused.body.message, /video/i, videoUrl);
      // The app's form says the same before sending (the one rule in @marquee/api-contract).
      assert.ok(refused.body.message.includes(listingVideoUrlError(videoUrl)!), refused.body.message);
    }
    const tooLong = `https://cdn.example/${'a'.repeat(2048)}`;
    const refused = await request('POST', '/api/demo/projects', listing(tooLong));
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /The video URL is too long: at most 2048 characters/);
    await settle();
    assert.equal(await filmCount(), before);
  });

  test("the studio's Edit sets the video, keeps it when omitted and removes it with null", async () => {
    const listed = await request('POST', '/api/demo/projects', listing());
    assert.equal(listed.status, 201, listed.body.message);
    const projectId = listed.body.projectId;
    const edit = {
      walletAddress: STUDIO,
      projectId,
      description: 'Two keepers.',
      directorName: 'Ines Moreau',
      releaseYear: 2025,
      licenseType: 'Exclusive Streaming',
      genres: ['Drama'],
    };
    const videoOf = async () => {
      await settle();
      return (await request('GET', `/api/projects/${projectId}`)).body.videoUrl;
    };
    assert.equal(await videoOf(), null);
    assert.equal((await request('POST', '/api/demo/update-metadata', { ...edit, videoUrl: 'https://cdn.example/cut.webm' })).status, 200);
    assert.equal(await videoOf(), 'https://cdn.example/cut.webm');
    assert.equal((await request('POST', '/api/demo/update-metadata', { ...edit, description: 'Two keepers, one storm.' })).status, 200);
    assert.equal(await videoOf(), 'https://cdn.example/cut.webm', 'an edit without a video keeps it');
    const refused = await request('POST', '/api/demo/update-metadata', { ...edit, videoUrl: 'ftp://cdn.example/cut.webm' });
    assert.equal(refused.status, 400);
    assert.equal(await videoOf(), 'https://cdn.example/cut.webm');
    assert.equal((await request('POST', '/api/demo/update-metadata', { ...edit, videoUrl: null })).status, 200);
    assert.equal(await videoOf(), null);
  });
});
