// What the demo-chain API tests share: a JSON request through the app (the body parsed when the
// answer is JSON), and taking a demo runtime down: its chain, its indexer and its store, then its
// storage and data directory; a fresh data directory with its storage, and a wall clock a test can move.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DemoRuntime } from '../../src/demo/index.ts';
import { dropTestStorage, testStorage } from './database.ts';

 
type Json = any;

export async function jsonRequest(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: Json }> {
  const response = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** Stops the demo chain and its indexer and closes its store. */
export async function stopDemo(demo: DemoRuntime): Promise<void> {
  demo.stop();
  demo.cluster.indexer.stop();
  await demo.cluster.store.close();
}

/** stopDemo, then releases the runtime and drops its storage and data directory. */
export async function discardDemo(demo: DemoRuntime, storage: Parameters<typeof dropTestStorage>[0], dataDir: string): Promise<void> {
  await stopDemo(demo);
  demo.release();
  await dropTestStorage(storage);
  rmSync(dataDir, { recursive: true, force: true });
}

/** A new data directory (marquee-<name>-…) and the test storage over it, for one demo runtime. */
export function demoDataDir(name: string): { dataDir: string; storage: ReturnType<typeof testStorage> } {
  const dataDir = mkdtempSync(join(tmpdir(), `marquee-${name}-`));
  return { dataDir, storage: testStorage(dataDir) };
}

/** The wall clock a demo chain and its API run on; a test moves it (past a deadline, a last call) with offsetMs. */
export function movableClock(): { offsetMs: number; now: () => number } {
  const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
  return clock;
}
