// Which test files the one-process suite (test/all.ts) loads. On PostgreSQL only the files tagged on
// their first line with DIFFERS_ON_POSTGRES run: the tag lives beside the test it describes, so a
// new file that reaches SQL PostgreSQL runs differently says so itself instead of in a list here.
import { readdirSync, readFileSync } from 'node:fs';

/** A test file's first line starting with this runs on PostgreSQL too. */
export const DIFFERS_ON_POSTGRES = '// @differs-on-postgres';

/**
 * The `*.test.ts` files of `folder`, sorted: all of them with `everyFile`, else the tagged ones. A tag
 * written anywhere but the first line would be silently ignored, so it is refused.
 */
export function suiteFiles(folder: URL, everyFile: boolean): string[] {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .sort();
  if (everyFile) return files;
  return files.filter((name) => {
    const lines = readFileSync(new URL(name, folder), 'utf8').split('\n');
    const misplaced = lines.findIndex((line, index) => index > 0 && line.startsWith(DIFFERS_ON_POSTGRES));
    if (misplaced > 0) throw new Error(`${name}:${misplaced + 1}: ${DIFFERS_ON_POSTGRES} must be the file's first line`);
    return lines[0].startsWith(DIFFERS_ON_POSTGRES);
  });
}
