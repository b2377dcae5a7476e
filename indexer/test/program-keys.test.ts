// scripts/keys.ts and the deploy script's key check: a deployment gets its own program keypair
// (created exclusively, 0600, never overwritten, never the public test key), its id is written into
// every file that holds the id, and the deploy script refuses the public test key off a local validator.
import anchor from '@coral-xyz/anchor';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertOwnProgramKey } from '../../migrations/deploy.ts';
import { currentProgramId, deployerProgramKeypair, readKeypairFile, TEST_PROGRAM_KEYPAIR, writeProgramId } from '../../scripts/keys.ts';

const { Keypair } = anchor.web3;
const root = fileURLToPath(new URL('../../', import.meta.url));
const testKeypairPath = join(root, TEST_PROGRAM_KEYPAIR);
const testId = readKeypairFile(testKeypairPath).publicKey;

/** A scratch copy of the files that hold the program id. */
function scratchRepository(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'marquee-keys-'));
  for (const file of ['programs/marquee/src/constants.rs', 'programs/marquee/idl/generate.mjs', 'Anchor.toml']) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true });
    cpSync(join(root, file), join(scratch, file));
  }
  return scratch;
}

describe('npm run keys', () => {
  test('writes a new id into the constants, the IDL generator and Anchor.toml, leaving no trace of the old one', () => {
    const scratch = scratchRepository();
    assert.equal(currentProgramId(scratch).toBase58(), testId.toBase58());
    const next = Keypair.generate().publicKey;
    writeProgramId(next, scratch);
    assert.equal(currentProgramId(scratch).toBase58(), next.toBase58());
    for (const file of ['programs/marquee/src/constants.rs', 'programs/marquee/idl/generate.mjs', 'Anchor.toml']) {
      const text = readFileSync(join(scratch, file), 'utf8');
      assert.ok(!text.includes(testId.toBase58()), `${file} still holds the test id`);
      assert.ok(text.includes(next.toBase58()), `${file} lacks the new id`);
    }
    const constants = readFileSync(join(scratch, 'programs/marquee/src/constants.rs'), 'utf8');
    const array = /pub const PROGRAM_ID: \[u8; 32\] = \[([^\]]*)\];/.exec(constants)![1];
    assert.deepEqual(array.split(',').map((byte) => byte.trim()).filter(Boolean).map(Number), [...next.toBytes()]);
  });

  test('creates the deployer keypair with mode 0600, reuses it after, and refuses the public test key', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'marquee-keys-'));
    const path = join(scratch, 'target/deploy/marquee-keypair.json');
    const first = deployerProgramKeypair(path, testKeypairPath);
    assert.equal(first.created, true);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    const again = deployerProgramKeypair(path, testKeypairPath);
    assert.equal(again.created, false);
    assert.ok(again.keypair.publicKey.equals(first.keypair.publicKey));

    writeFileSync(path, readFileSync(testKeypairPath));
    assert.throws(() => deployerProgramKeypair(path, testKeypairPath), /public test key/);
  });
});

describe('deploy: the public test key', () => {
  test('is refused on any cluster but a local validator, naming npm run keys', () => {
    assert.throws(() => assertOwnProgramKey(testId, 'https://api.devnet.solana.com'), /public test program key.*npm run keys/);
    assert.doesNotThrow(() => assertOwnProgramKey(testId, 'http://127.0.0.1:8899'));
    assert.doesNotThrow(() => assertOwnProgramKey(Keypair.generate().publicKey, 'https://api.devnet.solana.com'));
  });
});
