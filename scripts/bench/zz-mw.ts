import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../indexer/src/api/app.ts';
import { startDemo } from '../../indexer/src/demo/index.ts';
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function call(port: number, method: string, path: string, body?: string): Promise<number> {
  return new Promise((res, rej) => {
    const r = request({ host: '127.0.0.1', port, path, method, agent, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': '10.0.0.1' } : { 'x-forwarded-for': '10.0.0.1' } }, (s) => { s.resume(); s.on('end', () => res(s.statusCode ?? 0)); });
    r.on('error', rej); r.end(body);
  });
}
const listen = (fetch: any) => new Promise<number>((r) => { const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => r((s.address() as any).port)); });
const dataDir = mkdtempSync(join(tmpdir(), 'zz-'));
const demo = await startDemo({ dataDir, origin: 'http://localhost:8787', settlementIntervalMs: 0 });
const app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1 });
const bare = new Hono().get('/x', (c) => c.json({ ok: true })).post('/x', async (c) => { await c.req.json(); return c.json({ ok: true }, 201); });
const bp = await listen(bare.fetch); const ap = await listen(app.fetch);
async function time(name: string, f: () => Promise<number>) {
  for (let i = 0; i < 300; i++) await f();
  const n = 3000; const t = performance.now(); let st = 0;
  for (let i = 0; i < n; i++) st = await f();
  console.log(name, st, ((performance.now() - t) / n).toFixed(3), 'ms');
}
for (let k = 0; k < 2; k++) {
await time('bare GET', () => call(bp, 'GET', '/x'));
await time('bare POST', () => call(bp, 'POST', '/x', '{"a":1}'));
await time('app GET loader.js', () => call(ap, 'GET', '/player/loader.js'));
await time('app GET /api/nothing', () => call(ap, 'GET', '/api/zzz'));
await time('app POST views invalid', () => call(ap, 'POST', '/api/views', '{"a":1}'));
await time('app GET ad pre-roll (no page)', () => call(ap, 'GET', '/player/1/ads/pre-roll'));
}
process.exit(0);
