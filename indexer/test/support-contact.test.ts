// The platform's support address: MARQUEE_SUPPORT_EMAIL, checked at start like every setting, stated
// by GET /api/platform for the Studio Verification page's support contact; unset, the platform
// states none (the page then says so rather than showing a made-up address).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.ts';
import { testApp } from './helpers/app.ts';

async function platformOf(supportEmail?: string) {
  const t = await testApp(supportEmail ? { supportEmail } : {});
  t.chain.initializePlatform();
  await t.cluster.indexer.sync();
  return (await (await t.request('GET', '/api/platform')).json()) as { supportEmail: string | null };
}

describe('support address', () => {
  test('read from MARQUEE_SUPPORT_EMAIL; a value that is no email address stops the start with its name', () => {
    assert.equal(loadConfig({ MARQUEE_SUPPORT_EMAIL: 'help@films.example' }).supportEmail, 'help@films.example');
    assert.equal(loadConfig({}).supportEmail, undefined);
    assert.throws(
      () => loadConfig({ MARQUEE_SUPPORT_EMAIL: 'call us' }),
      (error: unknown) =>
        error instanceof ConfigError && error.problems.some((problem) => problem.startsWith('MARQUEE_SUPPORT_EMAIL=call us: expected an email address')),
    );
  });

  test('GET /api/platform states the configured address, or null', async () => {
    assert.equal((await platformOf('help@films.example')).supportEmail, 'help@films.example');
    assert.equal((await platformOf()).supportEmail, null);
  });
});
