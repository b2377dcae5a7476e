// The demo chain's refusals say why: a transfer the demo wallet cannot pay names what it needs and
// what the wallet has (the dApp shows it as "Not enough SOL: …").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { insufficientFundsMessage } from '../src/demo/chain.ts';

test('a transfer above the balance names what it needs and what the wallet has', () => {
  const logs = ['Program 11111111111111111111111111111111 invoke [2]', 'Transfer: insufficient lamports 15750000000, need 20000000000'];
  assert.equal(insufficientFundsMessage(logs), 'Insufficient funds: this needs 20 SOL and the demo wallet has 15.75 SOL');
});

test('without the system program’s figures it still says the wallet cannot pay', () => {
  assert.equal(insufficientFundsMessage(['Program log: something']), 'Insufficient funds: the demo wallet cannot pay for this transaction');
});
