// The client address behind reverse proxies: counted from the right of X-Forwarded-For, never the
// caller-written left, and the configuration that sets how many proxies are trusted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientAddress } from '../src/api/client-address.ts';
import { loadConfig } from '../src/config.ts';

const socket = '10.0.0.1';

describe('clientAddress', () => {
  const cases: Array<{ name: string; forwardedFor: string | undefined; hops: number; expected: string }> = [
    { name: '0 hops ignores the header', forwardedFor: '203.0.113.9', hops: 0, expected: socket },
    { name: 'no header: the socket', forwardedFor: undefined, hops: 1, expected: socket },
    { name: 'an empty header: the socket', forwardedFor: ' , ', hops: 1, expected: socket },
    { name: '1 hop: the rightmost entry', forwardedFor: '198.51.100.7, 203.0.113.9', hops: 1, expected: '203.0.113.9' },
    { name: '2 hops: the second from the right', forwardedFor: '198.51.100.7, 203.0.113.9, 10.0.0.2', hops: 2, expected: '203.0.113.9' },
    { name: 'exactly as many entries as hops: the leftmost', forwardedFor: '203.0.113.9, 10.0.0.2', hops: 2, expected: '203.0.113.9' },
    { name: 'fewer entries than hops: the socket, not a caller-written entry', forwardedFor: '198.51.100.7', hops: 2, expected: socket },
    { name: 'IPv6 entries', forwardedFor: '2001:db8::1, 2001:db8::2', hops: 1, expected: '2001:db8::2' },
    { name: 'a non-address at the trusted position: the socket', forwardedFor: '198.51.100.7, unknown', hops: 1, expected: socket },
  ];
  for (const { name, forwardedFor, hops, expected } of cases) {
    test(name, () => assert.equal(clientAddress(forwardedFor, socket, hops), expected));
  }

  test('a rotated leftmost entry never changes the address', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => clientAddress(`192.0.2.${i}, 203.0.113.9`, socket, 1)));
    assert.deepEqual([...seen], ['203.0.113.9']);
  });

  test('no socket address (app.request) is "unknown"', () => {
    assert.equal(clientAddress('203.0.113.9', undefined, 0), 'unknown');
  });
});

describe('MARQUEE_TRUSTED_PROXY_HOPS', () => {
  const env = { MARQUEE_RPC_CLUSTERS: '' };

  test('defaults to 0 (the header is ignored)', () => {
    assert.equal(loadConfig(env).trustedProxyHops, 0);
    assert.equal(loadConfig({ ...env, MARQUEE_TRUSTED_PROXY_HOPS: '' }).trustedProxyHops, 0);
  });

  test('a whole number of proxies', () => {
    assert.equal(loadConfig({ ...env, MARQUEE_TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops, 2);
  });

  for (const value of ['-1', '1.5', 'yes', '1e3']) {
    test(`"${value}" is refused with a clear message`, () => {
      assert.throws(() => loadConfig({ ...env, MARQUEE_TRUSTED_PROXY_HOPS: value }), /MARQUEE_TRUSTED_PROXY_HOPS=.*: expected a whole number ≥ 0/);
    });
  }

  test('the old MARQUEE_TRUST_PROXY (leftmost entry) is refused, pointing at its replacement', () => {
    assert.throws(() => loadConfig({ ...env, MARQUEE_TRUST_PROXY: '1' }), /MARQUEE_TRUST_PROXY is replaced by MARQUEE_TRUSTED_PROXY_HOPS/);
  });
});
