// The batch sizes of the settlement job (src/settlement/batch-size.ts) at the edges of the program's
// debit rule: a batch draws its amount and the distribution's rent, from the budget and the day's cap.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { chargeFor } from '../src/campaigns/rules.ts';
import { BUDGET_SPENT, DAILY_CAP_REACHED, NEXT_BATCH, batchDebitLamports, batchSize } from '../src/settlement/batch-size.ts';

const price = 15_000_000n;
const rent = 10_000n;
const limits = { batchable: 100n, views: 100n, pricePerMilleLamports: price, dayLeftLamports: null, rentLamports: rent, minBatchLamports: rent };
const debitOf = (impressions: bigint) => batchDebitLamports(chargeFor(impressions, price), rent);

describe('batch sizes under the debit rule', () => {
  test('the debit is the amount and the rent', () => {
    assert.equal(debitOf(3n), 45_000n + rent);
  });

  test('takes the most impressions whose debit the budget pays, not one more', () => {
    assert.deepEqual(batchSize({ ...limits, budgetLeftLamports: debitOf(7n) }), { impressions: 7n, leftOverReason: BUDGET_SPENT });
    assert.deepEqual(batchSize({ ...limits, budgetLeftLamports: debitOf(7n) - 1n }), { impressions: 6n, leftOverReason: BUDGET_SPENT });
    assert.deepEqual(batchSize({ ...limits, budgetLeftLamports: debitOf(100n) }), { impressions: 100n, leftOverReason: NEXT_BATCH });
  });

  test('a budget that pays the rent and no impression waits', () => {
    assert.deepEqual(batchSize({ ...limits, budgetLeftLamports: debitOf(1n) - 1n }), { impressions: 0n, waitReason: BUDGET_SPENT });
    assert.deepEqual(batchSize({ ...limits, budgetLeftLamports: rent - 1n }), { impressions: 0n, waitReason: BUDGET_SPENT });
  });

  test("the day's cap charges the rent too", () => {
    const cut = batchSize({ ...limits, budgetLeftLamports: debitOf(100n), dayLeftLamports: debitOf(4n) + 1n });
    assert.deepEqual(cut, { impressions: 4n, leftOverReason: DAILY_CAP_REACHED });
  });
});
