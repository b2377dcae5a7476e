// The browser scripts of the embed host (the player page's script, the snippet's loader), bundled
// from their TypeScript sources with esbuild once per process: browsers need one plain script.
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

export type BrowserScript = 'player' | 'loader' | 'catalogue';

const ENTRY_POINTS: Record<BrowserScript, string> = { player: './client.ts', loader: './loader.ts', catalogue: './catalogue.ts' };
const bundled = new Map<BrowserScript, string>();

export function browserScript(name: BrowserScript): string {
  let text = bundled.get(name);
  if (text === undefined) {
    text = buildSync({
      entryPoints: [fileURLToPath(new URL(ENTRY_POINTS[name], import.meta.url))],
      bundle: true,
      format: 'iife',
      target: 'es2020',
      minify: true,
      write: false,
    }).outputFiles[0].text;
    bundled.set(name, text);
  }
  return text;
}
