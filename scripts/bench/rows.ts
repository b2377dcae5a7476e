// The one row shape of `npm run bench`: a figure, the baseline it is compared with (measured in the
// same run), their ratio, the target and whether it is met. Modules that cannot measure a figure on
// this checkout return it with `value: null` ("not available"), never an invented number.
export interface BenchRow {
  name: string;
  value: number | string | null;
  baseline: number | string | null;
  ratio: number | null;
  target: string;
  met: boolean | null;
  /** The unit of value and baseline, for the table. */
  unit?: string;
}

/** A measured ratio against its baseline; met when value / baseline reaches `target`. */
export function benchRow(name: string, value: number, baseline: number, target: number): BenchRow {
  const ratio = value / baseline;
  return { name, value: Math.round(value), baseline: Math.round(baseline), ratio: Math.round(ratio * 100) / 100, target: `≥ ${target}`, met: ratio >= target };
}

export function printRows(rows: BenchRow[]): void {
  console.table(rows);
}

/**
 * BENCH_SMOKE=1 (`npm test`'s smoke of the bench): every section runs at a tiny size, so a bench that
 * no longer runs fails CI; its figures mean nothing and are shown without targets.
 */
export const SMOKE = process.env.BENCH_SMOKE === '1';
