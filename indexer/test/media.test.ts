// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// The content-addressed media store and /api/media: type sniffed from the bytes, the 10 MB limit of
// images and the 50 MB limit of video creatives (MP4, WebM), one file per content in an owner-only
// media folder and one row per content (in the test database: SQLite, or PostgreSQL with
// MARQUEE_TEST_DATABASE_URL), 413 / 415 with `{ message }` and nothing kept, immutable serving
// with the right type, private documents to their uploader and the admin only.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { MAX_MEDIA_BYTES, MAX_REQUEST_BODY_BYTES, MAX_VIDEO_CREATIVE_BYTES } from '../src/constants.ts';
import { MediaStore, MediaTooLargeError, UnsupportedMediaTypeError, sniffImageType, sniffMediaType } from '../src/media/index.ts';
import { discardStore, MIGRATIONS, openStore, type DataStore, type StoreLocation } from '../src/db/index.ts';
import anchor from '@coral-xyz/anchor';
import { DEFAULT_QUOTAS } from '../src/api/quotas.ts';
import { testApp } from './helpers/app.ts';
import { signIn } from './helpers/sign-in.ts';
import { configureDemoAdmin } from '../src/roles/platform-admin.ts';
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
  const folder = join(mkdtempSync(join(tmpdir(), 'marquee-media-')), 'media');
  return { store: new MediaStore(database.db, folder), db: database.db, folder };
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
    assert.equal(read?.size, jpeg.length);
    assert.deepEqual(new Uint8Array(await new Response(store.read(sha256(jpeg))).arrayBuffer()), jpeg);
  });

  test('keeps the bytes as a file named by their hash in an owner-only folder, the row without them', async () => {
    const { store, db, folder } = await newStore();
    await store.put(png);
    await store.put(png);
    assert.deepEqual(readdirSync(folder), [sha256(png)], 'one file per content, no temporary file left');
    assert.deepEqual(new Uint8Array(readFileSync(join(folder, sha256(png)))), png);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    assert.equal(statSync(join(folder, sha256(png))).mode & 0o777, 0o600);
    const [row] = await sqlRows(db, 'SELECT bytes, size FROM media');
    assert.equal(row.bytes, null);
    assert.equal(Number(row.size), png.length);
  });

  test('an upload is written to disk as it arrives, never held whole: a temporary file (0600) holds what came so far', async () => {
    const { store, folder } = await newStore();
    const first = new Uint8Array(1024 * 1024);
    first.set(MP4_HEADER);
    const second = new Uint8Array(1024 * 1024).fill(7);
    let seenMidway: { names: string[]; size: number; mode: number } | undefined;
    async function* arriving() {
      yield first;
      const names = readdirSync(folder);
      const temporary = join(folder, names[0]);
      seenMidway = { names, size: statSync(temporary).size, mode: statSync(temporary).mode & 0o777 };
      yield second;
    }
    const stored = await store.putStream(arriving());
    assert.equal(seenMidway?.names.length, 1);
    assert.match(seenMidway!.names[0], /^\.incoming-/);
    assert.equal(seenMidway?.size, first.length, 'the first chunk was on disk before the second arrived');
    assert.equal(seenMidway?.mode, 0o600);
    assert.equal(stored.size, first.length + second.length);
    assert.deepEqual(readdirSync(folder), [stored.sha256]);
  });

  test('a refused upload leaves no file behind', async () => {
    const { store, folder } = await newStore();
    await assert.rejects(store.put(Buffer.from('GIF89a not a png')), UnsupportedMediaTypeError);
    await assert.rejects(store.put(Buffer.from('GIF')), UnsupportedMediaTypeError);
    const over = new Uint8Array(MAX_MEDIA_BYTES + 1);
    over.set(PNG_HEADER);
    await assert.rejects(store.putStream([over.subarray(0, 1024), over.subarray(1024)]), MediaTooLargeError);
    assert.deepEqual(readdirSync(folder), []);
  });

  test('refuses a media folder other users may open', () => {
    const folder = mkdtempSync(join(tmpdir(), 'marquee-media-open-'));
    chmodSync(folder, 0o755);
    assert.throws(() => new MediaStore({} as never, folder), /open to other users \(mode 0755\).*chmod 700/);
  });

  test('an earlier version’s database keeps its files through the migration, and the first start moves them to the folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-media-upgrade-'));
    const throwaway = testLocation();
    // A database that outlives its first opening (reopened below by the upgraded server).
    const location: StoreLocation = throwaway.dialect === 'postgres' ? { ...throwaway, temporary: false } : { dialect: 'sqlite', path: join(dataDir, 'a.db') };
    // The schema before the files left the database, its uploads in the rows.
    const earlier = await openStore(location, MIGRATIONS.slice(0, MIGRATIONS.findIndex((migration) => migration.name.endsWith('_media_files'))));
    for (const bytes of [png, mp4]) {
      await earlier.db
        .insertInto('media')
        .values({ sha256: sha256(bytes), content_type: bytes === png ? 'image/png' : 'video/mp4', bytes, size: bytes.length, created_at: 1 })
        .execute();
    }
    await earlier.close();
    const upgraded = await openStore(location);
    try {
      const folder = join(dataDir, 'media');
      const store = new MediaStore(upgraded.db, folder);
      assert.equal(await store.get(sha256(png)), null, 'not served before it is moved');
      assert.equal(await store.moveDatabaseBytesToFiles(), 2);
      assert.deepEqual(readdirSync(folder).sort(), [sha256(png), sha256(mp4)].sort());
      assert.deepEqual(new Uint8Array(await new Response(store.read(sha256(mp4))).arrayBuffer()), mp4);
      assert.equal((await store.get(sha256(png)))?.contentType, 'image/png');
      assert.equal((await sqlRows(upgraded.db, 'SELECT sha256 FROM media WHERE bytes IS NOT NULL')).length, 0);
      assert.equal(await store.moveDatabaseBytesToFiles(), 0, 'a second start has nothing to move');
      assert.equal(await store.count(), 2);
      // A later start does not search the media table again: even bytes left there stay (this
      // version writes none; the row is the first start's record that the move is done).
      const left = new Uint8Array([...PNG_HEADER, 9, 9, 9]);
      await upgraded.db.insertInto('media').values({ sha256: sha256(left), content_type: 'image/png', bytes: left, size: left.length, created_at: 2 }).execute();
      assert.equal(await store.moveDatabaseBytesToFiles(), 0, 'a later start moves nothing');
      assert.equal((await sqlRows(upgraded.db, 'SELECT sha256 FROM media WHERE bytes IS NOT NULL')).length, 1);
      assert.equal((await sqlRows(upgraded.db, 'SELECT name FROM one_time_tasks')).length, 1);
    } finally {
      await upgraded.close();
      await discardStore(location);
    }
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
    assert.throws(() => store.read('../../etc/passwd'), /Not a sha256/);
  });
});

describe('/api/media', () => {
  const UPLOADER = anchor.web3.Keypair.generate();
  const OTHER = anchor.web3.Keypair.generate();
  type App = Awaited<ReturnType<typeof testApp>>['app'];
  const sessions = new WeakMap<App, string>();
  /** The uploader's session on `app` (signed in once per app, as the dApp does before writing). */
  const sessionOf = async (app: App) => {
    if (!sessions.has(app)) sessions.set(app, await signIn(app, UPLOADER));
    return sessions.get(app)!;
  };
  const upload = async (app: App, bytes: Uint8Array<ArrayBuffer>, name = 'poster.png', path = '/api/media') => {
    const form = new FormData();
    form.set('file', new File([bytes], name));
    return app.request(path, { method: 'POST', body: form, headers: { cookie: await sessionOf(app) } });
  };

  test('an upload needs a session: 401 and nothing stored without one', async () => {
    const { store } = await newStore();
    const { app } = await testApp({ media: store });
    const form = new FormData();
    form.set('file', new File([png], 'poster.png'));
    const response = await app.request('/api/media', { method: 'POST', body: form });
    assert.equal(response.status, 401);
    assert.match(((await response.json()) as { message: string }).message, /Sign in/);
    assert.equal(await store.count(), 0);
  });

  test('a wallet past its upload quota gets 429 with Retry-After, and nothing more is stored', async () => {
    const { store } = await newStore();
    const { app } = await testApp({ media: store, quotas: { ...DEFAULT_QUOTAS, uploads: { limit: 2, windowMs: 60_000 } } });
    assert.equal((await upload(app, png)).status, 200);
    assert.equal((await upload(app, jpeg)).status, 200);
    const third = await upload(app, image(PNG_HEADER, 'a third png'));
    assert.equal(third.status, 429);
    assert.equal(third.headers.get('retry-after'), '60');
    assert.match(((await third.json()) as { message: string }).message, /Too many uploads/);
    assert.equal(await store.count(), 2);
  });

  test('a client address signing in as fresh wallets is held to the upload quota too: 429, nothing more stored', async () => {
    const { store } = await newStore();
    const { app } = await testApp({ media: store, quotas: { ...DEFAULT_QUOTAS, uploads: { limit: 2, windowMs: 60_000 } } });
    const asFreshWallet = async (bytes: Uint8Array<ArrayBuffer>, address: string) => {
      const form = new FormData();
      form.set('file', new File([bytes], 'poster.png'));
      const cookie = await signIn(app, anchor.web3.Keypair.generate());
      return app.request('/api/media', { method: 'POST', body: form, headers: { cookie, 'x-forwarded-for': address } });
    };
    assert.equal((await asFreshWallet(png, '203.0.113.40')).status, 200);
    assert.equal((await asFreshWallet(jpeg, '203.0.113.40')).status, 200);
    const third = await asFreshWallet(image(PNG_HEADER, 'a third png'), '203.0.113.40');
    assert.equal(third.status, 429);
    assert.match(((await third.json()) as { message: string }).message, /Too many uploads/);
    assert.equal(await store.count(), 2);
    assert.equal((await asFreshWallet(image(PNG_HEADER, 'from elsewhere'), '198.51.100.41')).status, 200, 'another address uploads');
  });

  test('an upload streamed past the limit without a declared length is refused at 413 and nothing is stored', async () => {
    const { store, folder } = await newStore();
    const { app } = await testApp({ media: store });
    const boundary = 'streamed-boundary';
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const total = MAX_MEDIA_BYTES + 2 * chunk.length;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`));
        controller.enqueue(Uint8Array.from(PNG_HEADER.concat(Array(64).fill(0))));
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await app.request('/api/media', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: await sessionOf(app) },
      body,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { message: string }).message, /too large.*10 MB for an image/i);
    // Refused as soon as it passed the limit: the rest of the body was never read.
    assert.ok(sent < total, `read ${sent} of ${total} bytes`);
    assert.equal(await store.count(), 0);
    assert.deepEqual(readdirSync(folder), [], 'the partial file is removed');
  });

  test('a Range request answers 206 with that byte range and Content-Range; a range past the end 416', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const video = image(MP4_HEADER, 'frames '.repeat(100));
    const { url } = (await (await upload(app, video, 'ad.mp4')).json()) as { url: string };
    const whole = await app.request(url);
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    const part = await app.request(url, { headers: { range: 'bytes=4-11' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 4-11/${video.length}`);
    assert.deepEqual(new Uint8Array(await part.arrayBuffer()), video.subarray(4, 12));
    const tail = await app.request(url, { headers: { range: 'bytes=-5' } });
    assert.equal(tail.status, 206);
    assert.deepEqual(new Uint8Array(await tail.arrayBuffer()), video.subarray(video.length - 5));
    const outside = await app.request(url, { headers: { range: `bytes=${video.length}-` } });
    assert.equal(outside.status, 416);
    assert.equal(outside.headers.get('content-range'), `bytes */${video.length}`);
  });

  test("a private upload (a verification document) is a 0600 file served to its uploader and the admin only: 401 anonymous, 403 another wallet", async () => {
    const { store, folder } = await newStore();
    const { app, cluster } = await testApp({ media: store });
    const ADMIN = anchor.web3.Keypair.generate();
    await configureDemoAdmin(cluster.db, ADMIN.publicKey.toBase58(), Date.now());
    const document = image(PNG_HEADER, 'certificate of incorporation');
    const { url } = (await (await upload(app, document, 'registration.png', '/api/media?visibility=private')).json()) as { url: string };
    assert.equal(statSync(join(folder, sha256(document))).mode & 0o777, 0o600);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    const own = await app.request(url, { headers: { cookie: await sessionOf(app) } });
    assert.equal(own.status, 200);
    assert.match(own.headers.get('cache-control') ?? '', /private/);
    assert.deepEqual(new Uint8Array(await own.arrayBuffer()), document);
    const admin = await app.request(url, { headers: { cookie: await signIn(app, ADMIN) } });
    assert.equal(admin.status, 200);
    assert.deepEqual(new Uint8Array(await admin.arrayBuffer()), document);
    const anonymous = await app.request(url);
    assert.equal(anonymous.status, 401);
    assert.match(((await anonymous.json()) as { message: string }).message, /Sign in to read this private document/);
    const other = await app.request(url, { headers: { cookie: await signIn(app, OTHER) } });
    assert.equal(other.status, 403);
    assert.match(((await other.json()) as { message: string }).message, /only to the wallet that uploaded it and the platform admin/);
    // Nor by a range of it.
    assert.equal((await app.request(url, { headers: { range: 'bytes=0-3' } })).status, 401);
  });

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

  test('refuses a file over 10 MB with 413 and a message, storing nothing', async () => {
    const { store } = await newStore();
    const { app } = await testApp({ media: store });
    const big = new Uint8Array(MAX_MEDIA_BYTES + 1);
    big.set(PNG_HEADER);
    const response = await upload(app, big);
    assert.equal(response.status, 413);
    assert.match(((await response.json()) as { message: string }).message, /too large/i);
    assert.equal(await store.count(), 0);
  });

  test('refuses a body far over the limit before reading it (413)', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const response = await app.request('/api/media', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_VIDEO_CREATIVE_BYTES * 2), cookie: await sessionOf(app) },
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
    const json = await app.request('/api/media', { method: 'POST', headers: { 'content-type': 'application/json', cookie: await sessionOf(app) }, body: '{}' });
    assert.equal(json.status, 415);
  });

  test('answers 400 without a file field and 404 for an unknown hash', async () => {
    const { app } = await testApp({ media: (await newStore()).store });
    const form = new FormData();
    form.set('other', 'x');
    assert.equal((await app.request('/api/media', { method: 'POST', body: form, headers: { cookie: await sessionOf(app) } })).status, 400);
    const missing = await app.request(`/api/media/${sha256(png)}`);
    assert.equal(missing.status, 404);
    assert.ok(((await missing.json()) as { message: string }).message);
  });
});
