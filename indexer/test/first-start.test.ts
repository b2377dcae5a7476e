// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// A fresh demo with no admin configured: the first wallet that signs in (and connects its demo
// wallet) becomes the platform admin — kept in the database, stated by /api/platform and the
// studio overview — and approves a studio's application with verify_studio; the second wallet is
// not admin. The notifications of a wallet are computed from indexed data (revenue to claim, a
// backed film funded, the verification decided), read/unread per wallet, and bad reads store nothing.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createApp } from '../src/api/app.ts';
import { startDemo, type DemoRuntime } from '../src/demo/index.ts';
import { claimDemoAdmin, configureDemoAdmin, adminHolder } from '../src/roles/platform-admin.ts';
import { solText } from '../src/read-models/notifications.ts';
import { testStorage, scalar } from './helpers/database.ts';
import { discardDemo, jsonRequest } from './helpers/demo-app.ts';
import { signIn } from './helpers/sign-in.ts';

type Json = any;
type As = 'first' | 'second' | null;

const FIRST_KEY = anchor.web3.Keypair.generate();
const SECOND_KEY = anchor.web3.Keypair.generate();
const FIRST = FIRST_KEY.publicKey.toBase58();
const SECOND = SECOND_KEY.publicKey.toBase58();
const DOCUMENT = { name: 'registration.png', url: `/api/media/${'cd'.repeat(32)}`, sha256: 'cd'.repeat(32) };

describe('first start: the first wallet is admin; notifications', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-first-start-'));
  const storage = testStorage(dataDir);
  let demo: DemoRuntime;
  const sessions: Record<Exclude<As, null>, string> = { first: '', second: '' };
  let request: (method: string, path: string, body?: unknown, as?: As) => Promise<{ status: number; body: Json }>;

  before(async () => {
    demo = await startDemo({ ...storage, origin: 'http://localhost:8787', settlementIntervalMs: 0 });
    demo.cluster.indexer.start();
    const app = createApp({ clusters: [demo.cluster], demo: demo.extension });
    sessions.first = await signIn(app, FIRST_KEY);
    sessions.second = await signIn(app, SECOND_KEY);
    request = async (method, path, body, as = 'first') => jsonRequest(app, method, path, body, as ? { cookie: sessions[as] } : {});
  });

  after(() => discardDemo(demo, storage, dataDir));

  test('the first wallet connected on a fresh demo is the admin; the second is not; both get 15.75 SOL', async () => {
    assert.equal((await request('GET', '/api/platform')).body.adminWallet, null, 'nobody is admin before a wallet signs in');
    const first = await request('POST', '/api/demo/wallets', { walletAddress: FIRST });
    assert.equal(first.status, 200, first.body.message);
    const second = await request('POST', '/api/demo/wallets', { walletAddress: SECOND }, 'second');
    assert.equal(second.status, 200);
    assert.deepEqual([first.body.balance, second.body.balance], [15.75, 15.75]);

    const platform = (await request('GET', '/api/platform')).body;
    assert.deepEqual({ wallet: platform.adminWallet, source: platform.adminSource }, { wallet: FIRST, source: 'first-sign-in' });
    assert.equal((await request('GET', `/api/studios/${FIRST}`)).body.isAdmin, true);
    assert.equal((await request('GET', `/api/studios/${SECOND}`)).body.isAdmin, false);
    // Kept in the database: what every API process on it reads.
    assert.equal(await scalar(demo.cluster.db, "SELECT wallet_address FROM platform_roles WHERE role = 'admin'"), FIRST);
  });

  test('the claim is for a fresh install only, one winner, and the configured wallet overrides it', async () => {
    const db = demo.cluster.db;
    assert.equal(await claimDemoAdmin(db, SECOND, false, Date.now()), false, 'the role is taken');
    assert.equal(await claimDemoAdmin(db, FIRST, true, Date.now()), true, 'the holder stays the holder');
    await demo.cluster.db.deleteFrom('platform_roles').execute();
    assert.equal(await claimDemoAdmin(db, SECOND, true, Date.now()), false, 'wallets connected before: no first wallet');
    assert.equal(await adminHolder(db), undefined, 'a refused claim stores nothing');
    assert.equal(await claimDemoAdmin(db, SECOND, false, Date.now()), true);
    await configureDemoAdmin(db, FIRST, Date.now());
    assert.deepEqual({ ...(await adminHolder(db)), assignedAt: 0 }, { walletAddress: FIRST, source: 'configured', assignedAt: 0 });
    await demo.cluster.db.updateTable('platform_roles').set({ source: 'first-sign-in' }).execute();
  });

  test('the first wallet approves a studio application: verify_studio signed with the admin key', async () => {
    const listed = await request('POST', '/api/demo/register-studio', { walletAddress: SECOND, name: 'Tidewater Pictures' }, 'second');
    assert.equal(listed.status, 200, listed.body.message);
    const application = { walletAddress: SECOND, studioName: 'Tidewater Pictures', contactEmail: 'hi@tidewater.example', website: 'https://tidewater.example', description: 'Coastal films.', documents: [DOCUMENT] };
    const submitted = await request('POST', '/api/verification/applications', application, 'second');
    assert.equal(submitted.status, 201, submitted.body.message);
    assert.equal((await request('GET', '/api/verification/applications', undefined, 'second')).status, 403);
    assert.equal((await request('GET', '/api/verification/applications')).status, 200);
    const studio = (await request('GET', `/api/studios/${SECOND}`)).body.chainAddress;
    const forged = await request('POST', '/api/demo/verify-studio', { walletAddress: SECOND, studio, verified: true }, 'second');
    assert.equal(forged.status, 403);
    const verified = await request('POST', '/api/demo/verify-studio', { walletAddress: FIRST, studio, verified: true });
    assert.equal(verified.status, 200, verified.body.message);
    const approved = await request('POST', `/api/verification/applications/${submitted.body.id}/approve`, { txHash: verified.body.signature });
    assert.equal(approved.status, 200, approved.body.message);
    assert.equal((await request('GET', `/api/studios/${SECOND}`)).body.studio.verified, true);
  });

  test('notifications need a session; the decided verification is the studio’s, not the admin’s', async () => {
    assert.equal((await request('GET', '/api/notifications', undefined, null)).status, 401);
    const studio = (await request('GET', '/api/notifications', undefined, 'second')).body;
    assert.deepEqual(
      studio.notifications.map((notice: Json) => [notice.kind, notice.title, notice.href, notice.read]),
      [['verification-decided', 'Studio verified', '/verification', false]],
    );
    assert.equal(studio.unreadCount, 1);
    assert.deepEqual((await request('GET', '/api/notifications')).body, { notifications: [], unreadCount: 0 });
  });

  test('a backed film funded and revenue to claim are notified; marking read is per wallet', async () => {
    const projects = (await request('GET', '/api/projects')).body;
    const film = projects.find((project: Json) => project.status === 'funding' && project.fundingGoal - project.currentFunding < 5000);
    const rest = (film.fundingGoal - film.currentFunding) / 1000;
    assert.equal((await request('POST', '/api/demo/invest', { walletAddress: FIRST, projectId: film.id, amount: rest })).status, 200);
    const revenue = await request('POST', '/api/demo/generate-revenue', { userId: FIRST, amount: 0.5 });
    assert.equal(revenue.status, 200, revenue.body.message);

    const list = (await request('GET', '/api/notifications')).body;
    const kinds = list.notifications.map((notice: Json) => notice.kind).sort();
    assert.ok(kinds.includes('revenue-claimable'), JSON.stringify(kinds));
    assert.ok(kinds.includes('film-funded'), JSON.stringify(kinds));
    const claimable = list.notifications.find((notice: Json) => notice.kind === 'revenue-claimable');
    assert.equal(claimable.href, '/claim-revenue');
    assert.match(claimable.message, / SOL of ad revenue is ready to claim\.$/);
    assert.equal(list.unreadCount, list.notifications.length);

    const marked = await request('POST', '/api/notifications/read', { ids: [claimable.id] });
    assert.equal(marked.status, 200, marked.body.message);
    assert.deepEqual(marked.body, { marked: 1, unreadCount: list.notifications.length - 1 });
    const after = (await request('GET', '/api/notifications')).body;
    assert.equal(after.notifications.find((notice: Json) => notice.id === claimable.id).read, true);
    assert.equal(after.unreadCount, list.notifications.length - 1);
    // Another wallet marking it is refused: it is not one of its notifications.
    assert.equal((await request('POST', '/api/notifications/read', { ids: [claimable.id] }, 'second')).status, 404);
  });

  test('bad reads are refused and store nothing', async () => {
    const before = await scalar(demo.cluster.db, 'SELECT COUNT(*) FROM notification_reads');
    const list = (await request('GET', '/api/notifications')).body;
    const unread = list.notifications.find((notice: Json) => !notice.read);
    assert.equal((await request('POST', '/api/notifications/read', { ids: [] })).status, 400);
    assert.equal((await request('POST', '/api/notifications/read', { ids: 'all' })).status, 400);
    assert.equal((await request('POST', '/api/notifications/read', { ids: [unread.id] }, null)).status, 401);
    const mixed = await request('POST', '/api/notifications/read', { ids: [unread.id, 'revenue-claimable:999999'] });
    assert.equal(mixed.status, 404);
    assert.match(mixed.body.message, /revenue-claimable:999999/);
    assert.equal(Number(await scalar(demo.cluster.db, 'SELECT COUNT(*) FROM notification_reads')), Number(before));
    assert.equal((await request('GET', '/api/notifications')).body.unreadCount, list.unreadCount);
  });

  test('amounts show the digits they need', () => {
    assert.equal(solText(15_000), '0.000015 SOL');
    assert.equal(solText(2_500_000_000), '2.50 SOL');
    assert.equal(solText(0), '0.00 SOL');
  });
});
