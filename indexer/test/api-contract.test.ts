// The API keeps its HTTP contract (issue 10): a method a known path does not have is 405 with
// `Allow` (an unknown path stays 404), and a body over the limit is 413 in the `{ message }` shape,
// refused before any route reads it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allowedMethods } from '../src/api/method-not-allowed.ts';
import { MAX_REQUEST_BODY_BYTES } from '../src/constants.ts';
import { testApp } from './helpers/app.ts';

let t: Awaited<ReturnType<typeof testApp>>;
before(async () => {
  t = await testApp();
});
after(() => t.cluster.store.close());

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

  test('a body under the limit still reaches its route (a 2 MB data: URL poster in metadata)', async () => {
    const metadata = {
      title: 'Open Water',
      description: 'A film',
      directorName: 'Someone',
      genres: ['Drama'],
      releaseYear: 2024,
      licenseType: 'Non-Exclusive Streaming',
      thumbnailUrl: `data:image/png;base64,${'A'.repeat(1_999_000)}`,
    };
    const response = await t.request('POST', '/api/metadata', metadata);
    assert.equal(response.status, 201);
  });
});
