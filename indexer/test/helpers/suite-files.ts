// Which test files the one-process suite (test/all.ts) loads. On PostgreSQL only the files tagged on
// their first line with DIFFERS_ON_POSTGRES run: the tag lives beside the test it describes, so a
// new file that reaches SQL PostgreSQL runs differently says so itself instead of in a list here.
import { readdirSync, readFileSync } from 'node:fs';

/** A test file's first line starting with this runs on PostgreSQL too. */
export const DIFFERS_ON_POSTGRES = '// @differs-on-postgres';

/**
 * Splits the selection between processes that npm test runs side by side (scripts/test.sh): `only`
 * keeps just the files it names, `except` leaves them out. Names that are no test file are refused,
 * so a renamed file cannot silently drop out of both halves.
 */
export interface SuiteSplit {
  only?: string[];
  except?: string[];
}

/** A SuiteSplit from MARQUEE_TEST_ONLY / MARQUEE_TEST_EXCEPT (comma-separated file names). */
export function splitFromEnvironment(environment: NodeJS.ProcessEnv): SuiteSplit {
  const names = (value: string | undefined) => (value ? value.split(',').map((name) => name.trim()).filter(Boolean) : undefined);
  return { only: names(environment.MARQUEE_TEST_ONLY), except: names(environment.MARQUEE_TEST_EXCEPT) };
}

/**
 * The `*.test.ts` files of `folder`, sorted: all of them with `everyFile`, else the tagged ones; then
 * narrowed by `split`. A tag written anywhere but the first line would be silently ignored, so it is refused.
 */
export function suiteFiles(folder: URL, everyFile: boolean, split: SuiteSplit = {}): string[] {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .sort();
  const unknown = [...(split.only ?? []), ...(split.except ?? [])].filter((name) => !files.includes(name));
  if (unknown.length > 0) throw new Error(`MARQUEE_TEST_ONLY/MARQUEE_TEST_EXCEPT name no test file: ${unknown.join(', ')}`);
  const selected = files.filter((name) => (!split.only || split.only.includes(name)) && !split.except?.includes(name));
  if (everyFile) return selected;
  return selected.filter((name) => {
    const lines = readFileSync(new URL(name, folder), 'utf8').split('\n');
    const misplaced = lines.findIndex((line, index) => index > 0 && line.startsWith(DIFFERS_ON_POSTGRES));
    if (misplaced > 0) throw new Error(`${name}:${misplaced + 1}: ${DIFFERS_ON_POSTGRES} must be the file's first line`);
    return lines[0].startsWith(DIFFERS_ON_POSTGRES);
  });
}
