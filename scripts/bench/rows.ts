// One row of the benchmark table (`npm run bench` prints them): a figure, its baseline measured in
// the same run, their ratio and whether it meets its target.
export interface BenchRow {
  name: string;
  value: number;
  baseline: number;
  ratio: number;
  target: number;
  met: boolean;
}

export function benchRow(name: string, value: number, baseline: number, target: number): BenchRow {
  const ratio = value / baseline;
  return { name, value: Math.round(value), baseline: Math.round(baseline), ratio: Math.round(ratio * 100) / 100, target, met: ratio >= target };
}

export function printRows(rows: BenchRow[]): void {
  console.table(rows);
}
