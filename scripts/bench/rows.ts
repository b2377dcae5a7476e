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
