// startMarquee over HTTP: the API, the built dApp (with client-side routes), uploads of an earlier
// version moved from the database to the media folder, and a clean close.
import assert from 'node:assert/strict';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createCluster } from '../src/cluster.ts';
import { loadConfig } from '../src/config.ts';
import { startMarquee } from '../src/start.ts';
import { FakeChainSource } from './helpers/chain.ts';
import { ScriptedChain } from './helpers/scenario.ts';
import { dropTestStorage, testStorage } from './helpers/database.ts';

test('startMarquee serves the API and the dApp over HTTP, and closes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-server-'));
  const staticDir = join(dir, 'dist');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Marquee</title>');
  // A built asset and the brotli and gzip copies the dApp's build writes beside it.
  const script = 'export const film = "The Quiet Orchard";\n'.repeat(100);
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index-Ab12.js'), script);
  writeFileSync(join(staticDir, 'assets', 'index-Ab12.js.br'), brotliCompressSync(script));
  writeFileSync(join(staticDir, 'assets', 'index-Ab12.js.gz'), gzipSync(script));
  const chain = new ScriptedChain(new FakeChainSource('demo'));
  chain.initializePlatform();
  const studio = chain.registerStudio('s', 'S');
  chain.createProject(studio, 'Film', 10);
  const storage = testStorage(join(dir, 'data'));
  const demo = await createCluster({ source: chain.source, ...storage });
  // An upload an earlier version kept in the database: the start moves it to the media folder.
  const poster = Buffer.from('\x89PNG\r\n\x1a\n a poster of an earlier version', 'latin1');
  const posterSha = createHash('sha256').update(poster).digest('hex');
  await demo.db
    .insertInto('media')
    .values({ sha256: posterSha, content_type: 'image/png', bytes: poster, size: poster.length, created_at: 1, private: 0 })
    .execute();
  const config = { ...loadConfig({ PORT: '0', MARQUEE_RPC_CLUSTERS: ' ' }), staticDir, dataDir: join(dir, 'data') };
  const marquee = await startMarquee({ config, clusters: [demo] });
  try {
    const base = `http://127.0.0.1:${(marquee.server.address() as AddressInfo).port}`;
    await demo.indexer.sync();
    const projects = (await (await fetch(`${base}/api/projects`)).json()) as { title: string }[];
    assert.deepEqual(projects.map((p) => p.title), ['Film']);
    assert.match(await (await fetch(`${base}/`)).text(), /<title>Marquee/);
    assert.match(await (await fetch(`${base}/project/0`)).text(), /<title>Marquee/, 'client-side route');
    // A page of the dApp has GET and HEAD only; the API keeps its own answers.
    for (const [method, path] of [['PUT', '/'], ['DELETE', '/project/0'], ['OPTIONS', '/marketplace'], ['POST', '/assets/index-Ab12.js']]) {
      const refused = await fetch(`${base}${path}`, { method });
      assert.equal(refused.status, 405, `${method} ${path}`);
      assert.equal(refused.headers.get('allow'), 'GET, HEAD');
      assert.deepEqual(await refused.json(), { message: `Method ${method} is not allowed on ${path} (allowed: GET, HEAD)` });
    }
    assert.equal((await fetch(`${base}/api/no-such-route`, { method: 'PUT' })).status, 404, 'an unknown API path stays 404');
    assert.equal((await fetch(`${base}/api/projects`, { method: 'PUT' })).status, 405);

    // Assets: the compressed copy the browser accepts, kept for good (their names change with them).
    const asset = (encoding: string) => fetch(`${base}/assets/index-Ab12.js`, { headers: { 'accept-encoding': encoding } });
    for (const [accepted, served] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['identity', null]] as const) {
      const response = await asset(accepted);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-encoding'), served, accepted);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.match(response.headers.get('content-type') ?? '', /javascript/);
      assert.equal(await response.text(), script, 'the same file, decoded');
    }
    const missingAsset = await fetch(`${base}/assets/index-Zz99.js`);
    assert.equal(missingAsset.status, 404, 'a missing asset is not the dApp page');
    assert.notEqual(missingAsset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    // The page names the current build's assets: asked for again on every visit.
    assert.equal((await fetch(`${base}/`)).headers.get('cache-control'), 'no-cache');
    assert.equal((await fetch(`${base}/project/0`)).headers.get('cache-control'), 'no-cache');
    const moved = await fetch(`${base}/api/media/${posterSha}`);
    assert.equal(moved.status, 200);
    assert.deepEqual(Buffer.from(await moved.arrayBuffer()), poster);
    assert.deepEqual(readdirSync(join(dir, 'data', 'media')), [posterSha], 'in the data folder’s media folder, out of the database');
    const missing = await fetch(`${base}/api/nope`);
    assert.equal(missing.status, 404);
    assert.ok(((await missing.json()) as { message: string }).message);
  } finally {
    await marquee.close();
    await dropTestStorage(storage);
  }
});
