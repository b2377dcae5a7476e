// The configuration is checked at start: a bad value stops the server with a message naming the
// variable, the value and what it expects; a non-loopback address needs a public URL (sign-ins are
// bound to it); .env.example and the README's table list every variable with its default.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, variableDocs } from '../src/config.ts';
import { configurationTable } from '../src/config-table.ts';

const root = new URL('../../', import.meta.url);

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration', () => {
  test('a bad value is refused with the variable, the value and what it expects', () => {
    assert.deepEqual(problemsOf({ MARQUEE_SETTLEMENT_INTERVAL_MS: '1m' }), [
      'MARQUEE_SETTLEMENT_INTERVAL_MS=1m: expected a whole number of milliseconds ≥ 1000',
    ]);
    assert.deepEqual(problemsOf({ MARQUEE_SETTLEMENT_INTERVAL_MS: '5' }), [
      'MARQUEE_SETTLEMENT_INTERVAL_MS=5: expected a whole number of milliseconds ≥ 1000',
    ]);
    assert.deepEqual(problemsOf({ PORT: '80a', MARQUEE_DEMO: 'yes' }), [
      'PORT=80a: expected a TCP port number from 0 to 65535',
      'MARQUEE_DEMO=yes: expected 0 or 1',
    ]);
    assert.deepEqual(problemsOf({ MARQUEE_PUBLIC_URL: 'https://marquee.example/app' }), [
      'MARQUEE_PUBLIC_URL=https://marquee.example/app: expected an http:// or https:// origin such as https://marquee.example (no path)',
    ]);
    assert.deepEqual(problemsOf({ MARQUEE_RPC_CLUSTERS: 'devnet', LOCALNET_WS_URL: 'x' }), [
      'MARQUEE_RPC_CLUSTERS=devnet: expected a comma-separated list of name=http(s)://url (names: lower-case letters, digits, -), or empty for none',
    ]);
    assert.deepEqual(problemsOf({ MARQUEE_RPC_CLUSTERS: 'localnet=http://127.0.0.1:8899', LOCALNET_WS_URL: 'http://x' }), [
      'LOCALNET_WS_URL=http://x: expected a ws:// or wss:// URL',
    ]);
    assert.deepEqual(problemsOf({ MARQUEE_QUOTA_UPLOADS: '30 per hour', MARQUEE_MAX_VIEWS_PER_EMBED: '0' }), [
      'MARQUEE_MAX_VIEWS_PER_EMBED=0: expected a whole number ≥ 1',
      'MARQUEE_QUOTA_UPLOADS=30 per hour: expected a count and a window in seconds, as count/seconds (e.g. 30/3600), both ≥ 1',
    ]);
  });

  test('quotas and view caps are read from their variables, the defaults otherwise', () => {
    const config = loadConfig({ MARQUEE_QUOTA_UPLOADS: '5/60', MARQUEE_QUOTA_SSE_CONNECTIONS: '3', MARQUEE_MAX_VIEWS_PER_ADDRESS: '7' });
    assert.deepEqual(config.quotas.uploads, { limit: 5, windowMs: 60_000 });
    assert.equal(config.quotas.sseConnections, 3);
    assert.deepEqual(config.quotas.chat, { limit: 30, windowMs: 60_000 });
    assert.equal(config.viewCaps.maxViewsPerIp, 7);
    assert.equal(config.viewCaps.maxViewsPerEmbed, 300);
  });

  test('a secret is never printed back', () => {
    const [problem] = problemsOf({ MARQUEE_SESSION_SECRET: 'hunter2' });
    assert.equal(problem, 'MARQUEE_SESSION_SECRET=(7 characters, not shown): expected at least 32 characters');
    assert.doesNotMatch(problemsOf({ DATABASE_URL: 'mysql://user:pw@db/x' })[0], /pw/);
  });

  test('the defaults: every variable unset is a working configuration on loopback', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8787);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.settlementIntervalMs, 60_000);
    assert.equal(config.demoSettlementIntervalMs, 15_000);
    assert.equal(config.demoLastCallSeconds, 900);
    assert.equal(config.demo, true);
    assert.deepEqual(config.rpcClusters, [{ name: 'devnet', rpcUrl: 'https://api.devnet.solana.com', wsUrl: undefined }]);
    assert.deepEqual(config.signInOrigins, ['http://localhost:8787', 'http://127.0.0.1:8787', 'http://[::1]:8787']);
    assert.deepEqual(loadConfig({ MARQUEE_RPC_CLUSTERS: '' }).rpcClusters, [], 'empty: no RPC cluster');
  });

  test('a non-loopback address refuses to start without a public URL', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.7', 'marquee.example']) {
      const [problem] = problemsOf({ MARQUEE_HOST: host });
      assert.match(problem, new RegExp(`^MARQUEE_HOST=${host.replace(/\./g, '\\.')} is not a loopback address: set MARQUEE_PUBLIC_URL`));
    }
    const config = loadConfig({ MARQUEE_HOST: '0.0.0.0', MARQUEE_PUBLIC_URL: 'https://marquee.example/' });
    assert.deepEqual(config.signInOrigins, ['https://marquee.example'], 'only the public origin, no loopback name');
    assert.equal(config.publicUrl, 'https://marquee.example');
    const allowed = loadConfig({ MARQUEE_HOST: '0.0.0.0', MARQUEE_ALLOWED_ORIGINS: 'https://a.example, https://b.example' });
    assert.deepEqual(allowed.signInOrigins, ['https://a.example', 'https://b.example']);
    for (const host of ['localhost', '127.0.0.1', '127.0.1.1', '::1', '[::1]']) assert.deepEqual(problemsOf({ MARQUEE_HOST: host }), [], host);
  });

  test('`npm start` with a bad value exits at once with the named message', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'indexer/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, MARQUEE_SETTLEMENT_INTERVAL_MS: '1m', MARQUEE_HOST: '0.0.0.0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(child.status, 1);
    assert.match(child.stderr, /MARQUEE_SETTLEMENT_INTERVAL_MS=1m: expected a whole number of milliseconds ≥ 1000/);
    assert.doesNotMatch(child.stderr, /\n\s+at /, 'a message, not a stack trace');
  });

  test('.env.example lists every variable with its default', () => {
    const lines = readFileSync(new URL('.env.example', root), 'utf8').split('\n');
    const listed = new Map<string, { value: string; commented: boolean }[]>();
    for (const line of lines) {
      const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      if (match) listed.set(match[2], [...(listed.get(match[2]) ?? []), { value: match[3], commented: match[1] !== undefined }]);
    }
    // Read by other programs than the server: the dApp's build and the deploy script.
    const otherPrograms = new Set(['VITE_DEVNET_RPC_URL', 'MARQUEE_DEPLOY_RPC_URL', 'MARQUEE_DEPLOY_KEYPAIR']);
    const docs = new Map(variableDocs());
    for (const name of listed.keys()) assert.ok(docs.has(name) || otherPrograms.has(name), `${name} is in .env.example but not in the schema`);
    for (const [name, doc] of docs) {
      if (doc.retired) {
        assert.equal(listed.has(name), false, `${name} is refused: not in .env.example`);
        continue;
      }
      const entries = listed.get(name) ?? [];
      assert.equal(entries.length, 1, `${name} is listed once in .env.example`);
      const [{ value, commented }] = entries;
      if (doc.default === undefined) assert.ok(commented, `${name} has no default: its example value is commented out`);
      else assert.equal(value, doc.default, `${name}'s line shows its default`);
      if (doc.derived) assert.ok(commented, `${name}'s default is derived from other variables: commented out`);
    }
    const set = Object.fromEntries([...listed].filter(([name, [entry]]) => docs.has(name) && !entry.commented).map(([name, [entry]]) => [name, entry.value]));
    assert.doesNotThrow(() => loadConfig(set), 'its uncommented values pass the schema');
  });

  test("the README's configuration table is the schema's", () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const start = readme.indexOf('<!-- configuration table: generated from indexer/src/config.ts (configurationTable) -->');
    const end = readme.indexOf('<!-- end of the configuration table -->');
    assert.ok(start >= 0 && end > start, 'the README has the table markers');
    const table = readme.slice(readme.indexOf('\n', start) + 1, end).trim();
    assert.equal(table, configurationTable(), 'regenerate the README table from configurationTable()');
  });
});
