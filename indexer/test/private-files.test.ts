// Secret files: the session secret and the demo chain's state (its server-held keys) are refused,
// naming the file and `chmod 600`, whenever others can read them; the settlement keypair's check is
// in server-trust.test.ts. Temporary files are created exclusively: a file planted where the demo
// chain writes its next state is never written through.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { loadSessionSecret, SESSION_SECRET_FILE } from '../src/auth/session.ts';
import { createPrivateFile } from '../src/private-files.ts';
import { CHAIN_FOLDER, ChainStore, type StateHeader } from '../src/demo/store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-private-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

const header: Omit<StateHeader, 'logBytes' | 'logCount'> = { commit: 1, slot: 1, time: 0, keys: {}, wallets: {}, seeded: true };

describe('secret files', () => {
  test('a session-secret file others can read is refused, naming the file and chmod 600', () => {
    const path = join(dir, SESSION_SECRET_FILE);
    writeFileSync(path, 'x'.repeat(48));
    chmodSync(path, 0o644);
    assert.throws(() => loadSessionSecret(dir, undefined), {
      message: `The session secret ${path} is readable by other users (mode 0644); restrict it with \`chmod 600 ${path}\` and start again`,
    });
    chmodSync(path, 0o640);
    assert.throws(() => loadSessionSecret(dir, undefined), /readable by other users \(mode 0640\)/, 'the group counts too');
    chmodSync(path, 0o600);
    assert.equal(loadSessionSecret(dir, undefined).toString(), 'x'.repeat(48));
  });

  test("the demo chain's state (its keys) is checked on every read", () => {
    const store = new ChainStore(dir);
    assert.equal(store.load(), null);
    store.commit(header, new Uint8Array([1, 2, 3]), { logBytes: 0, logCount: 0 }, []);
    const statePath = join(dir, CHAIN_FOLDER, 'state.bin');
    assert.equal(mode(statePath), 0o600);
    assert.deepEqual([...store.load()!.snapshot], [1, 2, 3]);
    chmodSync(statePath, 0o644);
    assert.throws(
      () => store.load(),
      (error: Error) => error.message.includes(`${statePath} is readable by other users`) && error.message.includes('chmod 600'),
    );
    store.release();
  });

  test("the demo chain's temporary state file is created exclusively: a planted one is never written through", () => {
    const store = new ChainStore(dir);
    store.load();
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, join(dir, CHAIN_FOLDER, 'state.bin.tmp'));
    assert.throws(() => store.commit(header, new Uint8Array([9]), { logBytes: 0, logCount: 0 }, []), { code: 'EEXIST' });
    assert.equal(readFileSync(victim, 'utf8'), 'untouched');
    // A leftover of a killed commit is cleared when the chain opens (under its folder lock).
    store.load();
    store.commit(header, new Uint8Array([9]), { logBytes: 0, logCount: 0 }, []);
    assert.deepEqual([...store.load()!.snapshot], [9]);
    store.release();
  });

  test('a created secret is 0600 from the start, the first one wins, and no temporary file stays', () => {
    const path = join(dir, 'secret');
    createPrivateFile(path, 'first');
    createPrivateFile(path, 'second');
    assert.equal(readFileSync(path, 'utf8'), 'first');
    assert.equal(mode(path), 0o600);
    assert.deepEqual(readdirSync(dir), ['secret']);
  });
});
