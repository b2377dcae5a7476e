// The API keeps its HTTP contract: a method a known path does not have is 405 with
// `Allow` (an unknown path stays 404), a body over the limit is 413 in the `{ message }` shape,
// refused before any route reads it, and an amount the chain's u64 lamports cannot hold is a 400.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allowedMethods } from '../src/api/method-not-allowed.ts';
import { MAX_REQUEST_BODY_BYTES, U64_MAX } from '../src/constants.ts';
import { demoRoutes } from '../src/demo/routes.ts';
import type { DemoService, MetadataStore } from '../src/demo/service.ts';
import { lamportProblem, SOL, THOUSANDTHS_OF_SOL, toLamports, USD } from '../src/lamports.ts';
import { testApp } from './helpers/app.ts';
import { address } from './helpers/chain.ts';
import { scalar } from './helpers/dump.ts';

let t: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  // The demo routes validate before any action: a valid amount goes on to the session check (401
  // without one), so the demo chain itself is never reached and none is started.
  const unreachable = () => assert.fail('a demo action ran: the request should have stopped before it');
  const demo = { routes: demoRoutes(new Proxy({}, { get: unreachable }) as DemoService, { metadataStore: unreachable as () => MetadataStore }) };
  t = await testApp({ demo });
});
after(() => t.cluster.store.close());

/** A film's metadata as POST /api/metadata and a demo listing take it. */
const filmMetadata = {
  title: 'Open Water',
  description: 'A film',
  directorName: 'Someone',
  genres: ['Drama'],
  releaseYear: 2024,
  licenseType: 'Non-Exclusive Streaming',
};

describe('405 Method Not Allowed', () => {
  test('a known path asked with a method it lacks: 405 with Allow, in the { message } shape', async () => {
    for (const [method, path, allow] of [
      ['DELETE', '/api/projects', 'GET, HEAD'],
      ['POST', '/api/projects/3', 'GET, HEAD'],
      ['GET', '/api/projects/3/status', 'PUT'],
      ['PATCH', '/api/users', 'POST'],
      ['DELETE', '/api/publishers/keys/7/revoke', 'POST'],
      ['PUT', '/api/auth/nonce', 'GET, HEAD'],
      ['POST', '/player/3', 'GET, HEAD'],
    ]) {
      const response = await t.request(method, path);
      assert.equal(response.status, 405, `${method} ${path}`);
      assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
      assert.deepEqual(await response.json(), { message: `Method ${method} is not allowed on ${path} (allowed: ${allow})` });
    }
  });

  test('a known path with a trailing slash, asked with a method its route answers, is a 404 naming the path without it (never a 405 allowing that method)', async () => {
    for (const [method, path] of [
      ['GET', '/api/projects/'],
      ['GET', '/api/health/'],
      ['POST', '/api/embeds/'],
      ['GET', '/player/3/ads/'],
    ]) {
      const response = await t.request(method, path);
      assert.equal(response.status, 404, `${method} ${path}`);
      assert.equal(response.headers.get('allow'), null, `${method} ${path}`);
      assert.deepEqual(await response.json(), { message: `Not found: ${method} ${path} (without the trailing slash: ${path.slice(0, -1)})` });
    }
    // Another method on such a path is still told what the path allows.
    assert.equal((await t.request('DELETE', '/api/projects/')).status, 405);
  });

  test('an unknown path is still 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await t.request(method, '/api/nothing-here');
      assert.equal(response.status, 404, method);
      assert.equal(response.headers.get('allow'), null);
    }
  });

  test('allowedMethods ignores middleware and catch-alls, and matches parameters one segment each', () => {
    const routes = [
      { method: 'ALL', path: '/api/*' },
      { method: 'GET', path: '/*' },
      { method: 'GET', path: '/api/projects/:id' },
      { method: 'PUT', path: '/api/projects/:id/status' },
    ];
    assert.deepEqual(allowedMethods(routes, '/api/projects/4'), ['GET', 'HEAD']);
    assert.deepEqual(allowedMethods(routes, '/api/projects/4/status'), ['PUT']);
    assert.deepEqual(allowedMethods(routes, '/api/projects/4/x/status'), []);
    assert.deepEqual(allowedMethods(routes, '/anything'), [], 'the static catch-all names no path');
  });
});

describe('413 Payload Too Large', () => {
  const oversized = () => JSON.stringify({ title: 'x'.repeat(MAX_REQUEST_BODY_BYTES) });
  const message = `Request body too large: at most ${MAX_REQUEST_BODY_BYTES} bytes`;

  test('a declared Content-Length over the limit is refused', async () => {
    const body = oversized();
    const response = await t.request('POST', '/api/metadata', body, { 'content-length': String(Buffer.byteLength(body)) });
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { message });
  });

  test('a streamed body without Content-Length is cut at the limit', async () => {
    const bytes = new TextEncoder().encode(oversized());
    const stream = new ReadableStream({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 65_536) controller.enqueue(bytes.subarray(offset, offset + 65_536));
        controller.close();
      },
    });
    const response = await t.app.request('/api/metadata', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 413);
    assert.deepEqual(await response.json(), { message });
  });

  test('a body under the limit still reaches its route (a 2 MB description in metadata)', async () => {
    const metadata = { ...filmMetadata, description: 'A'.repeat(2_000_000) };
    const response = await t.request('POST', '/api/metadata', metadata);
    // The route read it: its own rule (at most 5,000 characters) answers, not the body limit.
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, /description/);
  });
});

describe('amounts outside u64 lamports are a 400', () => {
  const wallet = address('investor');
  const listing = { ...filmMetadata, walletAddress: wallet, deadline: '2999-01-01' };
  const txHash = '1'.repeat(64);
  /** Each input that becomes (or describes) lamports: its route, the body around it, the field. */
  const inputs = [
    { path: '/api/demo/invest', field: 'amount', body: (amount: unknown) => ({ walletAddress: wallet, projectId: 1, amount }), valid: [0.05, 1e-9, 18446744073.70955] },
    { path: '/api/demo/projects', field: 'fundingGoal', body: (fundingGoal: unknown) => ({ ...listing, fundingGoal }), valid: [1, 20000.000001, 18446744073709.55] },
    { path: '/api/demo/generate-revenue', field: 'amount', body: (amount: unknown) => ({ userId: wallet, amount }), valid: [0.5, 9.99, 10] },
    { path: '/api/investments', field: 'amount', body: (amount: unknown) => ({ projectId: 1, amount, txHash, simulated: true }), valid: [50, 0.000001] },
    { path: '/api/metadata', field: 'fundingGoal', body: (fundingGoal: unknown) => ({ ...listing, fundingGoal }), valid: [1, 48000] },
  ];
  /** Out of range for every input above; a JSON text so that 1e400 reaches the server as written (JSON.parse reads it as Infinity). */
  const invalid: Array<{ json: string; message: RegExp }> = [
    { json: '6.8e307', message: /must be at most|Too big/ },
    { json: '1e400', message: /Expected a finite number of (SOL|USD|thousandths of SOL)/ },
    { json: '-1e400', message: /Expected a finite number of/ },
    { json: '-1', message: /Too small|must not be negative/ },
    { json: '18446744073709551616', message: /must be at most|Too big/ },
    { json: '0.5000000001', message: /must be a whole number of lamports|Too small/ },
    { json: '"5"', message: /Expected a finite number of/ },
  ];

  for (const input of inputs) {
    test(`${input.path} ${input.field}: out-of-range values are a 400 naming the field`, async () => {
      for (const { json, message } of invalid) {
        const body = JSON.stringify(input.body('AMOUNT')).replace('"AMOUNT"', json);
        const response = await t.request('POST', input.path, body);
        const answer = (await response.json()) as { message: string };
        assert.equal(response.status, 400, `${input.path} ${json}: ${answer.message}`);
        assert.ok(answer.message.startsWith(`${input.field}: `), `${input.path} ${json}: ${answer.message}`);
        assert.match(answer.message, message, `${input.path} ${json}`);
      }
    });

    test(`${input.path} ${input.field}: values within u64 pass validation`, async () => {
      for (const amount of input.valid) {
        const response = await t.request('POST', input.path, input.body(amount));
        const answer = (await response.json()) as { message?: string };
        assert.ok(!answer.message?.startsWith(`${input.field}: `), `${input.path} ${amount}: ${answer.message}`);
        assert.notEqual(response.status, 500, `${input.path} ${amount}`);
      }
    });
  }

  test('u64::MAX lamports is the limit, exactly, in every unit', () => {
    assert.equal(toLamports(18446744073.70955, SOL), 18446744073709550000n);
    assert.match(lamportProblem(18446744073.70956, SOL)!, /^must be at most 18446744073\.709551615 SOL \(u64::MAX lamports\)$/);
    assert.equal(toLamports(18446744073709.55, USD), 18446744073709550000n);
    assert.match(lamportProblem(18446744073709.56, THOUSANDTHS_OF_SOL)!, /at most 18446744073709\.551615 thousandths of SOL/);
    assert.ok(toLamports(18446744073.70955, SOL) <= U64_MAX);
  });

  test('lamports are exact from the decimal written, not from floating-point products', () => {
    // 0.07 * 1e9 is 70000000.00000001 in floating point; 1.5e-7 SOL is 150 lamports.
    assert.equal(toLamports(0.07, SOL), 70_000_000n);
    assert.equal(toLamports(1.5e-7, SOL), 150n);
    assert.equal(toLamports(20000.5, USD), 20_000_500_000n);
    assert.equal(toLamports(0, SOL), 0n);
    assert.match(lamportProblem(1e-10, SOL)!, /whole number of lamports: at most 9 decimals in SOL/);
    assert.match(lamportProblem(0.1 + 0.2, SOL)!, /whole number of lamports/);
    assert.match(lamportProblem(-0.5, SOL)!, /must not be negative/);
    assert.match(lamportProblem(Number.NaN, SOL)!, /must be a finite number of SOL/);
    assert.throws(() => toLamports(6.8e307, SOL), RangeError);
  });
});

describe('numeric ids in a body are numbers or decimal digits, never coerced', () => {
  /** Each id a route reads from its body, and how a request carrying `value` there is sent. */
  const bodies = [
    { field: 'projectId', send: (projectId: unknown) => t.request('POST', '/api/investments', { projectId, amount: 50, txHash: '1'.repeat(64), simulated: true }) },
    { field: 'projectId', send: (projectId: unknown) => t.request('POST', '/api/views', { projectId, embedId: 'embed-1', timestamp: Date.now() }) },
    { field: 'optionId', send: (optionId: unknown) => t.request('POST', '/api/collaboration/1/polls/1/votes', { walletAddress: address('voter'), optionId }) },
  ];

  test('null, "", true, [3], "0x3", "3e0", " 3", -1 and 1.5 in a body are a 400 naming the field, not film 0, 1 or 3', async () => {
    for (const { field, send } of bodies) {
      for (const value of [null, '', true, [3], '0x3', '3e0', ' 3', -1, 1.5, 2 ** 53]) {
        const response = await send(value);
        const answer = (await response.json()) as { message: string };
        assert.equal(response.status, 400, `${field} ${JSON.stringify(value)}: ${answer.message}`);
        assert.equal(answer.message, `${field}: Expected a numeric id`, `${field} ${JSON.stringify(value)}`);
      }
    }
  });
});

describe('a NUL character in any text is a 400 naming the field (PostgreSQL cannot store U+0000)', () => {
  test('in a body, nested or not, and in a query: 400 and nothing stored', async () => {
    const stored = async () => Number(await scalar(t.cluster.db, 'SELECT COUNT(*) AS n FROM metadata'));
    const storedBefore = await stored();
    const cases: Array<{ method: string; path: string; body?: unknown; message: string }> = [
      { method: 'POST', path: '/api/metadata', body: { ...filmMetadata, title: 'Open\u0000Water' }, message: 'title: Text must not contain NUL characters (U+0000)' },
      { method: 'POST', path: '/api/metadata', body: { ...filmMetadata, genres: ['Drama', 'Com\u0000edy'] }, message: 'genres.1: Text must not contain NUL characters (U+0000)' },
      { method: 'GET', path: '/api/projects?q=open%00water', message: 'q: Text must not contain NUL characters (U+0000)' },
    ];
    for (const { method, path, body, message } of cases) {
      const response = await t.request(method, path, body);
      assert.equal(response.status, 400, path);
      assert.deepEqual(await response.json(), { message }, path);
    }
    assert.equal(await stored(), storedBefore, 'no metadata document stored');
  });
});

describe('a body refused while not sent as JSON is a 415 saying so', () => {
  test('no Content-Type, text/plain, a form: 415 with the reason, not "x is required"; JSON types still read', async () => {
    const text = JSON.stringify({ ...filmMetadata });
    for (const type of ['', 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.request('POST', '/api/metadata', text, { 'content-type': type });
      assert.equal(response.status, 415, JSON.stringify(type));
      assert.deepEqual(await response.json(), { message: 'Send the body as JSON, with Content-Type: application/json' });
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json']) {
      assert.equal((await t.request('POST', '/api/metadata', text, { 'content-type': type })).status, 201, type);
    }
    const malformed = await t.request('POST', '/api/metadata', '{"title":', { 'content-type': 'application/json' });
    assert.equal(malformed.status, 400);
    assert.deepEqual(await malformed.json(), { message: 'Malformed JSON in request body' });
  });
});

describe('a query parameter given twice is a 400 that says so', () => {
  test('?limit=1&limit=2 and ?status=funded&status=all name the repeated parameter', async () => {
    for (const [query, name] of [['limit=1&limit=2', 'limit'], ['status=funded&status=all', 'status']]) {
      const response = await t.request('GET', `/api/projects?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(await response.json(), { message: `${name}: Give ${name} once (it was given 2 times)` }, query);
    }
    assert.equal((await t.request('GET', '/api/projects?limit=2')).status, 200);
  });
});
