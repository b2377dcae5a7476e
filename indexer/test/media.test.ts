// The content-addressed media store and /api/media: type sniffed from the bytes, the 10 MB limit,
// one file per content, 413 / 415 with `{ message }`, immutable serving with the right type.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { MAX_MEDIA_BYTES } from '../src/constants.ts';
import { MediaStore, MediaTooLargeError, UnsupportedMediaTypeError, sniffImageType } from '../src/media/index.ts';
import { testApp } from './helpers/app.ts';

const PNG_HEADER = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEADER = [0xff, 0xd8, 0xff, 0xe0];
const image = (header: number[], body: string) => Uint8Array.from([...header, ...Buffer.from(body)]);
const png = image(PNG_HEADER, 'a small png');
const jpeg = image(JPEG_HEADER, 'a small jpeg');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const folders: string[] = [];
function newStore() {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-media-test-'));
  folders.push(dir);
  return new MediaStore(dir);
}
after(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('sniffImageType', () => {
  test('recognises PNG and JPEG by their magic bytes', () => {
    assert.deepEqual(sniffImageType(png), { contentType: 'image/png', extension: 'png' });
    assert.deepEqual(sniffImageType(jpeg), { contentType: 'image/jpeg', extension: 'jpg' });
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
    const store = newStore();
    const first = store.put(png);
    const again = store.put(png);
    assert.equal(first.sha256, sha256(png));
    assert.deepEqual(again, first);
    assert.deepEqual(readdirSync(store.dir), [`${sha256(png)}.png`]);
    store.put(jpeg);
    assert.equal(store.count(), 2);
    const read = await store.get(sha256(jpeg));
    assert.equal(read?.contentType, 'image/jpeg');
    assert.deepEqual(new Uint8Array(read!.bytes), jpeg);
  });

  test('accepts exactly 10 MB and refuses one byte more', () => {
    const store = newStore();
    const limit = new Uint8Array(MAX_MEDIA_BYTES);
    limit.set(PNG_HEADER);
    assert.equal(store.put(limit).size, MAX_MEDIA_BYTES);
    const over = new Uint8Array(MAX_MEDIA_BYTES + 1);
    over.set(PNG_HEADER);
    assert.throws(() => store.put(over), MediaTooLargeError);
  });

  test('refuses a file that is not a JPG or PNG, whatever it is called', () => {
    assert.throws(() => newStore().put(Buffer.from('GIF89a not a png')), UnsupportedMediaTypeError);
  });

  test('has nothing for unknown or malformed hashes', async () => {
    const store = newStore();
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
    const { app } = await testApp({ media: newStore() });
    const response = await upload(app, jpeg, 'poster.png');
    assert.equal(response.status, 200);
    const body = (await response.json()) as { url: string; sha256: string };
    assert.deepEqual(body, { url: `/api/media/${sha256(jpeg)}`, sha256: sha256(jpeg) });

    const served = await app.request(body.url);
    assert.equal(served.status, 200);
    // The type comes from the bytes, not from the .png name the client gave.
    assert.equal(served.headers.get('content-type'), 'image/jpeg');
    assert.match(served.headers.get('cache-control') ?? '', /immutable/);
    assert.deepEqual(new Uint8Array(await served.arrayBuffer()), jpeg);
  });

  test('refuses a file over 10 MB with 413 and a message', async () => {
    const { app } = await testApp({ media: newStore() });
    const big = new Uint8Array(MAX_MEDIA_BYTES + 1);
    big.set(PNG_HEADER);
    const response = await upload(app, big);
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { message: string }).message, /too large/i);
  });

  test('refuses a body far over the limit before reading it (413)', async () => {
    const { app } = await testApp({ media: newStore() });
    const response = await app.request('/api/media', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_MEDIA_BYTES * 2) },
      body: new Uint8Array(MAX_MEDIA_BYTES * 2),
    });
    assert.equal(response.status, 413);
    assert.ok(((await response.json()) as { message: string }).message);
  });

  test('refuses other image types and non-multipart bodies with 415 and a message', async () => {
    const { app } = await testApp({ media: newStore() });
    const gif = await upload(app, Buffer.from('GIF89a pretending'), 'poster.png');
    assert.equal(gif.status, 415);
    assert.match(((await gif.json()) as { message: string }).message, /JPG and PNG/);
    const json = await app.request('/api/media', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(json.status, 415);
  });

  test('answers 400 without a file field and 404 for an unknown hash', async () => {
    const { app } = await testApp({ media: newStore() });
    const form = new FormData();
    form.set('other', 'x');
    assert.equal((await app.request('/api/media', { method: 'POST', body: form })).status, 400);
    const missing = await app.request(`/api/media/${sha256(png)}`);
    assert.equal(missing.status, 404);
    assert.ok(((await missing.json()) as { message: string }).message);
  });
});
