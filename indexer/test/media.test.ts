// The content-addressed media store and /api/media: type sniffed from the bytes, the 10 MB limit of
// images and the 50 MB limit of video creatives (MP4, WebM),
// one row per content (in the test database: SQLite, or PostgreSQL with MARQUEE_TEST_DATABASE_URL), 413 / 415 with `{ message }`, immutable serving with the right type.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { MAX_MEDIA_BYTES, MAX_REQUEST_BODY_BYTES, MAX_VIDEO_CREATIVE_BYTES } from '../src/constants.ts';
import { MediaStore, MediaTooLargeError, UnsupportedMediaTypeError, sniffImageType, sniffMediaType } from '../src/media/index.ts';
import { openStore, type DataStore } from '../src/db/index.ts';
import { testApp } from './helpers/app.ts';
import { sqlRows, testLocation } from './helpers/database.ts';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEADER = [0xff, 0xd8, 0xff, 0xe0];
const image = (header: number[], body: string) => Uint8Array.from([...header, ...Buffer.from(body)]);
const png = image(PNG_HEADER, 'a small png');
const jpeg = image(JPEG_HEADER, 'a small jpeg');
/** An MP4 opens with its ftyp box (size, "ftyp", brand); a WebM with the EBML header naming DocType "webm". */
const MP4_HEADER = [0, 0, 0, 0x18, ...Buffer.from('ftypisom')];
const WEBM_HEADER = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from('webm')];
const mp4 = image(MP4_HEADER, 'a small mp4');
const webm = image(WEBM_HEADER, 'a small webm');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const databases: DataStore[] = [];
async function newStore() {
  const database = await openStore(testLocation());
  databases.push(database);
  return { store: new MediaStore(database.db), db: database.db };
}
after(async () => {
  for (const database of databases) await database.close();
});

describe('sniffImageType', () => {
  test('recognises PNG and JPEG by their magic bytes', () => {
    assert.deepEqual(sniffImageType(png), { kind: 'image', contentType: 'image/png', extension: 'png' });
    assert.deepEqual(sniffImageType(jpeg), { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' });
  });

  test('recognises MP4 and WebM videos by theirs, and nothing else as a video', () => {
    assert.deepEqual(sniffMediaType(mp4), { kind: 'video', contentType: 'video/mp4', extension: 'mp4' });
    assert.deepEqual(sniffMediaType(webm), { kind: 'video', contentType: 'video/webm', extension: 'webm' });
    assert.equal(sniffImageType(mp4), null);
    // Matroska that is not WebM, and an ftyp box in the wrong place.
    assert.equal(sniffMediaType(image([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...Buffer.from('matroska')], '')), null);
    assert.equal(sniffMediaType(image([...Buffer.from('ftyp'), 0, 0, 0, 0x18], '')), null);
  });

  test('refuses other types, truncated signatures and empty files', () => {
    assert.equal(sniffImageType(Buffer.from('GIF89a......')), null);
    assert.equal(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), null);
    assert.equal(sniffImageType(Uint8Array.from(PNG_HEADER.slice(0, 7))), null);
    assert.equal(sniffImageType(new Uint8Array()), null);
  });
});

describe('MediaStore', () => {
  test('names a file by the sha256 of its bytes and stores the same content once', async () => {
    const { store, db } = await newStore();
    const first = await store.put(png);
    const again = await store.put(png);
    assert.equal(first.sha256, sha256(png));
    assert.deepEqual(again, first);
    assert.deepEqual(await sqlRows(db, 'SELECT sha256, content_type FROM media'), [{ sha256: sha256(png), content_type: 'image/png' }]);
    await store.put(jpeg);
    assert.equal(await store.count(), 2);
    const read = await store.get(sha256(jpeg));
    assert.equal(read?.contentType, 'image/jpeg');
    assert.deepEqual(new Uint8Array(read!.bytes), jpeg);
  });

  test('accepts exactly 10 MB and refuses one byte more', async () => {
    const { store } = await newStore();
    const limit = new Uint8Array(MAX_MEDIA_BYTES);
    limit.set(PNG_HEADER);
    assert.equal((await store.put(limit)).size, MAX_MEDIA_BYTES);
    const over = new Uint8Array(MAX_MEDIA_BYTES + 1);
    over.set(PNG_HEADER);
    await assert.rejects(store.put(over), MediaTooLargeError);
    assert.equal(await store.count(), 1);
  });

  test('a video may be 50 MB, an image only 10 MB', async () => {
    const { store } = await newStore();
    const video = new Uint8Array(MAX_VIDEO_CREATIVE_BYTES);
    video.set(MP4_HEADER);
    const stored = await store.put(video);
    assert.equal(stored.kind, 'video');
    assert.equal(stored.contentType, 'video/mp4');
    assert.equal(await store.kind(stored.sha256), 'video');
    const over = new Uint8Array(MAX_VIDEO_CREATIVE_BYTES + 1);
    over.set(WEBM_HEADER);
    await assert.rejects(store.put(over), /max 52428800 bytes, 50 MB for a video/);
    const bigImage = new Uint8Array(MAX_MEDIA_BYTES + 1);
    bigImage.set(PNG_HEADER);
    await assert.rejects(store.put(bigImage), /10 MB for an image/);
    assert.equal(await store.count(), 1);
  });

  test('refuses a file that is not a JPG or PNG, whatever it is called', async () => {
    const { store } = await newStore();
    await assert.rejects(store.put(Buffer.from('GIF89a not a png')), UnsupportedMediaTypeError);
    assert.equal(await store.count(), 0);
  });

  test('has nothing for unknown or malformed hashes', async () => {
    const { store } = await newStore();
    assert.equal(await store.get(sha256(png)), null);
    assert.equal(await store.get('../../etc/passwd'), null);
  });
});

describe('/api/media', () => {
  const upload = (app: Awaited<ReturnType<typeof testApp>>['app'], bytes: Uint8Array<ArrayBuffer>, name = 'poster.png') => {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    return app.request('/api/media', { method: 'POST', body: form });
  };

  test('an upload answers its url and sha256, and the url serves the image as immutable', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const response = await upload(app, jpeg, 'poster.png');
    assert.equal(response.status, 200);
    const body = (await response.json()) as { url: string; sha256: string };
    assert.deepEqual(body, { url: `/api/media/${sha256(jpeg)}`, sha256: sha256(jpeg), contentType: 'image/jpeg' });

    const served = await app.request(body.url);
    assert.equal(served.status, 200);
    // The type comes from the bytes, not from the .png name the client gave.
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    assert.match(served.headers.get('cache-control') ?? '', /immutable/);
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), jpeg);
  });

  test('a video creative over the 3 MB API body limit uploads, and is served as video', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const video = new Uint8Array(MAX_REQUEST_BODY_BYTES * 2);
    video.set(WEBM_HEADER);
    const response = await upload(app, video, 'ad.webm');
    assert.equal(response.status, 200, await response.clone().text());
    const body = (await response.json()) as { url: string; contentType: string };
    assert.equal(body.contentType, 'video/webm');
    const served = await app.request(body.url);
    assert.equal(served.headers.get('content-type'), 'video/webm');
    // Other routes keep the 3 MB limit.
    const other = await app.request('/api/metadata', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1) });
    assert.equal(other.status, 413);
  });

  test('refuses a video over 50 MB with 413 and a message saying so', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const big = new Uint8Array(MAX_VIDEO_CREATIVE_BYTES + 1);
    big.set(MP4_HEADER);
    const response = await upload(app, big, 'ad.mp4');
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { message: string }).message, /too large.*50 MB for a video/i);
  });

  test('refuses a file over 10 MB with 413 and a message', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const big = new Uint8Array(MAX_MEDIA_BYTES + 1);
    big.set(PNG_HEADER);
    const response = await upload(app, big);
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { message: string }).message, /too large/i);
  });

  test('refuses a body far over the limit before reading it (413)', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const response = await app.request('/api/media', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_VIDEO_CREATIVE_BYTES * 2) },
      body: new Uint8Array(MAX_VIDEO_CREATIVE_BYTES * 2),
    });
    assert.equal(response.status, 413);
    assert.ok(((await response.json()) as { message: string }).message);
  });

  test('refuses other image types and non-multipart bodies with 415 and a message', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const gif = await upload(app, Buffer.from('GIF89a pretending'), 'poster.png');
    assert.equal(gif.status, 415);
    assert.match(((await gif.json()) as { message: string }).message, /JPG and PNG images and MP4 and WebM videos/);
    const json = await app.request('/api/media', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 415);
  });

  test('answers 400 without a file field and 404 for an unknown hash', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const form = new FormData();
    form.set('other', 'x');
    assert.equal((await app.request('/api/media', { method: 'POST', body: form })).status, 400);
    const missing = await app.request(`/api/media/${sha256(png)}`);
    assert.equal(missing.status, 404);
    assert.ok(((await missing.json()) as { message: string }).message);
  });
});
