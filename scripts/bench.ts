// `npm run bench`: one table of every performance figure, each next to its baseline measured in the
// same run, its target and whether it is met — compute units per instruction (bench-cu.ts), the API
// and ingestion (scripts/bench/api.ts, ingest.ts), the marketplace in headless Chromium with 1,000
// films, and the dApp's initial JavaScript. A figure a module of this checkout cannot measure is
// printed as "not available". A benchmark, not a test: it exits 0 whether targets are met or not,
// and non-zero only when a measurement itself fails — that section's failure is its row of the
// table, and the other sections are still measured and printed. BENCH_SMOKE=1 (a step of
// `npm test`): every section at a tiny size, its figures printed without targets, so that a bench
// which no longer runs fails CI.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CONTEXT_ROWS as CU_CONTEXT_ROWS, measure as measureComputeUnits, TARGETS as CU_TARGETS } from './bench-cu.ts';
import { bundleRows } from './bench/bundle.ts';
import { marketplaceRows } from './bench/marketplace.ts';
import { SMOKE, type BenchRow } from './bench/rows.ts';
import { searchRows } from './bench/search.ts';

const here = dirname(fileURLToPath(import.meta.url));

function notAvailable(name: string, target: string, why: string): BenchRow {
  return { name: `${name} — not available (${why})`, value: null, baseline: null, ratio: null, target, met: null };
}

/**
 * Rows of a module written alongside this one (api.ts, ingest.ts): its exported row function
 * (`<name>Rows`, or its only exported function), or a "not available" row when it is absent here.
 */
async function externalRows(file: string, name: string, target: string): Promise<BenchRow[]> {
  const path = join(here, 'bench', file);
  if (!existsSync(path)) return [notAvailable(name, target, `scripts/bench/${file} is not on this branch`)];
  const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  const functions = Object.entries(module).filter(([, value]) => typeof value === 'function') as [string, () => Promise<BenchRow[]> | BenchRow[]][];
  const chosen = functions.find(([key]) => key.toLowerCase().endsWith('rows')) ?? (functions.length === 1 ? functions[0] : undefined);
  if (!chosen) return [notAvailable(name, target, `scripts/bench/${file} exports no row function`)];
  return await chosen[1]();
}

async function computeUnitRows(): Promise<BenchRow[]> {
  const rows = await measureComputeUnits();
  // The targeted instructions, and beside them (untargeted) what an investor's whole transaction
  // consumes, the share account's creation included, so that no CU goes unshown.
  return rows
    .filter(({ instruction }) => CU_TARGETS[instruction] !== undefined || CU_CONTEXT_ROWS.includes(instruction))
    .map(({ instruction, computeUnits }) => {
      const target = CU_TARGETS[instruction];
      return {
        name: `compute units: ${instruction}`,
        value: computeUnits,
        // Compute units have no in-run baseline: the target is the issue's absolute ceiling.
        baseline: null,
        ratio: null,
        target: target === undefined ? '—' : `≤ ${target.toLocaleString('en-US')}`,
        met: target === undefined ? null : computeUnits <= target,
        unit: 'CU',
      };
    });
}

const cell = (value: number | string | null, unit?: string) => {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  const text = Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(1);
  return unit ? `${text} ${unit}` : text;
};

function print(rows: (BenchRow & { failed?: boolean })[]): void {
  const header = ['figure', 'value', 'baseline', 'ratio', 'target', 'met'];
  const lines = rows.map((row) => [
    row.name,
    cell(row.value, row.unit),
    cell(row.baseline, row.unit),
    row.ratio === null ? '—' : row.ratio.toFixed(2),
    row.target,
    // No verdict: a measurement that failed, or a figure shown for context that has no target.
    row.failed ? 'FAILED' : row.met === null ? (row.value === null ? 'not available' : '—') : row.met ? 'met' : 'not met',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => `| ${cells.map((text, column) => (column === 0 ? text.padEnd(widths[column]) : text.padStart(widths[column]))).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width, column) => (column === 0 ? ` ${'-'.repeat(width)} ` : ` ${'-'.repeat(width - 1)}: `)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

const sections: [string, () => Promise<BenchRow[]> | BenchRow[]][] = [
  ['compute units', computeUnitRows],
  ['API', () => externalRows('api.ts', 'API requests/s vs a bare Hono route', '≥ 0.5 of the bare route')],
  ['ingest', () => externalRows('ingest.ts', 'ingest of 100,000 events vs a raw batched insert', '≥ 0.3 of the raw insert')],
  ['views', () => externalRows('views.ts', 'counted views/s through the view path vs a bare POST writing one row', '≥ 0.3 of the bare route')],
  ['search', searchRows],
  ['marketplace', marketplaceRows],
  ['bundle', bundleRows],
];
// `npm run bench -- marketplace bundle` (or `tsx scripts/bench.ts marketplace`) measures only the
// sections named; no name measures them all.
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !sections.some(([label]) => label === name));
if (unknown.length > 0) throw new Error(`Unknown bench section ${unknown.join(', ')}; the sections are ${sections.map(([label]) => label).join(', ')}`);
const rows: (BenchRow & { failed?: boolean })[] = [];
for (const [label, collect] of sections) {
  if (chosen.length > 0 && !chosen.includes(label)) continue;
  process.stderr.write(`measuring ${label}…\n`);
  try {
    const measured = await collect();
    // A smoke's sizes are not the targets' sizes: its figures are shown, not judged.
    rows.push(...(SMOKE ? measured.map((row) => ({ ...row, target: 'smoke', met: null })) : measured));
  } catch (error) {
    // This section's row says why; the sections after it are still measured.
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 160);
    process.stderr.write(`${label} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    rows.push({ name: `${label} — failed: ${message}`, value: null, baseline: null, ratio: null, target: '—', met: null, failed: true });
  }
}
print(rows);
if (rows.some((row) => row.failed)) process.exitCode = 1;
