#!/usr/bin/env bash
# The program's mocha suites against target/deploy/marquee.so (SBPF v3) in LiteSVM: the fuzz first,
# then the instruction suites, the campaign suites and the event suites, in one mocha process.
# LiteSVM runs in process with no threads of its own, so one process holds every chain the files
# start (solana-bankrun, the runtime before SBPF v3, needed a process per file for its threads).
# `npx mocha <file>` runs one file by hand (.mocharc.json holds the shared options).
set -euo pipefail
cd "$(dirname "$0")/.."
npx mocha 'tests/fuzz/*.test.ts' 'tests/suites/*.test.ts' 'tests/campaigns/*.test.ts' 'tests/events/*.test.ts'
