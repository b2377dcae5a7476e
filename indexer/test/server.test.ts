// startMarquee over HTTP: the API, the built dApp (with client-side routes), and a clean close.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
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
  const chain = new ScriptedChain(new FakeChainSource('demo'));
  chain.initializePlatform();
  const studio = chain.registerStudio('s', 'S');
  chain.createProject(studio, 'Film', 10);
  const storage = testStorage(join(dir, 'data'));
  const demo = await createCluster({ source: chain.source, ...storage });
  const config = { ...loadConfig({ PORT: '0', MARQUEE_RPC_CLUSTERS: ' ' }), staticDir, dataDir: join(dir, 'data') };
  const marquee = await startMarquee({ config, clusters: [demo] });
  try {
    const base = `http://127.0.0.1:${(marquee.server.address() as AddressInfo).port}`;
    await demo.indexer.sync();
    const projects = (await (await fetch(`${base}/api/projects`)).json()) as { title: string }[];
    assert.deepEqual(projects.map((p) => p.title), ['Film']);
    assert.match(await (await fetch(`${base}/`)).text(), /<title>Marquee/);
    assert.match(await (await fetch(`${base}/project/0`)).text(), /<title>Marquee/, 'client-side route');
    const missing = await fetch(`${base}/api/nope`);
    assert.equal(missing.status, 404);
    assert.ok(((await missing.json()) as { message: string }).message);
  } finally {
    await marquee.close();
    await dropTestStorage(storage);
  }
});
