// scratch prototype: 2-request stateless view path vs bare
import { sql } from 'kysely';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Agent, request } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../indexer/src/api/app.ts';
import { startDemo } from '../../indexer/src/demo/index.ts';
import { publishers, embeds, views } from '../../indexer/src/db/index.ts';
import { TicketSigner } from '../../indexer/src/player/ticket.ts';
import { playTicket } from '../../indexer/src/player/machine.ts';
import { countingProblem } from '../../indexer/src/player/counting.ts';
import { limitProblem } from '../../indexer/src/player/view-limits.ts';
import { addressGroups } from '../../indexer/src/player/address-group.ts';
const C = 8;
import Database from 'better-sqlite3';
const ST: Record<string, [number, number]> = {}; let on = false;
const proto = Object.getPrototypeOf(new Database(':memory:').prepare('select 1'));
for (const m of ['all', 'run', 'get', 'iterate']) { const orig = proto[m]; proto[m] = function (...a: any[]) { if (!on) return orig.apply(this, a); const t = performance.now(); try { return orig.apply(this, a); } finally { const k = this.source.slice(0, 140); const e = ST[k] ??= [0, 0]; e[0] += performance.now() - t; e[1]++; } }; }

const secret = Buffer.alloc(32, 3);
const tickets = new TicketSigner(secret);
const agentA = new Agent({ keepAlive: true, maxSockets: C });
const agentB = new Agent({ keepAlive: true, maxSockets: C });
function call(agent: Agent, port: number, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((res, rej) => {
    const r = request({ host: '127.0.0.1', port, path, method, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : headers }, (s) => {
      const chunks: Buffer[] = []; s.on('data', (d) => chunks.push(d)); s.on('end', () => res({ status: s.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    r.on('error', rej); r.end(payload);
  });
}
const listen = (fetch: any) => new Promise<number>((r) => { const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => r((s.address() as any).port)); });
const dataDir = mkdtempSync(join(tmpdir(), 'zz-'));
const demo = await startDemo({ dataDir, origin: 'http://localhost:8787', settlementIntervalMs: 0 });
const db = demo.cluster.db;
await sql`PRAGMA foreign_keys = OFF`.execute(db);
const app = createApp({ clusters: [demo.cluster], demo: demo.extension, trustedProxyHops: 1, views: { minWatchMs: 0 }, ticketSecret: secret } as any);
app.post('/api/zzview', async (c) => {
  const body = await c.req.json();
  const now = Date.now();
  const t = tickets.verifyTicket(body.ticket, now);
  if ('problem' in t) return c.json({ message: t.problem }, 403);
  const embed = await embeds.findEmbed(db, body.projectId, body.embedId, t.publisher);
  if (!embed) return c.json({ message: 'no embed' }, 404);
  const problem = await countingProblem(db, embed, t.origin);
  if (problem) return c.json({ message: problem }, 403);
  const groups = addressGroups(c.get('clientIp'));
  const limited = await limitProblem(db, 'views', { embed: embed.address, groups, since: now - 60000 }, { perAddress: 20, perNetwork: 80, perEmbed: 300 });
  if (limited) return c.json({ message: limited }, 429);
  const r = await sql`INSERT INTO views (project_id, embed, nonce, ip, ip_group, wide_group, counted_at, campaign) VALUES (${embed.project_id}, ${embed.address}, ${t.id}, ${c.get('clientIp')}, ${groups.narrow}, ${groups.wide}, ${now}, ${t.campaign}) ON CONFLICT DO NOTHING`.execute(db);
  return c.json({ counted: Number(r.numAffectedRows) === 1 });
});
const bareApp = new Hono();
await sql`CREATE TABLE bench_bare_writes (id INTEGER PRIMARY KEY, ip TEXT NOT NULL, at BIGINT NOT NULL)`.execute(db);
let id = 0;
bareApp.post('/bare', async (c) => { await sql`INSERT INTO bench_bare_writes (id, ip, at) VALUES (${++id}, ${c.req.header('x-forwarded-for') ?? ''}, ${Date.now()})`.execute(db); return c.json({ written: true }, 201); });
const ap = await listen(app.fetch); const bp = await listen(bareApp.fetch);
const list = (await (await app.request('/api/embeds')).json()) as any[];
for (const e of list) { const origin = new URL(e.websiteUrl).origin; const w = await publishers.requestWebsite(db, { wallet: e.publisher, origin, websiteUrl: origin, token: 'b', contactEmail: null, now: Date.now() }); await publishers.recordCheck(db, w.id, { verified: true, method: 'well-known', now: Date.now() }); }
const addr = (n: number) => { const k = n >> 1; return n % 2 === 0 ? `10.${(k >> 8) & 255}.${k & 255}.${1 + ((k >> 16) & 127)}` : `2001:db8:${(k >> 16).toString(16)}:${(k & 0xffff).toString(16)}::1`; };
let n = 0, counted = 0, writes = 0; let tv = 0, tb = 0;
for (let slice = 0; slice < 10; slice++) {
  const viewers: any[] = [];
  for (let i = 0; i < 100; i++) {
    const e = list[n % list.length]; const ip = addr(n++);
    const site = new URL(e.websiteUrl).origin;
    const page = await call(agentA, ap, 'GET', `/player/${e.projectId}?embed=${encodeURIComponent(e.embedId)}`, { 'x-forwarded-for': ip, referer: `${site}/watch`, 'sec-fetch-site': 'cross-site' });
    const cfg = JSON.parse(/id="player-config">(.*?)<\/script>/s.exec(page.body)![1]);
    const played = playTicket(cfg.slots, cfg.ads); if (played && cfg.pageToken) viewers.push({ e, ip, pageToken: cfg.pageToken, slot: played.slot });
  }
  let next = 0; on = true; const t0 = performance.now();
  await Promise.all(Array.from({ length: C }, async () => { while (next < viewers.length) { const v = viewers[next++];
    const ad = await call(agentA, ap, 'GET', `/player/${v.e.projectId}/ads/${v.slot}?page=${encodeURIComponent(v.pageToken)}`, { 'x-forwarded-for': v.ip });
    const ticket = JSON.parse(ad.body).ticket;
    const r = await call(agentA, ap, 'POST', '/api/zzview', { 'x-forwarded-for': v.ip }, { projectId: v.e.projectId, embedId: v.e.embedId, ticket });
    if (r.status === 200 && JSON.parse(r.body).counted) counted++; else if (counted < 3) console.log(r.body);
  } }));
  const took = performance.now() - t0; tv += took; on = false;
  const end = performance.now() + took; const t1 = performance.now();
  await Promise.all(Array.from({ length: C }, async () => { while (performance.now() < end) { await call(agentB, bp, 'POST', '/bare', { 'x-forwarded-for': addr(writes++) }, {}); } }));
  tb += performance.now() - t1;
}
console.log({ counted, viewsPerS: counted / tv * 1000, barePerS: writes / tb * 1000, ratio: (counted / tv) / (writes / tb) });
for (const [k, [t, c]] of Object.entries(ST).sort((a, b) => b[1][0] - a[1][0])) console.log((t / counted * 1000).toFixed(1), 'us/view', c, k.replace(/\s+/g, ' '));
process.exit(0);
