// The base58 codec the decoder uses agrees with bs58 (anchor's) on random and edge-case inputs.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import anchor from '@coral-xyz/anchor';
import { decodeBase58, encodeBase58 } from '@marquee/program-client';

const { bs58 } = anchor.utils.bytes;

const samples: Uint8Array[] = [
  new Uint8Array([]),
  new Uint8Array([0]),
  new Uint8Array([0, 0, 0]),
  new Uint8Array([0, 0, 1]),
  new Uint8Array([255]),
  new Uint8Array(32).fill(255),
  new Uint8Array(64).fill(0),
  Uint8Array.from([0, 0, ...new Uint8Array(30).fill(255)]),
];
for (let n = 0; n < 300; n++) {
  const bytes = randomBytes(n % 300);
  // Some with leading zero bytes, which base58 writes as leading '1's.
  if (n % 3 === 0) bytes.fill(0, 0, Math.min(bytes.length, n % 5));
  samples.push(bytes);
}

test('encodes as bs58 does', () => {
  for (const bytes of samples) assert.equal(encodeBase58(bytes), bs58.encode(bytes), Buffer.from(bytes).toString('hex'));
});

test('decodes as bs58 does, and back', () => {
  for (const bytes of samples) {
    const text = bs58.encode(bytes);
    assert.deepEqual(Buffer.from(decodeBase58(text)), Buffer.from(bytes), text);
  }
  for (const text of ['', '1', '111', '2', 'z', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', '11zz', '5Q444']) {
    assert.deepEqual(Buffer.from(decodeBase58(text)), Buffer.from(bs58.decode(text)), text);
  }
});

test('refuses a character outside the alphabet, as bs58 does', () => {
  for (const text of ['0', 'O', 'I', 'l', 'abc+', 'é']) {
    assert.throws(() => bs58.decode(text));
    assert.throws(() => decodeBase58(text), /not base58/);
  }
});
