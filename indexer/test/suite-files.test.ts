// The suite's file selection (helpers/suite-files.ts): on PostgreSQL only the files tagged on their
// first line run, every file with MARQUEE_TEST_EVERY_FILE, and a tag anywhere else is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { DIFFERS_ON_POSTGRES, splitFromEnvironment, suiteFiles } from './helpers/suite-files.ts';

describe('the suite files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'suite-files-'));
  const folder = pathToFileURL(`${dir}/`);
  after(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

  test('selects the tagged files, or every test file', () => {
    write('b.test.ts', `${DIFFERS_ON_POSTGRES}: why\n// purpose\n`);
    write('a.test.ts', '// purpose, SQLite only\n');
    write('helper.ts', `${DIFFERS_ON_POSTGRES}\n`);
    assert.deepEqual(suiteFiles(folder, false), ['b.test.ts']);
    assert.deepEqual(suiteFiles(folder, true), ['a.test.ts', 'b.test.ts']);
  });

  test('splits the selection: the named files only, or all but them; both halves together are the whole', () => {
    write('d.test.ts', '// purpose\n');
    write('e.test.ts', `${DIFFERS_ON_POSTGRES}: why\n`);
    const split = splitFromEnvironment({ MARQUEE_TEST_ONLY: 'd.test.ts, e.test.ts' });
    assert.deepEqual(suiteFiles(folder, true, split), ['d.test.ts', 'e.test.ts']);
    assert.deepEqual(suiteFiles(folder, false, split), ['e.test.ts']);
    const rest = suiteFiles(folder, true, splitFromEnvironment({ MARQUEE_TEST_EXCEPT: 'd.test.ts,e.test.ts' }));
    assert.deepEqual(rest, ['a.test.ts', 'b.test.ts']);
    assert.deepEqual([...rest, ...suiteFiles(folder, true, split)].sort(), suiteFiles(folder, true));
    assert.deepEqual(splitFromEnvironment({}), { only: undefined, except: undefined });
  });

  test('refuses a split naming a file that is not a test file', () => {
    assert.throws(() => suiteFiles(folder, true, { except: ['d.test.ts', 'gone.test.ts'] }), /name no test file: gone\.test\.ts/);
    assert.throws(() => suiteFiles(folder, true, { only: ['helper.ts'] }), /name no test file: helper\.ts/);
  });

  test('refuses a tag below the first line', () => {
    write('c.test.ts', `// purpose\n${DIFFERS_ON_POSTGRES}\n`);
    assert.throws(() => suiteFiles(folder, false), /c\.test\.ts:2: .* must be the file's first line/);
  });
});
