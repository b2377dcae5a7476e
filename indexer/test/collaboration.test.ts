// @differs-on-postgres: test/all.ts runs this file on PostgreSQL too
// /api/collaboration through app.request(), on SQLite or PostgreSQL (helpers/database.ts): the hub's
// indexed facts, chat (persisted and pushed live as server-sent events), the studio's updates, polls
// and team, and every refusal of bad input with nothing stored.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/api/app.ts';
import { createCluster } from '../src/cluster.ts';
import { randomBytes } from 'node:crypto';
import { SessionSigner } from '../src/auth/session.ts';
import { CHAT_MESSAGE_MAX_LENGTH, SESSION_COOKIE } from '../src/constants.ts';
import { users, type StoreLocation } from '../src/db/index.ts';
import { testApp } from './helpers/app.ts';
import { address, FakeChainSource } from './helpers/chain.ts';
import { scalar, testDatabaseUrl, uniquePrefix } from './helpers/database.ts';
import { ScriptedChain, T0 } from './helpers/scenario.ts';

const alice = address('alice');
const bob = address('bob');
/** The studio's wallet, linked to the authority that created the film (as the demo chain links it). */
const STUDIO = address('studio-wallet');
const FAN = address('fan');
const POLL_LENGTH_MS = 3_600_000;

/** The sessions of the test apps: a wallet's cookie as if it had signed in (sign-in itself: auth.test.ts). */
const sessions = new SessionSigner(randomBytes(32));
const cookieOf = (walletAddress: string) =>
  `${SESSION_COOKIE}=${sessions.sign({ walletAddress, issuedAt: Date.now(), expiresAt: Date.now() + 3_600_000 })}`;

/** A funding film (alice 3 SOL, bob 1 SOL) whose studio authority acts for the STUDIO wallet. */
async function hub() {
  const t = await testApp({ auth: { sessions } });
  const { chain, cluster, clock } = t;
  chain.initializePlatform();
  const studio = chain.registerStudio('a24', 'A24');
  const film = chain.createProject(studio, 'Open Water', 20);
  chain.invest(film.id, alice, 3_000_000_000n);
  chain.invest(film.id, bob, 1_000_000_000n);
  await cluster.indexer.sync();
  await users.linkSigner(cluster.db, STUDIO, address('authority:a24'), clock.now());
  /**
   * `as` is the acting wallet (the body's walletAddress), signed in as `signedInAs` (by default `as`
   * itself; null: no session); both absent for an anonymous call.
   */
  const call = async (method: string, path: string, body?: Record<string, unknown>, as?: string, signedInAs: string | null | undefined = as) => {
    const payload = as ? { ...body, walletAddress: as } : body;
    // null: anonymous; undefined: testApp's own signed-in wallet (a body naming no wallet is then a 400).
    const headers: Record<string, string> = signedInAs ? { cookie: cookieOf(signedInAs) } : signedInAs === null ? { cookie: '' } : {};
    const response = await t.request(method, `/api/collaboration/${film.id}${path}`, payload, headers);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
  const count = async (table: string) => Number(await scalar(cluster.db, `SELECT COUNT(*) AS n FROM ${table}`));
  return { ...t, film, call, count };
}

describe('collaboration hub', () => {
  test('shows the top investors with their stakes, the counts, and who is the studio', async () => {
    const { call, film } = await hub();
    const anonymous = await call('GET', '');
    assert.equal(anonymous.status, 200);
    assert.deepEqual(
      anonymous.body.topInvestors.map((investor: { id: string; stake: number }) => [investor.id, investor.stake]),
      [
        [alice, 0.75],
        [bob, 0.25],
      ],
    );
    assert.deepEqual(anonymous.body.counts, { teamMembers: 0, investors: 2, updates: 0, polls: 0, messages: 0 });
    assert.equal(anonymous.body.viewerIsStudio, false);
    assert.equal((await call('GET', `?wallet=${STUDIO}`)).body.viewerIsStudio, true);
    assert.equal((await call('GET', `?wallet=${FAN}`)).body.viewerIsStudio, false);
    assert.equal(film.id >= 0, true);
  });

  test('chat: wallets post, the sender is the short address, blank / oversized / anonymous posts are refused', async () => {
    const { call, count } = await hub();
    const posted = await call('POST', '/messages', { text: '  Hello hub  ', attachment: { url: 'https://example.com/cut', title: 'Rough cut' } }, FAN);
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    assert.equal(posted.body.text, 'Hello hub');
    assert.equal(posted.body.senderId, FAN);
    assert.equal(posted.body.sender, `${FAN.slice(0, 4)}...${FAN.slice(-4)}`);
    assert.deepEqual(posted.body.attachment, { type: 'link', url: 'https://example.com/cut', title: 'Rough cut' });

    const refusals = [
      [await call('POST', '/messages', { text: 'no wallet' }), 400, /walletAddress is required/],
      [await call('POST', '/messages', { text: '   ' }, FAN), 400, /Message must not be blank/],
      [await call('POST', '/messages', { text: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, FAN), 400, /longer than 1000/],
      [await call('POST', '/messages', { text: 'bad link', attachment: { url: 'javascript:alert(1)' } }, FAN), 400, /http\(s\) URL/],
    ] as const;
    for (const [result, status, message] of refusals) {
      assert.equal(result.status, status, JSON.stringify(result.body));
      assert.match(result.body.message, message);
    }
    assert.equal(await count('chat_messages'), 1);
    const history = await call('GET', '/messages');
    assert.deepEqual(history.body.map((message: { text: string }) => message.text), ['Hello hub']);
    assert.deepEqual((await call('GET', `/messages?after=${posted.body.id}`)).body, []);
  });

  test('every write acts for the signed-in wallet only: 401 without a session, 403 as another wallet, nothing stored', async () => {
    const { call, count } = await hub();
    const endDate = new Date(Date.now() + POLL_LENGTH_MS).toISOString();
    const writes: [string, string, Record<string, unknown>][] = [
      ['POST', '/messages', { text: 'not mine' }],
      ['POST', '/updates', { title: 'Forged', description: 'by someone else' }],
      ['POST', '/polls', { question: 'Forged?', options: ['a', 'b'], endDate }],
      ['POST', '/team', { name: 'Forged', role: 'Producer' }],
    ];
    for (const [method, path, body] of writes) {
      assert.equal((await call(method, path, body, STUDIO, null)).status, 401, `${path} without a session`);
      assert.equal((await call(method, path, body, STUDIO, FAN)).status, 403, `${path} signed in as another wallet`);
    }
    for (const table of ['chat_messages', 'project_updates', 'polls', 'team_members']) assert.equal(await count(table), 0, table);
  });

  test('chat: an open stream receives a message posted afterwards, as a server-sent event with its id', async () => {
    const { app, film, call } = await hub();
    const first = await call('POST', '/messages', { text: 'before the stream' }, FAN);
    const controller = new AbortController();
    const response = await app.request(`/api/collaboration/${film.id}/stream?after=${first.body.id}`, { signal: controller.signal });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/event-stream/);
    const reader = response.body!.getReader();
    const posted = await call('POST', '/messages', { text: 'live one' }, STUDIO);
    let received = '';
    const deadline = Date.now() + 5000;
    while (!received.includes('live one') && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    await reader.cancel().catch(() => {});
    assert.match(received, new RegExp(`event: message\\ndata: .*live one.*\\nid: ${posted.body.id}\\n`));
    assert.doesNotMatch(received, /before the stream/);
  });

  test('chat: a message posted through one API process reaches a stream opened on another one of the same database', async () => {
    // Two API processes share nothing but the database (a SQLite file, or one PostgreSQL schema):
    // the listener's feed sees the poster's message only by reading the table.
    const dir = mkdtempSync(join(tmpdir(), 'marquee-chat-'));
    const location: StoreLocation = testDatabaseUrl
      ? { dialect: 'postgres', url: testDatabaseUrl, schema: `${uniquePrefix()}demo` }
      : { dialect: 'sqlite', path: join(dir, 'demo.sqlite') };
    const now = () => (T0 + 3600) * 1000;
    const source = new FakeChainSource('demo');
    const chain = new ScriptedChain(source);
    // The poster's store drops the PostgreSQL schema when closed, after the listener's.
    const posterCluster = await createCluster({ source, dataDir: dir, location: location.dialect === 'postgres' ? { ...location, temporary: true } : location, now });
    const listenerCluster = await createCluster({ source: new FakeChainSource('demo'), dataDir: dir, location, now });
    try {
      chain.initializePlatform();
      const film = chain.createProject(chain.registerStudio('a24', 'A24'), 'Open Water', 20);
      await posterCluster.indexer.sync();
      const poster = createApp({ clusters: [posterCluster], now, auth: { sessions } });
      const listener = createApp({ clusters: [listenerCluster], now });
      const controller = new AbortController();
      const response = await listener.request(`/api/collaboration/${film.id}/stream`, { signal: controller.signal });
      const reader = response.body!.getReader();
      const posted = await poster.request(`/api/collaboration/${film.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieOf(FAN) },
        body: JSON.stringify({ walletAddress: FAN, text: 'across processes' }),
      });
      assert.equal(posted.status, 201);
      let received = '';
      const reading = (async () => {
        while (!received.includes('across processes')) {
          const { value, done } = await reader.read();
          if (done) break;
          received += new TextDecoder().decode(value);
        }
      })();
      const timeout = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
      await Promise.race([reading, timeout]);
      controller.abort();
      await reader.cancel().catch(() => {});
      assert.match(received, /event: message\ndata: .*across processes/);
    } finally {
      await listenerCluster.store.close();
      await posterCluster.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('updates and the team are the studio’s: others are refused and nothing is stored', async () => {
    const { call, count } = await hub();
    const update = await call('POST', '/updates', { title: 'Principal photography', description: 'Day one wrapped.' }, STUDIO);
    assert.equal(update.status, 201, JSON.stringify(update.body));
    assert.equal(update.body.author, `${STUDIO.slice(0, 4)}...${STUDIO.slice(-4)}`);
    const refused = await call('POST', '/updates', { title: 'Fake news', description: 'not the studio' }, FAN);
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /Only the studio of this film can post updates/);
    assert.equal((await call('POST', '/updates', { title: 'x', description: 'y' })).status, 400);
    assert.equal(await count('project_updates'), 1);

    const member = await call('POST', '/team', { name: 'Ada Lens', role: 'Director' }, STUDIO);
    assert.equal(member.status, 201);
    assert.equal((await call('POST', '/team', { name: 'Intruder', role: 'Producer' }, FAN)).status, 403);
    assert.equal((await call('DELETE', `/team/${member.body.id}`, undefined, FAN)).status, 403);
    const summary = await call('GET', '');
    assert.deepEqual(summary.body.team.map((m: { name: string; role: string }) => [m.name, m.role]), [['Ada Lens', 'Director']]);
    assert.deepEqual(summary.body.counts, { teamMembers: 1, investors: 2, updates: 1, polls: 0, messages: 0 });
    assert.equal((await call('DELETE', `/team/${member.body.id}`, undefined, STUDIO)).status, 204);
    assert.equal(await count('team_members'), 0);
  });

  test('polls: one vote per wallet, Already Voted on the second, closed polls refuse votes', async () => {
    const { call, count, clock } = await hub();
    const endDate = new Date(clock.now() + POLL_LENGTH_MS).toISOString();
    const poll = await call('POST', '/polls', { question: 'Which poster?', options: ['Blue', 'Red'], endDate }, STUDIO);
    assert.equal(poll.status, 201, JSON.stringify(poll.body));
    const [blue, red] = poll.body.options.map((option: { id: number }) => option.id);
    assert.equal((await call('POST', '/polls', { question: 'Mine?', options: ['a', 'b'], endDate }, FAN)).status, 403);
    const past = await call('POST', '/polls', { question: 'Past?', options: ['a', 'b'], endDate: new Date(clock.now() - 1000).toISOString() }, STUDIO);
    assert.equal(past.status, 400);
    assert.match(past.body.message, /endDate must be in the future/);
    assert.match((await call('POST', '/polls', { question: 'One?', options: ['a'], endDate }, STUDIO)).body.message, /at least 2 options/);
    assert.equal(await count('polls'), 1);

    const voted = await call('POST', `/polls/${poll.body.id}/votes`, { optionId: red }, FAN);
    assert.equal(voted.status, 201, JSON.stringify(voted.body));
    assert.deepEqual(voted.body.options.map((option: { votes: number }) => option.votes), [0, 1]);
    assert.equal(voted.body.myVote, red);
    const again = await call('POST', `/polls/${poll.body.id}/votes`, { optionId: blue }, FAN);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, "Already Voted: You've already cast your vote on this poll.");
    assert.equal((await call('POST', `/polls/${poll.body.id}/votes`, { optionId: blue })).status, 400);
    assert.equal((await call('POST', `/polls/${poll.body.id}/votes`, { optionId: 99_999 }, STUDIO)).status, 400);
    assert.equal(await count('poll_votes'), 1);

    clock.advance(POLL_LENGTH_MS + 1);
    const closed = await call('POST', `/polls/${poll.body.id}/votes`, { optionId: blue }, STUDIO);
    assert.equal(closed.status, 400);
    assert.match(closed.body.message, /This poll is closed/);
    const list = await call('GET', `/polls?wallet=${FAN}`);
    assert.equal(list.body[0].status, 'closed');
    assert.equal(list.body[0].totalVotes, 1);
    assert.equal(list.body[0].myVote, red);
    assert.equal(await count('poll_votes'), 1);
  });

  test("a wallet's hubs: the films it lists or holds shares of", async () => {
    const { request, film } = await hub();
    const studioHubs = await (await request('GET', `/api/collaboration?wallet=${STUDIO}`)).json();
    assert.deepEqual(studioHubs.map((h: { projectId: number; relation: string }) => [h.projectId, h.relation]), [[film.id, 'studio']]);
    const aliceHubs = await (await request('GET', `/api/collaboration?wallet=${alice}`)).json();
    assert.deepEqual(aliceHubs.map((h: { projectId: number; relation: string }) => [h.projectId, h.relation]), [[film.id, 'investor']]);
    assert.deepEqual(await (await request('GET', `/api/collaboration?wallet=${FAN}`)).json(), []);
    assert.equal((await request('GET', '/api/collaboration/9999')).status, 404);
  });
});
