#!/usr/bin/env bash
# The program's mocha suites against target/deploy/marquee.so, one mocha process per file.
# Why one process each: every solana-bankrun context keeps its runtime's threads alive until the
# process exits (~1,000 threads by the end of a single-process run), and they slow every later
# test until timeouts fire on a 2-core machine. The fuzz (LiteSVM) goes first; every file runs
# even when an earlier one failed, and the script fails if any did.
# `npx mocha <file>` runs one file by hand (.mocharc.json holds the shared options).
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
for file in tests/fuzz/*.test.ts tests/suites/*.test.ts tests/campaigns/*.test.ts tests/events/*.test.ts; do
  [ -e "$file" ] || continue
  printf '\n--- %s\n' "$file"
  npx mocha "$file" || failed+=("$file")
done
if [ ${#failed[@]} -gt 0 ]; then
  printf '\nprogram tests failed in: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nprogram tests: every file passed\n'
