// The indexer's suite in one process: every test file becomes a suite named after it, loaded in turn.
// One process instead of one per file, because loading the server's modules (web3.js, Anchor,
// LiteSVM, Hono, Kysely) costs each process seconds of CPU, which across ~50 files and two databases
// was minutes of a two-core machine. Each file still gets its own servers, data folders and
// databases (helpers/database.ts), so the files stay independent; a file can still run alone:
// `node --import tsx --test test/<file>.test.ts`.
//
// On PostgreSQL (DATABASE_URL=postgres://…) it runs what differs between the two databases, not the
// whole suite again: the files whose SQL PostgreSQL runs differently (migrations and schemas, leader
// election and failover, search indexes, keyset pages, batching under FOR UPDATE SKIP LOCKED, the
// read models and the tables each API area writes). The files that never reach the database, or
// reach it only through data-layer functions these files already prove on both, run on SQLite only.
// The files PostgreSQL runs are tagged on their first line (helpers/suite-files.ts).
// MARQUEE_TEST_EVERY_FILE=1 runs every file on PostgreSQL too. MARQUEE_TEST_ONLY / MARQUEE_TEST_EXCEPT
// (comma-separated file names) split the suite between two processes run side by side (scripts/test.sh).
import { describe } from 'node:test';
import { testDialect } from './helpers/database.ts';
import { splitFromEnvironment, suiteFiles } from './helpers/suite-files.ts';

const everyFile = testDialect === 'sqlite' || process.env.MARQUEE_TEST_EVERY_FILE === '1';
const files = suiteFiles(new URL('.', import.meta.url), everyFile, splitFromEnvironment(process.env));

for (const file of files) {
  describe(file, async () => {
    await import(`./${file}`);
  });
}
