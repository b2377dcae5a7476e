// npm test's runner of the browser journeys: every e2e/*.test.ts (or the files named), two at a time,
// the journeys that mostly wait started first. `node --test` sorts its files by name, so the studio
// journey — about two and a half minutes of real time waiting for its last-call film's deadline, with
// no CPU used — started among the last, and the other slot ran out of journeys while it waited;
// started first, its wait overlaps the other journeys. Each journey still runs in a process of its own.
// Usage: node --import tsx e2e/run.ts [file…]
import { readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

/** Two journeys at a time: each has a server and a browser, one per core. */
const CONCURRENCY = 2;
/** Journeys that spend most of their time waiting for real time to pass, longest first. */
const WAITING_JOURNEYS = ['studio-journey.test.ts'];

const folder = fileURLToPath(new URL('.', import.meta.url));
const named = process.argv.slice(2).map((file) => resolve(file));
const files = named.length > 0 ? named : readdirSync(folder).filter((name) => name.endsWith('.test.ts')).sort().map((name) => resolve(folder, name));
const waitsFirst = (file: string) => {
  const rank = WAITING_JOURNEYS.indexOf(basename(file));
  return rank < 0 ? WAITING_JOURNEYS.length : rank;
};
const ordered = [...files].sort((a, b) => waitsFirst(a) - waitsFirst(b));

const stream = run({ files: ordered, concurrency: CONCURRENCY });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(tap).pipe(process.stdout);
