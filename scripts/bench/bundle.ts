// The dApp's initial JavaScript: the gzip sizes of the scripts app/dist/index.html loads before
// anything else (its module entry and every modulepreload), against the 250 kB target. The baseline
// is the whole app's JavaScript, everything a visitor would download without code splitting.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './rows.ts';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../../app/dist');
const TARGET_KB = 250;

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).byteLength / 1000;

/** The scripts of index.html: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function initialScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\/?([^"]+\.js)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)];
  return [...new Set(sources.map((match) => match[1]))];
}

export function bundleRows(): BenchRow[] {
  let html: string;
  try {
    html = readFileSync(join(dist, 'index.html'), 'utf8');
  } catch {
    return [{ name: 'dApp initial JavaScript (gzip)', value: null, baseline: null, ratio: null, target: `≤ ${TARGET_KB} kB`, met: null }];
  }
  const initial = initialScripts(html).reduce((sum, file) => sum + gzipKb(file), 0);
  const all = readdirSync(join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .reduce((sum, file) => sum + gzipKb(join('assets', file)), 0);
  return [
    {
      name: 'dApp initial JavaScript, gzip (vs all of its JavaScript)',
      value: Math.round(initial),
      baseline: Math.round(all),
      ratio: initial / all,
      target: `≤ ${TARGET_KB} kB`,
      met: initial <= TARGET_KB,
      unit: 'kB',
    },
  ];
}
