// The suite's file selection (helpers/suite-files.ts): on PostgreSQL only the files tagged on their
// first line run, every file with MARQUEE_TEST_EVERY_FILE, and a tag anywhere else is refused.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { DIFFERS_ON_POSTGRES, suiteFiles } from './helpers/suite-files.ts';

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

  test('refuses a tag below the first line', () => {
    write('c.test.ts', `// purpose\n${DIFFERS_ON_POSTGRES}\n`);
    assert.throws(() => suiteFiles(folder, false), /c\.test\.ts:2: .* must be the file's first line/);
  });
});
